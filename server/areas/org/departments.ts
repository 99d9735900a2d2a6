/**
 * Departments: the tree (limited to what the user may see), detail, sub-departments and changes.
 * Changes need the manager flag or 组织架构管理 (8801), and a non-manager changes only departments
 * inside its own scope.
 */
import { and, count, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { departments, positions, users } from '../../db/schema';
import { departmentDetails } from '../../db/schema-org';
import { ApiError, Codes, businessError, forbidden, notFound } from '../../contract/envelope';
import type { BodyOf, QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { requireAuth } from '../auth/require-auth';
import {
  ancestorChain,
  canSee,
  levelOf,
  loadVisibleDepartments,
  subtreeIds,
  type DepartmentRow,
  type Hierarchy,
  type VisibleDepartments,
} from './department-scope';

export const maxDepartmentLevels = 10;
const departmentMissing = '部门不存在或已被删除';

export async function requireOrgManagement(db: Db, session: Session): Promise<VisibleDepartments> {
  await requireAuth(db, session, 88, 0, 8801);
  return loadVisibleDepartments(db, session);
}

/** A department of the session's company that the user may see; 404 for another company's, 403 outside the scope. */
export function requireVisibleDepartment(visible: VisibleDepartments, deptId: number): DepartmentRow {
  const row = visible.hierarchy.byId.get(deptId);
  if (!row) throw notFound(departmentMissing);
  if (!canSee(visible, deptId)) throw forbidden();
  return row;
}

async function activeUserCounts(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ deptId: users.deptId, n: count() })
    .from(users)
    .where(and(inCompany(users, companyId), eq(users.status, 1)))
    .groupBy(users.deptId);
  return new Map(rows.filter((row) => row.deptId !== null).map((row) => [row.deptId!, row.n]));
}

async function loadDetails(db: Db, companyId: number) {
  const rows = await db
    .select({
      departmentId: departmentDetails.departmentId,
      managerUserId: departmentDetails.managerUserId,
      managerName: users.name,
      phone: departmentDetails.phone,
      address: departmentDetails.address,
      cityId: departmentDetails.cityId,
    })
    .from(departmentDetails)
    .leftJoin(users, eq(users.id, departmentDetails.managerUserId))
    .where(inCompany(departmentDetails, companyId));
  return new Map(rows.map((row) => [row.departmentId, row]));
}

type Details = Awaited<ReturnType<typeof loadDetails>>;

function describe(hierarchy: Hierarchy, counts: Map<number, number>, details: Details, row: DepartmentRow) {
  let userCount = 0;
  for (const id of subtreeIds(hierarchy, [row.id])) userCount += counts.get(id) ?? 0;
  const detail = details.get(row.id);
  return {
    deptId: row.id,
    deptName: row.name,
    parentId: row.parentId ?? 0,
    level: levelOf(hierarchy, row.id),
    sort: row.sort,
    userCount,
    managerUserId: detail?.managerUserId ?? null,
    managerName: detail?.managerName ?? null,
  };
}

type TreeNode = {
  dept: ReturnType<typeof describe>;
  children: TreeNode[];
  users?: {
    userId: number;
    name: string;
    deptId: number;
    positionName: string | null;
    faceUrl: string | null;
  }[];
};

