/**
 * A leaver's sign contracts (办理离职, issue 41): those he handles (经办人, the submitter) move through
 * the one handover (server/areas/handover/handled-contracts.ts), each with an operation log naming both.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { signContracts } from '../../db/schema-sign';
import type { HandledContracts } from '../handover/handled-contracts';
import { writeLog } from './operation-log';

export const handledSignContracts: HandledContracts = {
  table: signContracts,
  id: signContracts.id,
  state: signContracts.state,
  handledBy: (companyId, userId) =>
    and(
      inCompany(signContracts, companyId),
      eq(signContracts.creatorUserId, userId),
      isNull(signContracts.deletedAt),
    ),
  moveTo: (to, now) => ({ creatorUserId: to.id, deptId: to.deptId, updatedAt: now }),
  async record(tx, moved, handover, remark, now) {
    for (const contract of moved)
      await writeLog(tx, {
        companyId: handover.companyId,
        contractId: contract.id,
        action: '离职交接',
        content: remark,
        fromState: contract.state,
        toState: contract.state,
        operatorUserId: handover.operatorUserId,
        at: now,
      });
  },
};
