/**
 * A company's department hierarchy and the part of it a user may see. Managers and accounts with
 * the all-departments flag see everything; any other account sees its configured management
 * departments and its own department, each with all their sub-departments.
 */
import { and, eq, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { preparedPerDb } from '../../db/prepared';
import { departments, users } from '../../db/schema';
import type { Session } from '../../contract/types';

export type DepartmentRow = {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  createdAt: Date;
};

export type Hierarchy = {
  rows: DepartmentRow[];
  byId: Map<number, DepartmentRow>;
  childrenOf: (id: number | null) => DepartmentRow[];
};

/** Read on every staff list and most organisation calls: built and prepared once per database handle. */
const hierarchyQuery = preparedPerDb((db) =>
  db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      name: departments.name,
      sort: departments.sort,
      createdAt: departments.createdAt,
    })
    .from(departments)
    .where(inCompany(departments, sql.placeholder('companyId')))
    .orderBy(departments.sort, departments.id)
    .prepare('department_hierarchy'),
);

export async function loadHierarchy(db: Db, companyId: number): Promise<Hierarchy> {
  return hierarchyOf(await hierarchyQuery(db).execute({ companyId }));
}

/** The hierarchy of a company's departments, read in its order (sort, id). */
export function hierarchyOf(rows: DepartmentRow[]): Hierarchy {
  const children = new Map<number | null, DepartmentRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  return {
    rows,
    byId: new Map(rows.map((row) => [row.id, row])),
    childrenOf: (id) => children.get(id) ?? [],
  };
}

/** The department and all departments below it. */
export function subtreeIds(hierarchy: Hierarchy, rootIds: Iterable<number>): Set<number> {
  const result = new Set<number>();
  const stack = [...rootIds].filter((id) => hierarchy.byId.has(id));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (result.has(id)) continue;
    result.add(id);
    for (const child of hierarchy.childrenOf(id)) stack.push(child.id);
  }
  return result;
}

/** From the department up to the root, nearest first (the department itself included). */
export function ancestorChain(hierarchy: Hierarchy, id: number): DepartmentRow[] {
  const chain: DepartmentRow[] = [];
  let current = hierarchy.byId.get(id);
  while (current && chain.length <= hierarchy.rows.length) {
    chain.push(current);
    current = current.parentId === null ? undefined : hierarchy.byId.get(current.parentId);
  }
  return chain;
}

export function levelOf(hierarchy: Hierarchy, id: number): number {
  return ancestorChain(hierarchy, id).length;
}

export type VisibleDepartments = {
  allDepts: boolean;
  /** Set when the account has a management scope (manager, all departments, or configured departments). */
  hasManageScope: boolean;
  deptIds: Set<number>;
  hierarchy: Hierarchy;
};

export async function loadVisibleDepartments(db: Db, session: Session): Promise<VisibleDepartments> {
  // A manager sees every department: only the hierarchy is read.
  if (session.isManager) {
    const hierarchy = await loadHierarchy(db, session.companyId);
    return { allDepts: true, hasManageScope: true, deptIds: new Set(hierarchy.byId.keys()), hierarchy };
  }
  const [hierarchy, [user]] = await Promise.all([
    loadHierarchy(db, session.companyId),
    db
      .select({ scopeAllDepts: users.scopeAllDepts, scopeDeptIds: users.scopeDeptIds, deptId: users.deptId })
      .from(users)
      .where(and(eq(users.id, session.userId), inCompany(users, session.companyId)))
      .limit(1),
  ]);
  return visibleDepartmentsOf(session, hierarchy, user);
}

/** What loadVisibleDepartments answers, from the hierarchy and the user's scope columns (read by the caller). */
export function visibleDepartmentsOf(
  session: Pick<Session, 'isManager'>,
  hierarchy: Hierarchy,
  user: { scopeAllDepts: boolean; scopeDeptIds: number[]; deptId: number | null } | undefined,
): VisibleDepartments {
  if (session.isManager)
    return { allDepts: true, hasManageScope: true, deptIds: new Set(hierarchy.byId.keys()), hierarchy };
  const allDepts = user?.scopeAllDepts ?? false;
  if (allDepts) return { allDepts, hasManageScope: true, deptIds: new Set(hierarchy.byId.keys()), hierarchy };
  const configured = user?.scopeDeptIds ?? [];
  const roots = user?.deptId ? [...configured, user.deptId] : configured;
  return {
    allDepts,
    hasManageScope: configured.length > 0,
    deptIds: subtreeIds(hierarchy, roots),
    hierarchy,
  };
}

export function canSee(visible: VisibleDepartments, deptId: number | null): boolean {
  return visible.allDepts || (deptId !== null && visible.deptIds.has(deptId));
}
