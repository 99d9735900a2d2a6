/**
 * A leaver's sign contracts (办理离职, issue 41): the contracts he handles (经办人, the submitter) go
 * to the receiver in the resignation's transaction, each with a log naming both. The org area calls
 * this; it never touches the contracts itself (STYLE 13).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { signContracts } from '../../db/schema-sign';
import type { Clock } from '../../clock';
import { writeLog } from './operation-log';

export type ContractHandover = {
  companyId: number;
  from: { id: number; name: string };
  to: { id: number; name: string; deptId: number | null };
  operatorUserId: number;
};

const handledBy = (companyId: number, userId: number) =>
  and(
    inCompany(signContracts, companyId),
    eq(signContracts.creatorUserId, userId),
    isNull(signContracts.deletedAt),
  );

export async function countHandoverSignContracts(db: Db, companyId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ id: signContracts.id })
    .from(signContracts)
    .where(handledBy(companyId, userId));
  return rows.length;
}

export async function handOverSignContracts(
  tx: Db,
  clock: Clock,
  handover: ContractHandover,
): Promise<number> {
  const now = clock.now();
  const moved = await tx
    .update(signContracts)
    .set({ creatorUserId: handover.to.id, deptId: handover.to.deptId, updatedAt: now })
    .where(handledBy(handover.companyId, handover.from.id))
    .returning({ id: signContracts.id, state: signContracts.state });
  for (const contract of moved) {
    await writeLog(tx, {
      companyId: handover.companyId,
      contractId: contract.id,
      action: '离职交接',
      content: `经办人 ${handover.from.name} 离职，合同交接给 ${handover.to.name}`,
      fromState: contract.state,
      toState: contract.state,
      operatorUserId: handover.operatorUserId,
      at: now,
    });
  }
  return moved.length;
}
