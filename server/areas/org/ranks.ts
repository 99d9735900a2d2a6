/**
 * Ranks and rank groups (职级、职级序列; 001 section 7 "Roles and ranks", secondary host /setting/).
 * A group's name is unique in the company; a rank's name and level are unique within its group.
 * Everyone in the company reads them (staff forms show them); changes need 组织架构管理 (8801).
 * A group that still has ranks, or a rank that active staff hold, is not deleted (409).
 */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { rankGroups, ranks, staffDetails } from '../../db/schema-org';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { requireOrgManagement } from './departments';

const groupMissing = '职级序列不存在或已被删除';
const rankMissing = '职级不存在或已被删除';

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a unique index that another request won in the meantime answers like the check before it. */
async function uniquely<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw businessError(message);
    throw error;
  }
}

function requireName(value: string, field: string): string {
  const name = value.trim();
  if (name === '') throw businessError(`${field}不能为空`);
  return name;
}

export async function listRankGroups(db: Db, session: Session) {
  const rows = await db
    .select({
      rankGroupId: rankGroups.id,
      groupName: rankGroups.name,
      sort: rankGroups.sort,
      rankCount: db.$count(ranks, eq(ranks.rankGroupId, rankGroups.id)),
    })
    .from(rankGroups)
    .where(inCompany(rankGroups, session.companyId))
    .orderBy(asc(rankGroups.sort), asc(rankGroups.id));
  return rows;
}

async function findGroup(db: Db, companyId: number, rankGroupId: number) {
  const [row] = await db
    .select()
    .from(rankGroups)
    .where(and(eq(rankGroups.id, rankGroupId), inCompany(rankGroups, companyId)))
    .limit(1);
  if (!row) throw notFound(groupMissing);
  return row;
}

async function requireUniqueGroupName(db: Db, companyId: number, name: string, selfId?: number) {
  const [existing] = await db
    .select({ id: rankGroups.id })
    .from(rankGroups)
    .where(
      and(
        inCompany(rankGroups, companyId),
        eq(rankGroups.name, name),
        selfId ? ne(rankGroups.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw businessError(`职级序列「${name}」已存在`);
}

export async function addRankGroup(db: Db, session: Session, body: BodyOf<'addRankGroup'>) {
  await requireOrgManagement(db, session);
  const name = requireName(body.groupName, '序列名称');
  await requireUniqueGroupName(db, session.companyId, name);
  const [row] = await uniquely(
    () =>
      db
        .insert(rankGroups)
        .values({ companyId: session.companyId, name, sort: body.sort ?? 0 })
        .returning({ id: rankGroups.id }),
    `职级序列「${name}」已存在`,
  );
  return { rankGroupId: row!.id };
}

export async function updateRankGroup(db: Db, session: Session, body: BodyOf<'updateRankGroup'>) {
  await requireOrgManagement(db, session);
  const group = await findGroup(db, session.companyId, body.rankGroupId);
  const name = requireName(body.groupName, '序列名称');
  await requireUniqueGroupName(db, session.companyId, name, group.id);
  await uniquely(
    () =>
      db
        .update(rankGroups)
        .set({ name, sort: body.sort ?? group.sort })
        .where(and(eq(rankGroups.id, group.id), inCompany(rankGroups, session.companyId))),
    `职级序列「${name}」已存在`,
  );
}

export async function deleteRankGroup(db: Db, session: Session, rankGroupId: number): Promise<void> {
  await requireOrgManagement(db, session);
  const group = await findGroup(db, session.companyId, rankGroupId);
  await db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(ranks).where(eq(ranks.rankGroupId, group.id));
    if ((held?.n ?? 0) > 0)
      throw new ApiError(Codes.stateConflict, `职级序列「${group.name}」下仍有职级，请先删除其中的职级`);
    await tx
      .delete(rankGroups)
      .where(and(eq(rankGroups.id, group.id), inCompany(rankGroups, session.companyId)));
  });
}

export async function listRanks(db: Db, session: Session, rankGroupId: number | undefined) {
  if (rankGroupId !== undefined) await findGroup(db, session.companyId, rankGroupId);
  const [rows, holders] = await Promise.all([
    db
      .select({
        rankId: ranks.id,
        rankName: ranks.name,
        rankGroupId: ranks.rankGroupId,
        groupName: rankGroups.name,
        level: ranks.level,
        remark: ranks.remark,
        sort: ranks.sort,
      })
      .from(ranks)
      .innerJoin(rankGroups, eq(rankGroups.id, ranks.rankGroupId))
      .where(
        and(
          inCompany(ranks, session.companyId),
          rankGroupId === undefined ? undefined : eq(ranks.rankGroupId, rankGroupId),
        ),
      )
      .orderBy(asc(rankGroups.sort), asc(rankGroups.id), asc(ranks.level), asc(ranks.sort), asc(ranks.id)),
    countHolders(db, session.companyId),
  ]);
  return rows.map((row) => ({ ...row, userCount: holders.get(row.rankId) ?? 0 }));
}

/** Active staff per rank. */
async function countHolders(db: Db, companyId: number, rankId?: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ rankId: staffDetails.rankId, n: count() })
    .from(staffDetails)
    .innerJoin(users, eq(users.id, staffDetails.userId))
    .where(
      and(
        inCompany(staffDetails, companyId),
        eq(users.status, 1),
        rankId === undefined ? undefined : eq(staffDetails.rankId, rankId),
      ),
    )
    .groupBy(staffDetails.rankId);
  return new Map(rows.filter((row) => row.rankId !== null).map((row) => [row.rankId!, row.n]));
}

