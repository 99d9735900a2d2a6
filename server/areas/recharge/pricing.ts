/**
 * Prices, decided on the server only. Each quote gives the original price, the coupon deduction and
 * what is to be paid, all in fen; a coupon that does not apply becomes the nested code 405 of the
 * calculation (the price is then quoted without it). Orders quote again with the same functions.
 */
import type { Db } from '../../db/db';
import { businessError } from '../../contract/envelope';
import { formatDate } from '../../format';
import { daysUntil, findProduct, goodsTypes, listSignPrices, pickSignTier, toYuan } from './catalogue';
import { checkCoupon, type CouponCheck } from './coupons';
import { findCurrentPackage, listCompanyPackages, isActive } from './entitlements';

export type Quote = {
  goodsType: 1 | 2 | 3;
  title: string;
  quantity: number;
  unitPriceFen: number;
  duration: number | null;
  originalFen: number;
  coupon: CouponCheck | null;
  expirationDate: Date | null;
  productId?: number;
  packageId?: number;
};

export function couponFenOf(quote: Quote): number {
  return quote.coupon?.ok ? quote.coupon.deductionFen : 0;
}

export function totalFenOf(quote: Quote): number {
  return Math.max(0, quote.originalFen - couponFenOf(quote));
}

/** The calculation reply: outer code 200, the coupon's verdict in the nested code / message. */
export function toCalculation(quote: Quote) {
  const coupon = quote.coupon?.ok ? quote.coupon : null;
  return {
    code: quote.coupon && !quote.coupon.ok ? (405 as const) : (200 as const),
    message: quote.coupon && !quote.coupon.ok ? quote.coupon.message : '计价成功',
    count: quote.quantity,
    unitPrice: toYuan(quote.unitPriceFen),
    duration: quote.duration,
    originalPrice: toYuan(quote.originalFen),
    couponAmount: toYuan(couponFenOf(quote)),
    totalFee: toYuan(totalFenOf(quote)),
    coupon: coupon
      ? { couponId: coupon.coupon.id, name: coupon.coupon.name, deduction: toYuan(coupon.deductionFen) }
      : null,
    expirationDate: quote.expirationDate ? formatDate(quote.expirationDate) : null,
  };
}

export type PackageQuoteInput = {
  type: 1 | 2;
  productId: number;
  accountCount: number;
  duration: number;
  coupons?: number[] | undefined;
};

export async function quotePackage(
  db: Db,
  companyId: number,
  input: PackageQuoteInput,
  now: Date,
): Promise<Quote> {
  const product = await findProduct(db, input.productId);
  if (input.accountCount < product.minAccountCount)
    throw businessError(`该套餐最少购买 ${product.minAccountCount} 个账号`);
  const packages = await listCompanyPackages(db, companyId);
  const current = packages.find((row) => isActive(row.pkg, now));
  if (input.type === 2) {
    const latest = packages[0];
    if (!latest) throw businessError('您还没有开通套餐，请选择新购');
    if (latest.product.id !== product.id)
      throw businessError(`续费只能选择当前套餐（${latest.product.name}）`);
  } else if (current?.product.id === product.id) {
    throw businessError('您已开通该套餐，请选择续费');
  }
  const originalFen = product.unitPriceFen * input.accountCount * input.duration;
  return {
    goodsType: goodsTypes.package,
    title: `${product.name} ${input.accountCount}个账号 ${input.duration}年${input.type === 2 ? '（续费）' : ''}`,
    quantity: input.accountCount,
    unitPriceFen: product.unitPriceFen,
    duration: input.duration,
    originalFen,
    coupon: await checkCoupon(db, companyId, input.coupons, goodsTypes.package, originalFen, now),
    expirationDate: null,
    productId: product.id,
  };
}

export async function quoteSignCredits(
  db: Db,
  companyId: number,
  input: { signCount: number; coupons?: number[] | undefined },
  now: Date,
): Promise<Quote> {
  const tier = pickSignTier(await listSignPrices(db), input.signCount);
  const originalFen = tier.unitPriceFen * input.signCount;
  return {
    goodsType: goodsTypes.sign,
    title: `签约 ${input.signCount} 份`,
    quantity: input.signCount,
    unitPriceFen: tier.unitPriceFen,
    duration: null,
    originalFen,
    coupon: await checkCoupon(db, companyId, input.coupons, goodsTypes.sign, originalFen, now),
    expirationDate: null,
  };
}

/** Extra seats end with the current package: per seat, the package's yearly price for the days left. */
export async function quoteSeats(
  db: Db,
  companyId: number,
  input: { count: number; coupons?: number[] | undefined },
  now: Date,
): Promise<Quote> {
  const current = await findCurrentPackage(db, companyId, now);
  if (!current) throw businessError('请先购买套餐');
  const days = daysUntil(current.pkg.endsAt, now);
  const perSeatFen = Math.round((current.product.unitPriceFen * days) / 365);
  const originalFen = perSeatFen * input.count;
  return {
    goodsType: goodsTypes.seats,
    title: `增购账号 ${input.count} 个（${current.product.name}，至 ${formatDate(current.pkg.endsAt)}）`,
    quantity: input.count,
    unitPriceFen: perSeatFen,
    duration: null,
    originalFen,
    coupon: await checkCoupon(db, companyId, input.coupons, goodsTypes.seats, originalFen, now),
    expirationDate: current.pkg.endsAt,
    packageId: current.pkg.id,
  };
}