export async function readDepartmentTree(
  db: Db,
  session: Session,
  query: QueryOf<'deptTree'>,
): Promise<TreeNode[]> {
  const visible = await loadVisibleDepartments(db, session);
  const { hierarchy } = visible;
  const start = query.deptId === undefined ? hierarchy.childrenOf(null)[0] : hierarchy.byId.get(query.deptId);
  if (!start) {
    if (query.deptId !== undefined) throw notFound(departmentMissing);
    return [];
  }
  const withStaff = query.type === 2;
  const key = query.key?.trim() ?? '';
  const staff = withStaff
    ? await db
        .select({
          userId: users.id,
          name: users.name,
          userName: users.userName,
          deptId: users.deptId,
          positionName: positions.name,
          faceUrl: users.faceUrl,
        })
        .from(users)
        .leftJoin(positions, eq(positions.id, users.positionId))
        .where(and(inCompany(users, session.companyId), eq(users.status, 1)))
        .orderBy(users.id)
    : [];
  const staffByDept = new Map<number, typeof staff>();
  for (const person of staff) {
    if (person.deptId === null || !canSee(visible, person.deptId)) continue;
    const list = staffByDept.get(person.deptId) ?? [];
    list.push(person);
    staffByDept.set(person.deptId, list);
  }
  // What is shown: visible departments and their ancestors; with a key, only matches and their ancestors.
  const shown = new Set<number>();
  const subtree = subtreeIds(hierarchy, [start.id]);
  for (const id of subtree) {
    if (!canSee(visible, id)) continue;
    const row = hierarchy.byId.get(id)!;
    const isMatch =
      key === '' ||
      row.name.includes(key) ||
      (withStaff &&
        (staffByDept.get(id) ?? []).some(
          (person) => person.name.includes(key) || person.userName.includes(key),
        ));
    if (!isMatch) continue;
    for (const ancestor of ancestorChain(hierarchy, id)) {
      if (!subtree.has(ancestor.id)) break;
      shown.add(ancestor.id);
    }
  }
  if (!shown.has(start.id)) return [];
  const [counts, details] = await Promise.all([
    activeUserCounts(db, session.companyId),
    loadDetails(db, session.companyId),
  ]);
  const maxDepth = query.displayLevel ?? 0;
  const build = (row: DepartmentRow, depth: number): TreeNode => {
    const children =
      maxDepth !== 0 && depth >= maxDepth
        ? []
        : hierarchy
            .childrenOf(row.id)
            .filter((child) => shown.has(child.id))
            .map((child) => build(child, depth + 1));
    const node: TreeNode = { dept: describe(hierarchy, counts, details, row), children };
    if (withStaff) {
      node.users = (staffByDept.get(row.id) ?? [])
        .filter(
          (person) =>
            key === '' ||
            row.name.includes(key) ||
            person.name.includes(key) ||
            person.userName.includes(key),
        )
        .map((person) => ({
          userId: person.userId,
          name: person.name,
          deptId: row.id,
          positionName: person.positionName,
          faceUrl: person.faceUrl,
        }));
    }
    return node;
  };
  return [build(start, 1)];
}

export async function readDepartmentDetail(db: Db, session: Session, deptId: number) {
  const visible = await loadVisibleDepartments(db, session);
  const row = requireVisibleDepartment(visible, deptId);
  const { hierarchy } = visible;
  const [counts, details] = await Promise.all([
    activeUserCounts(db, session.companyId),
    loadDetails(db, session.companyId),
  ]);
  const detail = details.get(row.id);
  const chain = ancestorChain(hierarchy, row.id);
  return {
    ...describe(hierarchy, counts, details, row),
    parentName: row.parentId === null ? null : (hierarchy.byId.get(row.parentId)?.name ?? null),
    fullPath: chain
      .map((department) => department.name)
      .reverse()
      .join('/'),
    childCount: hierarchy.childrenOf(row.id).length,
    phone: detail?.phone ?? null,
    address: detail?.address ?? null,
    cityid: detail?.cityId ?? null,
    createTime: formatDateTime(row.createdAt),
  };
}

export async function listSubDepartments(db: Db, session: Session, deptId: number) {
  const visible = await loadVisibleDepartments(db, session);
  const { hierarchy } = visible;
  if (!hierarchy.byId.has(deptId)) throw notFound(departmentMissing);
  const [counts, details] = await Promise.all([
    activeUserCounts(db, session.companyId),
    loadDetails(db, session.companyId),
  ]);
  // A child is listed when the user sees it or something below it.
  return hierarchy
    .childrenOf(deptId)
    .filter(
      (child) =>
        visible.allDepts || [...subtreeIds(hierarchy, [child.id])].some((id) => visible.deptIds.has(id)),
    )
    .map((child) => describe(hierarchy, counts, details, child));
}

async function requireActiveStaff(
  db: Db,
  companyId: number,
  userId: number | null | undefined,
): Promise<void> {
  if (userId === null || userId === undefined) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inCompany(users, companyId), eq(users.status, 1)))
    .limit(1);
  if (!row) throw businessError('部门负责人须为本公司在职员工');
}

function requireUniqueSiblingName(
  hierarchy: Hierarchy,
  parentId: number | null,
  name: string,
  selfId?: number,
): void {
  if (hierarchy.childrenOf(parentId).some((sibling) => sibling.name === name && sibling.id !== selfId)) {
    throw businessError(`同一上级部门下已有名为「${name}」的部门`);
  }
}

