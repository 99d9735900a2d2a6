/**
 * SMS verification codes: 6 digits, valid 5 minutes, one send per phone per 60 s, and five wrong
 * tries void the code. Only a hash of the code is stored.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { smsCodes } from '../../db/schema';
import { businessError } from '../../contract/envelope';
import type { Clock } from '../../clock';
import type { SmsProvider } from '../../sandbox/sms';
import { noteCodeFailure, requireCodeChecksAllowed, takeSmsSend, type AddressLimits } from './address-limits';

export const codeLifetimeSeconds = 300;
/** The seed's rule: one send per phone per 60 s (SMS_RESEND_SECONDS may shorten it for browser tests). */
export const resendIntervalSeconds = 60;
export const maxFailedAttempts = 5;

function hashCode(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}:${code}`).digest('hex');
}

export async function sendVerifyCode(
  db: Db,
  clock: Clock,
  sms: SmsProvider,
  phone: string,
  resendSeconds: number = resendIntervalSeconds,
  address?: AddressGuard,
) {
  const now = clock.now();
  const [existing] = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).limit(1);
  if (existing) {
    const waited = Math.floor((now.getTime() - existing.sentAt.getTime()) / 1000);
    if (waited < resendSeconds) {
      throw businessError(`验证码发送过于频繁，请 ${resendSeconds - waited} 秒后再试`);
    }
  }
  if (address) await takeSmsSend(db, address.ip, now, address.limits);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    phone,
    codeHash: hashCode(phone, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + codeLifetimeSeconds * 1000),
    failedAttempts: 0,
    consumedAt: null,
  };
  await db.insert(smsCodes).values(row).onConflictDoUpdate({ target: smsCodes.phone, set: row });
  await sms.send(phone, `【安居签】您的验证码为 ${code}，5 分钟内有效，请勿泄露给他人。`);
  return { expiresIn: codeLifetimeSeconds, resendIn: resendSeconds };
}

/** The caller's address and its limits, for codes sent or checked without a session (login, registration). */
export type AddressGuard = { ip: string; limits: AddressLimits };

export type CodeCheck = { consume: boolean; address?: AddressGuard };

/** Throws a 405 with the reason when the code is not right; consumes it when asked. */
export async function checkVerifyCode(db: Db, clock: Clock, phone: string, code: string, options: CodeCheck) {
  const now = clock.now();
  if (options.address) await requireCodeChecksAllowed(db, options.address.ip, now, options.address.limits);
  const [row] = await db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).limit(1);
  if (!row || row.consumedAt) throw businessError('验证码错误或已失效，请重新获取');
  if (row.failedAttempts >= maxFailedAttempts) throw businessError('验证码错误次数过多，已作废，请重新获取');
  if (row.expiresAt.getTime() <= now.getTime()) throw businessError('验证码已过期，请重新获取');
  if (row.codeHash !== hashCode(phone, code)) {
    const [updated] = await db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(eq(smsCodes.phone, phone))
      .returning({ failedAttempts: smsCodes.failedAttempts });
    if (options.address) await noteCodeFailure(db, options.address.ip, now);
    const left = maxFailedAttempts - (updated?.failedAttempts ?? maxFailedAttempts);
    throw businessError(
      left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，已作废，请重新获取',
    );
  }
  if (options.consume) {
    const consumed = await db
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)))
      .returning({ phone: smsCodes.phone });
    if (consumed.length === 0) throw businessError('验证码错误或已失效，请重新获取');
  }
}
