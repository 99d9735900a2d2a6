/**
 * The customer's change record (customerChangeRecord): app_records with app type 2, written and read
 * by the shared writer (server/areas/records/app-records.ts). Types in domain/customer-rules.ts.
 */
import type { Db } from '../../db/db';
import type { HandlerContext, QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { readRecordPage, writeRecord, type FieldChange, type RecordAuthor } from '../records/app-records';
import { customerAccess, findVisibleCustomer } from './access';
import { CustomerAuth } from '../../../domain/auth-ids';
import { customerRecordTypeNames } from '../../../domain/customer-rules';

export const author = (context: HandlerContext, session: Session): RecordAuthor => ({
  companyId: session.companyId,
  userId: session.userId,
  ip: context.ip,
});

export async function writeCustomerRecord(
  db: Db,
  context: { clock: HandlerContext['clock'] },
  who: RecordAuthor,
  customerId: number,
  type: number,
  content: string,
  changes?: FieldChange[],
): Promise<void> {
  await writeRecord(db, context.clock, who, {
    appType: CustomerAuth.appType,
    itemId: customerId,
    type,
    content,
    ...(changes ? { changes } : {}),
  });
}

export async function listCustomerRecords(db: Db, session: Session, query: QueryOf<'customerChangeRecord'>) {
  const access = await customerAccess(db, session);
  const customer = await findVisibleCustomer(db, access, query.customerId);
  const { rows, total } = await readRecordPage(
    db,
    session.companyId,
    { appType: CustomerAuth.appType, itemId: customer.id },
    query,
  );
  return {
    total,
    data: rows.map(({ record, userName }) => {
      const changes = record.changes ?? [];
      return {
        recordId: record.id,
        type: record.type as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10,
        typeName: customerRecordTypeNames[record.type] ?? '',
        content: record.content,
        before: changes.length === 1 ? changes[0]!.before : null,
        after: changes.length === 1 ? changes[0]!.after : null,
        userName: record.userId ? (userName ?? '') : '系统',
        createTime: formatDateTime(record.createdAt),
      };
    }),
  };
}
