/**
 * The signed-in user's permissions as an AuthSnapshot (domain/permissions.ts), read from the
 * role's grants joined with the permission catalogue. A manager holds the whole catalogue.
 */
import { and, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { authCatalogue, roleAuths } from '../../db/schema';
import type { Session } from '../../contract/types';
import { buildAuthSnapshot, type AuthSnapshot } from '../../../domain/permissions';

const wholeCompany = 3;

export async function loadAuthSnapshot(
  db: Db,
  session: Pick<Session, 'companyId' | 'isManager' | 'roleId'>,
): Promise<AuthSnapshot> {
  if (session.isManager) {
    const catalogue = await db.select().from(authCatalogue).orderBy(authCatalogue.sort);
    return buildAuthSnapshot(
      true,
      catalogue.map((entry) => ({ ...entry, range: entry.hasRange ? wholeCompany : null })),
    );
  }
  if (session.roleId === null) return buildAuthSnapshot(false, []);
  const grants = await db
    .select({
      appType: roleAuths.appType,
      itemId: roleAuths.itemId,
      authId: roleAuths.authId,
      parentAuthId: authCatalogue.parentAuthId,
      name: authCatalogue.name,
      range: roleAuths.range,
      contents: roleAuths.contents,
    })
    .from(roleAuths)
    .innerJoin(
      authCatalogue,
      and(
        eq(authCatalogue.appType, roleAuths.appType),
        eq(authCatalogue.itemId, roleAuths.itemId),
        eq(authCatalogue.authId, roleAuths.authId),
      ),
    )
    .where(and(eq(roleAuths.roleId, session.roleId), inCompany(roleAuths, session.companyId)))
    .orderBy(authCatalogue.sort);
  return buildAuthSnapshot(false, grants);
}
