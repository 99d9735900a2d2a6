/** Reading and changing the signed-in user. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import type { Session } from '../../contract/types';

export async function findUserByName(db: Db, userName: string) {
  const [row] = await db.select().from(users).where(eq(users.userName, userName)).limit(1);
  return row;
}

/** initialize's user: the session's profile, read with the session in one statement. */
export function userInfo(session: Session) {
  const profile = session.profile;
  if (!profile) throw new Error('initialize reads the profile with the session (operationsReadingProfile)');
  return {
    userId: session.userId,
    userName: profile.userName,
    name: profile.name,
    faceUrl: profile.faceUrl,
    isManager: session.isManager ? (1 as const) : (0 as const),
    companyid: session.companyId,
    companyName: profile.companyName,
    deptId: session.deptId,
    deptName: profile.deptName,
    roleId: session.roleId,
    roleName: profile.roleName,
    positionId: profile.positionId,
    positionName: profile.positionName,
  };
}
