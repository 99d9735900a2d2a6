/**
 * 模拟超时 on the sandbox face provider's page: the check's lifetime runs out now. Its own
 * timestamps move back by what was left of it, so the server's rule (a check still open at
 * expiresAt has expired) answers 已过期 on its real clock; neither the clock nor the rule changes.
 */
import { and, eq, gt } from 'drizzle-orm';
import { acrossCompanies } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signFaceChecks } from '../../db/schema-signing';
import { notFound } from '../../contract/envelope';
import { statusView } from '../signing/identity';

export async function timeOutFaceCheck(db: Db, now: Date, faceId: string) {
  const [row] = await db
    .select()
    .from(signFaceChecks)
    .where(
      and(
        eq(signFaceChecks.faceId, faceId),
        acrossCompanies('the provider page has no session; the faceId names the check'),
      ),
    );
  if (!row) throw notFound('核身记录不存在');
  const left = row.expiresAt.getTime() - now.getTime();
  // A decided or already expired check has nothing left to run out (repeats change nothing).
  if (row.status !== 0 || left <= 0) return statusView(row, now);
  const [aged] = await db
    .update(signFaceChecks)
    .set({ expiresAt: now, createdAt: new Date(row.createdAt.getTime() - left) })
    .where(
      and(eq(signFaceChecks.faceId, faceId), eq(signFaceChecks.status, 0), gt(signFaceChecks.expiresAt, now)),
    )
    .returning();
  return statusView(aged ?? row, now);
}
