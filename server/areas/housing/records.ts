/**
 * The operation record of any item (/app/appRecord): every protected view, pool move, state change,
 * team change and edit of a listing writes one; the record is the listing's audit trail.
 * Types: 1 操作记录, 2 查看记录, 3 修改记录, 4 状态变更.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { appRecords } from '../../db/schema-house';
import { companyScope } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import type { QueryOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { formatDateTime } from '../../format';

export const RecordTypes = { operation: 1, view: 2, edit: 3, state: 4 } as const;
const recordTypeNames: Record<number, string> = {
  1: '操作记录',
  2: '查看记录',
  3: '修改记录',
  4: '状态变更',
};

export type FieldChange = { field: string; title: string; before: string | null; after: string | null };

export type RecordInput = {
  appType: number;
  itemId: number;
  type: number;
  content: string;
  changes?: FieldChange[];
};

/** Who wrote it: a person with the request's address, or the server itself (userId null, a job). */
export type RecordAuthor = { companyId: number; userId: number | null; ip: string | null };

export async function writeRecord(
  db: Db,
  clock: Clock,
  author: RecordAuthor,
  record: RecordInput,
): Promise<void> {
  await companyScope(db, author.companyId).insert(appRecords, {
    appType: record.appType,
    itemId: record.itemId,
    type: record.type,
    content: record.content,
    changes: record.changes ?? null,
    userId: author.userId,
    ip: author.ip,
    createdAt: clock.now(),
  });
}

export async function listRecords(db: Db, session: Session, query: QueryOf<'appRecord'>) {
  const scope = companyScope(db, session.companyId);
  const where = scope.where(
    appRecords,
    eq(appRecords.appType, query.appType),
    eq(appRecords.itemId, query.itemId),
    query.type ? eq(appRecords.type, query.type) : undefined,
  );
  const pageSize = query.pagesize ?? 15;
  const [rows, [total]] = await Promise.all([
    db
      .select({ record: appRecords, userName: users.name, deptName: departments.name })
      .from(appRecords)
      .leftJoin(users, eq(users.id, appRecords.userId))
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(where)
      .orderBy(desc(appRecords.createdAt), desc(appRecords.id))
      .limit(pageSize)
      .offset(((query.pageindex ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(appRecords).where(and(where)),
  ]);
  return {
    total: total?.total ?? 0,
    data: rows.map(({ record, userName, deptName }) => ({
      recordId: record.id,
      type: record.type as 1 | 2 | 3 | 4,
      typeName: recordTypeNames[record.type] ?? null,
      content: record.content,
      changes: record.changes ?? [],
      userId: record.userId,
      userName: userName ?? '系统',
      deptName,
      ip: record.ip,
      createTime: formatDateTime(record.createdAt),
    })),
  };
}
