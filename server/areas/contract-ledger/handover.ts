/**
 * A leaver's ledger contracts (办理离职, issue 41): those he handles (经办人) move through the one
 * handover (server/areas/handover/handled-contracts.ts), each with a state-history row naming both.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { ledgerContracts, ledgerStateRecords } from '../../db/schema-contract';
import type { HandledContracts } from '../handover/handled-contracts';

export const handledLedgerContracts: HandledContracts = {
  table: ledgerContracts,
  id: ledgerContracts.id,
  state: ledgerContracts.state,
  handledBy: (companyId, userId) =>
    and(
      inCompany(ledgerContracts, companyId),
      eq(ledgerContracts.userId, userId),
      isNull(ledgerContracts.deletedAt),
    ),
  moveTo: (to) => ({ userId: to.id, deptId: to.deptId }),
  async record(tx, moved, handover, remark, now) {
    await tx.insert(ledgerStateRecords).values(
      moved.map((contract) => ({
        companyId: handover.companyId,
        contractId: contract.id,
        fromState: contract.state,
        toState: contract.state,
        remark,
        userId: handover.operatorUserId,
        createdAt: now,
      })),
    );
  },
};
