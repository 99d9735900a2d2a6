/**
 * What a company holds: its packages (current, queued renewals, past), seats, the sign-credit
 * balance, app trials, and the per-app pay-status gate derived from them. Nothing here is a stored
 * status: the gate, package states and seat counts are computed from periods and the clock.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import {
  rechargeAccounts,
  rechargeCompanyPackages,
  rechargeOrders,
  rechargeProducts,
  rechargeSeatAddons,
  rechargeSignLedger,
  rechargeTrials,
} from '../../db/schema-recharge';
import { ApiError, Codes, Messages } from '../../contract/envelope';
import { formatDate } from '../../format';
import { addDays, alwaysOpenApps, trialDaysByApp } from './catalogue';
import { listExpiredAuthSeals } from '../signing/seals';

type Period = { startsAt: Date; endsAt: Date };

/** Packages of the company, newest end first, with their product. */
export async function listCompanyPackages(db: Db, companyId: number) {
  return db
    .select({
      pkg: rechargeCompanyPackages,
      product: rechargeProducts,
      orderNumber: rechargeOrders.orderNumber,
    })
    .from(rechargeCompanyPackages)
    .innerJoin(rechargeProducts, eq(rechargeProducts.id, rechargeCompanyPackages.productId))
    .leftJoin(rechargeOrders, eq(rechargeOrders.id, rechargeCompanyPackages.orderId))
    .where(inCompany(rechargeCompanyPackages, companyId))
    .orderBy(desc(rechargeCompanyPackages.endsAt), desc(rechargeCompanyPackages.id));
}

export function isActive(period: Period, now: Date): boolean {
  return period.startsAt.getTime() <= now.getTime() && now.getTime() < period.endsAt.getTime();
}

/** 1 生效中, 2 待生效, 3 已过期 */
export function packageState(period: Period, now: Date): 1 | 2 | 3 {
  if (isActive(period, now)) return 1;
  return period.startsAt.getTime() > now.getTime() ? 2 : 3;
}

/** The end of the unbroken run of periods that covers `now` (a renewal queued at the end extends it). */
export function coveredUntil(periods: Period[], now: Date): Date | null {
  let end: number | null = null;
  for (const period of periods) if (isActive(period, now)) end = Math.max(end ?? 0, period.endsAt.getTime());
  if (end === null) return null;
  let extended = true;
  while (extended) {
    extended = false;
    for (const period of periods) {
      if (period.startsAt.getTime() <= end && period.endsAt.getTime() > end) {
        end = period.endsAt.getTime();
        extended = true;
      }
    }
  }
  return new Date(end);
}

/** The package in force now, or null. */
export async function findCurrentPackage(db: Db, companyId: number, now: Date) {
  const rows = await listCompanyPackages(db, companyId);
  return rows.find((row) => isActive(row.pkg, now)) ?? null;
}

export type AppUseStatus = {
  type: 0 | 1 | 2 | 3;
  expirationDate: string | null;
  tryDays: number | null;
  message: string | null;
  expiredSeals: Awaited<ReturnType<typeof listExpiredAuthSeals>>;
};

/**
 * The gate of one app: usable while a package containing it (or its trial) is in force; expired
 * when it had one that ended; trial offered when the app has a trial the company has not used;
 * otherwise not activated.
 */
export async function readAppUseStatus(
  db: Db,
  companyId: number,
  appType: number,
  now: Date,
): Promise<AppUseStatus> {
  const base = { tryDays: null, message: null, expiredSeals: [] as AppUseStatus['expiredSeals'] };
  if (alwaysOpenApps.includes(appType)) return { ...base, type: 0, expirationDate: null };
  const packages = await db
    .select({ startsAt: rechargeCompanyPackages.startsAt, endsAt: rechargeCompanyPackages.endsAt })
    .from(rechargeCompanyPackages)
    .innerJoin(rechargeProducts, eq(rechargeProducts.id, rechargeCompanyPackages.productId))
    .where(
      and(
        inCompany(rechargeCompanyPackages, companyId),
        sql`${rechargeProducts.appTypes} @> ${JSON.stringify([appType])}::jsonb`,
        gt(rechargeCompanyPackages.endsAt, rechargeCompanyPackages.startsAt),
      ),
    );
  const trials = await db
    .select({ startsAt: rechargeTrials.startsAt, endsAt: rechargeTrials.endsAt })
    .from(rechargeTrials)
    .where(and(inCompany(rechargeTrials, companyId), eq(rechargeTrials.appType, appType)));
  const periods = [...packages, ...trials];
  const until = coveredUntil(periods, now);
  if (until) {
    // The sign app (6) lists the seals whose seal-free authorisation ran out, to authorise again.
    const expiredSeals = appType === 6 ? await listExpiredAuthSeals(db, companyId, now) : [];
    return { ...base, type: 0, expirationDate: formatDate(until), expiredSeals };
  }
  const ended = periods.filter((p) => p.endsAt.getTime() <= now.getTime());
  if (ended.length > 0) {
    const last = new Date(Math.max(...ended.map((p) => p.endsAt.getTime())));
    return {
      ...base,
      type: 2,
      expirationDate: formatDate(last),
      message: `该应用已于 ${formatDate(last)} 到期，请续费后继续使用`,
    };
  }
  const tryDays = trialDaysByApp[appType];
  if (tryDays !== undefined && trials.length === 0) {
    return { ...base, type: 3, expirationDate: null, tryDays, message: `该应用可免费试用 ${tryDays} 天` };
  }
  return { ...base, type: 1, expirationDate: null, message: '贵公司尚未开通该应用，请前往充值中心开通' };
}

