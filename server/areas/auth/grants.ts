/**
 * A role's grants with their scope details (range, chosen departments, count) for rules that need
 * more than yes or no: listing scopes and limits. A manager holds everything, company-wide, unlimited.
 */
import { and, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { roleAuths } from '../../db/schema';
import type { Session } from '../../contract/types';

export type Grant = {
  range: number | null;
  selectDepartment: number[];
  count: number | null;
  /** Chosen contents (e.g. listing statuses); null when the grant chooses none (the manager's). */
  contents: string[] | null;
};

export type Grants = {
  has: (authId: number) => boolean;
  /** The grant, or undefined when not granted. */
  get: (authId: number) => Grant | undefined;
};

const everything: Grant = { range: 3, selectDepartment: [], count: null, contents: null };

/** The user's grants in one app type. */
export async function loadGrants(db: Db, session: Session, appType: number): Promise<Grants> {
  if (session.isManager) return { has: () => true, get: () => everything };
  if (session.roleId === null) return { has: () => false, get: () => undefined };
  const rows = await db
    .select()
    .from(roleAuths)
    .where(
      and(
        eq(roleAuths.roleId, session.roleId),
        inCompany(roleAuths, session.companyId),
        eq(roleAuths.appType, appType),
      ),
    );
  const byId = new Map(
    rows.map((row) => [
      row.authId,
      {
        range: row.range,
        selectDepartment: row.selectDepartment ?? [],
        count: row.count,
        contents: Array.isArray(row.contents) ? (row.contents as unknown[]).map(String) : null,
      },
    ]),
  );
  return { has: (authId) => byId.has(authId), get: (authId) => byId.get(authId) };
}
