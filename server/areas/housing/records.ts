/**
 * The operation record of any item (/app/appRecord): every protected view, pool move, state change,
 * team change and edit of a listing writes one (server/areas/records/app-records.ts); the record is
 * the listing's audit trail. Types: 1 操作记录, 2 查看记录, 3 修改记录, 4 状态变更.
 */
import type { Db } from '../../db/db';
import type { QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { readRecordPage } from '../records/app-records';

export const RecordTypes = { operation: 1, view: 2, edit: 3, state: 4 } as const;
const recordTypeNames: Record<number, string> = {
  1: '操作记录',
  2: '查看记录',
  3: '修改记录',
  4: '状态变更',
};

export async function listRecords(db: Db, session: Session, query: QueryOf<'appRecord'>) {
  const { rows, total } = await readRecordPage(
    db,
    session.companyId,
    { appType: query.appType, itemId: query.itemId, ...(query.type ? { type: query.type } : {}) },
    query,
  );
  return {
    total,
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
