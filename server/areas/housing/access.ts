/**
 * Who sees and who changes which listing (001 section 6, the listing permission options of section 3):
 * the public pool is seen by everyone who may view listings; a private listing inside the view scope
 * (1 本人: the maintainer, 2 本部门, 3 全公司, 4 指定部门); a locked listing only with 查看锁定房源 or by
 * its maintainer. A listing outside what the user sees answers 404, as for another company's.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { houses } from '../../db/schema-house';
import { inCompany } from '../../db/company-scope';
import { literal, plainValues, type StatementValues } from '../../db/prepared';
import type { Session } from '../../contract/types';
import { ApiError, Codes, forbidden, notFound } from '../../contract/envelope';
import { loadGrants, type Grant, type Grants } from '../auth/grants';
import { HouseAuth } from '../../../domain/auth-ids';
import { HouseKinds, HousePools, editRefusal, notOperableMessage } from '../../../domain/house-rules';
import { noPermissionMessage } from '../../../domain/permissions';

export type House = typeof houses.$inferSelect;

export const houseNotFound = '房源不存在或已被删除';

export type HouseAccess = { session: Session; grants: Grants };

export async function houseAccess(db: Db, session: Session): Promise<HouseAccess> {
  const grants = await loadGrants(db, session, HouseAuth.appType);
  if (!grants.has(HouseAuth.view)) throw forbidden(noPermissionMessage);
  return { session, grants };
}

/**
 * The condition "inside this grant's scope" on a listing's maintainer and department. Its values go
 * through `values` (server/db/prepared.ts): the listing search runs it as a shaped statement.
 */
export function inScope(
  session: Session,
  grant: Grant | undefined,
  values: StatementValues = plainValues,
): SQL | undefined {
  if (!grant) {
    values.choice('noGrant');
    return sql`${houses.id} = ${literal(-1)}`;
  }
  switch (grant.range) {
    case 1:
      return eq(houses.attributorId, values.value('scopeUserId', session.userId));
    case 2:
      return session.deptId === null
        ? eq(houses.attributorId, values.value('scopeUserId', session.userId))
        : eq(houses.deptId, values.value('scopeDeptId', session.deptId));
    case 4:
      return grant.selectDepartment.length > 0
        ? or(
            sql`${houses.deptId} = any(${values.value('scopeDeptIds', grant.selectDepartment)})`,
            eq(houses.attributorId, values.value('scopeUserId', session.userId)),
          )
        : eq(houses.attributorId, values.value('scopeUserId', session.userId));
    default:
      return undefined;
  }
}

/** The statuses a status permission allows for one kind of listing; null when it does not restrict. */
export function allowedStates(grants: Grants, authId: number): number[] | null {
  const contents = grants.get(authId)?.contents;
  return contents && contents.length > 0 ? contents.map(Number) : null;
}

/** Listings of a kind whose status the role may not see are left out (仅可查看所选出售/出租状态). */
function inViewedStates(grants: Grants, values: StatementValues): SQL | undefined {
  const sell = allowedStates(grants, HouseAuth.viewSellStates);
  const rent = allowedStates(grants, HouseAuth.viewRentStates);
  return and(
    sell
      ? sql`(${houses.type} <> ${literal(HouseKinds.sell)} or ${houses.houseState} = any(${values.value('sellStates', sell)}))`
      : undefined,
    rent
      ? sql`(${houses.type} <> ${literal(HouseKinds.rent)} or ${houses.houseState} = any(${values.value('rentStates', rent)}))`
      : undefined,
  );
}

/** The listings the user sees (not deleted), as one condition for lists and counts. */
export function visibleHouses(access: HouseAccess, values: StatementValues = plainValues): SQL {
  const { session, grants } = access;
  const privateInScope = inScope(session, grants.get(HouseAuth.view), values);
  return and(
    inCompany(houses, values.value('companyId', session.companyId)),
    isNull(houses.deletedAt),
    inViewedStates(grants, values),
    privateInScope
      ? or(sql`${houses.attribution} = ${literal(HousePools.public)}`, privateInScope)
      : undefined,
    grants.has(HouseAuth.viewLocked)
      ? undefined
      : or(
          sql`${houses.isLock} = ${literal(0)}`,
          eq(houses.attributorId, values.value('lockUserId', session.userId)),
        ),
  )!;
}

/** One listing the user sees, or 404. */
export async function findVisibleHouse(db: Db, access: HouseAccess, houseId: number): Promise<House> {
  const [house] = await db
    .select()
    .from(houses)
    .where(and(visibleHouses(access), eq(houses.id, houseId)));
  if (!house) throw notFound(houseNotFound);
  return house;
}

/** Whether the listing lies in the scope of 编辑房源 (the public pool counts as in scope). */
export function inEditScope(access: HouseAccess, house: House): boolean {
  const grant = access.grants.get(HouseAuth.edit);
  if (!grant) return false;
  if (house.attributorId === access.session.userId || grant.range === 3) return true;
  if (grant.range === 2) return house.deptId !== null && house.deptId === access.session.deptId;
  if (grant.range === 4) return house.deptId !== null && grant.selectDepartment.includes(house.deptId);
  return house.attribution === HousePools.public && house.attributorId === null;
}

/** The refusal of a change to this listing, or null (domain/house-rules.ts editRefusal). */
export function houseEditRefusal(access: HouseAccess, house: House): string | null {
  return editRefusal(
    {
      isManager: access.session.isManager,
      userId: access.session.userId,
      canEditInScope: access.grants.has(HouseAuth.edit) && inEditScope(access, house),
      holdsEditPrivate: access.grants.has(HouseAuth.editPrivate),
      holdsEditOthersPublic: access.grants.has(HouseAuth.editOthersPublic),
    },
    house,
  );
}

/** Throws the refusal: 405 当前状态不可操作! for a sealed listing, 403 with the reason otherwise. */
export function requireEditable(access: HouseAccess, house: House): void {
  const refusal = houseEditRefusal(access, house);
  if (refusal === null) return;
  throw refusal === notOperableMessage ? new ApiError(Codes.business, refusal) : forbidden(refusal);
}
