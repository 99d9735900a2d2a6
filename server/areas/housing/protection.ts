/**
 * Key information (owner phone, room number, owner name, certificate number; 001 sections 3 and 8):
 * a field set to 查看需写跟进 is left out of the detail and revealed one at a time by
 * getHouseInfoProtection, which counts against the role's daily view limit and is recorded; after such
 * a view, opening the listing again answers 4001001 until the user writes a follow-up. Others' private
 * listings need 查看他人私盘关键信息; a sole agent who maintains the listing may hide the owner.
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Db } from '../../db/db';
import { houseFollowUps, houseKeyViews, houseTeam } from '../../db/schema-house';
import { companyScope, inCompany } from '../../db/company-scope';
import type { HandlerContext, Session } from '../../contract/types';
import { ApiError, Codes, businessError, forbidden } from '../../contract/envelope';
import { readHousingSetting, type HousingSetting } from './settings';
import { RecordTypes } from './records';
import { writeRecord } from '../records/app-records';
import { findVisibleHouse, houseAccess, type House, type HouseAccess } from './access';
import { HouseAuth } from '../../../domain/auth-ids';
import {
  HouseKinds,
  HousePools,
  TeamRoles,
  followUpFirstMessage,
  maskPhone,
  needsFollowUpBeforeOpening,
  protectionTypeNames,
} from '../../../domain/house-rules';

/** How a field shows to this user: as is, only on request (counted), or not at all (with the reason). */
export type FieldAccess =
  { kind: 'shown' } | { kind: 'onRequest' } | { kind: 'refused'; message: string; code: number };

const ownerFields = [1, 3];

async function soleAgentHides(
  db: Db,
  house: House,
  setting: HousingSetting,
  userId: number,
): Promise<boolean> {
  const rule = setting.sellTeam.teamSoleAgency;
  if (house.type !== HouseKinds.sell || rule.selected !== 1 || rule.hideOwnerNumber !== 1) return false;
  if (house.attributorId === null || house.attributorId === userId) return false;
  const [agent] = await db
    .select({ userId: houseTeam.userId })
    .from(houseTeam)
    .where(and(eq(houseTeam.houseId, house.id), eq(houseTeam.role, TeamRoles.soleAgent)));
  return agent?.userId === house.attributorId;
}

export async function fieldAccess(
  db: Db,
  access: HouseAccess,
  house: House,
  setting: HousingSetting,
  type: number,
): Promise<FieldAccess> {
  const { session, grants } = access;
  if (ownerFields.includes(type) && (await soleAgentHides(db, house, setting, session.userId)))
    return {
      kind: 'refused',
      code: Codes.business,
      message: '该房源为独家委托，业主信息由独家人维护，不对他人显示',
    };
  const othersPrivate = house.attribution === HousePools.private && house.attributorId !== session.userId;
  if (othersPrivate && !grants.has(HouseAuth.viewOthersKeyInfo))
    return {
      kind: 'refused',
      code: Codes.forbidden,
      message: '这是他人的私盘，您没有查看他人私盘关键信息的权限',
    };
  const row = setting.InfoProtection.find((entry) => entry.type === type);
  return row?.selected === 1 ? { kind: 'onRequest' } : { kind: 'shown' };
}

/** The detail's key fields: each as stored, or null when hidden or only shown on request. */
export async function visibleKeyFields(db: Db, access: HouseAccess, house: House, setting: HousingSetting) {
  const show = async (type: number) => (await fieldAccess(db, access, house, setting, type)).kind === 'shown';
  const [phone, room, name, certificate] = await Promise.all([show(1), show(2), show(3), show(4)]);
  return {
    ownerPhone: phone ? house.ownerPhone : maskPhone(house.ownerPhone),
    ownerPhoneShown: phone,
    buildingNo: house.buildingNo,
    unitNo: house.unitNo,
    roomNo: room ? house.roomNo : null,
    ownerName: name ? house.ownerName : `${house.ownerName.slice(0, 1)}**`,
    certificateNo: certificate ? house.certificateNo : null,
  };
}

