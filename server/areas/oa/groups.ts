/** Approval groups (审批分组): named, ordered folders of approval definitions. Needs 审批设置 (88/0/8803). */
import { and, asc, count, eq, max } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { oaApprovals, oaGroups } from '../../db/schema-oa';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { requireAuth } from '../auth/require-auth';

export const groupMissing = '审批分组不存在或已被删除';

export async function requireOaSettings(db: Db, session: Session): Promise<void> {
  await requireAuth(db, session, 88, 0, 8803);
}

export async function findGroup(db: Db, companyId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(oaGroups)
    .where(and(eq(oaGroups.id, groupId), inCompany(oaGroups, companyId)));
  if (!row) throw notFound(groupMissing);
  return row;
}

export async function listGroups(db: Db, session: Session) {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(oaGroups)
      .where(inCompany(oaGroups, session.companyId))
      .orderBy(asc(oaGroups.sort), asc(oaGroups.id)),
    db
      .select({ groupId: oaApprovals.groupId, n: count() })
      .from(oaApprovals)
      .where(inCompany(oaApprovals, session.companyId))
      .groupBy(oaApprovals.groupId),
  ]);
  const byGroup = new Map(counts.map((row) => [row.groupId, row.n]));
  return rows.map((row) => ({
    groupId: row.id,
    groupName: row.name,
    sort: row.sort,
    approvalCount: byGroup.get(row.id) ?? 0,
  }));
}

async function requireUniqueName(db: Db, companyId: number, name: string, selfId?: number): Promise<void> {
  const [row] = await db
    .select({ id: oaGroups.id })
    .from(oaGroups)
    .where(and(inCompany(oaGroups, companyId), eq(oaGroups.name, name)));
  if (row && row.id !== selfId) throw businessError('分组名称已存在');
}

export async function createGroup(db: Db, session: Session, groupName: string) {
  await requireOaSettings(db, session);
  const name = groupName.trim();
  if (name === '') throw businessError('请输入分组名称');
  return db.transaction(async (tx) => {
    await requireUniqueName(tx, session.companyId, name);
    const [last] = await tx
      .select({ sort: max(oaGroups.sort) })
      .from(oaGroups)
      .where(inCompany(oaGroups, session.companyId));
    const [row] = await tx
      .insert(oaGroups)
      .values({ companyId: session.companyId, name, sort: (last?.sort ?? 0) + 1 })
      .returning();
    return { groupId: row!.id, groupName: row!.name, sort: row!.sort, approvalCount: 0 };
  });
}

export async function editGroup(
  db: Db,
  session: Session,
  input: { groupId: number; groupName: string },
): Promise<void> {
  await requireOaSettings(db, session);
  const name = input.groupName.trim();
  if (name === '') throw businessError('请输入分组名称');
  await findGroup(db, session.companyId, input.groupId);
  await requireUniqueName(db, session.companyId, name, input.groupId);
  await db
    .update(oaGroups)
    .set({ name })
    .where(and(eq(oaGroups.id, input.groupId), inCompany(oaGroups, session.companyId)));
}

export async function sortGroups(db: Db, session: Session, groupIds: number[]): Promise<void> {
  await requireOaSettings(db, session);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: oaGroups.id })
      .from(oaGroups)
      .where(inCompany(oaGroups, session.companyId));
    const existing = new Set(rows.map((row) => row.id));
    if (groupIds.length !== existing.size || groupIds.some((id) => !existing.has(id))) {
      throw businessError('排序须包含全部审批分组');
    }
    for (const [index, id] of groupIds.entries()) {
      await tx
        .update(oaGroups)
        .set({ sort: index + 1 })
        .where(and(eq(oaGroups.id, id), inCompany(oaGroups, session.companyId)));
    }
  });
}

export async function deleteGroup(db: Db, session: Session, groupId: number): Promise<void> {
  await requireOaSettings(db, session);
  await db.transaction(async (tx) => {
    await findGroup(tx, session.companyId, groupId);
    const [used] = await tx
      .select({ n: count() })
      .from(oaApprovals)
      .where(and(inCompany(oaApprovals, session.companyId), eq(oaApprovals.groupId, groupId)));
    if ((used?.n ?? 0) > 0) throw new ApiError(Codes.stateConflict, '请先移走或删除该分组下的审批');
    await tx.delete(oaGroups).where(and(eq(oaGroups.id, groupId), inCompany(oaGroups, session.companyId)));
  });
}
