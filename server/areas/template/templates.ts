/**
 * Template management (openapi/paths/template.yaml): the list, shelf state, groups, settings,
 * widget fields and use range. A template is a company's row in sign_templates (boxId = id);
 * deleted templates are kept (soft delete) because contracts refer to them.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts, signTemplateGroups, signTemplates } from '../../db/schema-sign';
import { ApiError, Codes, Messages, businessError, notFound } from '../../contract/envelope';
import type { Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { loadHierarchy, subtreeIds } from '../org/department-scope';

export type TemplateRow = typeof signTemplates.$inferSelect;
export type ContractType = 1 | 2 | 3;

const maxCustomGroups = 20;

export function contractTypeOf(template: Pick<TemplateRow, 'type'>): ContractType {
  return template.type as ContractType;
}

/** The company's template (not deleted), or 404. */
export async function findTemplate(db: Db, companyId: number, boxId: number): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(signTemplates)
    .where(
      and(inCompany(signTemplates, companyId), eq(signTemplates.id, boxId), isNull(signTemplates.deletedAt)),
    );
  if (!row) throw notFound('合同模板不存在或已被删除');
  return row;
}

/** Range: nobody chosen means everyone; otherwise a member of a chosen department (or below) or role. */
export async function canUseTemplate(db: Db, session: Session, template: TemplateRow): Promise<boolean> {
  if (session.isManager) return true;
  if (template.rangeDeptIds.length === 0 && template.rangeRoleIds.length === 0) return true;
  if (session.roleId !== null && template.rangeRoleIds.includes(session.roleId)) return true;
  if (session.deptId === null || template.rangeDeptIds.length === 0) return false;
  const hierarchy = await loadHierarchy(db, session.companyId);
  return subtreeIds(hierarchy, template.rangeDeptIds).has(session.deptId);
}

