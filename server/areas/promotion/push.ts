/**
 * Promotion requests (issue 37): push listings to a portal, take one up or down, remove it, and the
 * listing status pushes (housestatus). Each checks the promotion permission and the company, writes
 * the listing's portal state and queues the portal work (./queue.ts) in one transaction; the portal
 * is called by the queue's worker, never while the request is held open.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { companies, departments, users } from '../../db/schema';
import { portalPushes, type PushedListing } from '../../db/schema-promotion';
import { companyScope, inCompany } from '../../db/company-scope';
import type { Session } from '../../contract/types';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import { readListingForPush, type ListingForPush } from '../housing/for-promotion';
import { readPortalQuota } from '../recharge/portal-quota';
import { writeRecord } from '../records/app-records';
import { enqueuePushJob, type PushAction } from './queue';
import {
  canPush,
  channelNames,
  isPushableHouseState,
  portalQuotaMessage,
  PromotionAuth,
  pushStateNames,
  PushStates,
  type PushState,
} from '../../../domain/promotion';
import { houseStateName } from '../../../domain/house-rules';

type Ctx = { db: Db; clock: Clock; ip: string };

export type PushResult = {
  houseId: number;
  state: PushState;
  stateName: string;
  queued: boolean;
  message: string;
};

async function requirePromotion(db: Db, session: Session) {
  await requireAuth(db, session, PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
}

async function pusherNames(db: Db, session: Session) {
  const [row] = await db
    .select({ name: users.name, deptName: departments.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(and(inCompany(users, session.companyId), eq(users.id, session.userId)));
  return { userName: row?.name ?? null, deptName: row?.deptName ?? null };
}

/**
 * Pushes listings to one portal. Every listing must be the company's and in the user's sight (else
 * 404 and nothing is queued); one already pending or online is left as it is; one not 有效 is
 * refused with the reason. The listings to queue must fit the company's quota on that portal (406).
 */
export async function pushListings(
  context: Ctx,
  session: Session,
  body: { channel: number; houseIds: number[] },
): Promise<PushResult[]> {
  await requirePromotion(context.db, session);
  const houseIds = [...new Set(body.houseIds)];
  const listings: ListingForPush[] = [];
  for (const houseId of houseIds) listings.push(await readListingForPush(context.db, session, houseId));
  const names = await pusherNames(context.db, session);
  const name = channelNames[body.channel]!;
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    // One company's pushes one at a time, so that two requests cannot both take the last places.
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, session.companyId))
      .for('update');
    const existing = await tx
      .select({ houseId: portalPushes.houseId, state: portalPushes.state })
      .from(portalPushes)
      .where(
        and(
          inCompany(portalPushes, session.companyId),
          eq(portalPushes.channel, body.channel),
          inArray(portalPushes.houseId, houseIds),
        ),
      );
    const stateOf = new Map(existing.map((row) => [row.houseId, row.state]));
    const results: PushResult[] = [];
    const toQueue: ListingForPush[] = [];
    for (const listing of listings) {
      const state = (stateOf.get(listing.houseId) ?? PushStates.none) as PushState;
      if (!isPushableHouseState(listing.houseState)) {
        const stateName = houseStateName(listing.houseState, listing.type);
        results.push({
          houseId: listing.houseId,
          state,
          stateName: pushStateNames[state]!,
          queued: false,
          message: `房源状态为「${stateName}」，只有「有效」房源可以推广`,
        });
      } else if (!canPush(state)) {
        results.push({
          houseId: listing.houseId,
          state,
          stateName: pushStateNames[state]!,
          queued: false,
          message: `该房源已在${name}${pushStateNames[state]}`,
        });
      } else toQueue.push(listing);
    }
    if (toQueue.length > 0) {
      const quota = await readPortalQuota(tx, session.companyId, now);
      const [held] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(portalPushes)
        .where(
          and(
            inCompany(portalPushes, session.companyId),
            eq(portalPushes.channel, body.channel),
            inArray(portalPushes.state, [PushStates.pending, PushStates.online]),
          ),
        );
      const left = quota - (held?.n ?? 0);
      if (toQueue.length > left) {
        const message =
          quota > 0 && left > 0
            ? `${name}推广名额不足：剩余 ${left} 套，本次需要 ${toQueue.length} 套，请前往充值中心购买营销版套餐`
            : portalQuotaMessage(body.channel, quota);
        throw new ApiError(Codes.insufficientPackage, message);
      }
    }
    for (const listing of toQueue) {
      const pushed: PushedListing = {
        houseNo: listing.houseNo,
        title: listing.title,
        communityName: listing.communityName,
        cityName: listing.cityName,
        room: listing.room,
        hall: listing.hall,
        bath: listing.bath,
        area: listing.area,
        price: listing.price,
        pictureCount: listing.pictureCount,
        coverUrl: listing.coverUrl,
        ...names,
      };
      const values = {
        houseType: listing.type,
        state: PushStates.pending,
        outId: null,
        url: null,
        message: null,
        listing: pushed,
        userId: session.userId,
        pushTime: now,
        updateTime: now,
      };
      await companyScope(tx, session.companyId)
        .insert(portalPushes, { houseId: listing.houseId, channel: body.channel, ...values })
        .onConflictDoUpdate({ target: [portalPushes.houseId, portalPushes.channel], set: values });
      await enqueuePushJob(tx, context.clock, {
        companyId: session.companyId,
        houseId: listing.houseId,
        channel: body.channel,
        action: 'push',
        reason: null,
        userId: session.userId,
      });
      await writeRecord(
        tx,
        context.clock,
        { companyId: session.companyId, userId: session.userId, ip: context.ip },
        { appType: 1, itemId: listing.houseId, type: 1, content: `提交推送到${name}` },
      );
      results.push({
        houseId: listing.houseId,
        state: PushStates.pending,
        stateName: pushStateNames[PushStates.pending]!,
        queued: true,
        message: `已提交推送到${name}`,
      });
    }
    return houseIds.map((houseId) => results.find((result) => result.houseId === houseId)!);
  });
}

