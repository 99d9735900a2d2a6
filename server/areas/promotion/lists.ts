/**
 * What the promotion screens read: the six tabs of the promotion list (one channel and its listing
 * kinds each, domain/promotion.ts promotionTabs), a listing's state on every portal
 * (queryHousePushState), and the progress of a batch push. Only the session's company's rows.
 */
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { portalPushes } from '../../db/schema-promotion';
import { inCompany } from '../../db/company-scope';
import { pageTotal, totalColumn } from '../../db/paging';
import type { Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import {
  channelNames,
  channelValues,
  promotionTabs,
  pushStateNames,
  PushStates,
  tabOf,
} from '../../../domain/promotion';

export type PromotionSearch = {
  key?: string | undefined;
  state?: number | undefined;
  userId?: number | undefined;
  pushTime?: { start?: string | null | undefined; end?: string | null | undefined } | undefined;
  pageindex?: number | undefined;
  pagesize?: number | undefined;
};

const dayMs = 24 * 60 * 60 * 1000;
const beijingMidnight = (date: string) => new Date(`${date}T00:00:00+08:00`);
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PushRow = typeof portalPushes.$inferSelect;

/** 58 优选's claim state: 0 待认领 while it reviews, 1 已认领 once listed, 2 认领失败 when refused. */
function claimStateOf(row: PushRow): 0 | 1 | 2 | null {
  if (row.channel !== 2) return null;
  if (row.state === PushStates.pending) return 0;
  if (row.state === PushStates.rejected || row.state === PushStates.failed) return 2;
  return row.state === PushStates.none ? null : 1;
}

export function promotionRow(row: PushRow) {
  const listing = row.listing;
  return {
    tab: tabOf(row.channel, row.houseType),
    houseId: row.houseId,
    houseNo: listing.houseNo || null,
    outId: row.outId,
    type: row.houseType === 2 ? (2 as const) : (1 as const),
    title: listing.title,
    communityName: listing.communityName,
    cityName: listing.cityName,
    room: listing.room,
    hall: listing.hall,
    bath: listing.bath,
    area: listing.area,
    price: listing.price,
    coverUrl: listing.coverUrl,
    state: row.state as 0,
    stateName: pushStateNames[row.state] ?? '未知',
    message: row.message,
    claimState: claimStateOf(row),
    url: row.url,
    viewCount: row.viewCount,
    leadCount: row.leadCount,
    userId: row.userId,
    userName: listing.userName,
    deptName: listing.deptName,
    pushTime: row.pushTime ? formatDateTime(row.pushTime) : null,
    updateTime: row.updateTime ? formatDateTime(row.updateTime) : null,
  };
}

/** One tab of the promotion list, newest push first, paged. */
export async function listPromotionTab(
  db: Db,
  session: Session,
  tab: number,
  search: PromotionSearch,
  kinds?: readonly number[],
) {
  const entry = promotionTabs.find((candidate) => candidate.tab === tab)!;
  const conditions: (SQL | undefined)[] = [
    inCompany(portalPushes, session.companyId),
    eq(portalPushes.channel, entry.channel),
    inArray(portalPushes.houseType, [...(kinds ?? entry.kinds)]),
  ];
  const key = search.key?.trim();
  if (key) {
    const like = escapeLike(key);
    conditions.push(
      or(
        ilike(sql`${portalPushes.listing}->>'communityName'`, like),
        ilike(sql`${portalPushes.listing}->>'houseNo'`, like),
        ilike(sql`${portalPushes.listing}->>'title'`, like),
        ilike(portalPushes.outId, like),
      ),
    );
  }
  if (search.state !== undefined) conditions.push(eq(portalPushes.state, search.state));
  if (search.userId !== undefined) conditions.push(eq(portalPushes.userId, search.userId));
  if (search.pushTime?.start)
    conditions.push(gte(portalPushes.pushTime, beijingMidnight(search.pushTime.start)));
  if (search.pushTime?.end)
    conditions.push(
      lt(portalPushes.pushTime, new Date(beijingMidnight(search.pushTime.end).getTime() + dayMs)),
    );
  const where = and(...conditions);
  const pageIndex = search.pageindex ?? 1;
  const pageSize = search.pagesize ?? 15;
  const rows = await db
    .select({ push: portalPushes, total: totalColumn(portalPushes, where) })
    .from(portalPushes)
    .where(where)
    .orderBy(desc(portalPushes.pushTime), desc(portalPushes.houseId))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  const total = await pageTotal(rows, pageIndex, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(portalPushes)
      .where(where);
    return row?.n ?? 0;
  });
  return { data: rows.map((row) => promotionRow(row.push)), total };
}

/** A listing's state on each of the four portals; a portal it was never pushed to is 未推送. */
export async function listingPortalStates(db: Db, companyId: number, houseId: number) {
  const rows = await db
    .select()
    .from(portalPushes)
    .where(and(inCompany(portalPushes, companyId), eq(portalPushes.houseId, houseId)));
  const byChannel = new Map(rows.map((row) => [row.channel, row]));
  return channelValues.map((channel) => {
    const row = byChannel.get(channel);
    return {
      channel,
      channelName: channelNames[channel]!,
      state: (row?.state ?? PushStates.none) as 0,
      outId: row?.outId ?? null,
      url: row?.url ?? null,
      message: row?.message ?? null,
      pushTime: row?.pushTime ? formatDateTime(row.pushTime) : null,
    };
  });
}

/** The rows of these listings on one portal (a batch push's progress). */
export async function readPushProgress(db: Db, session: Session, channel: number, houseIds: number[]) {
  const rows = await db
    .select()
    .from(portalPushes)
    .where(
      and(
        inCompany(portalPushes, session.companyId),
        eq(portalPushes.channel, channel),
        inArray(portalPushes.houseId, houseIds),
      ),
    );
  const byHouse = new Map(rows.map((row) => [row.houseId, row]));
  return houseIds.map((houseId) => {
    const row = byHouse.get(houseId);
    return {
      houseId,
      state: (row?.state ?? PushStates.none) as 0,
      stateName: pushStateNames[row?.state ?? 0]!,
      message: row?.message ?? null,
      outId: row?.outId ?? null,
    };
  });
}