/** Templates the user may start a contract with: on the shelf and in range. */
export async function listUsableTemplates(db: Db, session: Session, filter: { type?: number; key?: string }) {
  const conditions: SQL[] = [
    inCompany(signTemplates, session.companyId),
    isNull(signTemplates.deletedAt),
    eq(signTemplates.state, 1),
  ];
  if (filter.type !== undefined) conditions.push(eq(signTemplates.type, filter.type));
  if (filter.key) conditions.push(ilike(signTemplates.name, `%${escapeLike(filter.key)}%`));
  const rows = await db
    .select({ template: signTemplates, group: signTemplateGroups })
    .from(signTemplates)
    .innerJoin(signTemplateGroups, eq(signTemplateGroups.id, signTemplates.groupId))
    .where(and(...conditions))
    .orderBy(
      asc(signTemplateGroups.sort),
      asc(signTemplateGroups.id),
      desc(signTemplates.updatedAt),
      desc(signTemplates.id),
    );
  const usable = [];
  for (const row of rows) if (await canUseTemplate(db, session, row.template)) usable.push(row);
  return usable;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type ListItemSource = { template: TemplateRow; group: typeof signTemplateGroups.$inferSelect };

function toListItem(row: ListItemSource) {
  return {
    boxId: row.template.id,
    boxName: row.template.name,
    type: contractTypeOf(row.template),
    groupId: row.group.id,
    groupName: row.group.name,
    state: row.template.state as 1 | 2,
    coverUrl: row.template.coverUrl,
    useCount: row.template.useCount,
    userName: row.template.creatorName,
    createTime: formatDateTime(row.template.createdAt),
    updateTime: formatDateTime(row.template.updatedAt),
  };
}

export async function listManagedTemplates(
  db: Db,
  companyId: number,
  query: {
    key?: string;
    groupId?: number;
    state?: 1 | 2;
    type?: 1 | 2 | 3;
    pageindex?: number;
    pagesize?: number;
  },
) {
  const conditions: SQL[] = [inCompany(signTemplates, companyId), isNull(signTemplates.deletedAt)];
  if (query.key) conditions.push(ilike(signTemplates.name, `%${escapeLike(query.key)}%`));
  if (query.groupId !== undefined) conditions.push(eq(signTemplates.groupId, query.groupId));
  if (query.state !== undefined) conditions.push(eq(signTemplates.state, query.state));
  if (query.type !== undefined) conditions.push(eq(signTemplates.type, query.type));
  const size = query.pagesize ?? 15;
  const index = query.pageindex ?? 1;
  const [total] = await db
    .select({ n: count() })
    .from(signTemplates)
    .where(and(...conditions));
  const rows = await db
    .select({ template: signTemplates, group: signTemplateGroups })
    .from(signTemplates)
    .innerJoin(signTemplateGroups, eq(signTemplateGroups.id, signTemplates.groupId))
    .where(and(...conditions))
    .orderBy(
      asc(signTemplateGroups.sort),
      asc(signTemplateGroups.id),
      desc(signTemplates.updatedAt),
      desc(signTemplates.id),
    )
    .limit(size)
    .offset((index - 1) * size);
  return { data: rows.map(toListItem), total: total?.n ?? 0 };
}

/** Usable templates, 常用模板 first, then by contracts started in the last 30 days. */
export async function recommendTemplates(
  db: Db,
  session: Session,
  now: Date,
  query: { type?: 1 | 2 | 3; limit?: number },
) {
  const usable = await listUsableTemplates(db, session, {
    ...(query.type !== undefined ? { type: query.type } : {}),
  });
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const ids = usable.map((row) => row.template.id);
  const recent = ids.length
    ? await db
        .select({ templateId: signContracts.templateId, n: count() })
        .from(signContracts)
        .where(
          and(
            inCompany(signContracts, session.companyId),
            inArray(signContracts.templateId, ids),
            gte(signContracts.createdAt, since),
          ),
        )
        .groupBy(signContracts.templateId)
    : [];
  const recentCount = new Map(recent.map((r) => [r.templateId, r.n]));
  const sorted = [...usable].sort((a, b) => {
    const commonA = a.group.systemKey === 'common' ? 0 : 1;
    const commonB = b.group.systemKey === 'common' ? 0 : 1;
    if (commonA !== commonB) return commonA - commonB;
    return (recentCount.get(b.template.id) ?? 0) - (recentCount.get(a.template.id) ?? 0);
  });
  const limited = sorted.slice(0, query.limit ?? 10);
  return { data: limited.map(toListItem), total: limited.length };
}

export async function setShelfState(db: Db, companyId: number, boxId: number, state: 1 | 2): Promise<void> {
  const template = await findTemplate(db, companyId, boxId);
  const updated = await db
    .update(signTemplates)
    .set({ state, updatedAt: sql`now()` })
    .where(
      and(
        eq(signTemplates.id, template.id),
        inCompany(signTemplates, companyId),
        sql`${signTemplates.state} <> ${state}`,
      ),
    )
    .returning({ id: signTemplates.id });
  if (updated.length === 0) {
    throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  }
}

export async function deleteTemplate(db: Db, companyId: number, boxId: number): Promise<void> {
  await findTemplate(db, companyId, boxId);
  const deleted = await db
    .update(signTemplates)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(signTemplates.id, boxId),
        inCompany(signTemplates, companyId),
        eq(signTemplates.state, 2),
        isNull(signTemplates.deletedAt),
      ),
    )
    .returning({ id: signTemplates.id });
  if (deleted.length === 0) throw new ApiError(Codes.stateConflict, '请先下架该模板再删除');
}

// ---------------------------------------------------------------- groups

type GroupRow = typeof signTemplateGroups.$inferSelect;

export async function listGroups(db: Db, companyId: number) {
  const rows = await db
    .select({ group: signTemplateGroups, n: sql<number>`count(${signTemplates.id})::int` })
    .from(signTemplateGroups)
    .leftJoin(
      signTemplates,
      and(eq(signTemplates.groupId, signTemplateGroups.id), isNull(signTemplates.deletedAt)),
    )
    .where(inCompany(signTemplateGroups, companyId))
    .groupBy(signTemplateGroups.id)
    .orderBy(asc(signTemplateGroups.sort), asc(signTemplateGroups.id));
  const data = rows.map((row) => toGroup(row.group, row.n));
  return { data, total: data.length };
}

function toGroup(group: GroupRow, templateCount: number) {
  const isSystem: 0 | 1 = group.systemKey ? 1 : 0;
  return {
    groupId: group.id,
    groupName: group.name,
    isSystem,
    sort: group.sort,
    templateCount,
  };
}

