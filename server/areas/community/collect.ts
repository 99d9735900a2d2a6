/**
 * Cloud collect (云采集, 001 section 7 "collect host (no token)"): the collect settings, the list of
 * market listings of the company's open cities (the collect provider's) with the seed's sorts and
 * room types, and saving one as a private listing of the user.
 *
 * The collect host's calls carry no token and sessionid headers, as the seed says. They carry a
 * collect ticket instead, which the main host issues for a session (collectTicket): the session id
 * and an HMAC of it keyed by the session's stored token hash, so only the session's holder gets one,
 * every server process can check it without shared state, and it dies with the session (logout,
 * expiry, a disabled user). The companyId and userId the calls name must be the ticket's.
 *
 * Saving goes through the listing entry itself (addHouse): the same permission, private cap,
 * publishing types, estate settings and duplicate check as hand entry, in one transaction with the
 * record of which collected listing it came from.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { sessions, users } from '../../db/schema';
import { houses } from '../../db/schema-house';
import { collectSaves } from '../../db/schema-community';
import { companyRow, inCompany } from '../../db/company-scope';
import { ApiError, Codes, businessError, forbidden, notFound } from '../../contract/envelope';
import type { HandlerContext, QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { createSandboxCollect, type CollectProvider, type MarketListing } from '../../sandbox/collect';
import { listOpenCities } from '../org/open-cities';
import { houseAccess } from '../housing/access';
import { addHouse, duplicateError } from '../housing/entry';
import { isUniqueViolation } from '../contract-ledger/add-contract';
import { findCity } from '../regions/regions';
import { districtName } from './platform';
import { readEstateSetting } from './settings';
import { HouseAuth } from '../../../domain/auth-ids';
import { HousePools, maskPhone, towardNames } from '../../../domain/house-rules';
import { noPermissionMessage } from '../../../domain/permissions';
import { collectRoomNames, collectSortNames, collectSortsFor } from '../../../domain/estate-rules';

export const ticketInvalidMessage = '采集凭证无效或已过期，请重新登录';
export const collectOffMessage = '云采集服务未开通';
export const gatherGoneMessage = '该采集房源已下架或不存在';

const options = (names: Record<number, string>) =>
  Object.entries(names).map(([value, label]) => ({ value: Number(value), label }));

function ticketMac(tokenHash: string, sessionId: string): string {
  return createHmac('sha256', tokenHash).update(`collect:${sessionId}`).digest('hex');
}

/** The collect ticket of the signed-in session (collectTicket). */
export async function issueCollectTicket(db: Db, session: Session) {
  const [row] = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.id, session.sessionId));
  if (!row) throw new ApiError(Codes.sessionInvalid, ticketInvalidMessage);
  return {
    ticket: `${session.sessionId}.${ticketMac(row.tokenHash, session.sessionId)}`,
    companyId: session.companyId,
    userId: session.userId,
  };
}

