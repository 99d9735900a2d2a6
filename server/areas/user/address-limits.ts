/**
 * Per-address limits on SMS codes, kept in the database so they hold across API processes: codes
 * sent from one IP address per hour, and wrong codes entered from it per 15 minutes. The per-phone
 * rules (one code a minute, a code void after 5 wrong entries) stand beside them.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { rateEvents } from '../../db/schema-login';
import { businessError } from '../../contract/envelope';

export type AddressLimits = { smsSendsPerHour: number; codeFailuresPer15Minutes: number };
export const defaultAddressLimits: AddressLimits = { smsSendsPerHour: 30, codeFailuresPer15Minutes: 30 };

export const smsSendsBlockedMessage = '该网络获取验证码过于频繁，请 1 小时后再试';
export const codeChecksBlockedMessage = '该网络验证码错误次数过多，请 15 分钟后再试';

async function countEvents(db: Db, kind: string, key: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.kind, kind), eq(rateEvents.key, key), gt(rateEvents.createdAt, since)));
  return row?.n ?? 0;
}

/** Refuses a send when the address has used its hour; otherwise counts this one. */
export async function takeSmsSend(db: Db, ip: string, now: Date, limits: AddressLimits): Promise<void> {
  const since = new Date(now.getTime() - 60 * 60_000);
  if ((await countEvents(db, 'sms-send', ip, since)) >= limits.smsSendsPerHour)
    throw businessError(smsSendsBlockedMessage);
  await db.insert(rateEvents).values({ kind: 'sms-send', key: ip, createdAt: now });
}

export async function requireCodeChecksAllowed(db: Db, ip: string, now: Date, limits: AddressLimits) {
  const since = new Date(now.getTime() - 15 * 60_000);
  if ((await countEvents(db, 'code-failure', ip, since)) >= limits.codeFailuresPer15Minutes)
    throw businessError(codeChecksBlockedMessage);
}

export async function noteCodeFailure(db: Db, ip: string, now: Date): Promise<void> {
  await db.insert(rateEvents).values({ kind: 'code-failure', key: ip, createdAt: now });
}
