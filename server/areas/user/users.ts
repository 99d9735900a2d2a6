/** Reading and changing the signed-in user. */
import { and, eq, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { companies, departments, positions, roles, users } from '../../db/schema';
import { notFound } from '../../contract/envelope';
import { preparedPerDb } from '../../db/prepared';

export async function findUserByName(db: Db, userName: string) {
  const [row] = await db.select().from(users).where(eq(users.userName, userName)).limit(1);
  return row;
}

/** Read by initialize on every start of the app: built and prepared once per database handle. */
const userInfoQuery = preparedPerDb((db) =>
  db
    .select({
      userId: users.id,
      userName: users.userName,
      name: users.name,
      faceUrl: users.faceUrl,
      isManager: users.isManager,
      companyid: users.companyId,
      companyName: companies.name,
      deptId: users.deptId,
      deptName: departments.name,
      roleId: users.roleId,
      roleName: roles.name,
      positionId: users.positionId,
      positionName: positions.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(departments, eq(departments.id, users.deptId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .where(and(eq(users.id, sql.placeholder('userId')), inCompany(users, sql.placeholder('companyId'))))
    .limit(1)
    .prepare('read_user_info'),
);

export async function readUserInfo(db: Db, companyId: number, userId: number) {
  const [row] = await userInfoQuery(db).execute({ userId, companyId });
  if (!row) throw notFound('用户不存在');
  return { ...row, isManager: row.isManager ? (1 as const) : (0 as const) };
}