type PushRow = typeof portalPushes.$inferSelect;

/** Queues an action on a listing already on a portal; refuses a state that does not allow it. */
async function queueAction(
  context: Ctx,
  session: Session,
  push: PushRow,
  action: PushAction,
  reason: string | null,
  record: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const queued = await enqueuePushJob(tx, context.clock, {
      companyId: session.companyId,
      houseId: push.houseId,
      channel: push.channel,
      action,
      reason,
      userId: session.userId,
    });
    if (!queued) throw new ApiError(Codes.stateConflict, '该房源正在与渠道同步，请稍后再试');
    await writeRecord(
      tx,
      context.clock,
      { companyId: session.companyId, userId: session.userId, ip: context.ip },
      { appType: 1, itemId: push.houseId, type: 1, content: record },
    );
  });
}

async function findPush(
  db: Db,
  session: Session,
  channel: number,
  where: { houseId?: number; outId?: string },
) {
  const [push] = await db
    .select()
    .from(portalPushes)
    .where(
      and(
        inCompany(portalPushes, session.companyId),
        eq(portalPushes.channel, channel),
        where.houseId !== undefined ? eq(portalPushes.houseId, where.houseId) : undefined,
        where.outId !== undefined ? eq(portalPushes.outId, where.outId) : undefined,
        ne(portalPushes.state, PushStates.none),
      ),
    );
  return push ?? null;
}

