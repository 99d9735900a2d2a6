/**
 * The recharge centre: the product catalogue (packages, sign-credit price tiers; shared by every
 * company, filled by the recharge-catalogue migration) and per company: orders, purchased packages,
 * extra seats, the sign-credit balance with its ledger, coupons, gifts waiting to be received and
 * app trials. Money is stored in fen (integer), never as a float.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const rechargeProducts = pgTable('recharge_products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  features: jsonb('features').$type<string[]>().notNull(),
  /** 元 / 账号 / 年, in fen */
  unitPriceFen: integer('unit_price_fen').notNull(),
  originalUnitPriceFen: integer('original_unit_price_fen'),
  minAccountCount: integer('min_account_count').notNull(),
  /** Sign credits given per year of the package. */
  signCountPerYear: integer('sign_count_per_year').notNull(),
  appTypes: jsonb('app_types').$type<number[]>().notNull(),
  isRecommended: boolean('is_recommended').notNull().default(false),
  isOnSale: boolean('is_on_sale').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

export const rechargeSignPrices = pgTable('recharge_sign_prices', {
  /** Purchases of at least this many credits get this tier's unit price. */
  count: integer('count').primaryKey(),
  unitPriceFen: integer('unit_price_fen').notNull(),
  description: text('description').notNull(),
});

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 产品套餐, 2 签约份数, 3 账号席位 */
    goodsType: smallint('goods_type').notNull(),
    title: text('title').notNull(),
    /** Packages: 1 新购, 2 续费 */
    purchaseType: smallint('purchase_type'),
    productId: integer('product_id').references(() => rechargeProducts.id),
    /** Seats: the package the seats are added to (they end with it). */
    packageId: integer('package_id'),
    accountCount: integer('account_count'),
    duration: integer('duration'),
    signCount: integer('sign_count'),
    quantity: integer('quantity').notNull(),
    originalFen: integer('original_fen').notNull(),
    couponFen: integer('coupon_fen').notNull().default(0),
    totalFen: integer('total_fen').notNull(),
    couponId: integer('coupon_id'),
    /** 1 微信, 2 支付宝; null when nothing had to be paid */
    paymentType: smallint('payment_type'),
    /** 0 待支付, 1 已支付, 2 已取消, 3 已关闭 */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
    expireAt: at('expire_at'),
    paidAt: at('paid_at'),
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('recharge_orders_number_uq').on(t.orderNumber),
    index('recharge_orders_company_idx').on(t.companyId, t.status),
  ],
);

export const rechargeCompanyPackages = pgTable(
  'recharge_company_packages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => rechargeProducts.id),
    orderId: integer('order_id').references(() => rechargeOrders.id),
    accountCount: integer('account_count').notNull(),
    duration: integer('duration').notNull(),
    signCount: integer('sign_count').notNull(),
    startsAt: at('starts_at').notNull(),
    /** Exclusive end; a package replaced by a new purchase ends when the new one starts. */
    endsAt: at('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('recharge_company_packages_company_idx').on(t.companyId, t.endsAt)],
);

export const rechargeSeatAddons = pgTable(
  'recharge_seat_addons',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => rechargeCompanyPackages.id),
    orderId: integer('order_id').references(() => rechargeOrders.id),
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('recharge_seat_addons_company_idx').on(t.companyId)],
);

export const rechargeAccounts = pgTable(
  'recharge_accounts',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    signCount: integer('sign_count').notNull().default(0),
    updatedAt: createdAt(),
  },
  (t) => [check('recharge_accounts_sign_count_ck', sql`${t.signCount} >= 0`)],
);

/** Every change of a company's sign-credit balance, append-only. */
export const rechargeSignLedger = pgTable(
  'recharge_sign_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 1 购买, 2 赠送, 3 发起签署扣减, 4 作废退还 (rechargeRecordPosts). */
    kind: smallint('kind').notNull().default(1),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** The sign contract that spent or got back the credit. */
    contractNo: text('contract_no'),
    orderId: integer('order_id').references(() => rechargeOrders.id),
    giftId: integer('gift_id'),
    createdAt: createdAt(),
  },
  (t) => [index('recharge_sign_ledger_company_idx').on(t.companyId)],
);

export const rechargeCoupons = pgTable(
  'recharge_coupons',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** 1 满减, 2 折扣 */
    couponType: smallint('coupon_type').notNull(),
    amountFen: integer('amount_fen').notNull().default(0),
    /** Discount in percent of the price (85 = 8.5 折); 100 for 满减 coupons. */
    discountPercent: integer('discount_percent').notNull().default(100),
    thresholdFen: integer('threshold_fen').notNull().default(0),
    /** 0 全部, 1 产品套餐, 2 签约份数, 3 账号席位 */
    goodsType: smallint('goods_type').notNull().default(0),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    /** Set when an order locks the coupon; cleared again when that order is cancelled or closed. */
    usedAt: at('used_at'),
    orderId: integer('order_id').references(() => rechargeOrders.id),
    description: text('description'),
    giftId: integer('gift_id'),
    createdAt: createdAt(),
  },
  (t) => [index('recharge_coupons_company_idx').on(t.companyId)],
);

export type GiftCouponSpec = {
  name: string;
  couponType: 1 | 2;
  amountFen: number;
  discountPercent: number;
  thresholdFen: number;
  goodsType: 0 | 1 | 2 | 3;
  validDays: number;
  description: string | null;
};

export const rechargeGifts = pgTable(
  'recharge_gifts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 1 优惠券, 2 签约份数 */
    giftType: smallint('gift_type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    coupon: jsonb('coupon').$type<GiftCouponSpec>(),
    signCount: integer('sign_count'),
    expireAt: at('expire_at'),
    receivedAt: at('received_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recharge_gifts_company_idx').on(t.companyId)],
);

/** One trial per company and app, ever. */
export const rechargeTrials = pgTable(
  'recharge_trials',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appType: integer('app_type').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    userId: integer('user_id').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.appType] })],
);
