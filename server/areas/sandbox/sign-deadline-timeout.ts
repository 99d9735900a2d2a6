/**
 * 模拟签署期限届满: a contract awaiting signatures reaches its signing deadline now. Only its own
 * deadline moves back, so the server's rule (a contract awaiting signatures past signDeadline is
 * expired) refuses its links on its real clock; neither the clock nor the rule changes.
 */
import { and, eq, gt } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts } from '../../db/schema-sign';
import { ApiError, Codes, notFound } from '../../contract/envelope';
import { SignStates } from '../sign/states';

export async function passSignDeadline(db: Db, companyId: number, now: Date, contractId: number) {
  const [contract] = await db
    .select()
    .from(signContracts)
    .where(and(eq(signContracts.id, contractId), inCompany(signContracts, companyId)));
  if (!contract || contract.deletedAt) throw notFound('合同不存在');
  if (contract.state !== SignStates.awaitingSignature || !contract.signDeadline)
    throw new ApiError(Codes.stateConflict, '合同不在待签署状态，没有签署期限');
  // Already past its deadline: nothing moves (repeats change nothing).
  if (contract.signDeadline.getTime() <= now.getTime()) return '签署期限已届满';
  await db
    .update(signContracts)
    .set({ signDeadline: now })
    .where(
      and(
        eq(signContracts.id, contractId),
        inCompany(signContracts, companyId),
        eq(signContracts.state, SignStates.awaitingSignature),
        gt(signContracts.signDeadline, now),
      ),
    );
  return '签署期限已届满';
}