/** Starts the app's trial; only when the gate offers it, once per company and app (the primary key decides races). */
export async function startTrial(db: Db, companyId: number, userId: number, appType: number, now: Date) {
  const status = await readAppUseStatus(db, companyId, appType, now);
  const tryDays = trialDaysByApp[appType];
  if (status.type !== 3 || tryDays === undefined)
    throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  const endsAt = addDays(now, tryDays);
  const inserted = await db
    .insert(rechargeTrials)
    .values({ companyId, appType, startsAt: now, endsAt, userId })
    .onConflictDoNothing()
    .returning({ appType: rechargeTrials.appType });
  if (inserted.length === 0) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  return { payStatusId: appType, tryDays, expirationDate: formatDate(endsAt) };
}

export async function readSignBalance(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ signCount: rechargeAccounts.signCount })
    .from(rechargeAccounts)
    .where(inCompany(rechargeAccounts, companyId));
  return row?.signCount ?? 0;
}

/** Why a company's sign-credit balance changed: 1 购买, 2 赠送, 3 发起签署扣减, 4 作废退还. */
export const SignLedgerKinds = { purchase: 1, gift: 2, spent: 3, refund: 4 } as const;

type SignLedgerSource = {
  kind: (typeof SignLedgerKinds)[keyof typeof SignLedgerKinds];
  orderId?: number;
  giftId?: number;
  contractNo?: string;
};

/** Adds (or, negative, takes) sign credits and writes the ledger; call inside the transaction that causes it. */
export async function changeSignBalance(
  db: Db,
  companyId: number,
  delta: number,
  reason: string,
  source: SignLedgerSource,
): Promise<number> {
  const [row] = await db
    .insert(rechargeAccounts)
    .values({ companyId, signCount: delta })
    .onConflictDoUpdate({
      target: rechargeAccounts.companyId,
      set: { signCount: sql`${rechargeAccounts.signCount} + ${delta}`, updatedAt: sql`now()` },
    })
    .returning({ signCount: rechargeAccounts.signCount });
  const balance = row!.signCount;
  await db.insert(rechargeSignLedger).values({
    companyId,
    delta,
    balanceAfter: balance,
    reason,
    kind: source.kind,
    contractNo: source.contractNo ?? null,
    orderId: source.orderId ?? null,
    giftId: source.giftId ?? null,
  });
  return balance;
}

/**
 * For the signing areas: takes `count` credits or answers 406 (not enough, the client offers 去购买).
 * The conditional UPDATE makes two signings racing for the last credit take it once.
 */
export async function spendSignCredits(
  db: Db,
  companyId: number,
  count: number,
  contractNo: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(rechargeAccounts)
      .set({ signCount: sql`${rechargeAccounts.signCount} - ${count}`, updatedAt: sql`now()` })
      .where(and(inCompany(rechargeAccounts, companyId), sql`${rechargeAccounts.signCount} >= ${count}`))
      .returning({ signCount: rechargeAccounts.signCount });
    if (!row) throw new ApiError(Codes.insufficientPackage, '签约份数不足，请先购买签约份数');
    await tx.insert(rechargeSignLedger).values({
      companyId,
      kind: SignLedgerKinds.spent,
      delta: -count,
      balanceAfter: row.signCount,
      reason: `发起签署 ${contractNo}`,
      contractNo,
    });
    return row.signCount;
  });
}

export async function readAccountSummary(db: Db, companyId: number, now: Date) {
  const packages = await listCompanyPackages(db, companyId);
  const current = packages.find((row) => isActive(row.pkg, now)) ?? null;
  let accountCount = 0;
  if (current) {
    const [extra] = await db
      .select({ n: sql<number>`coalesce(sum(${rechargeSeatAddons.count}), 0)::int` })
      .from(rechargeSeatAddons)
      .where(and(inCompany(rechargeSeatAddons, companyId), eq(rechargeSeatAddons.packageId, current.pkg.id)));
    accountCount = current.pkg.accountCount + (extra?.n ?? 0);
  }
  const [used] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inCompany(users, companyId), eq(users.status, 1)));
  const usedCount = used?.n ?? 0;
  const until = coveredUntil(
    packages.map((row) => row.pkg),
    now,
  );
  return {
    accountCount,
    usedCount,
    remainingCount: Math.max(0, accountCount - usedCount),
    signCount: await readSignBalance(db, companyId),
    expirationDate: until ? formatDate(until) : null,
    productId: current?.product.id ?? null,
    productName: current?.product.name ?? null,
  };
}

/** Ends every package still running or queued (a new package replaces them from `now`). */
export async function endPackagesAt(db: Db, companyId: number, now: Date): Promise<void> {
  await db
    .update(rechargeCompanyPackages)
    .set({ endsAt: sql`greatest(${rechargeCompanyPackages.startsAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(inCompany(rechargeCompanyPackages, companyId), gt(rechargeCompanyPackages.endsAt, now)));
}

/** The latest end among the company's packages (a renewal starts there, or now when that is past). */
export async function latestPackageEnd(db: Db, companyId: number): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: rechargeCompanyPackages.endsAt })
    .from(rechargeCompanyPackages)
    .where(inCompany(rechargeCompanyPackages, companyId))
    .orderBy(desc(rechargeCompanyPackages.endsAt))
    .limit(1);
  return row?.endsAt ?? null;
}
