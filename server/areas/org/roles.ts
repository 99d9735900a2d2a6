/**
 * Roles and their authorisations (001 section 6-7). Role management needs the manager flag or
 * 角色与权限设置 (8802). Saving a role's authorisations for an app checks that no operation scope
 * is wider than the app's view scope (001 section 3: every other operation scope must be less than
 * or equal to the view scope) and that a child permission is only granted with its parent.
 */
import { and, asc, count, eq, inArray, max, ne } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { authCatalogue, departments, roleAuths, roles, users } from '../../db/schema';
import { roleDetails } from '../../db/schema-org';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { requireAuth } from '../auth/require-auth';
import { permissionCatalogue } from '../../../domain/permission-catalogue';
import { HouseAuth } from '../../../domain/auth-ids';
import { houseStateName, houseStateValues } from '../../../domain/house-rules';
import { readHousingSetting } from '../housing/settings';

const roleMissing = '角色不存在或已被删除';

/** 1 本人, 2 本部门, 3 全公司, 4 指定部门 */
const Range = { self: 1, department: 2, company: 3, chosen: 4 } as const;
const allRanges = [1, 2, 3, 4] as const;

type CatalogueRow = typeof authCatalogue.$inferSelect;

export async function requireRoleManagement(db: Db, session: Session): Promise<void> {
  await requireAuth(db, session, 88, 0, 8802);
}

async function findRole(db: Db, companyId: number, roleId: number) {
  const [row] = await db
    .select({ id: roles.id, name: roles.name, builtinKey: roles.builtinKey })
    .from(roles)
    .where(and(eq(roles.id, roleId), inCompany(roles, companyId)))
    .limit(1);
  if (!row) throw notFound(roleMissing);
  return row;
}

export async function listRoleOptions(db: Db, session: Session) {
  return db
    .select({ roleId: roles.id, roleName: roles.name })
    .from(roles)
    .where(inCompany(roles, session.companyId))
    .orderBy(asc(roles.sort), asc(roles.id));
}

export async function listRoles(db: Db, session: Session) {
  await requireRoleManagement(db, session);
  const [rows, counts] = await Promise.all([
    db
      .select({
        roleId: roles.id,
        roleName: roles.name,
        remark: roleDetails.remark,
        builtinKey: roles.builtinKey,
        sort: roles.sort,
      })
      .from(roles)
      .leftJoin(roleDetails, eq(roleDetails.roleId, roles.id))
      .where(inCompany(roles, session.companyId))
      .orderBy(asc(roles.sort), asc(roles.id)),
    db
      .select({ roleId: users.roleId, n: count() })
      .from(users)
      .where(and(inCompany(users, session.companyId), eq(users.status, 1)))
      .groupBy(users.roleId),
  ]);
  const byRole = new Map(counts.map((row) => [row.roleId, row.n]));
  return rows.map(({ builtinKey, ...row }) => ({
    ...row,
    remark: row.remark ?? null,
    isSystem: builtinKey === null ? (0 as const) : (1 as const),
    userCount: byRole.get(row.roleId) ?? 0,
  }));
}

async function requireUniqueRoleName(
  db: Db,
  companyId: number,
  name: string,
  selfId?: number,
): Promise<void> {
  const [existing] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inCompany(roles, companyId), eq(roles.name, name), selfId ? ne(roles.id, selfId) : undefined))
    .limit(1);
  if (existing) throw businessError(`角色名称「${name}」已存在`);
}

export async function addRole(db: Db, session: Session, body: BodyOf<'roleAdd'>) {
  await requireRoleManagement(db, session);
  const name = body.roleName.trim();
  if (name === '') throw businessError('角色名称不能为空');
  await requireUniqueRoleName(db, session.companyId, name);
  const source =
    body.copyRoleId === undefined ? null : await findRole(db, session.companyId, body.copyRoleId);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ sort: max(roles.sort) })
      .from(roles)
      .where(inCompany(roles, session.companyId));
    const [row] = await tx
      .insert(roles)
      .values({ companyId: session.companyId, name, sort: (last?.sort ?? -1) + 1 })
      .returning({ id: roles.id });
    const roleId = row!.id;
    await tx
      .insert(roleDetails)
      .values({ roleId, companyId: session.companyId, remark: body.remark ?? null });
    if (source) {
      const grants = await tx
        .select()
        .from(roleAuths)
        .where(and(eq(roleAuths.roleId, source.id), inCompany(roleAuths, session.companyId)));
      if (grants.length > 0) await tx.insert(roleAuths).values(grants.map((grant) => ({ ...grant, roleId })));
    }
    return { roleId };
  });
}

export async function editRole(db: Db, session: Session, body: BodyOf<'roleEdit'>): Promise<void> {
  await requireRoleManagement(db, session);
  const role = await findRole(db, session.companyId, body.roleId);
  const name = body.roleName.trim();
  if (name === '') throw businessError('角色名称不能为空');
  await requireUniqueRoleName(db, session.companyId, name, role.id);
  await db.transaction(async (tx) => {
    await tx
      .update(roles)
      .set({ name })
      .where(and(eq(roles.id, role.id), inCompany(roles, session.companyId)));
    if (body.remark !== undefined) {
      await tx
        .insert(roleDetails)
        .values({ roleId: role.id, companyId: session.companyId, remark: body.remark })
        .onConflictDoUpdate({ target: roleDetails.roleId, set: { remark: body.remark } });
    }
  });
}

