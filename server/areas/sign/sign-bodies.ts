/**
 * The company's signing body and seal a contract names (signBodyList): checked when a contract is
 * submitted or edited — each item must be a verified body of the company and one of its seals not
 * deleted — and shown on the detail. The company party (居间方) seals with the first item when it
 * signs (server/areas/signing/seals.ts sealForContract).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signBodies, signSeals } from '../../db/schema-signing';
import { businessError } from '../../contract/envelope';

export type SignBodyItem = { signBodyId: number; sealId: number };

export const signBodyMessages = {
  unknown: '所选签约主体或印章不存在或已删除，请重新选择（signBodyList）',
  unverified: '所选签约主体尚未通过认证，请重新选择（signBodyList）',
  duplicate: '签约主体不能重复选择（signBodyList）',
} as const;

async function sealsOf(db: Db, companyId: number, list: SignBodyItem[]) {
  if (list.length === 0) return [];
  return db
    .select({ seal: signSeals, body: signBodies })
    .from(signSeals)
    .innerJoin(signBodies, eq(signBodies.id, signSeals.signBodyId))
    .where(
      and(
        inCompany(signSeals, companyId),
        inArray(
          signSeals.id,
          list.map((item) => item.sealId),
        ),
        isNull(signSeals.deletedAt),
      ),
    );
}

/** Refuses (405, nothing written) a list naming a seal that is not the company's, is deleted, or is not of the body named. */
export async function checkSignBodyList(db: Db, companyId: number, list: SignBodyItem[]): Promise<void> {
  if (new Set(list.map((item) => item.signBodyId)).size !== list.length)
    throw businessError(signBodyMessages.duplicate);
  const rows = await sealsOf(db, companyId, list);
  for (const item of list) {
    const row = rows.find((r) => r.seal.id === item.sealId && r.body.id === item.signBodyId);
    if (!row) throw businessError(signBodyMessages.unknown);
    if (row.body.state !== 1) throw businessError(signBodyMessages.unverified);
  }
}

/** The bodies and seals of a contract's list as the detail shows them (a seal deleted since is left out). */
export async function signBodyViews(db: Db, companyId: number, list: SignBodyItem[]) {
  const rows = await sealsOf(db, companyId, list);
  return list.flatMap((item) => {
    const row = rows.find((r) => r.seal.id === item.sealId && r.body.id === item.signBodyId);
    if (!row) return [];
    return [
      {
        signBodyId: row.body.id,
        corpName: row.body.corpName,
        sealId: row.seal.id,
        sealTitle: row.seal.title,
        sealUrl: `/files/${row.seal.imageName}`,
        sealType: row.seal.sealType as 1 | 2 | 3,
      },
    ];
  });
}
