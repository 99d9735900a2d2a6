/**
 * Orders: created from a server quote, paid through the payment provider, fulfilled exactly once.
 * markOrderPaid flips status 0 -> 1 with a conditional UPDATE ... WHERE status = 0 RETURNING and
 * applies the purchase in the same transaction: whoever wins that UPDATE credits the company; every
 * repeat, concurrent poll or retry after a restart finds status 1 and credits nothing.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import dayjs from 'dayjs';
import type { Db } from '../../db/db';
import { companies, users } from '../../db/schema';
import {
  rechargeCompanyPackages,
  rechargeCoupons,
  rechargeOrders,
  rechargeSignLedger,
  rechargeProducts,
  rechargeSeatAddons,
} from '../../db/schema-recharge';
import { ApiError, businessError, Codes, notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import type { PaymentProvider } from '../../sandbox/payment';
import { addYears, goodsTypes, orderPayWindowMs, toFen, toYuan } from './catalogue';
import { changeSignBalance, endPackagesAt, latestPackageEnd, SignLedgerKinds } from './entitlements';
import { couponFenOf, totalFenOf, type Quote } from './pricing';

type OrderRow = typeof rechargeOrders.$inferSelect;

export const orderMessages = {
  priceChanged: '价格已变动，请重新计算',
  bought: '购买成功',
  paid: '支付成功',
  alreadyPaid: '该订单已支付，无需重复支付',
  cancelled: '订单已取消，无法支付',
  closed: '订单已超时关闭，请重新下单',
  cannotCancelPaid: '订单已支付，无法取消',
  cancelDone: '已取消支付',
  noPayment: '在线支付暂未开通，请联系客服',
} as const;

export function formatOrder(row: OrderRow) {
  return {
    orderNumber: row.orderNumber,
    goodsType: row.goodsType as 1 | 2 | 3,
    title: row.title,
    status: row.status as 0 | 1 | 2 | 3,
    originalPrice: toYuan(row.originalFen),
    couponAmount: toYuan(row.couponFen),
    totalAmount: toYuan(row.totalFen),
    paymentType: row.paymentType as 1 | 2 | null,
    createdAt: formatDateTime(row.createdAt),
    paidAt: row.paidAt ? formatDateTime(row.paidAt) : null,
    expireAt: row.expireAt ? formatDateTime(row.expireAt) : null,
  };
}

/** FK + Beijing time to the second + four digits, e.g. FK202611210930001234. */
export function formatOrderNumber(at: Date, suffix: number): string {
  return `FK${dayjs(at).tz('Asia/Shanghai').format('YYYYMMDDHHmmss')}${String(suffix).padStart(4, '0')}`;
}

function newOrderNumber(now: Date): string {
  return formatOrderNumber(now, randomInt(0, 10_000));
}

/** Closes the company's unpaid orders whose pay window has passed and gives their coupons back. */
export async function closeExpiredOrders(db: Db, companyId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(rechargeOrders)
      .set({ status: 3, endedAt: now })
      .where(
        and(
          inCompany(rechargeOrders, companyId),
          eq(rechargeOrders.status, 0),
          lte(rechargeOrders.expireAt, now),
        ),
      )
      .returning({ id: rechargeOrders.id });
    if (closed.length > 0)
      await releaseCoupons(
        tx,
        closed.map((o) => o.id),
      );
  });
}

async function releaseCoupons(db: Db, orderIds: number[]): Promise<void> {
  await db
    .update(rechargeCoupons)
    .set({ usedAt: null, orderId: null })
    .where(inArray(rechargeCoupons.orderId, orderIds));
}

export type OrderRequest = { originalPrice: number; totalFee: number; paymentType?: number | undefined };

export type CreatedOrder = {
  orderNumber: string;
  payUrl: string | null;
  totalAmount: number;
  originalPrice: number;
  type: 1 | 2;
  expireAt: string | null;
};

/**
 * Creates the order from a fresh quote. The client's prices must match the server's; the coupon
 * must apply (else 405 with the reason) and is locked by the order. Nothing to pay: fulfilled at once (type 2).
 */
