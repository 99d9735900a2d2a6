/** The contract operation log (operationlogs, 10 per page): one row per submission, edit and state change. */
import { and, count, desc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { signOperationLogs } from '../../db/schema-sign';
import { formatDateTime } from '../../format';
import { signContracts } from '../../db/schema-sign';
import { sendMessages } from '../messages/messages';
import { signStateNames, type SignState } from './states';

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
  if (entry.toState != null && entry.toState !== entry.fromState)
    await reportStateChange(db, entry, operatorName);
}

/**
 * 合同报告 (message type 3): when someone else (a colleague, a signatory, the system) moves a
 * contract into another state, its 经办人 gets a report linking to the sign detail. Written in the
 * transaction of the change, so a report exists exactly when the change does.
 */
async function reportStateChange(db: Db, entry: LogEntry, operatorName: string): Promise<void> {
  const [contract] = await db
    .select({
      contractNo: signContracts.contractNo,
      boxName: signContracts.boxName,
      creator: signContracts.creatorUserId,
    })
    .from(signContracts)
    .where(and(inCompany(signContracts, entry.companyId), eq(signContracts.id, entry.contractId)));
  if (!contract || contract.creator === null || contract.creator === entry.operatorUserId) return;
  const stateName = signStateNames[entry.toState as SignState] ?? '';
  await sendMessages(db, {
    companyId: entry.companyId,
    userIds: [contract.creator],
    messageType: 3,
    title: `合同${entry.action}`,
    content: `您经办的《${contract.boxName}》（合同编号 ${contract.contractNo}）由${operatorName}${entry.action}${
      stateName ? `，当前状态：${stateName}` : ''
    }`,
    senderId: entry.operatorUserId,
    link: { appType: 6, appId: 0, path: '/views/sign/detail', params: { contractId: entry.contractId } },
    now: entry.at ?? new Date(),
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
