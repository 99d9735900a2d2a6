/**
 * The signed-in user's permissions as an AuthSnapshot (domain/permissions.ts), read from the
 * role's grants and the permission catalogue. A manager holds the whole catalogue.
 *
 * The catalogue is reference data that only migrations write, so each database handle reads it once;
 * a role's grants are read on every call, so a changed role takes effect on the next request.
 */
import { and, eq, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { preparedPerDb } from '../../db/prepared';
import { authCatalogue, roleAuths } from '../../db/schema';
import type { Session } from '../../contract/types';
import { buildAuthSnapshot, type AuthSnapshot } from '../../../domain/permissions';

const wholeCompany = 3;

type CatalogueRow = typeof authCatalogue.$inferSelect;

const catalogues = new WeakMap<Db, Promise<CatalogueRow[]>>();

/** The permission catalogue in its order, read once per database handle. */
export function loadCatalogue(db: Db): Promise<CatalogueRow[]> {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    // execute() once: a Drizzle query builder runs again on every then().
    catalogue = db.select().from(authCatalogue).orderBy(authCatalogue.sort).execute();
    catalogues.set(db, catalogue);
    // A failed read is not remembered: the next request reads again.
    catalogue.catch(() => catalogues.delete(db));
  }
  return catalogue;
}

const managerSnapshots = new WeakMap<Db, Promise<AuthSnapshot>>();

/** A manager holds the whole catalogue, company-wide: one frozen snapshot per database handle. */
function managerSnapshot(db: Db): Promise<AuthSnapshot> {
  let snapshot = managerSnapshots.get(db);
  if (!snapshot) {
    snapshot = loadCatalogue(db).then((catalogue) =>
      deepFreeze(
        buildAuthSnapshot(
          true,
          catalogue.map((entry) => ({ ...entry, range: entry.hasRange ? wholeCompany : null })),
        ),
      ),
    );
    managerSnapshots.set(db, snapshot);
    snapshot.catch(() => managerSnapshots.delete(db));
  }
  return snapshot;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** A role's grants, read on every request of a user who is not a manager: prepared once per handle. */
const roleGrantsQuery = preparedPerDb((db) =>
  db
    .select({
      appType: roleAuths.appType,
      itemId: roleAuths.itemId,
      authId: roleAuths.authId,
      range: roleAuths.range,
      contents: roleAuths.contents,
      count: roleAuths.count,
    })
    .from(roleAuths)
    .where(
      and(
        eq(roleAuths.roleId, sql.placeholder('roleId')),
        inCompany(roleAuths, sql.placeholder('companyId')),
      ),
    )
    .prepare('role_grants'),
);

const key = (appType: number, itemId: number, authId: number) => `${appType}.${itemId}.${authId}`;

export async function loadAuthSnapshot(
  db: Db,
  session: Pick<Session, 'companyId' | 'isManager' | 'roleId'>,
): Promise<AuthSnapshot> {
  if (session.isManager) return managerSnapshot(db);
  if (session.roleId === null) return buildAuthSnapshot(false, []);
  const [catalogue, grants] = await Promise.all([
    loadCatalogue(db),
    roleGrantsQuery(db).execute({ roleId: session.roleId, companyId: session.companyId }),
  ]);
  const granted = new Map(grants.map((grant) => [key(grant.appType, grant.itemId, grant.authId), grant]));
  // In the catalogue's order; a grant the catalogue no longer lists counts for nothing.
  const held = catalogue.flatMap((entry) => {
    const grant = granted.get(key(entry.appType, entry.itemId, entry.authId));
    return grant ? [{ ...entry, range: grant.range, contents: grant.contents, count: grant.count }] : [];
  });
  return buildAuthSnapshot(false, held);
}