export async function deleteRole(db: Db, session: Session, roleId: number): Promise<void> {
  await requireRoleManagement(db, session);
  const role = await findRole(db, session.companyId, roleId);
  if (role.builtinKey !== null) throw new ApiError(Codes.stateConflict, '系统预置角色不能删除');
  const [holders] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inCompany(users, session.companyId), eq(users.roleId, role.id), eq(users.status, 1)));
  if ((holders?.n ?? 0) > 0) throw new ApiError(Codes.stateConflict, '该角色仍有在职员工使用，不能删除');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ roleId: null })
      .where(and(inCompany(users, session.companyId), eq(users.roleId, role.id)));
    await tx.delete(roles).where(and(eq(roles.id, role.id), inCompany(roles, session.companyId)));
  });
}

async function loadCatalogue(db: Db, appType: number): Promise<CatalogueRow[]> {
  return db
    .select()
    .from(authCatalogue)
    .where(eq(authCatalogue.appType, appType))
    .orderBy(asc(authCatalogue.sort));
}

const groupOrder = [
  '新增权限',
  '查看权限',
  '编辑权限',
  '删除权限',
  '操作权限',
  '状态权限',
  '团队协作权限',
] as const;

function sharedEntry(entry: { appType: number; authId: number }) {
  return permissionCatalogue.find(
    (known) => known.appType === entry.appType && known.authId === entry.authId,
  );
}

/** The listing statuses a status permission chooses from, named as the company names them. */
async function statusOptions(db: Db, companyId: number) {
  const setting = await readHousingSetting(db, companyId);
  const of = (kind: number, names: Parameters<typeof houseStateName>[2]) =>
    houseStateValues.map((state) => ({ value: String(state), label: houseStateName(state, kind, names) }));
  return { sellStates: of(1, setting.sellHousingState), rentStates: of(2, setting.rentHousingState) };
}

