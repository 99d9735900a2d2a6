/**
 * A leaver's ledger contracts (办理离职, issue 41): those he handles (经办人) go to the receiver in the
 * resignation's transaction, each with a record in the contract's state history naming both.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { ledgerContracts, ledgerStateRecords } from '../../db/schema-contract';
import type { Clock } from '../../clock';

export type LedgerHandover = {
  companyId: number;
  from: { id: number; name: string };
  to: { id: number; name: string; deptId: number | null };
  operatorUserId: number;
};

const handledBy = (companyId: number, userId: number) =>
  and(
    inCompany(ledgerContracts, companyId),
    eq(ledgerContracts.userId, userId),
    isNull(ledgerContracts.deletedAt),
  );

export async function countHandoverLedgerContracts(
  db: Db,
  companyId: number,
  userId: number,
): Promise<number> {
  const rows = await db
    .select({ id: ledgerContracts.id })
    .from(ledgerContracts)
    .where(handledBy(companyId, userId));
  return rows.length;
}

export async function handOverLedgerContracts(
  tx: Db,
  clock: Clock,
  handover: LedgerHandover,
): Promise<number> {
  const now = clock.now();
  const moved = await tx
    .update(ledgerContracts)
    .set({ userId: handover.to.id, deptId: handover.to.deptId })
    .where(handledBy(handover.companyId, handover.from.id))
    .returning({ id: ledgerContracts.id, state: ledgerContracts.state });
  if (moved.length > 0)
    await tx.insert(ledgerStateRecords).values(
      moved.map((contract) => ({
        companyId: handover.companyId,
        contractId: contract.id,
        fromState: contract.state,
        toState: contract.state,
        remark: `经办人 ${handover.from.name} 离职，合同交接给 ${handover.to.name}`,
        userId: handover.operatorUserId,
        createdAt: now,
      })),
    );
  return moved.length;
}
