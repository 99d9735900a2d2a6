/**
 * Coupons of a company (my coupons, the checkout choice, whether one applies to an order) and the
 * gifts waiting to be received (a coupon or sign credits). A coupon is locked by the order that
 * uses it and comes back when that order is cancelled or closed.
 */
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { rechargeCoupons, rechargeGifts, rechargeOrders } from '../../db/schema-recharge';
import { ApiError, Codes, notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { addDays, toYuan } from './catalogue';
import { changeSignBalance, SignLedgerKinds } from './entitlements';

type CouponRow = typeof rechargeCoupons.$inferSelect;

export type CouponCheck =
  { ok: true; coupon: CouponRow; deductionFen: number } | { ok: false; message: string };

export function deductionOf(
  coupon: Pick<CouponRow, 'couponType' | 'amountFen' | 'discountPercent'>,
  originalFen: number,
): number {
  if (coupon.couponType === 1) return Math.min(coupon.amountFen, originalFen);
  return originalFen - Math.round((originalFen * coupon.discountPercent) / 100);
}

/** Why a coupon cannot pay part of this order, or null when it can. */
export function couponProblem(
  coupon: CouponRow,
  goodsType: number,
  originalFen: number | undefined,
  now: Date,
): string | null {
  if (coupon.usedAt) return '该优惠券已使用';
  if (coupon.validTo.getTime() <= now.getTime()) return '该优惠券已过期';
  if (coupon.validFrom.getTime() > now.getTime()) return '该优惠券尚未到使用时间';
  if (coupon.goodsType !== 0 && coupon.goodsType !== goodsType) return '该优惠券不适用于该商品';
  if (originalFen !== undefined && originalFen < coupon.thresholdFen) return '该优惠券未达到使用门槛';
  return null;
}

export async function checkCoupon(
  db: Db,
  companyId: number,
  couponIds: number[] | undefined,
  goodsType: number,
  originalFen: number,
  now: Date,
): Promise<CouponCheck | null> {
  const couponId = couponIds?.[0];
  if (couponId === undefined) return null;
  const [coupon] = await db
    .select()
    .from(rechargeCoupons)
    .where(and(eq(rechargeCoupons.id, couponId), inCompany(rechargeCoupons, companyId)));
  if (!coupon) return { ok: false, message: '优惠券不存在' };
  const problem = couponProblem(coupon, goodsType, originalFen, now);
  if (problem) return { ok: false, message: problem };
  return { ok: true, coupon, deductionFen: deductionOf(coupon, originalFen) };
}

function formatCoupon(row: CouponRow & { orderNumber: string | null }, now: Date) {
  const useType: 1 | 2 | 3 = row.usedAt ? 2 : row.validTo.getTime() <= now.getTime() ? 3 : 1;
  return {
    couponId: row.id,
    name: row.name,
    couponType: row.couponType as 1 | 2,
    amount: toYuan(row.amountFen),
    discount: row.couponType === 2 ? row.discountPercent / 10 : 10,
    threshold: toYuan(row.thresholdFen),
    goodsType: row.goodsType as 0 | 1 | 2 | 3,
    useType,
    validFrom: formatDateTime(row.validFrom),
    validTo: formatDateTime(row.validTo),
    usedAt: row.usedAt ? formatDateTime(row.usedAt) : null,
    orderNumber: row.orderNumber,
    description: row.description,
  };
}

const couponColumns = { coupon: rechargeCoupons, orderNumber: rechargeOrders.orderNumber };

export async function listCoupons(
  db: Db,
  companyId: number,
  useType: 1 | 2 | 3,
  page: { index: number; size: number },
  now: Date,
) {
  const filter =
    useType === 2
      ? isNotNull(rechargeCoupons.usedAt)
      : useType === 3
        ? and(isNull(rechargeCoupons.usedAt), lte(rechargeCoupons.validTo, now))
        : and(isNull(rechargeCoupons.usedAt), gt(rechargeCoupons.validTo, now));
  const where = and(inCompany(rechargeCoupons, companyId), filter);
  const order =
    useType === 1
      ? asc(rechargeCoupons.validTo)
      : useType === 2
        ? desc(rechargeCoupons.usedAt)
        : desc(rechargeCoupons.validTo);
  const rows = await db
    .select(couponColumns)
    .from(rechargeCoupons)
    .leftJoin(rechargeOrders, eq(rechargeOrders.id, rechargeCoupons.orderId))
    .where(where)
    .orderBy(order, desc(rechargeCoupons.id))
    .limit(page.size)
    .offset((page.index - 1) * page.size);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rechargeCoupons)
    .where(where);
  return {
    data: rows.map((row) => formatCoupon({ ...row.coupon, orderNumber: row.orderNumber }, now)),
    total: total?.n ?? 0,
  };
}

