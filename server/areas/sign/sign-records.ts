/**
 * 签字记录 (signRecods, 3 per page): what each signatory did, newest first, read from the signing
 * area's append-only audit trail (events that name a signatory). Actions: 1 查看, 2 实名认证,
 * 3 签字 (a seal counts as signing), 4 拒签.
 */
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signSignatories } from '../../db/schema-sign';
import { signAuditEvents } from '../../db/schema-signing';
import { formatDateTime } from '../../format';
import type { ContractRow } from './access';

export function recordActionOf(action: string): 1 | 2 | 3 | 4 {
  if (action.includes('拒')) return 4;
  if (action.includes('认证')) return 2;
  if (action.includes('查看')) return 1;
  return 3;
}

export async function listSignRecords(
  db: Db,
  contract: ContractRow,
  page: { pageindex?: number; pagesize?: number },
) {
  const where = and(
    inCompany(signAuditEvents, contract.companyId),
    eq(signAuditEvents.contractId, contract.id),
    isNotNull(signAuditEvents.signatoryId),
  );
  const size = page.pagesize ?? 3;
  const index = page.pageindex ?? 1;
  const [total] = await db.select({ n: count() }).from(signAuditEvents).where(where);
  const rows = await db
    .select({ event: signAuditEvents, name: signSignatories.name, role: signSignatories.role })
    .from(signAuditEvents)
    .innerJoin(signSignatories, eq(signSignatories.id, signAuditEvents.signatoryId))
    .where(where)
    .orderBy(desc(signAuditEvents.createdAt), desc(signAuditEvents.id))
    .limit(size)
    .offset((index - 1) * size);
  return {
    data: rows.map(({ event, name, role }) => ({
      recordId: event.id,
      signatoryName: name,
      role,
      action: recordActionOf(event.action),
      remark: event.detail || null,
      createTime: formatDateTime(event.createdAt),
    })),
    total: total?.n ?? 0,
  };
}
