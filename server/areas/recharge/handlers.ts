/**
 * Handlers of the recharge centre (openapi/paths/recharge.yaml), the pay-status gate and the
 * sandbox pay page (openapi/paths/sandbox-pay.yaml). Buying, coupons, gifts and records need
 * 充值中心 (88/0/8804; managers have it); the catalogue, queryAccountCount, the gate, the trial,
 * queryOrder and the pay page need only a session of the company.
 */
import { and, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { roleAuths } from '../../db/schema';
import { forbidden, notFound } from '../../contract/envelope';
import type { HandlerContext, HandlerMap, Session } from '../../contract/types';
import { formatDate } from '../../format';
import { createSandboxPayment, type PaymentProvider } from '../../sandbox/payment';
import { requireSession } from '../user/handlers';
import { listProducts, listSignPrices, toYuan } from './catalogue';
import {
  listCheckoutCoupons,
  listCoupons,
  listPendingGifts,
  receiveCouponGift,
  receiveSignGift,
} from './coupons';
import {
  findCurrentPackage,
  listCompanyPackages,
  packageState,
  readAccountSummary,
  readAppUseStatus,
  startTrial,
} from './entitlements';
import {
  cancelOrder,
  createOrder,
  listConsumption,
  listSignLedger,
  markOrderPaid,
  readOrder,
  readPayPageOrder,
} from './orders';
import { quotePackage, quoteSeats, quoteSignCredits, toCalculation } from './pricing';

const rechargeAuth = { appType: 88, itemId: 0, authId: 8804 } as const;

async function requireRechargeAuth(context: HandlerContext): Promise<Session> {
  const session = requireSession(context);
  if (session.isManager) return session;
  if (session.roleId !== null) {
    const [grant] = await context.db
      .select({ authId: roleAuths.authId })
      .from(roleAuths)
      .where(
        and(
          inCompany(roleAuths, session.companyId),
          eq(roleAuths.roleId, session.roleId),
          eq(roleAuths.appType, rechargeAuth.appType),
          eq(roleAuths.itemId, rechargeAuth.itemId),
          eq(roleAuths.authId, rechargeAuth.authId),
        ),
      )
      .limit(1);
    if (grant) return session;
  }
  throw forbidden();
}

/** The payment provider for new orders: the sandbox cashier page; no real gateway is configured yet. */
function paymentProvider(context: HandlerContext): PaymentProvider | null {
  return context.isSandbox ? createSandboxPayment() : null;
}

function requireSandbox(context: HandlerContext): Session {
  if (!context.isSandbox) throw notFound('沙箱未开启');
  return requireSession(context);
}

function page(query: { pageindex?: number; pagesize?: number }, size: number) {
  return { index: query.pageindex ?? 1, size: query.pagesize ?? size };
}

export const rechargeHandlers = {
  async productPackagesList(_input, context) {
    const session = requireSession(context);
    const current = await findCurrentPackage(context.db, session.companyId, context.clock.now());
    const products = await listProducts(context.db);
    return {
      data: products.map((p) => ({
        productId: p.id,
        name: p.name,
        description: p.description,
        features: p.features,
        unitPrice: toYuan(p.unitPriceFen),
        originalUnitPrice: p.originalUnitPriceFen === null ? null : toYuan(p.originalUnitPriceFen),
        minAccountCount: p.minAccountCount,
        signCount: p.signCountPerYear,
        appTypes: p.appTypes,
        recommended: p.isRecommended ? (1 as const) : (0 as const),
        isCurrent: current?.product.id === p.id ? (1 as const) : (0 as const),
      })),
    };
  },

  async productPackagesCalculation({ body }, context) {
    const session = await requireRechargeAuth(context);
    return {
      data: toCalculation(await quotePackage(context.db, session.companyId, body, context.clock.now())),
    };
  },

  async createOrderProductPackages({ body }, context) {
    const session = await requireRechargeAuth(context);
    const now = context.clock.now();
    const { order, message } = await createOrder(
      context.db,
      paymentProvider(context),
      session,
      (db) => quotePackage(db, session.companyId, body, now),
      body,
      now,
      { purchaseType: body.type, accountCount: body.accountCount },
    );
    return { data: order, message };
  },

  async packagesPosts({ query }, context) {
    const session = await requireRechargeAuth(context);
    const now = context.clock.now();
    const { index, size } = page(query, 15);
    const rows = (await listCompanyPackages(context.db, session.companyId)).sort(
      (a, b) => b.pkg.startsAt.getTime() - a.pkg.startsAt.getTime() || b.pkg.id - a.pkg.id,
    );
    const slice = rows.slice((index - 1) * size, index * size);
    return {
      data: slice.map(({ pkg, product, orderNumber }) => ({
        id: pkg.id,
        productId: product.id,
        name: product.name,
        accountCount: pkg.accountCount,
        duration: pkg.duration,
        signCount: pkg.signCount,
        startDate: formatDate(pkg.startsAt),
        endDate: formatDate(pkg.endsAt),
        state: packageState(pkg, now),
        orderNumber,
      })),
      total: rows.length,
    };
  },

  async consumptionRecords({ query }, context) {
    const session = await requireRechargeAuth(context);
    return listConsumption(context.db, session.companyId, page(query, 10));
  },

  async rechargeRecordPosts({ query }, context) {
    const session = await requireRechargeAuth(context);
    return listSignLedger(context.db, session.companyId, { kind: query.type }, page(query, 10));
  },

  async signPriceList(_input, context) {
    requireSession(context);
    const tiers = await listSignPrices(context.db);
    return {
      data: tiers.map((t) => ({
        count: t.count,
        unitPrice: toYuan(t.unitPriceFen),
        description: t.description,
      })),
    };
  },

  async signPriceCalculation({ body }, context) {
    const session = await requireRechargeAuth(context);
    return {
      data: toCalculation(await quoteSignCredits(context.db, session.companyId, body, context.clock.now())),
    };
  },

  async signRecharge({ body }, context) {
    const session = await requireRechargeAuth(context);
    const now = context.clock.now();
    const { order, message } = await createOrder(
      context.db,
      paymentProvider(context),
      session,
      (db) => quoteSignCredits(db, session.companyId, body, now),
      body,
      now,
      { signCount: body.signCount },
    );
    return { data: order, message };
  },

  async accountCalculation({ body }, context) {
    const session = await requireRechargeAuth(context);
    return {
      data: toCalculation(await quoteSeats(context.db, session.companyId, body, context.clock.now())),
    };
  },

  async accountRecharge({ body }, context) {
    const session = await requireRechargeAuth(context);
    const now = context.clock.now();
    const { order, message } = await createOrder(
      context.db,
      paymentProvider(context),
      session,
      (db) => quoteSeats(db, session.companyId, body, now),
      body,
      now,
      { accountCount: body.count },
    );
    return { data: order, message };
  },

  async queryOrder({ query }, context) {
    const session = requireSession(context);
    return { data: await readOrder(context.db, session.companyId, query.orderNumber, context.clock.now()) };
  },

  async couponsList({ query }, context) {
    const session = await requireRechargeAuth(context);
    return listCoupons(
      context.db,
      session.companyId,
      query.useType ?? 1,
      page(query, 15),
      context.clock.now(),
    );
  },

  async couponsPosts({ query }, context) {
    const session = await requireRechargeAuth(context);
    return {
      data: await listCheckoutCoupons(
        context.db,
        session.companyId,
        query.goodsType,
        query.amount,
        context.clock.now(),
      ),
    };
  },

  async queryAccountCount(_input, context) {
    const session = requireSession(context);
    return { data: await readAccountSummary(context.db, session.companyId, context.clock.now()) };
  },

  async receiveCouponsMessage(_input, context) {
    const session = await requireRechargeAuth(context);
    return { data: await listPendingGifts(context.db, session.companyId, context.clock.now()) };
  },

  async receiveCoupons({ body }, context) {
    const session = await requireRechargeAuth(context);
    return {
      data: await receiveCouponGift(context.db, session.companyId, body.id, context.clock.now()),
      message: '领取成功',
    };
  },

  async receiveSignContract({ body }, context) {
    const session = await requireRechargeAuth(context);
    return {
      data: await receiveSignGift(context.db, session.companyId, body.id, context.clock.now()),
      message: '领取成功',
    };
  },

  async appUseSwitch({ query }, context) {
    const session = requireSession(context);
    return {
      data: await readAppUseStatus(context.db, session.companyId, query.payStatusId, context.clock.now()),
    };
  },

  async appTryout({ body }, context) {
    const session = requireSession(context);
    const data = await startTrial(
      context.db,
      session.companyId,
      session.userId,
      body.payStatusId,
      context.clock.now(),
    );
    return { data, message: `已开通 ${data.tryDays} 天试用` };
  },

  async sandboxPayOrder({ query }, context) {
    const session = requireSandbox(context);
    return {
      data: await readPayPageOrder(context.db, session.companyId, query.orderNumber, context.clock.now()),
    };
  },

  async sandboxPayConfirm({ body }, context) {
    const session = requireSandbox(context);
    const { order, message } = await markOrderPaid(
      context.db,
      session.companyId,
      body.orderNumber,
      context.clock.now(),
    );
    return { data: order, message };
  },

  async sandboxPayCancel({ body }, context) {
    const session = requireSandbox(context);
    const { order, message } = await cancelOrder(
      context.db,
      session.companyId,
      body.orderNumber,
      context.clock.now(),
    );
    return { data: order, message };
  },
} satisfies HandlerMap;
