/**
 * Whose figures and logs a management-centre call may show (domain/management-statistics.ts): the
 * company's staff narrowed by the user's scope and by the search's departments and people.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { preparedPerDb } from '../../db/prepared';
import { companies, departments, roleAuths, users } from '../../db/schema';
import type { Session } from '../../contract/types';
import {
  hierarchyOf,
  subtreeIds,
  visibleDepartmentsOf,
  type DepartmentRow,
  type Hierarchy,
} from '../org/department-scope';
import { peopleInScope, statisticsScope, type StatisticsScope } from '../../../domain/management-statistics';
import type { Days, RollupState } from './statistics-facts';

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
  /** How far the company's roll-ups reach over the days asked for (when resolvePeople was given days). */
  rollups?: RollupState;
};

const placeholder = (name: string) => sql.placeholder(name);
const companyId = placeholder('companyId');

/**
 * What a management-centre call reads before its own rows, in one statement and one round trip
 * (these were four: the departments, the user's scope columns, the role's grants and the staff; and a
 * fifth, the roll-up state, for a statistics call): at 10 clients each round trip cost the server
 * about half a millisecond of CPU. The same rows, in the same order, as loadHierarchy,
 * loadVisibleDepartments, loadGrants and the staff query read them; built and prepared once per
 * database handle.
 */
const contextColumns = {
  departments: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${departments.id},
      'parentId', ${departments.parentId}, 'name', ${departments.name}, 'sort', ${departments.sort},
      'createdAt', extract(epoch from ${departments.createdAt}) * 1000) order by ${departments.sort}, ${departments.id}), '[]'::json)
    from ${departments} where ${inCompany(departments, companyId)})`,
  staff: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'name', ${users.name},
      'deptId', ${users.deptId}, 'status', ${users.status}) order by ${users.id}), '[]'::json)
    from ${users} where ${inCompany(users, companyId)})`,
  user: sql<unknown>`(select json_build_object('scopeAllDepts', ${users.scopeAllDepts},
      'scopeDeptIds', ${users.scopeDeptIds}, 'deptId', ${users.deptId})
    from ${users} where ${users.id} = ${placeholder('userId')}::int and ${inCompany(users, companyId)} limit 1)`,
  holdsGrant: sql<boolean>`exists (select 1 from ${roleAuths} where ${roleAuths.roleId} = ${placeholder('roleId')}::int
    and ${inCompany(roleAuths, companyId)} and ${roleAuths.appType} = ${placeholder('appType')}::int
    and ${roleAuths.authId} = ${placeholder('grant')}::int)`,
};
const rollupColumns = {
  rolledUntil: sql<
    string | null
  >`(select rolled_until::text from statistics_rollups where company_id = ${companyId}::int)`,
  version: sql<
    string | null
  >`(select xmin::text from statistics_rollups where company_id = ${companyId}::int)`,
  changed: sql<unknown>`coalesce((select json_agg(day::text order by day) from statistics_changed_days
    where company_id = ${companyId}::int and day >= ${placeholder('fromDay')}::date and day < ${placeholder('toDay')}::date), '[]'::json)`,
};
const contextQuery = preparedPerDb((db) =>
  db.select(contextColumns).from(companies).where(eq(companies.id, companyId)).prepare('management_context'),
);
const contextWithRollupsQuery = preparedPerDb((db) =>
  db
    .select({ ...contextColumns, ...rollupColumns })
    .from(companies)
    .where(eq(companies.id, companyId))
    .prepare('management_context_rollups'),
);

/** A json column's value: parsed by the driver, or (should a driver hand back the text) parsed here. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

type ContextRow = {
  departments: unknown;
  staff: unknown;
  user: unknown;
  holdsGrant: boolean;
  rolledUntil?: string | null;
  version?: string | null;
  changed?: unknown;
};

/**
 * The people a management-centre call covers. Given `days`, it also reads how far the company's
 * roll-ups reach over them (statistics-facts.ts), in the same statement.
 */
export async function resolvePeople(
  db: Db,
  session: Session,
  grant: number,
  search: { deptIds?: number[]; userIds?: number[] },
  days?: Days,
): Promise<PeopleScope> {
  const values = {
    companyId: session.companyId,
    userId: session.userId,
    roleId: session.roleId,
    appType: ManagementAuth.appType,
    grant,
  };
  const [row] = (
    days
      ? await contextWithRollupsQuery(db).execute({ ...values, ...days })
      : await contextQuery(db).execute(values)
  ) as ContextRow[];
  const hierarchy = hierarchyOf(
    json<(Omit<DepartmentRow, 'createdAt'> & { createdAt: number })[]>(row?.departments ?? []).map(
      (dept) => ({ ...dept, createdAt: new Date(Number(dept.createdAt)) }),
    ),
  );
  const staff = json<StaffMember[]>(row?.staff ?? []);
  const visible = visibleDepartmentsOf(
    session,
    hierarchy,
    json<{ scopeAllDepts: boolean; scopeDeptIds: number[]; deptId: number | null } | null>(
      row?.user ?? null,
    ) ?? undefined,
  );
  const scope = statisticsScope({
    isManager: session.isManager,
    holdsGrant: row?.holdsGrant === true,
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
  const rollups: RollupState | undefined =
    days && row
      ? {
          rolledUntil: row.rolledUntil ?? null,
          changed: json<string[]>(row.changed ?? []),
          version: row.version ?? null,
        }
      : undefined;
  return { scope, hierarchy: visible.hierarchy, staff, people, deptIds, ...(rollups ? { rollups } : {}) };
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