/** The session a collect ticket stands for, when it is live and names this company (and user). */
export async function sessionOfTicket(
  context: HandlerContext,
  ticket: string,
  companyId: number,
  userId?: number,
): Promise<Session> {
  const invalid = () => new ApiError(Codes.sessionInvalid, ticketInvalidMessage);
  const dot = ticket.lastIndexOf('.');
  const sessionId = ticket.slice(0, dot);
  const mac = ticket.slice(dot + 1);
  if (dot <= 0 || !/^[0-9a-f]{64}$/.test(mac) || !/^[0-9a-f-]{36}$/.test(sessionId)) throw invalid();
  const [row] = await context.db
    .select({
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      companyId: users.companyId,
      isManager: users.isManager,
      roleId: users.roleId,
      deptId: users.deptId,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  if (!row || row.status !== 1 || row.expiresAt.getTime() <= context.clock.now().getTime()) throw invalid();
  const expected = Buffer.from(ticketMac(row.tokenHash, sessionId), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(mac, 'hex'))) throw invalid();
  if (row.companyId !== companyId || (userId !== undefined && row.userId !== userId)) throw invalid();
  return {
    sessionId,
    userId: row.userId,
    companyId: row.companyId,
    isManager: row.isManager,
    roleId: row.roleId,
    deptId: row.deptId,
  };
}

/** The sandbox provider while sandboxes are on; a real collect service would be configured here. */
function collectProvider(context: HandlerContext): CollectProvider | null {
  return context.isSandbox ? createSandboxCollect(context.db) : null;
}

function requireProvider(context: HandlerContext): CollectProvider {
  const provider = collectProvider(context);
  if (!provider) throw businessError(collectOffMessage);
  return provider;
}

async function collectCities(context: HandlerContext, session: Session, provider: CollectProvider | null) {
  if (!provider) return [];
  const opened = await listOpenCities(context.db, session);
  const covered = await Promise.all(opened.map((city) => provider.covers(city.cityid)));
  return opened
    .filter((_, index) => covered[index])
    .map((city) => ({ cityId: city.cityid, cityName: city.name }));
}

async function requireCollectCity(
  context: HandlerContext,
  session: Session,
  provider: CollectProvider,
  cityId: number,
) {
  const cities = await collectCities(context, session, provider);
  if (!cities.some((city) => city.cityId === cityId))
    throw businessError(`${findCity(cityId)?.name ?? '该城市'}未开通，不能使用云采集`);
}

export async function readCollectSetting(context: HandlerContext, query: QueryOf<'findSetting'>) {
  const session = await sessionOfTicket(context, query.ticket, query.companyId);
  const provider = collectProvider(context);
  const [cities, setting] = await Promise.all([
    collectCities(context, session, provider),
    readEstateSetting(context.db, session.companyId),
  ]);
  return {
    enabled: provider && cities.length > 0 ? (1 as const) : (0 as const),
    expireDate: null,
    dailyLimit: setting.collectDailyLimit,
    cities,
    sources: provider?.sources ?? [],
    sortOptions: options(collectSortNames),
    roomOptions: options(collectRoomNames),
  };
}

/** Entering listings is what the collect list is for: it needs 录入房源 (1). */
async function requireEntryRight(db: Db, session: Session) {
  const access = await houseAccess(db, session);
  if (!access.grants.has(HouseAuth.add)) throw forbidden(noPermissionMessage);
}

function floorDescription(floor: number, totalFloor: number): string {
  const part = floor <= totalFloor / 3 ? '低' : floor <= (totalFloor * 2) / 3 ? '中' : '高';
  return `${part}楼层/共 ${totalFloor} 层`;
}

function toListItem(row: MarketListing, saved: boolean) {
  return {
    gatherId: row.gatherId,
    type: row.type,
    title: row.title,
    communityName: row.communityName,
    distractName: districtName(row.districtId, row.cityId),
    price: row.price,
    unitPrice: row.unitPrice,
    area: row.area,
    room: row.room,
    hall: row.hall,
    bath: row.bath,
    buildingNo: row.buildingNo,
    unitNo: row.unitNo,
    roomNo: `${row.roomNo.slice(0, -2)}**`,
    floorDesc: floorDescription(row.floor, row.totalFloor),
    toward: towardNames[row.toward] ?? null,
    ownerName: row.ownerName,
    phone: maskPhone(row.phone),
    source: row.source,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    pictures: row.pictures,
    publishTime: formatDateTime(row.publishTime),
    saved: saved ? (1 as const) : (0 as const),
  };
}

/** Which of these collected listings the company holds as listings now (not deleted). */
async function savedOf(db: Db, companyId: number, gatherIds: number[]): Promise<Set<number>> {
  if (gatherIds.length === 0) return new Set();
  const rows = await db
    .select({ gatherId: collectSaves.gatherId })
    .from(collectSaves)
    .innerJoin(houses, eq(houses.id, collectSaves.houseId))
    .where(
      and(
        inCompany(collectSaves, companyId),
        inArray(collectSaves.gatherId, gatherIds),
        isNull(houses.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.gatherId));
}

function checkRange(label: string, key: string, min?: number, max?: number) {
  if (min !== undefined && max !== undefined && min > max)
    throw businessError(`${label}区间（${key}）不正确：最小值不能大于最大值`);
}

export async function listCollected(context: HandlerContext, query: QueryOf<'page'>) {
  const session = await sessionOfTicket(context, query.ticket, query.companyId);
  await requireEntryRight(context.db, session);
  const provider = requireProvider(context);
  await requireCollectCity(context, session, provider, query.cityId);
  const type = query.type ?? 1;
  const sort = query.sort ?? 0;
  if (!collectSortsFor(type).includes(sort))
    throw businessError(
      `排序方式（sort）“${collectSortNames[sort]}”不适用于${type === 1 ? '出售' : '出租'}房源`,
    );
  checkRange('价格', 'priceMin/priceMax', query.priceMin, query.priceMax);
  checkRange('面积', 'areaMin/areaMax', query.areaMin, query.areaMax);
  const pageSize = query.pagesize ?? 15;
  const result = await provider.search(
    {
      cityId: query.cityId,
      type,
      key: query.key,
      districtId: query.distractId,
      source: query.source,
      room: query.room,
      priceMin: query.priceMin,
      priceMax: query.priceMax,
      areaMin: query.areaMin,
      areaMax: query.areaMax,
      sort,
      offset: ((query.pageindex ?? 1) - 1) * pageSize,
      limit: pageSize,
    },
    context.clock.now(),
  );
  const saved = await savedOf(
    context.db,
    session.companyId,
    result.rows.map((row) => row.gatherId),
  );
  return { data: result.rows.map((row) => toListItem(row, saved.has(row.gatherId))), total: result.total };
}

const dayMs = 24 * 60 * 60 * 1000;
const beijingOffsetMs = 8 * 60 * 60 * 1000;

/** The per-person daily limit of the estate settings, counted from Beijing midnight. */
async function requireDailyRoom(db: Db, session: Session, now: Date): Promise<void> {
  const { collectDailyLimit } = await readEstateSetting(db, session.companyId);
  if (collectDailyLimit === null) return;
  const midnight = new Date(Math.floor((now.getTime() + beijingOffsetMs) / dayMs) * dayMs - beijingOffsetMs);
  const [row] = await db
    .select({ n: count() })
    .from(collectSaves)
    .where(
      and(
        inCompany(collectSaves, session.companyId),
        eq(collectSaves.userId, session.userId),
        gte(collectSaves.createdAt, midnight),
      ),
    );
  if ((row?.n ?? 0) >= collectDailyLimit)
    throw businessError(`云采集房源每人每日最多转入 ${collectDailyLimit} 条，您今日已达上限`);
}

/** The company's listing this collected listing already became (not deleted), if any. */
async function savedHouse(db: Db, companyId: number, gatherId: number) {
  const [row] = await db
    .select({ id: houses.id, houseNo: houses.houseNo, attributorName: users.name })
    .from(collectSaves)
    .innerJoin(houses, eq(houses.id, collectSaves.houseId))
    .leftJoin(users, eq(users.id, houses.attributorId))
    .where(
      and(inCompany(collectSaves, companyId), eq(collectSaves.gatherId, gatherId), isNull(houses.deletedAt)),
    );
  return row ?? null;
}

export async function saveCollected(context: HandlerContext, query: QueryOf<'save'>) {
  const session = await sessionOfTicket(context, query.ticket, query.companyId, query.userId);
  await requireEntryRight(context.db, session);
  const provider = requireProvider(context);
  const now = context.clock.now();
  const listing = await provider.find(query.gatherId, now);
  if (!listing) throw notFound(gatherGoneMessage);
  await requireCollectCity(context, session, provider, listing.cityId);
  await requireDailyRoom(context.db, session, now);
  const input = {
    type: listing.type,
    attribution: HousePools.private,
    communityId: listing.communityId,
    buildingNo: listing.buildingNo,
    ...(listing.unitNo ? { unitNo: listing.unitNo } : {}),
    roomNo: listing.roomNo,
    title: listing.title.slice(0, 60),
    room: listing.room,
    hall: listing.hall,
    bath: listing.bath,
    area: listing.area,
    floor: listing.floor,
    totalFloor: listing.totalFloor,
    toward: listing.toward,
    renovation: listing.renovation,
    property: 1,
    price: listing.price,
    ownerName: listing.ownerName,
    ownerPhone: listing.phone,
    source: `云采集（${listing.sourceName}）`,
    remark: `云采集自${listing.sourceName}，${formatDateTime(listing.publishTime)} 发布`,
  } as Parameters<typeof addHouse>[2];
  try {
    return await context.db.transaction(async (tx) => {
      const earlier = await savedHouse(tx, session.companyId, listing.gatherId);
      if (earlier) throw duplicateError(earlier);
      // A listing saved before and deleted since gives way to this one.
      await tx
        .delete(collectSaves)
        .where(and(inCompany(collectSaves, session.companyId), eq(collectSaves.gatherId, listing.gatherId)));
      const saved = await addHouse({ ...context, db: tx, session }, session, input);
      await tx.insert(collectSaves).values(
        companyRow(session.companyId, {
          gatherId: listing.gatherId,
          houseId: saved.houseId,
          userId: session.userId,
          createdAt: now,
        }),
      );
      return { gatherId: listing.gatherId, houseId: saved.houseId, houseNo: saved.houseNo };
    });
  } catch (error) {
    // Two saves of the same listing at once: the one that lost finds the winner's listing.
    if (!isUniqueViolation(error)) throw error;
    const winner = await savedHouse(context.db, session.companyId, listing.gatherId);
    if (winner) throw duplicateError(winner);
    throw error;
  }
}
