/**
 * A listing's pool and state life (001 section 4): private to public (by hand, and by the server when
 * a private listing has had no follow-up for privacyToPublic days), public claimed back to private,
 * lock / seal / pin, state changes, the team, and the recycle bin (restore, delete for good).
 * Every move writes the record; pool moves and state changes also a 状态变更 follow-up.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { houseTeam, houses } from '../../db/schema-house';
import { acrossCompanies, companyScope, inCompany } from '../../db/company-scope';
import { housingSettings } from '../../db/schema-house';
import { users } from '../../db/schema';
import type { BodyOf, HandlerContext, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { ApiError, Codes, businessError, forbidden, notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { escapeLike } from '../community/platform';
import { readHousingSetting, type HousingSetting } from './settings';
import { RecordTypes } from './records';
import { writeRecord, type RecordAuthor } from '../records/app-records';
import { writeSystemFollowUp } from './follow-ups';
import { findDuplicate, requirePoolRoom } from './entry';
import { dealtHouseState } from './contract-deals';
import { withdrawFromPortals } from '../promotion/withdraw';
import { withdrawalReason } from '../../../domain/promotion';
import {
  allowedStates,
  findVisibleHouse,
  houseAccess,
  inEditScope,
  requireEditable,
  type House,
} from './access';
import { HouseAuth } from '../../../domain/auth-ids';
import {
  HouseKinds,
  HousePools,
  TeamRoles,
  houseOperations,
  houseStateName,
  isRemovableTeamRole,
  notOperableMessage,
  singleHolderTeamRoles,
  teamRoleNames,
} from '../../../domain/house-rules';
import { noPermissionMessage } from '../../../domain/permissions';
import { maintainerLimitRefusal } from '../../../domain/house-team-rules';

const author = (context: HandlerContext, session: Session): RecordAuthor => ({
  companyId: session.companyId,
  userId: session.userId,
  ip: context.ip,
});

async function recordMove(
  db: Db,
  clock: Clock,
  who: RecordAuthor,
  house: House,
  content: string,
  type: number,
) {
  await writeRecord(db, clock, who, { appType: HouseAuth.appType, itemId: house.id, type, content });
  await writeSystemFollowUp(db, who.companyId, house.id, who.userId, content, clock.now());
}

/** housingToPublic: the maintainer, or 手动将他人私盘转公盘 (11) for others' listings in the edit scope. */
export async function turnPublic(context: HandlerContext, session: Session, houseId: number): Promise<void> {
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, houseId);
  if (house.attribution === HousePools.public) throw new ApiError(Codes.stateConflict, '该房源已是公盘');
  if (house.isSeal === 1) throw businessError(notOperableMessage);
  const own = house.attributorId === session.userId;
  if (!own && !(access.grants.has(HouseAuth.othersToPublic) && inEditScope(access, house)))
    throw forbidden('只有维护人或有手动将他人私盘转公盘权限的人可以转为公盘');
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).update(
      houses,
      { attribution: HousePools.public, privateSince: null, updateTime: context.clock.now() },
      eq(houses.id, house.id),
    );
    await recordMove(tx, context.clock, author(context, session), house, '私盘转为公盘', RecordTypes.state);
  });
}

/** housingToPrivate: the user claims a public listing and becomes its maintainer, within the private cap. */
export async function claimPrivate(
  context: HandlerContext,
  session: Session,
  houseId: number,
): Promise<void> {
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, houseId);
  if (house.attribution === HousePools.private) throw new ApiError(Codes.stateConflict, '该房源已是私盘');
  if (house.isSeal === 1 || house.isLock === 1) throw businessError(notOperableMessage);
  if (!access.grants.has(HouseAuth.add)) throw forbidden(noPermissionMessage);
  await requirePoolRoom(context.db, access, HousePools.private);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    await scope.update(
      houses,
      {
        attribution: HousePools.private,
        attributorId: session.userId,
        deptId: session.deptId,
        privateSince: now,
        updateTime: now,
      },
      eq(houses.id, house.id),
    );
    // The claimer takes the 归属人's place; co-maintainers stay (a co-maintainer who claims moves up).
    await scope.delete(
      houseTeam,
      eq(houseTeam.houseId, house.id),
      eq(houseTeam.role, TeamRoles.maintainer),
      inArray(
        houseTeam.userId,
        house.attributorId === null ? [session.userId] : [house.attributorId, session.userId],
      ),
    );
    await scope.insert(houseTeam, {
      houseId: house.id,
      role: TeamRoles.maintainer,
      userId: session.userId,
      createdAt: now,
    });
    await recordMove(tx, context.clock, author(context, session), house, '公盘拣入私盘', RecordTypes.state);
  });
}