export async function createOrder(
  db: Db,
  payment: PaymentProvider | null,
  session: { companyId: number; userId: number },
  quoteFor: (db: Db) => Promise<Quote>,
  request: OrderRequest,
  now: Date,
  extra: { purchaseType?: 1 | 2; accountCount?: number; signCount?: number } = {},
): Promise<{ order: CreatedOrder; message: string }> {
  await closeExpiredOrders(db, session.companyId, now);
  const row = await db.transaction(async (tx) => {
    const quote = await quoteFor(tx);
    if (quote.coupon && !quote.coupon.ok) throw businessError(quote.coupon.message);
    const totalFen = totalFenOf(quote);
    if (toFen(request.originalPrice) !== quote.originalFen || toFen(request.totalFee) !== totalFen) {
      throw businessError(orderMessages.priceChanged);
    }
    const isFree = totalFen === 0;
    if (!isFree && !payment) throw businessError(orderMessages.noPayment);
    let inserted: OrderRow | undefined;
    for (let attempt = 0; attempt < 5 && !inserted; attempt += 1) {
      [inserted] = await tx
        .insert(rechargeOrders)
        .values({
          orderNumber: newOrderNumber(now),
          companyId: session.companyId,
          userId: session.userId,
          goodsType: quote.goodsType,
          title: quote.title,
          purchaseType: extra.purchaseType ?? null,
          productId: quote.productId ?? null,
          packageId: quote.packageId ?? null,
          accountCount: extra.accountCount ?? null,
          duration: quote.duration,
          signCount: extra.signCount ?? null,
          quantity: quote.quantity,
          originalFen: quote.originalFen,
          couponFen: couponFenOf(quote),
          totalFen,
          couponId: quote.coupon?.ok ? quote.coupon.coupon.id : null,
          paymentType: isFree ? null : (request.paymentType ?? 1),
          status: 0,
          createdAt: now,
          expireAt: isFree ? null : new Date(now.getTime() + orderPayWindowMs),
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!inserted) throw new Error('could not allocate an order number');
    if (quote.coupon?.ok) {
      const locked = await tx
        .update(rechargeCoupons)
        .set({ usedAt: now, orderId: inserted.id })
        .where(
          and(
            eq(rechargeCoupons.id, quote.coupon.coupon.id),
            inCompany(rechargeCoupons, session.companyId),
            sql`${rechargeCoupons.usedAt} is null`,
          ),
        )
        .returning({ id: rechargeCoupons.id });
      if (locked.length === 0) throw businessError('该优惠券已使用');
    }
    if (isFree) return (await payInTransaction(tx, inserted, now)) ?? inserted;
    return inserted;
  });
  if (row.status === 1) {
    return {
      order: {
        orderNumber: row.orderNumber,
        payUrl: null,
        totalAmount: 0,
        originalPrice: toYuan(row.originalFen),
        type: 2,
        expireAt: null,
      },
      message: orderMessages.bought,
    };
  }
  const { payUrl } = await payment!.startPayment({
    orderNumber: row.orderNumber,
    title: row.title,
    amountFen: row.totalFen,
    paymentType: row.paymentType ?? 1,
    expireAt: row.expireAt!,
  });
  return {
    order: {
      orderNumber: row.orderNumber,
      payUrl,
      totalAmount: toYuan(row.totalFen),
      originalPrice: toYuan(row.originalFen),
      type: 1,
      expireAt: row.expireAt ? formatDateTime(row.expireAt) : null,
    },
    message: '下单成功，请支付',
  };
}

/** The one place a payment becomes goods: only the caller whose UPDATE flipped status 0 -> 1 gets a row. */
async function payInTransaction(tx: Db, order: OrderRow, now: Date): Promise<OrderRow | null> {
  const [paid] = await tx
    .update(rechargeOrders)
    .set({ status: 1, paidAt: now, endedAt: now })
    .where(
      and(
        eq(rechargeOrders.id, order.id),
        eq(rechargeOrders.status, 0),
        sql`(${rechargeOrders.expireAt} is null or ${rechargeOrders.expireAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  if (!paid) return null;
  await fulfil(tx, paid, now);
  return paid;
}

async function fulfil(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.goodsType === goodsTypes.package) {
    const [product] = await tx
      .select()
      .from(rechargeProducts)
      .where(eq(rechargeProducts.id, order.productId!));
    if (!product) throw new Error(`order ${order.orderNumber} names no product`);
    const duration = order.duration ?? 1;
    let startsAt = now;
    if (order.purchaseType === 2) {
      const latestEnd = await latestPackageEnd(tx, order.companyId);
      if (latestEnd && latestEnd.getTime() > now.getTime()) startsAt = latestEnd;
    } else {
      await endPackagesAt(tx, order.companyId, now);
    }
    await tx.insert(rechargeCompanyPackages).values({
      companyId: order.companyId,
      productId: product.id,
      orderId: order.id,
      accountCount: order.accountCount ?? order.quantity,
      duration,
      signCount: product.signCountPerYear * duration,
      startsAt,
      endsAt: addYears(startsAt, duration),
    });
    if (product.signCountPerYear > 0) {
      await changeSignBalance(
        tx,
        order.companyId,
        product.signCountPerYear * duration,
        `${product.name}赠送签约份数`,
        { kind: SignLedgerKinds.gift, orderId: order.id },
      );
    }
  } else if (order.goodsType === goodsTypes.sign) {
    await changeSignBalance(tx, order.companyId, order.signCount ?? order.quantity, '购买签约份数', {
      kind: SignLedgerKinds.purchase,
      orderId: order.id,
    });
  } else {
    await tx.insert(rechargeSeatAddons).values({
      companyId: order.companyId,
      packageId: order.packageId!,
      orderId: order.id,
      count: order.quantity,
    });
  }
}

async function findOrder(db: Db, companyId: number, orderNumber: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.orderNumber, orderNumber), inCompany(rechargeOrders, companyId)));
  if (!row) throw notFound('订单不存在');
  return row;
}

export async function readOrder(db: Db, companyId: number, orderNumber: string, now: Date) {
  await closeExpiredOrders(db, companyId, now);
  return formatOrder(await findOrder(db, companyId, orderNumber));
}

/**
 * The payment provider reports the order paid. Idempotent: a repeat returns the paid order with
 * isNew false; a cancelled or closed order is refused with 409 and nothing is credited.
 */
export async function markOrderPaid(db: Db, companyId: number, orderNumber: string, now: Date) {
  const result = await db.transaction(async (tx) => {
    const order = await findOrder(tx, companyId, orderNumber);
    const paid = await payInTransaction(tx, order, now);
    return paid
      ? { order: paid, isNew: true }
      : { order: await findOrder(tx, companyId, orderNumber), isNew: false };
  });
  const { order } = result;
  if (order.status === 1)
    return {
      order: formatOrder(order),
      message: result.isNew ? orderMessages.paid : orderMessages.alreadyPaid,
    };
  if (order.status === 2) throw new ApiError(Codes.stateConflict, orderMessages.cancelled);
  await closeExpiredOrders(db, companyId, now);
  throw new ApiError(Codes.stateConflict, orderMessages.closed);
}

export async function cancelOrder(db: Db, companyId: number, orderNumber: string, now: Date) {
  await closeExpiredOrders(db, companyId, now);
  const order = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(rechargeOrders)
      .set({ status: 2, endedAt: now })
      .where(
        and(
          eq(rechargeOrders.orderNumber, orderNumber),
          inCompany(rechargeOrders, companyId),
          eq(rechargeOrders.status, 0),
        ),
      )
      .returning();
    if (cancelled) await releaseCoupons(tx, [cancelled.id]);
    return cancelled ?? (await findOrder(tx, companyId, orderNumber));
  });
  if (order.status === 1) throw new ApiError(Codes.stateConflict, orderMessages.cannotCancelPaid);
  return {
    order: formatOrder(order),
    message: order.status === 3 ? orderMessages.closed : orderMessages.cancelDone,
  };
}

/** The sandbox pay page's summary: the order with who pays whom. */
export async function readPayPageOrder(db: Db, companyId: number, orderNumber: string, now: Date) {
  const order = await readOrder(db, companyId, orderNumber, now);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const paymentName = order.paymentType === 1 ? '微信支付' : order.paymentType === 2 ? '支付宝' : '无需支付';
  return { ...order, payee: '房客签约（沙箱收款）', companyName: company?.name ?? '', paymentName };
}

/** Consumption records: paid orders, newest payment first. */
export async function listConsumption(db: Db, companyId: number, page: { index: number; size: number }) {
  const where = and(inCompany(rechargeOrders, companyId), eq(rechargeOrders.status, 1));
  const rows = await db
    .select({ order: rechargeOrders, operatorName: users.name })
    .from(rechargeOrders)
    .innerJoin(users, eq(users.id, rechargeOrders.userId))
    .where(where)
    .orderBy(desc(rechargeOrders.paidAt), desc(rechargeOrders.id))
    .limit(page.size)
    .offset((page.index - 1) * page.size);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rechargeOrders)
    .where(where);
  return {
    data: rows.map(({ order, operatorName }) => ({
      orderNumber: order.orderNumber,
      goodsType: order.goodsType as 1 | 2 | 3,
      title: order.title,
      quantity: order.quantity,
      originalPrice: toYuan(order.originalFen),
      couponAmount: toYuan(order.couponFen),
      totalAmount: toYuan(order.totalFen),
      paymentType: order.paymentType as 1 | 2 | null,
      paidAt: formatDateTime(order.paidAt ?? order.createdAt),
      operatorName,
    })),
    total: total?.n ?? 0,
  };
}

/** 签约份数流水 (rechargeRecordPosts): every change of the sign-credit balance, newest first. */
export async function listSignLedger(
  db: Db,
  companyId: number,
  filter: { kind?: 1 | 2 | 3 | 4 },
  page: { index: number; size: number },
) {
  const where = and(
    inCompany(rechargeSignLedger, companyId),
    filter.kind ? eq(rechargeSignLedger.kind, filter.kind) : undefined,
  );
  const rows = await db
    .select({
      entry: rechargeSignLedger,
      orderNumber: rechargeOrders.orderNumber,
      totalFen: rechargeOrders.totalFen,
    })
    .from(rechargeSignLedger)
    .leftJoin(rechargeOrders, eq(rechargeOrders.id, rechargeSignLedger.orderId))
    .where(where)
    .orderBy(desc(rechargeSignLedger.id))
    .limit(page.size)
    .offset((page.index - 1) * page.size);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rechargeSignLedger)
    .where(where);
  return {
    data: rows.map(({ entry, orderNumber, totalFen }) => ({
      recordId: entry.id,
      type: entry.kind as 1 | 2 | 3 | 4,
      count: entry.delta,
      balance: entry.balanceAfter,
      orderNumber,
      amount: entry.kind === SignLedgerKinds.purchase && totalFen !== null ? toYuan(totalFen) : null,
      contractNo: entry.contractNo,
      remark: entry.reason,
      createTime: formatDateTime(entry.createdAt),
    })),
    total: total?.n ?? 0,
  };
}