export async function findGroup(db: Db, companyId: number, groupId: number): Promise<GroupRow> {
  const [group] = await db
    .select()
    .from(signTemplateGroups)
    .where(and(inCompany(signTemplateGroups, companyId), eq(signTemplateGroups.id, groupId)));
  if (!group) throw notFound('模板分组不存在或已被删除');
  return group;
}

async function assertGroupNameFree(db: Db, companyId: number, name: string, exceptId?: number) {
  const [same] = await db
    .select({ id: signTemplateGroups.id })
    .from(signTemplateGroups)
    .where(and(inCompany(signTemplateGroups, companyId), eq(signTemplateGroups.name, name)));
  if (same && same.id !== exceptId) throw businessError('分组名称已存在');
}

export async function addGroup(db: Db, companyId: number, rawName: string) {
  const name = rawName.trim();
  if (!name) throw businessError('请输入分组名称');
  return db.transaction(async (tx) => {
    // Serialises group creation of one company so the name check and the limit hold under races.
    await tx.execute(sql`select pg_advisory_xact_lock(7301, ${companyId})`);
    await assertGroupNameFree(tx, companyId, name);
    const [own] = await tx
      .select({ n: count(), maxSort: sql<number>`coalesce(max(${signTemplateGroups.sort}), 0)::int` })
      .from(signTemplateGroups)
      .where(and(inCompany(signTemplateGroups, companyId), isNull(signTemplateGroups.systemKey)));
    if ((own?.n ?? 0) >= maxCustomGroups) throw businessError(`最多只能建立 ${maxCustomGroups} 个自定义分组`);
    const [group] = await tx
      .insert(signTemplateGroups)
      .values({ companyId, name, sort: Math.max(own?.maxSort ?? 0, 0) + 1 })
      .returning();
    return toGroup(group!, 0);
  });
}

export async function renameGroup(db: Db, companyId: number, groupId: number, rawName: string) {
  const name = rawName.trim();
  if (!name) throw businessError('请输入分组名称');
  const group = await findGroup(db, companyId, groupId);
  if (group.systemKey) throw new ApiError(Codes.stateConflict, '内置分组不能修改');
  await assertGroupNameFree(db, companyId, name, groupId);
  await db
    .update(signTemplateGroups)
    .set({ name })
    .where(and(eq(signTemplateGroups.id, groupId), inCompany(signTemplateGroups, companyId)));
}

export async function deleteGroup(db: Db, companyId: number, groupId: number) {
  const group = await findGroup(db, companyId, groupId);
  if (group.systemKey) throw new ApiError(Codes.stateConflict, '内置分组不能删除');
  await db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: signTemplateGroups.id })
      .from(signTemplateGroups)
      .where(and(inCompany(signTemplateGroups, companyId), eq(signTemplateGroups.systemKey, 'other')));
    await tx
      .update(signTemplates)
      .set({ groupId: other!.id })
      .where(and(inCompany(signTemplates, companyId), eq(signTemplates.groupId, groupId)));
    await tx
      .delete(signTemplateGroups)
      .where(and(eq(signTemplateGroups.id, groupId), inCompany(signTemplateGroups, companyId)));
  });
}

export async function listTemplatesForSigning(
  db: Db,
  session: Session,
  query: { key?: string; boxGroupType?: 1 | 2 | 3 },
) {
  const rows = await listUsableTemplates(db, session, {
    ...(query.boxGroupType !== undefined ? { type: query.boxGroupType } : {}),
    ...(query.key ? { key: query.key } : {}),
  });
  return rows.map((row) => ({
    boxId: row.template.id,
    boxName: row.template.name,
    contractType: contractTypeOf(row.template),
    groupId: row.group.id,
    groupName: row.group.name,
    signingInitiateType: row.template.signingInitiateType as (1 | 2)[],
    coverUrl: row.template.coverUrl,
  }));
}

export async function requireUsableTemplate(db: Db, session: Session, boxId: number): Promise<TemplateRow> {
  const template = await findTemplate(db, session.companyId, boxId);
  if (!(await canUseTemplate(db, session, template))) throw businessError('您不在该模板的使用范围内');
  return template;
}