export async function operateHouse(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'housingOperate'>,
) {
  const access = await houseAccess(context.db, session);
  if (!access.grants.has(HouseAuth.operate)) throw forbidden(noPermissionMessage);
  const house = await findVisibleHouse(context.db, access, body.houseId);
  const operation = houseOperations[body.operate];
  if (house[operation.flag] === operation.value)
    throw new ApiError(Codes.stateConflict, `该房源当前无需${operation.name}`);
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).update(
      houses,
      { [operation.flag]: operation.value, updateTime: context.clock.now() },
      eq(houses.id, house.id),
    );
    await writeRecord(tx, context.clock, author(context, session), {
      appType: HouseAuth.appType,
      itemId: house.id,
      type: RecordTypes.operation,
      content: operation.name,
    });
  });
}

export async function changeState(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'housingStateChange'>,
) {
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, body.houseId);
  requireEditable(access, house);
  if (house.houseState === body.houseState) throw new ApiError(Codes.stateConflict, '房源已是该状态');
  const setting = await readHousingSetting(context.db, session.companyId);
  const names = house.type === 2 ? setting.rentHousingState : setting.sellHousingState;
  const from = houseStateName(house.houseState, house.type, names);
  const to = houseStateName(body.houseState, house.type, names);
  // 仅可修改所选出售/出租状态: both the status it leaves and the one it takes must be among them.
  const editable = allowedStates(
    access.grants,
    house.type === HouseKinds.rent ? HouseAuth.editRentStates : HouseAuth.editSellStates,
  );
  if (editable && !editable.includes(house.houseState))
    throw forbidden(`您没有权限修改「${from}」状态的房源`);
  if (editable && !editable.includes(body.houseState)) throw forbidden(`您没有权限把房源改为「${to}」状态`);
  const content = `状态由「${from}」改为「${to}」${body.remark ? `：${body.remark}` : ''}`;
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).update(
      houses,
      { houseState: body.houseState, updateTime: context.clock.now() },
      eq(houses.id, house.id),
    );
    await recordMove(tx, context.clock, author(context, session), house, content, RecordTypes.state);
    // Sold, rented or invalid: off every portal, queued with the change itself (issue 37).
    const reason = withdrawalReason(house.type, body.houseState, false);
    if (reason) await withdrawFromPortals(tx, context.clock, session.companyId, house.id, reason);
  });
}

export async function addTeamMember(context: HandlerContext, session: Session, body: BodyOf<'teamAdd'>) {
  const access = await houseAccess(context.db, session);
  if (!access.grants.has(HouseAuth.assignTeam)) throw forbidden(noPermissionMessage);
  const house = await findVisibleHouse(context.db, access, body.houseId);
  if (house.isSeal === 1) throw businessError(notOperableMessage);
  const [member] = await context.db
    .select({ id: users.id, name: users.name, deptId: users.deptId, status: users.status })
    .from(users)
    .where(and(inCompany(users, session.companyId), eq(users.id, body.userId)));
  if (!member || member.status !== 1) throw businessError('协作人（userId）不存在或已离职');
  const setting = await readHousingSetting(context.db, session.companyId);
  const team = house.type === 2 ? setting.rentTeam : setting.sellTeam;
  const roleOff =
    (body.role === TeamRoles.client && team.teamClient.selected !== 1) ||
    (body.role === TeamRoles.key && team.teamKey.selected !== 1) ||
    (body.role === TeamRoles.soleAgent && setting.sellTeam.teamSoleAgency.selected !== 1) ||
    (body.role === TeamRoles.soleAgent && house.type === 2);
  if (roleOff) throw businessError(`公司未启用${teamRoleNames[body.role]}`);
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    // One assignment at a time per listing, so that two cannot both pass the maintainer cap.
    const [current] = await tx
      .select({ attributorId: houses.attributorId })
      .from(houses)
      .where(and(inCompany(houses, session.companyId), eq(houses.id, house.id)))
      .for('update');
    const attributorId = current?.attributorId ?? null;
    const [existing] = await tx
      .select({ id: houseTeam.id })
      .from(houseTeam)
      .where(
        and(
          inCompany(houseTeam, session.companyId),
          eq(houseTeam.houseId, house.id),
          eq(houseTeam.role, body.role),
          eq(houseTeam.userId, body.userId),
        ),
      );
    const isMaintainer = body.role === TeamRoles.maintainer;
    if (existing || (isMaintainer && attributorId === body.userId))
      throw new ApiError(Codes.stateConflict, `${member.name} 已是该房源的${teamRoleNames[body.role]}`);
    if (isMaintainer) {
      const maintainerIds = await maintainersOf(tx, session.companyId, house.id, attributorId);
      const grant = access.grants.get(HouseAuth.maintainerLimit);
      const refusal = maintainerLimitRefusal({
        maintainerCount: maintainerIds.size,
        limit: grant?.count ?? null,
      });
      if (refusal) throw businessError(refusal);
    }
    // A listing may have several maintainers (归属人 and 协同维护人); the exclusive agent is one person.
    if (!isMaintainer && singleHolderTeamRoles.includes(body.role))
      await scope.delete(houseTeam, eq(houseTeam.houseId, house.id), eq(houseTeam.role, body.role));
    const [row] = await scope
      .insert(houseTeam, { houseId: house.id, role: body.role, userId: body.userId, createdAt: now })
      .returning({ id: houseTeam.id });
    // The first maintainer becomes the 归属人 (a private listing); later ones are 协同维护人.
    const isCoMaintainer = isMaintainer && attributorId !== null;
    if (isMaintainer && !isCoMaintainer)
      await scope.update(
        houses,
        {
          attribution: HousePools.private,
          attributorId: member.id,
          deptId: member.deptId,
          privateSince: now,
          updateTime: now,
        },
        eq(houses.id, house.id),
      );
    if (body.role === TeamRoles.key) await scope.update(houses, { isKey: 1 }, eq(houses.id, house.id));
    if (body.role === TeamRoles.soleAgent)
      await scope.update(houses, { isSoleAgency: 1 }, eq(houses.id, house.id));
    await recordMove(
      tx,
      context.clock,
      author(context, session),
      house,
      `分配${isCoMaintainer ? '协同维护人' : teamRoleNames[body.role]}：${member.name}`,
      RecordTypes.operation,
    );
    return { teamId: row!.id };
  });
}