/** rentHouseUpdown: 天猫好房 rent listing up (onoff 1) or down (onoff 0, with a reason). */
export async function updownTmallRent(
  context: Ctx,
  session: Session,
  query: { companyId: number; outId: string; onoff: number; onoffReason?: string | undefined },
) {
  await requirePromotion(context.db, session);
  if (query.companyId !== session.companyId) throw notFound('房源不存在或已被删除');
  const push = await findPush(context.db, session, 4, { outId: query.outId });
  if (!push || push.houseType !== 2) throw notFound('房源不存在或已被删除');
  const reason = query.onoffReason?.trim() ?? '';
  if (query.onoff === 0) {
    if (!reason) throw businessError('请填写下架原因（onoffReason）');
    if (push.state !== PushStates.online) throw businessError('当前状态不允许此操作！');
    await queueAction(context, session, push, 'offline', reason, `申请天猫好房下架：${reason}`);
  } else {
    if (push.state !== PushStates.offline) throw businessError('当前状态不允许此操作！');
    await queueAction(context, session, push, 'online', reason || null, '申请天猫好房重新上架');
  }
  return { outId: query.outId, onoff: query.onoff as 0 | 1, state: push.state as 2 };
}

/** houseRemove: takes a listing off 幸福里 for good, with the reason. */
export async function removeFromXfl(
  context: Ctx,
  session: Session,
  query: { cityName: string; companyId: number; houseId: number; reason: string },
): Promise<void> {
  await requirePromotion(context.db, session);
  if (query.companyId !== session.companyId) throw notFound('房源不存在或已被删除');
  const push = await findPush(context.db, session, 1, { houseId: query.houseId });
  if (!push) throw notFound('房源不存在或已被删除');
  if (push.state === PushStates.removed) throw businessError('该房源已从幸福里移除');
  const reason = query.reason.trim();
  if (!reason) throw businessError('请填写下架原因（reason）');
  await queueAction(context, session, push, 'remove', reason, `申请从幸福里移除：${reason}`);
}

/**
 * housestatus (four channels): 1 上架（更新） sends the listing again, 2 下架 takes it offline with
 * the reason, 3 已成交 withdraws it. Only for a channel the listing has been pushed to (405).
 */
export async function pushHouseStatus(
  context: Ctx,
  session: Session,
  channel: number,
  body: { houseId: number; status: number; reason?: string | undefined },
  companyId: number,
) {
  await requirePromotion(context.db, session);
  if (companyId !== session.companyId) throw notFound('房源不存在或已被删除');
  // The listing must be one the user sees (404 otherwise), as for a push.
  await readListingForPush(context.db, session, body.houseId);
  const name = channelNames[channel]!;
  const push = await findPush(context.db, session, channel, { houseId: body.houseId });
  if (!push) throw businessError(`该房源尚未推送到${name}`);
  if (body.status === 1) {
    if (push.state === PushStates.online || push.state === PushStates.pending)
      return pushListingAgain(context, session, channel, push);
    const results = await pushListings(context, session, { channel, houseIds: [body.houseId] });
    return statusResult(push, channel, results[0]?.state ?? push.state, results[0]?.message ?? null);
  }
  const reason = body.status === 3 ? '房源已成交' : body.reason?.trim() || '经纪人下架';
  if (body.status === 2 && push.state !== PushStates.online) throw businessError('当前状态不允许此操作！');
  if (push.state === PushStates.removed) throw businessError(`该房源已从${name}移除`);
  await queueAction(
    context,
    session,
    push,
    body.status === 3 ? 'withdraw' : 'offline',
    reason,
    `${name}${body.status === 3 ? '撤下' : '下架'}：${reason}`,
  );
  return statusResult(push, channel, push.state, reason);
}

/** 上架（更新） of a listing on the portal: the listing's current details go out under the same key. */
async function pushListingAgain(context: Ctx, session: Session, channel: number, push: PushRow) {
  const listing = await readListingForPush(context.db, session, push.houseId);
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).update(
      portalPushes,
      {
        listing: { ...push.listing, title: listing.title, area: listing.area, price: listing.price },
        updateTime: context.clock.now(),
      },
      eq(portalPushes.houseId, push.houseId),
      eq(portalPushes.channel, channel),
    );
  });
  await queueAction(context, session, push, 'push', null, `更新${channelNames[channel]}上的房源信息`);
  return statusResult(push, channel, push.state, null);
}

function statusResult(push: PushRow, channel: number, state: number, message: string | null) {
  return {
    houseId: push.houseId,
    channel: channel as 1,
    state: state as 0,
    outId: push.outId,
    message,
  };
}