function subtreeHeight(hierarchy: Hierarchy, id: number): number {
  const children = hierarchy.childrenOf(id);
  return (
    1 + (children.length === 0 ? 0 : Math.max(...children.map((child) => subtreeHeight(hierarchy, child.id))))
  );
}

export async function addDepartment(
  db: Db,
  session: Session,
  body: BodyOf<'deptAdd'>,
): Promise<{ deptId: number }> {
  const visible = await requireOrgManagement(db, session);
  requireVisibleDepartment(visible, body.parentId);
  const name = body.deptName.trim();
  if (name === '') throw businessError('部门名称不能为空');
  requireUniqueSiblingName(visible.hierarchy, body.parentId, name);
  if (levelOf(visible.hierarchy, body.parentId) + 1 > maxDepartmentLevels) {
    throw businessError(`部门层级最多 ${maxDepartmentLevels} 层`);
  }
  await requireActiveStaff(db, session.companyId, body.managerUserId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(departments)
      .values({ companyId: session.companyId, parentId: body.parentId, name, sort: body.sort ?? 0 })
      .returning({ id: departments.id });
    await tx.insert(departmentDetails).values({
      departmentId: row!.id,
      companyId: session.companyId,
      managerUserId: body.managerUserId ?? null,
      phone: body.phone ?? null,
      address: body.address ?? null,
      cityId: body.cityid ?? null,
    });
    return { deptId: row!.id };
  });
}

export async function editDepartment(db: Db, session: Session, body: BodyOf<'deptEdit'>): Promise<void> {
  const visible = await requireOrgManagement(db, session);
  const { hierarchy } = visible;
  const row = requireVisibleDepartment(visible, body.deptId);
  const name = body.deptName.trim();
  if (name === '') throw businessError('部门名称不能为空');
  let parentId: number | null;
  if (row.parentId === null) {
    if (body.parentId !== 0) throw businessError('根部门不能修改上级部门');
    parentId = null;
  } else {
    if (body.parentId === 0) throw businessError('只能有一个根部门，请选择上级部门');
    requireVisibleDepartment(visible, body.parentId);
    if (subtreeIds(hierarchy, [row.id]).has(body.parentId))
      throw businessError('不能把部门移到它自身或它的下级部门之下');
    if (levelOf(hierarchy, body.parentId) + subtreeHeight(hierarchy, row.id) > maxDepartmentLevels) {
      throw businessError(`部门层级最多 ${maxDepartmentLevels} 层`);
    }
    parentId = body.parentId;
  }
  requireUniqueSiblingName(hierarchy, parentId, name, row.id);
  await requireActiveStaff(db, session.companyId, body.managerUserId);
  const details = {
    managerUserId: body.managerUserId ?? null,
    phone: body.phone ?? null,
    address: body.address ?? null,
    cityId: body.cityid ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(departments)
      .set({ name, parentId, sort: body.sort ?? row.sort })
      .where(and(eq(departments.id, row.id), inCompany(departments, session.companyId)));
    await tx
      .insert(departmentDetails)
      .values({ departmentId: row.id, companyId: session.companyId, ...details })
      .onConflictDoUpdate({ target: departmentDetails.departmentId, set: details });
  });
}

export async function deleteDepartment(db: Db, session: Session, deptId: number): Promise<void> {
  const visible = await requireOrgManagement(db, session);
  const row = requireVisibleDepartment(visible, deptId);
  if (row.parentId === null) throw new ApiError(Codes.stateConflict, '根部门不能删除');
  if (visible.hierarchy.childrenOf(row.id).length > 0) {
    throw new ApiError(Codes.stateConflict, '该部门下还有下级部门，不能删除');
  }
  const [active] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inCompany(users, session.companyId), eq(users.deptId, row.id), eq(users.status, 1)));
  if ((active?.n ?? 0) > 0) throw new ApiError(Codes.stateConflict, '该部门下还有在职员工，不能删除');
  await db.transaction(async (tx) => {
    // Resigned staff keep a department: they move up to the parent.
    await tx
      .update(users)
      .set({ deptId: row.parentId })
      .where(and(inCompany(users, session.companyId), eq(users.deptId, row.id)));
    await tx
      .delete(departments)
      .where(and(eq(departments.id, row.id), inCompany(departments, session.companyId)));
  });
}