/** 4001001 when the user viewed a protected field of this listing and wrote no follow-up since. */
export async function requireFollowUpAfterKeyView(db: Db, session: Session, houseId: number): Promise<void> {
  const [lastView] = await db
    .select({ viewedAt: houseKeyViews.viewedAt })
    .from(houseKeyViews)
    .where(
      and(
        inCompany(houseKeyViews, session.companyId),
        eq(houseKeyViews.houseId, houseId),
        eq(houseKeyViews.userId, session.userId),
        eq(houseKeyViews.needsFollowUp, 1),
      ),
    )
    .orderBy(desc(houseKeyViews.viewedAt))
    .limit(1);
  if (!lastView) return;
  const [lastFollowUp] = await db
    .select({ createdAt: houseFollowUps.createdAt })
    .from(houseFollowUps)
    .where(
      and(
        inCompany(houseFollowUps, session.companyId),
        eq(houseFollowUps.houseId, houseId),
        eq(houseFollowUps.userId, session.userId),
      ),
    )
    .orderBy(desc(houseFollowUps.createdAt))
    .limit(1);
  if (needsFollowUpBeforeOpening(lastView.viewedAt, lastFollowUp?.createdAt ?? null))
    throw new ApiError(Codes.followUpRequired, followUpFirstMessage, { houseId });
}

/**
 * The listings whose key information the user viewed today (Beijing day on the server clock), and
 * whether this one is among them: the daily limit counts listings, so a second field of a listing
 * already viewed today costs nothing (001 section 3: limits are counted in listings).
 */
async function listingsViewedToday(db: Db, session: Session, houseId: number, now: Date) {
  const dayStart = dayjs(now).tz('Asia/Shanghai').startOf('day').toDate();
  const rows = await db
    .selectDistinct({ houseId: houseKeyViews.houseId })
    .from(houseKeyViews)
    .where(
      and(
        inCompany(houseKeyViews, session.companyId),
        eq(houseKeyViews.userId, session.userId),
        gte(houseKeyViews.viewedAt, dayStart),
      ),
    );
  return { listings: rows.length, includesThis: rows.some((row) => row.houseId === houseId) };
}

export async function revealKeyInfo(
  context: HandlerContext,
  session: Session,
  houseId: number,
  type: number,
) {
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, houseId);
  const setting = await readHousingSetting(context.db, session.companyId);
  const decision = await fieldAccess(context.db, access, house, setting, type);
  if (decision.kind === 'refused')
    throw decision.code === Codes.forbidden ? forbidden(decision.message) : businessError(decision.message);
  const now = context.clock.now();
  const limit = access.grants.get(HouseAuth.dailyViewLimit)?.count ?? null;
  const viewed = await listingsViewedToday(context.db, session, houseId, now);
  const used = viewed.listings + (viewed.includesThis ? 0 : 1);
  if (limit !== null && used > limit)
    throw businessError(`今日查看关键信息的次数已达上限（${limit} 次），请明天再查看`);
  const fieldName = protectionTypeNames[type] ?? '关键信息';
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).insert(houseKeyViews, {
      houseId,
      userId: session.userId,
      type,
      needsFollowUp: decision.kind === 'onRequest' ? 1 : 0,
      viewedAt: now,
    });
    await writeRecord(
      tx,
      context.clock,
      { companyId: session.companyId, userId: session.userId, ip: context.ip },
      { appType: HouseAuth.appType, itemId: houseId, type: RecordTypes.view, content: `查看了${fieldName}` },
    );
  });
  return {
    houseId,
    type: type as 1 | 2 | 3 | 4,
    ownerName: type === 1 || type === 3 ? house.ownerName : null,
    ownerPhone: type === 1 ? house.ownerPhone : null,
    spareContacts: [],
    buildingNo: type === 2 ? house.buildingNo : null,
    unitNo: type === 2 ? house.unitNo : null,
    roomNo: type === 2 ? house.roomNo : null,
    certificateNo: type === 4 ? house.certificateNo : null,
    remainingViews: limit === null ? null : Math.max(0, limit - used),
  };
}