async function findRank(db: Db, companyId: number, rankId: number) {
  const [row] = await db
    .select()
    .from(ranks)
    .where(and(eq(ranks.id, rankId), inCompany(ranks, companyId)))
    .limit(1);
  if (!row) throw notFound(rankMissing);
  return row;
}

/** A rank of the company (405 naming the field otherwise); null and undefined pass. */
export async function requireRank(db: Db, companyId: number, rankId: number | null | undefined) {
  if (rankId === null || rankId === undefined) return;
  const [row] = await db
    .select({ id: ranks.id })
    .from(ranks)
    .where(and(eq(ranks.id, rankId), inCompany(ranks, companyId)))
    .limit(1);
  if (!row) throw businessError('职级（rankId）不存在，请重新选择');
}

async function requireUniqueInGroup(
  db: Db,
  group: { id: number; name: string },
  name: string,
  level: number,
  selfId?: number,
) {
  const others = await db
    .select({ name: ranks.name, level: ranks.level })
    .from(ranks)
    .where(and(eq(ranks.rankGroupId, group.id), selfId ? ne(ranks.id, selfId) : undefined));
  if (others.some((other) => other.name === name))
    throw businessError(`职级序列「${group.name}」中已有职级「${name}」`);
  const sameLevel = others.find((other) => other.level === level);
  if (sameLevel)
    throw businessError(`职级序列「${group.name}」中级别 ${level} 已是「${sameLevel.name}」，级别不能重复`);
}

export async function addRank(db: Db, session: Session, body: BodyOf<'addRank'>) {
  await requireOrgManagement(db, session);
  const group = await findGroup(db, session.companyId, body.rankGroupId);
  const name = requireName(body.rankName, '职级名称');
  await requireUniqueInGroup(db, group, name, body.level);
  const [row] = await uniquely(
    () =>
      db
        .insert(ranks)
        .values({
          companyId: session.companyId,
          rankGroupId: group.id,
          name,
          level: body.level,
          remark: body.remark?.trim() || null,
          sort: body.sort ?? 0,
        })
        .returning({ id: ranks.id }),
    `职级序列「${group.name}」中职级名称或级别重复`,
  );
  return { rankId: row!.id };
}

export async function updateRank(db: Db, session: Session, body: BodyOf<'updateRank'>): Promise<void> {
  await requireOrgManagement(db, session);
  const rank = await findRank(db, session.companyId, body.rankId);
  const group = await findGroup(db, session.companyId, body.rankGroupId);
  const name = requireName(body.rankName, '职级名称');
  await requireUniqueInGroup(db, group, name, body.level, rank.id);
  await uniquely(
    () =>
      db
        .update(ranks)
        .set({
          rankGroupId: group.id,
          name,
          level: body.level,
          remark: body.remark === undefined ? rank.remark : body.remark?.trim() || null,
          sort: body.sort ?? rank.sort,
        })
        .where(and(eq(ranks.id, rank.id), inCompany(ranks, session.companyId))),
    `职级序列「${group.name}」中职级名称或级别重复`,
  );
}

export async function deleteRank(db: Db, session: Session, rankId: number): Promise<void> {
  await requireOrgManagement(db, session);
  const rank = await findRank(db, session.companyId, rankId);
  await db.transaction(async (tx) => {
    const holders = await countHolders(tx, session.companyId, rank.id);
    const n = holders.get(rank.id) ?? 0;
    if (n > 0) throw new ApiError(Codes.stateConflict, `职级「${rank.name}」仍有 ${n} 名在职员工，不能删除`);
    // Resigned staff who held it lose it (the foreign key sets it to null).
    await tx.delete(ranks).where(and(eq(ranks.id, rank.id), inCompany(ranks, session.companyId)));
  });
}