/** Unused, unexpired coupons for the checkout, marked usable or not for this goods type and price. */
export async function listCheckoutCoupons(
  db: Db,
  companyId: number,
  goodsType: number,
  amount: number | undefined,
  now: Date,
) {
  const rows = await db
    .select()
    .from(rechargeCoupons)
    .where(
      and(
        inCompany(rechargeCoupons, companyId),
        isNull(rechargeCoupons.usedAt),
        gt(rechargeCoupons.validTo, now),
      ),
    );
  const originalFen = amount === undefined ? undefined : Math.round(amount * 100);
  return rows
    .map((row) => {
      const problem = couponProblem(row, goodsType, originalFen, now);
      const deduction =
        originalFen === undefined
          ? row.couponType === 1
            ? row.amountFen
            : 0
          : deductionOf(row, originalFen);
      return {
        ...formatCoupon({ ...row, orderNumber: null }, now),
        usable: problem ? (0 as const) : (1 as const),
        reason: problem,
        deduction,
      };
    })
    .sort((a, b) => b.usable - a.usable || b.deduction - a.deduction || a.couponId - b.couponId)
    .map(({ deduction: _deduction, ...coupon }) => coupon);
}

function formatGift(row: typeof rechargeGifts.$inferSelect, now: Date) {
  const spec = row.coupon;
  return {
    id: row.id,
    giftType: row.giftType as 1 | 2,
    title: row.title,
    description: row.description,
    coupon: spec
      ? formatCoupon(
          {
            id: 0,
            companyId: row.companyId,
            name: spec.name,
            couponType: spec.couponType,
            amountFen: spec.amountFen,
            discountPercent: spec.discountPercent,
            thresholdFen: spec.thresholdFen,
            goodsType: spec.goodsType,
            validFrom: now,
            validTo: addDays(now, spec.validDays),
            usedAt: null,
            orderId: null,
            description: spec.description,
            giftId: row.id,
            createdAt: now,
            orderNumber: null,
          },
          now,
        )
      : null,
    signCount: row.signCount,
    expireAt: row.expireAt ? formatDateTime(row.expireAt) : null,
  };
}

export async function listPendingGifts(db: Db, companyId: number, now: Date) {
  const rows = await db
    .select()
    .from(rechargeGifts)
    .where(
      and(
        inCompany(rechargeGifts, companyId),
        isNull(rechargeGifts.receivedAt),
        or(isNull(rechargeGifts.expireAt), gt(rechargeGifts.expireAt, now)),
      ),
    )
    .orderBy(asc(rechargeGifts.id));
  return rows.map((row) => formatGift(row, now));
}

/** Marks the gift received (once: the conditional UPDATE decides) or says why it cannot be. */
async function claimGift(db: Db, companyId: number, giftId: number, giftType: 1 | 2, now: Date) {
  const [claimed] = await db
    .update(rechargeGifts)
    .set({ receivedAt: now })
    .where(
      and(
        eq(rechargeGifts.id, giftId),
        inCompany(rechargeGifts, companyId),
        eq(rechargeGifts.giftType, giftType),
        isNull(rechargeGifts.receivedAt),
        or(isNull(rechargeGifts.expireAt), gt(rechargeGifts.expireAt, now)),
      ),
    )
    .returning();
  if (claimed) return claimed;
  const [gift] = await db
    .select()
    .from(rechargeGifts)
    .where(and(eq(rechargeGifts.id, giftId), inCompany(rechargeGifts, companyId)));
  if (!gift) throw notFound('该赠送不存在');
  if (gift.giftType !== giftType)
    throw new ApiError(Codes.business, giftType === 1 ? '该赠送不是优惠券' : '该赠送不是签约份数');
  if (gift.receivedAt) throw new ApiError(Codes.stateConflict, '该赠送已领取');
  throw new ApiError(Codes.stateConflict, '该赠送已过领取时间');
}

export async function receiveCouponGift(db: Db, companyId: number, giftId: number, now: Date) {
  return db.transaction(async (tx) => {
    const gift = await claimGift(tx, companyId, giftId, 1, now);
    const spec = gift.coupon;
    if (!spec) throw new Error(`gift ${gift.id} has no coupon`);
    const [coupon] = await tx
      .insert(rechargeCoupons)
      .values({
        companyId,
        name: spec.name,
        couponType: spec.couponType,
        amountFen: spec.amountFen,
        discountPercent: spec.discountPercent,
        thresholdFen: spec.thresholdFen,
        goodsType: spec.goodsType,
        validFrom: now,
        validTo: addDays(now, spec.validDays),
        description: spec.description,
        giftId: gift.id,
      })
      .returning();
    return formatCoupon({ ...coupon!, orderNumber: null }, now);
  });
}

export async function receiveSignGift(db: Db, companyId: number, giftId: number, now: Date) {
  return db.transaction(async (tx) => {
    const gift = await claimGift(tx, companyId, giftId, 2, now);
    const signCount = gift.signCount ?? 0;
    const totalSignCount = await changeSignBalance(tx, companyId, signCount, `领取赠送：${gift.title}`, {
      kind: SignLedgerKinds.gift,
      giftId: gift.id,
    });
    return { signCount, totalSignCount };
  });
}
