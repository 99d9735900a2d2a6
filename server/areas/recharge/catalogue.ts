/**
 * What the recharge centre sells and the rules shared by its services: the product catalogue (also
 * written by migration 0004_recharge-catalogue; a test checks both agree), the sign-credit price
 * tiers, which apps offer a trial, money in fen, and dates on the wire.
 */
import { asc, eq } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Db } from '../../db/db';
import { rechargeProducts, rechargeSignPrices } from '../../db/schema-recharge';
import { businessError } from '../../contract/envelope';

export const productCatalogue = [
  {
    id: 1,
    name: '基础版',
    unitPriceFen: 29800,
    originalUnitPriceFen: 39800,
    minAccountCount: 5,
    signCountPerYear: 20,
    appTypes: [1, 2, 3],
    isRecommended: false,
  },
  {
    id: 2,
    name: '营销版',
    unitPriceFen: 39800,
    originalUnitPriceFen: 49800,
    minAccountCount: 5,
    signCountPerYear: 20,
    appTypes: [1, 2, 3, 21],
    isRecommended: false,
  },
  {
    id: 3,
    name: '签约版',
    unitPriceFen: 59800,
    originalUnitPriceFen: 79800,
    minAccountCount: 5,
    signCountPerYear: 100,
    appTypes: [1, 2, 3, 6],
    isRecommended: true,
  },
  {
    id: 4,
    name: '旗舰版',
    unitPriceFen: 99800,
    originalUnitPriceFen: 129800,
    minAccountCount: 5,
    signCountPerYear: 500,
    appTypes: [1, 2, 3, 5, 6, 21],
    isRecommended: false,
  },
] as const;

export const signPriceTiers = [
  { count: 1, unitPriceFen: 300 },
  { count: 50, unitPriceFen: 280 },
  { count: 100, unitPriceFen: 250 },
  { count: 500, unitPriceFen: 220 },
  { count: 1000, unitPriceFen: 190 },
  { count: 5000, unitPriceFen: 160 },
] as const;

/** Apps that offer a free trial, once per company, and for how many days. */
export const trialDaysByApp: Readonly<Record<number, number>> = { 5: 7, 6: 7, 21: 7 };

/** Apps that are always usable (公司管理 88, 首页 999). */
export const alwaysOpenApps: readonly number[] = [88, 999];

export const goodsTypes = { package: 1, sign: 2, seats: 3 } as const;

/** An unpaid order closes this long after it was created. */
export const orderPayWindowMs = 30 * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

export function toYuan(fen: number): number {
  return Math.round(fen) / 100;
}

export function toFen(yuan: number): number {
  return Math.round(yuan * 100);
}

export function addYears(date: Date, years: number): Date {
  return dayjs(date).add(years, 'year').toDate();
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * dayMs);
}

/** Whole days left until `end`, a started day counting as one. */
export function daysUntil(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / dayMs));
}

export async function listProducts(db: Db) {
  return db
    .select()
    .from(rechargeProducts)
    .where(eq(rechargeProducts.isOnSale, true))
    .orderBy(asc(rechargeProducts.sort));
}

export async function findProduct(db: Db, productId: number) {
  const [row] = await db.select().from(rechargeProducts).where(eq(rechargeProducts.id, productId)).limit(1);
  if (!row || !row.isOnSale) throw businessError('套餐不存在或已下架');
  return row;
}

export async function listSignPrices(db: Db) {
  return db.select().from(rechargeSignPrices).orderBy(asc(rechargeSignPrices.count));
}

/** The tier a purchase of `count` credits falls into: the largest tier count not above it. */
export function pickSignTier<T extends { count: number }>(tiers: readonly T[], count: number): T {
  const sorted = [...tiers].sort((a, b) => a.count - b.count);
  const first = sorted[0];
  if (!first) throw businessError('签约份数价格未配置');
  return sorted.reduce((chosen, tier) => (tier.count <= count ? tier : chosen), first);
}
