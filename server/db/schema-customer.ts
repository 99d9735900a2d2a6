/**
 * Customers (客源, 001 sections 3, 4 and 7 "Customers"): the customer with its requirement and its pool
 * (私客 with a maintainer / 公客), its follow-ups, and the company's customer settings. The change
 * record is the generic app_records (schema-house.ts) with app type 2.
 */
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, departments, users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true });

export type CustomerPhone = { phone: string; remark?: string | null };

export type CustomerDemandRow = {
  room?: number[];
  districtIds?: number[];
  communityNames?: string[];
  property?: number | null;
  payment?: string | null;
  purpose?: string | null;
  remark?: string | null;
};

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerNo: text('customer_no').notNull().default(''),
    /** 1 求购, 2 求租, 3 新房. */
    type: smallint('type').notNull(),
    /** 1 私客, 2 公客. */
    attribution: smallint('attribution').notNull(),
    name: text('name').notNull(),
    gender: smallint('gender'),
    phones: jsonb('phones').$type<CustomerPhone[]>().notNull(),
    /** The first phone, for de-duplication and search. */
    phone: text('phone').notNull(),
    wechat: text('wechat'),
    source: text('source'),
    level: text('level'),
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    state: smallint('state').notNull().default(1),
    dealStatus: smallint('deal_status').notNull().default(0),
    priceMin: doublePrecision('price_min'),
    priceMax: doublePrecision('price_max'),
    areaMin: doublePrecision('area_min'),
    areaMax: doublePrecision('area_max'),
    demand: jsonb('demand').$type<CustomerDemandRow>().notNull().default({}),
    /** The maintainer; null for a public customer. */
    attributorId: integer('attributor_id').references(() => users.id),
    deptId: integer('dept_id').references(() => departments.id),
    entryUserId: integer('entry_user_id').references(() => users.id),
    /** When it last became private (the out-to-public countdowns start here at the latest). */
    privateSince: time('private_since'),
    lastFollowUpAt: time('last_follow_up_at'),
    lastVisitAt: time('last_visit_at'),
    dealAt: time('deal_at'),
    /** Who last lost it to the public pool, and when (takeBack: that person may not pick it back for N days). */
    releasedBy: integer('released_by').references(() => users.id),
    releasedAt: time('released_at'),
    entryTime: time('entry_time').notNull().defaultNow(),
    updateTime: time('update_time'),
    deletedAt: time('deleted_at'),
  },
  (t) => [
    index('customers_company_list_idx')
      .on(t.companyId, t.attribution, sql`coalesce(${t.lastFollowUpAt}, ${t.entryTime}) desc`, t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('customers_company_phone_idx').on(t.companyId, t.phone),
    index('customers_attributor_idx').on(t.companyId, t.attributorId),
    // The last digits of any of a customer's (at most three) phones, as a broker types them: reversed,
    // a suffix is a prefix that the index ranges over (text_pattern_ops: by character in any locale).
    // Extended statistics on the same expressions (migration 0028) let the planner see how few match.
    ...([0, 1, 2] as const).map((n) =>
      index(`customers_phone${n}_tail_idx`)
        .on(t.companyId, sql.raw(`reverse(("phones" -> ${n}) ->> 'phone') text_pattern_ops`))
        .where(sql`${t.deletedAt} IS NULL`),
    ),
    // A book's total under budget and area filters, counted from the index alone.
    index('customers_demand_range_idx')
      .on(t.companyId, t.attribution, t.type, t.priceMin, t.priceMax, t.areaMin, t.areaMax)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const customerFollowUps = pgTable(
  'customer_follow_ups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 1 普通跟进, 4 带看. */
    category: smallint('category').notNull(),
    content: text('content').notNull(),
    houseIds: jsonb('house_ids').$type<number[]>().notNull().default([]),
    visitTime: time('visit_time'),
    userId: integer('user_id').references(() => users.id),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('customer_follow_ups_customer_idx').on(t.customerId, t.createdAt.desc())],
);

/**
 * A protected customer phone shown in full through customerPhoneView (issue 38): counted against the
 * role's daily limit (客源 207) and, until the viewer writes a follow-up on the customer, no second view.
 */
export const customerPhoneViews = pgTable(
  'customer_phone_views',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    viewedAt: time('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_phone_views_user_day_idx').on(t.companyId, t.userId, t.viewedAt),
    index('customer_phone_views_customer_user_idx').on(t.customerId, t.userId, t.viewedAt),
  ],
);

export const customerSettings = pgTable('customer_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  setting: jsonb('setting').$type<Record<string, unknown>>().notNull(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});
