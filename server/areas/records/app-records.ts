/**
 * The one writer and reader of app_records, the change record every area keeps of its items (the
 * listings' /app/appRecord with app type 1, the customers' customerChangeRecord with app type 2):
 * who changed what, when and from where, each changed field with its before and after.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { appRecords } from '../../db/schema-house';
import { companyScope } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import type { Clock } from '../../clock';

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

export type RecordRow = {
  record: typeof appRecords.$inferSelect;
  userName: string | null;
  deptName: string | null;
};

/** One page of an item's record, newest first, with the author's name and department. */
export async function readRecordPage(
  db: Db,
  companyId: number,
  item: { appType: number; itemId: number; type?: number },
  page: { pageindex?: number; pagesize?: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  const where = companyScope(db, companyId).where(
    appRecords,
    eq(appRecords.appType, item.appType),
    eq(appRecords.itemId, item.itemId),
    item.type ? eq(appRecords.type, item.type) : undefined,
  );
  const pageSize = page.pagesize ?? 15;
  const [rows, [total]] = await Promise.all([
    db
      .select({ record: appRecords, userName: users.name, deptName: departments.name })
      .from(appRecords)
      .leftJoin(users, eq(users.id, appRecords.userId))
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(where)
      .orderBy(desc(appRecords.createdAt), desc(appRecords.id))
      .limit(pageSize)
      .offset(((page.pageindex ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(appRecords).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