/** The section of the role settings page an entry belongs to; a child sits with its parent. */
function groupOf(entry: CatalogueRow, byId: Map<number, CatalogueRow>): (typeof groupOrder)[number] {
  if (sharedEntry(entry)?.contentKind) return '状态权限';
  let root = entry;
  while (root.parentAuthId !== null && byId.has(root.parentAuthId)) root = byId.get(root.parentAuthId)!;
  if (root.name.includes('协作')) return '团队协作权限';
  if (root.name.startsWith('新增')) return '新增权限';
  if (root.name.startsWith('查看')) return '查看权限';
  if (root.name.startsWith('编辑')) return '编辑权限';
  if (root.name.startsWith('删除')) return '删除权限';
  return '操作权限';
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export async function readRoleAuth(db: Db, session: Session, roleId: number, appType: number) {
  await requireRoleManagement(db, session);
  const role = await findRole(db, session.companyId, roleId);
  const catalogue = await loadCatalogue(db, appType);
  const grants = await db
    .select()
    .from(roleAuths)
    .where(
      and(
        eq(roleAuths.roleId, role.id),
        inCompany(roleAuths, session.companyId),
        eq(roleAuths.appType, appType),
      ),
    );
  const granted = new Map(grants.map((grant) => [`${grant.itemId}:${grant.authId}`, grant]));
  const byId = new Map(catalogue.map((entry) => [entry.authId, entry]));
  const groups = new Map<string, ReturnType<typeof describeItem>[]>();
  const options = appType === HouseAuth.appType ? await statusOptions(db, session.companyId) : null;
  function describeItem(entry: CatalogueRow) {
    const grant = granted.get(`${entry.itemId}:${entry.authId}`);
    const shared = sharedEntry(entry);
    return {
      authId: entry.authId,
      name: entry.name,
      tip: entry.hasRange
        ? '操作范围不能大于查看范围'
        : shared?.hasCount
          ? '不填为不限'
          : shared?.contentKind
            ? '不勾选则不限状态'
            : null,
      selected: grant ? (1 as const) : (0 as const),
      range: grant && entry.hasRange ? ((grant.range ?? Range.company) as 1 | 2 | 3 | 4) : null,
      rangeOptions: entry.hasRange ? [...allRanges] : [],
      contents: asStrings(grant?.contents),
      contentOptions: shared?.contentKind && options ? options[shared.contentKind] : [],
      selectDepartment: grant?.selectDepartment ?? [],
      count: grant?.count ?? null,
      countUnit: shared?.hasCount ? (shared.countUnit ?? null) : null,
    };
  }
  for (const entry of catalogue) {
    const group = groupOf(entry, byId);
    const items = groups.get(group) ?? [];
    items.push(describeItem(entry));
    groups.set(group, items);
  }
  return {
    roleId: role.id,
    roleName: role.name,
    appType: appType as 1 | 2 | 3 | 5 | 6 | 21 | 88 | 999,
    groups: groupOrder
      .filter((name) => groups.has(name))
      .map((groupName) => ({ groupName, items: groups.get(groupName)! })),
  };
}

type Grant = { range: number | null; contents: unknown; selectDepartment: number[]; count: number | null };

/** Whether an operation scope lies inside the view scope (1 < 2 < 3; 4 must name a subset of the view's departments). */
function isWithinViewScope(operation: Grant, view: Grant): boolean {
  if (view.range === Range.company || operation.range === Range.self) return true;
  if (operation.range === Range.company) return false;
  if (operation.range === Range.department) return view.range === Range.department;
  if (operation.range === Range.chosen) {
    return (
      view.range === Range.chosen &&
      operation.selectDepartment.every((id) => view.selectDepartment.includes(id))
    );
  }
  return false;
}

export async function updateRoleAuth(
  db: Db,
  session: Session,
  body: BodyOf<'updateRoleAuth'>,
): Promise<void> {
  await requireRoleManagement(db, session);
  const role = await findRole(db, session.companyId, body.roleId);
  const catalogue = await loadCatalogue(db, body.appType);
  const byId = new Map(catalogue.map((entry) => [entry.authId, entry]));
  const current = await db
    .select()
    .from(roleAuths)
    .where(
      and(
        eq(roleAuths.roleId, role.id),
        inCompany(roleAuths, session.companyId),
        eq(roleAuths.appType, body.appType),
      ),
    );
  const merged = new Map<number, Grant>(
    current.map((row) => [
      row.authId,
      {
        range: row.range,
        contents: row.contents,
        selectDepartment: row.selectDepartment ?? [],
        count: row.count,
      },
    ]),
  );
  for (const item of body.authData) {
    const entry = byId.get(item.authId);
    if (!entry) throw businessError(`未知的权限编号：${item.authId}`);
    if (item.selected === 0) {
      merged.delete(item.authId);
      continue;
    }
    const before = merged.get(item.authId);
    merged.set(item.authId, {
      range: entry.hasRange ? (item.range !== undefined ? item.range : (before?.range ?? null)) : null,
      contents: item.contents ?? before?.contents ?? null,
      selectDepartment: item.selectDepartment ?? before?.selectDepartment ?? [],
      count: item.count !== undefined ? item.count : (before?.count ?? null),
    });
  }
  const chosenDepartments = new Set<number>();
  for (const [authId, grant] of merged) {
    const entry = byId.get(authId)!;
    if (entry.parentAuthId !== null && byId.has(entry.parentAuthId) && !merged.has(entry.parentAuthId)) {
      throw businessError(`请先授予「${byId.get(entry.parentAuthId)!.name}」，再授予「${entry.name}」`);
    }
    const contentKind = sharedEntry(entry)?.contentKind;
    if (contentKind) {
      const chosen = Array.isArray(grant.contents) ? (grant.contents as unknown[]) : [];
      if (chosen.length === 0) throw businessError(`请为「${entry.name}」至少选择一个状态`);
      if (!chosen.every((value) => houseStateValues.map(String).includes(String(value))))
        throw businessError(`「${entry.name}」含有不存在的状态，请重新选择`);
    }
    if (!entry.hasRange) continue;
    if (grant.range === null) throw businessError(`请选择「${entry.name}」的范围`);
    if (grant.range === Range.chosen) {
      if (grant.selectDepartment.length === 0)
        throw businessError(`「${entry.name}」的范围为指定部门，请至少选择一个部门`);
      for (const id of grant.selectDepartment) chosenDepartments.add(id);
    } else {
      grant.selectDepartment = [];
    }
  }
  if (chosenDepartments.size > 0) {
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(inCompany(departments, session.companyId), inArray(departments.id, [...chosenDepartments])));
    if (found.length !== chosenDepartments.size) throw businessError('指定部门不存在或已被删除，请重新选择');
  }
  const view = catalogue.find((entry) => entry.hasRange && entry.name.startsWith('查看'));
  if (view) {
    const viewGrant = merged.get(view.authId);
    for (const [authId, grant] of merged) {
      const entry = byId.get(authId)!;
      if (!entry.hasRange || authId === view.authId) continue;
      if (!viewGrant || !isWithinViewScope(grant, viewGrant)) {
        throw businessError(
          `「${entry.name}」的范围不能大于「${view.name}」的范围，各操作范围须小于或等于查看范围`,
        );
      }
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(roleAuths)
      .where(
        and(
          eq(roleAuths.roleId, role.id),
          inCompany(roleAuths, session.companyId),
          eq(roleAuths.appType, body.appType),
        ),
      );
    if (merged.size === 0) return;
    await tx.insert(roleAuths).values(
      [...merged].map(([authId, grant]) => ({
        companyId: session.companyId,
        roleId: role.id,
        appType: body.appType,
        itemId: byId.get(authId)!.itemId,
        authId,
        range: grant.range,
        contents: grant.contents ?? null,
        selectDepartment: grant.selectDepartment,
        count: grant.count,
      })),
    );
  });
}
