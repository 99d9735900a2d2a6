/** The contract operation log (operationlogs, 10 per page): one row per submission, edit and state change. */
import { and, count, desc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { signOperationLogs } from '../../db/schema-sign';
import { formatDateTime } from '../../format';

export type LogEntry = {
  companyId: number;
  contractId: number;
  action: string;
  content: string;
  fromState?: number | null;
  toState?: number | null;
  operatorUserId: number | null;
  at?: Date;
};

export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  let operatorName = '系统';
  if (entry.operatorUserId !== null) {
    const [user] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, entry.operatorUserId));
    operatorName = user?.name ?? operatorName;
  }
  await db.insert(signOperationLogs).values({
    companyId: entry.companyId,
    contractId: entry.contractId,
    action: entry.action,
    content: entry.content,
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    operatorUserId: entry.operatorUserId,
    operatorName,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

export async function listLogs(
  db: Db,
  companyId: number,
  contractId: number,
  page: { index: number; size: number },
) {
  const where = and(inCompany(signOperationLogs, companyId), eq(signOperationLogs.contractId, contractId));
  const [total] = await db.select({ n: count() }).from(signOperationLogs).where(where);
  const rows = await db
    .select()
    .from(signOperationLogs)
    .where(where)
    .orderBy(desc(signOperationLogs.createdAt), desc(signOperationLogs.id))
    .limit(page.size)
    .offset((page.index - 1) * page.size);
  return {
    data: rows.map((row) => ({
      logId: row.id,
      action: row.action,
      content: row.content,
      operatorName: row.operatorName,
      createTime: formatDateTime(row.createdAt),
    })),
    total: total?.n ?? 0,
  };
}
