/**
 * Whose figures and logs a management-centre call may show (domain/management-statistics.ts): the
 * company's staff narrowed by the user's scope and by the search's departments and people.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import type { Session } from '../../contract/types';
import { loadGrants } from '../auth/grants';
import { loadVisibleDepartments, subtreeIds, type Hierarchy } from '../org/department-scope';
import { peopleInScope, statisticsScope, type StatisticsScope } from '../../../domain/management-statistics';

export const ManagementAuth = { appType: 88, statistics: 8805, logs: 8806 } as const;

export type StaffMember = { id: number; name: string; deptId: number | null; status: number };

export type PeopleScope = {
  scope: StatisticsScope;
  hierarchy: Hierarchy;
  staff: StaffMember[];
  /** The people the search covers (ids), and null when it is the whole company unnarrowed. */
  people: number[] | null;
  /** The departments rows may show (type 1): the scope's, narrowed by the search's. */
  deptIds: Set<number>;
};

export async function resolvePeople(
  db: Db,
  session: Session,
  grant: number,
  search: { deptIds?: number[]; userIds?: number[] },
): Promise<PeopleScope> {
  const [visible, grants, staff] = await Promise.all([
    loadVisibleDepartments(db, session),
    loadGrants(db, session, ManagementAuth.appType),
    db
      .select({ id: users.id, name: users.name, deptId: users.deptId, status: users.status })
      .from(users)
      .where(inCompany(users, session.companyId))
      .orderBy(users.id),
  ]);
  const scope = statisticsScope({
    isManager: session.isManager,
    holdsGrant: grants.has(grant),
    allDepts: visible.allDepts,
    visibleDeptIds: [...visible.deptIds],
    userId: session.userId,
  });
  const chosenDepts = search.deptIds?.length ? subtreeIds(visible.hierarchy, search.deptIds) : null;
  const narrowed = chosenDepts !== null || (search.userIds?.length ?? 0) > 0;
  const people =
    scope.kind === 'company' && !narrowed
      ? null
      : peopleInScope(scope, staff, { deptIds: chosenDepts, userIds: search.userIds ?? null });
  const scopeDepts =
    scope.kind === 'company'
      ? new Set(visible.hierarchy.byId.keys())
      : scope.kind === 'departments'
        ? new Set(scope.deptIds)
        : new Set(
            staff
              .filter((person) => person.id === session.userId && person.deptId !== null)
              .map((p) => p.deptId!),
          );
  const deptIds = new Set([...scopeDepts].filter((id) => chosenDepts === null || chosenDepts.has(id)));
  if (people !== null && (search.userIds?.length ?? 0) > 0) {
    // Only the departments of the people chosen.
    const theirs = new Set(staff.filter((p) => people.includes(p.id)).map((p) => p.deptId));
    for (const id of [...deptIds]) if (!theirs.has(id)) deptIds.delete(id);
  }
  return { scope, hierarchy: visible.hierarchy, staff, people, deptIds };
}

/** A department's name and its parent's name. */
export function departmentNames(
  hierarchy: Hierarchy,
  deptId: number | null,
): { name: string; parentName: string } {
  const dept = deptId === null ? undefined : hierarchy.byId.get(deptId);
  const parent = dept?.parentId == null ? undefined : hierarchy.byId.get(dept.parentId);
  return { name: dept?.name ?? '未分配部门', parentName: parent?.name ?? '' };
}

export async function departmentName(db: Db, companyId: number, deptId: number | null): Promise<string> {
  if (deptId === null) return '';
  const [row] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(and(inCompany(departments, companyId), eq(departments.id, deptId)));
  return row?.name ?? '';
}