export async function removeTeamMember(context: HandlerContext, session: Session, body: BodyOf<'teamDel'>) {
  const access = await houseAccess(context.db, session);
  if (!access.grants.has(HouseAuth.removeTeam)) throw forbidden(noPermissionMessage);
  const house = await findVisibleHouse(context.db, access, body.houseId);
  const [member] = await context.db
    .select({ team: houseTeam, name: users.name })
    .from(houseTeam)
    .innerJoin(users, eq(users.id, houseTeam.userId))
    .where(
      and(
        inCompany(houseTeam, session.companyId),
        eq(houseTeam.id, body.teamId),
        eq(houseTeam.houseId, house.id),
      ),
    );
  if (!member) throw notFound('协作人不存在或已被移除');
  if (!isRemovableTeamRole(member.team.role))
    throw businessError(`${teamRoleNames[member.team.role]}不可删除（录入人、实勘人、成交人不可删除）`);
  // Removing the 归属人 makes the listing public; a 协同维护人 only leaves the team.
  const isAttributor = member.team.role === TeamRoles.maintainer && member.team.userId === house.attributorId;
  await context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    await scope.delete(houseTeam, eq(houseTeam.id, member.team.id));
    if (isAttributor)
      await scope.update(
        houses,
        {
          attribution: HousePools.public,
          attributorId: null,
          privateSince: null,
          updateTime: context.clock.now(),
        },
        eq(houses.id, house.id),
      );
    await recordMove(
      tx,
      context.clock,
      author(context, session),
      house,
      member.team.role === TeamRoles.maintainer && !isAttributor
        ? `移除协同维护人：${member.name}`
        : `移除${teamRoleNames[member.team.role]}：${member.name}${isAttributor ? '，房源转为公盘' : ''}`,
      RecordTypes.operation,
    );
  });
}

/** The listing's maintainers: the 归属人 and every 协同维护人. */
async function maintainersOf(
  db: Db,
  companyId: number,
  houseId: number,
  attributorId: number | null,
): Promise<Set<number>> {
  const rows = await db
    .select({ userId: houseTeam.userId })
    .from(houseTeam)
    .where(
      and(
        inCompany(houseTeam, companyId),
        eq(houseTeam.houseId, houseId),
        eq(houseTeam.role, TeamRoles.maintainer),
      ),
    );
  const ids = new Set(rows.map((row) => row.userId));
  if (attributorId !== null) ids.add(attributorId);
  return ids;
}

async function requireRecycleBin(context: HandlerContext, session: Session) {
  const access = await houseAccess(context.db, session);
  if (!access.grants.has(HouseAuth.recycleBin)) throw forbidden(noPermissionMessage);
  return access;
}

