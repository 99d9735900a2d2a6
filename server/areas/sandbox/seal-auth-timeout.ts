/**
 * 模拟免验证签署授权到期: a seal's seal-free signing authorisation runs out now. Only its own end
 * (authFreeUntil; the authorisation keeps no start time) moves back by what was left, so the
 * server's rule (an authorisation past authFreeUntil has expired, and app 6's gate lists the seal)
 * answers on its real clock; neither the clock nor the rule changes.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signSeals } from '../../db/schema-signing';
import { notFound } from '../../contract/envelope';

export const sealAuthTimeoutMessages = {
  expired: '免验证签署授权已到期',
  neverAuthorised: '该印章未授权免验证签署，没有可到期的授权',
} as const;

export async function timeOutSealAuth(db: Db, companyId: number, now: Date, sealId: number) {
  const [seal] = await db
    .select({ authFreeUntil: signSeals.authFreeUntil })
    .from(signSeals)
    .where(and(eq(signSeals.id, sealId), inCompany(signSeals, companyId), isNull(signSeals.deletedAt)));
  // The same answer the seal screens give for a seal that is not the caller's.
  if (!seal) throw notFound('印章不存在或已删除');
  if (!seal.authFreeUntil) return sealAuthTimeoutMessages.neverAuthorised;
  // Already past its end: nothing moves (repeats change nothing).
  if (seal.authFreeUntil.getTime() <= now.getTime()) return sealAuthTimeoutMessages.expired;
  await db
    .update(signSeals)
    .set({ authFreeUntil: now })
    .where(and(eq(signSeals.id, sealId), inCompany(signSeals, companyId), gt(signSeals.authFreeUntil, now)));
  return sealAuthTimeoutMessages.expired;
}