export async function listRecycleBin(context: HandlerContext, session: Session, body: BodyOf<'recycleList'>) {
  await requireRecycleBin(context, session);
  const key = body.key?.trim();
  const deleteUser = users;
  const where = and(
    inCompany(houses, session.companyId),
    isNotNull(houses.deletedAt),
    body.type === 1 || body.type === 2 ? eq(houses.type, body.type) : undefined,
    key
      ? or(
          ilike(houses.communityName, `%${escapeLike(key)}%`),
          ilike(houses.houseNo, `%${escapeLike(key)}%`),
          ilike(houses.address, `%${escapeLike(key)}%`),
        )
      : undefined,
    body.deleteTime?.start
      ? sql`${houses.deletedAt} >= ${new Date(`${body.deleteTime.start}T00:00:00+08:00`)}`
      : undefined,
    body.deleteTime?.end
      ? lte(houses.deletedAt, new Date(`${body.deleteTime.end}T23:59:59.999+08:00`))
      : undefined,
    body.deleteUserId ? eq(houses.deleteUserId, body.deleteUserId) : undefined,
  );
  const pageSize = body.pagesize ?? 15;
  const [rows, [total]] = await Promise.all([
    context.db
      .select({ house: houses, deleteUserName: deleteUser.name })
      .from(houses)
      .leftJoin(deleteUser, eq(deleteUser.id, houses.deleteUserId))
      .where(where)
      .orderBy(desc(houses.deletedAt), desc(houses.id))
      .limit(pageSize)
      .offset(((body.pageindex ?? 1) - 1) * pageSize),
    context.db.select({ total: count() }).from(houses).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    data: rows.map(({ house, deleteUserName }) => ({
      houseId: house.id,
      houseNo: house.houseNo,
      type: house.type as 1 | 2,
      communityName: house.communityName,
      buildingNo: house.buildingNo,
      unitNo: house.unitNo,
      roomNo: house.roomNo,
      room: house.room,
      hall: house.hall,
      bath: house.bath,
      area: house.area,
      price: house.price,
      attribution: house.attribution as 1 | 2,
      deleteReason: house.deleteReason,
      deleteUserName: deleteUserName ?? '系统',
      deleteTime: formatDateTime(house.deletedAt!),
    })),
  };
}

async function findDeleted(db: Db, session: Session, houseId: number): Promise<House> {
  const [house] = await db
    .select()
    .from(houses)
    .where(and(inCompany(houses, session.companyId), eq(houses.id, houseId), isNotNull(houses.deletedAt)));
  if (!house) throw notFound('回收站中没有该房源');
  return house;
}

export async function restoreHouse(context: HandlerContext, session: Session, houseId: number) {
  await requireRecycleBin(context, session);
  const house = await findDeleted(context.db, session, houseId);
  const duplicate = await findDuplicate(context.db, session.companyId, house, house.id);
  if (duplicate)
    throw new ApiError(Codes.business, `已录入相同的房源（房源编号 ${duplicate.houseNo}），不能还原`, {
      duplicate: 1,
      houseId: duplicate.id,
    });
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).update(
      houses,
      { deletedAt: null, deleteUserId: null, deleteReason: null, updateTime: context.clock.now() },
      eq(houses.id, house.id),
    );
    await writeRecord(tx, context.clock, author(context, session), {
      appType: HouseAuth.appType,
      itemId: house.id,
      type: RecordTypes.operation,
      content: '从回收站还原房源',
    });
  });
}

export async function purgeHouse(context: HandlerContext, session: Session, houseId: number) {
  await requireRecycleBin(context, session);
  const house = await findDeleted(context.db, session, houseId);
  await companyScope(context.db, session.companyId).delete(houses, eq(houses.id, house.id));
}

/**
 * The privacyToPublic job: in every company whose rule is on, private listings with no follow-up
 * (and not made private) for `days` days become public. Returns how many moved.
 */
export async function sweepPrivateToPublic(db: Db, clock: Clock): Promise<number> {
  const settings = await db
    .select()
    .from(housingSettings)
    .where(acrossCompanies('the privacyToPublic job visits every company that turned the rule on'));
  let moved = 0;
  for (const row of settings) {
    const rule = (row.setting as Partial<HousingSetting>).privacyToPublic;
    if (!rule || rule.selected !== 1) continue;
    const cutoff = new Date(clock.now().getTime() - rule.days * 24 * 60 * 60 * 1000);
    const due = await db
      .select()
      .from(houses)
      .where(
        and(
          inCompany(houses, row.companyId),
          isNull(houses.deletedAt),
          eq(houses.attribution, HousePools.private),
          // A dealt listing (我售 / 我租) has left the pools: it does not turn public for want of follow-ups.
          ne(houses.houseState, dealtHouseState),
          lte(houses.privateSince, cutoff),
          or(isNull(houses.lastFollowUpAt), lte(houses.lastFollowUpAt, cutoff)),
        ),
      );
    for (const house of due) {
      await db.transaction(async (tx) => {
        await companyScope(tx, row.companyId).update(
          houses,
          { attribution: HousePools.public, privateSince: null, updateTime: clock.now() },
          eq(houses.id, house.id),
        );
        await recordMove(
          tx,
          clock,
          { companyId: row.companyId, userId: null, ip: null },
          house,
          `私盘 ${rule.days} 天无跟进，自动转为公盘`,
          RecordTypes.state,
        );
      });
      moved += 1;
    }
  }
  return moved;
}
