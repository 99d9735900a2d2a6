/**
 * Push work as jobs in push_jobs (ADR 0007), on PGlite and PostgreSQL alike. A request only queues a
 * job; a worker claims the next due one with an UPDATE over `SELECT … FOR UPDATE SKIP LOCKED`, calls
 * the portal outside any transaction, then writes the outcome, the listing's portal state and its
 * operation record in one transaction. A job whose worker died is claimed again when its lease runs
 * out; the portal then gets the same idempotency key (company and listing) and updates its listing
 * instead of adding another. A portal that cannot be reached is tried again with back-off, and after
 * the last attempt the push is 推送失败 with the portal's error, to be retried by hand.
 */
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { brokerBindings, portalPushes, pushJobs } from '../../db/schema-promotion';
import { companyScope, inCompany } from '../../db/company-scope';
import { writeRecord } from '../records/app-records';
import { PortalUnavailable, type Portals } from './portals/portal';
import { channelNames, PushStates } from '../../../domain/promotion';

export type PushAction = 'push' | 'online' | 'offline' | 'remove' | 'withdraw';

export const pushQueueSettings = {
  maxAttempts: 5,
  /** The first retry waits this long; each next one twice as long, up to maxBackoffMs. */
  backoffMs: 10_000,
  maxBackoffMs: 10 * 60_000,
  /** A claimed job not finished within this is claimed again (its worker is taken for dead). */
  leaseMs: 2 * 60_000,
  /** A finished job (done or failed) is kept this long after it finished, then pruned: the push's
   * state, reason and operation record outlive it on the listing, so the job row is only a trace. */
  keepFinishedMs: 30 * 24 * 60 * 60_000,
};

/** The wait before the next try after `attempts` tries; `firstMs` is the first wait (PUSH_BACKOFF_SECONDS). */
export function backoffMs(attempts: number, firstMs = pushQueueSettings.backoffMs): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), pushQueueSettings.maxBackoffMs);
}

export type JobRequest = {
  companyId: number;
  houseId: number;
  channel: number;
  action: PushAction;
  reason: string | null;
  userId: number | null;
};

/**
 * Queues one job for a listing on a portal, in the caller's transaction. At most one job is open per
 * listing and portal: a queued one that has not started takes the newer action; a running one makes
 * this call answer false (the caller says so, or a sweep tries again next time).
 */
export async function enqueuePushJob(db: Db, clock: Clock, request: JobRequest): Promise<boolean> {
  const now = clock.now();
  const inserted = await companyScope(db, request.companyId)
    .insert(pushJobs, {
      houseId: request.houseId,
      channel: request.channel,
      action: request.action,
      reason: request.reason,
      userId: request.userId,
      status: 'queued',
      attempts: 0,
      maxAttempts: pushQueueSettings.maxAttempts,
      runAfter: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: pushJobs.id });
  if (inserted.length > 0) return true;
  const replaced = await companyScope(db, request.companyId)
    .update(
      pushJobs,
      { action: request.action, reason: request.reason, userId: request.userId, attempts: 0, runAfter: now },
      eq(pushJobs.houseId, request.houseId),
      eq(pushJobs.channel, request.channel),
      eq(pushJobs.status, 'queued'),
    )
    .returning({ id: pushJobs.id });
  return replaced.length > 0;
}

type Job = typeof pushJobs.$inferSelect;

/** Claims the next due job (or one whose worker's lease ran out) for `worker`, or null. */
export async function claimPushJob(
  db: Db,
  clock: Clock,
  worker: string,
  leaseMs = pushQueueSettings.leaseMs,
): Promise<Job | null> {
  const now = clock.now();
  const next = db
    .select({ id: pushJobs.id })
    .from(pushJobs)
    .where(
      or(
        and(eq(pushJobs.status, 'queued'), lte(pushJobs.runAfter, now)),
        and(eq(pushJobs.status, 'running'), lte(pushJobs.lockedUntil, now)),
      ),
    )
    .orderBy(asc(pushJobs.runAfter), asc(pushJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(pushJobs)
    .set({
      status: 'running',
      attempts: sql`${pushJobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + leaseMs),
      lockedBy: worker,
    })
    .where(inArray(pushJobs.id, next))
    .returning();
  return job ?? null;
}

type Outcome = {
  state: number;
  message: string | null;
  outId?: string | null;
  url?: string | null;
  record: string;
};

/** Calls the portal for a claimed job; throws PortalUnavailable (or anything) to retry. */
async function performJob(db: Db, portals: Portals, job: Job): Promise<Outcome | null> {
  const [push] = await db
    .select()
    .from(portalPushes)
    .where(
      and(
        inCompany(portalPushes, job.companyId),
        eq(portalPushes.houseId, job.houseId),
        eq(portalPushes.channel, job.channel),
      ),
    );
  if (!push) return null;
  const portal = portals(job.channel);
  const name = channelNames[job.channel]!;
  switch (job.action as PushAction) {
    case 'push': {
      const [binding] = job.userId
        ? await db
            .select({ outBrokerId: brokerBindings.outBrokerId })
            .from(brokerBindings)
            .where(
              and(
                inCompany(brokerBindings, job.companyId),
                eq(brokerBindings.userId, job.userId),
                eq(brokerBindings.channel, job.channel),
              ),
            )
        : [];
      const listing = push.listing;
      const outcome = await portal.publish({
        key: `${job.companyId}-${job.houseId}`,
        type: push.houseType === 2 ? 2 : 1,
        title: listing.title,
        communityName: listing.communityName,
        cityName: listing.cityName,
        room: listing.room,
        hall: listing.hall,
        bath: listing.bath,
        area: listing.area,
        price: listing.price,
        pictureCount: listing.pictureCount,
        outBrokerId: binding?.outBrokerId ?? null,
      });
      return outcome.accepted
        ? {
            state: PushStates.online,
            message: null,
            outId: outcome.outId,
            url: outcome.url,
            record: `推送到${name}：已上架（${outcome.outId}）`,
          }
        : {
            state: PushStates.rejected,
            message: outcome.reason,
            record: `推送到${name}：审核未通过，${outcome.reason}`,
          };
    }
    case 'online':
      if (!push.outId) return null;
      await portal.setOnline(push.outId, true, null);
      return { state: PushStates.online, message: null, record: `${name}上架` };
    case 'offline':
      if (!push.outId) return null;
      await portal.setOnline(push.outId, false, job.reason);
      return { state: PushStates.offline, message: job.reason, record: `${name}下架：${job.reason ?? ''}` };
    case 'remove':
    case 'withdraw':
      if (push.outId) await portal.remove(push.outId, job.reason ?? '');
      return { state: PushStates.removed, message: job.reason, record: `从${name}移除：${job.reason ?? ''}` };
    default:
      return null;
  }
}

/**
 * Runs one claimed job to its end or its next try (after backoffMs(attempts, firstBackoffMs)).
 * Returns whether the job is finished.
 */
export async function runPushJob(
  db: Db,
  clock: Clock,
  portals: Portals,
  job: Job,
  firstBackoffMs = pushQueueSettings.backoffMs,
): Promise<boolean> {
  const mine = and(
    eq(pushJobs.id, job.id),
    eq(pushJobs.status, 'running'),
    eq(pushJobs.lockedBy, job.lockedBy ?? ''),
  );
  let outcome: Outcome | null;
  try {
    outcome = await performJob(db, portals, job);
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    const isLast = job.attempts >= job.maxAttempts || !(caught instanceof PortalUnavailable);
    await db.transaction(async (tx) => {
      if (!isLast) {
        await tx
          .update(pushJobs)
          .set({
            status: 'queued',
            lastError: error,
            lockedUntil: null,
            lockedBy: null,
            runAfter: new Date(clock.now().getTime() + backoffMs(job.attempts, firstBackoffMs)),
          })
          .where(mine);
        return;
      }
      const [failed] = await tx
        .update(pushJobs)
        .set({ status: 'failed', lastError: error, finishedAt: clock.now(), lockedUntil: null })
        .where(mine)
        .returning({ id: pushJobs.id });
      if (!failed) return;
      const name = channelNames[job.channel]!;
      const message = `${name}：${error}`;
      await companyScope(tx, job.companyId).update(
        portalPushes,
        job.action === 'push'
          ? { state: PushStates.failed, message, updateTime: clock.now() }
          : { message: `操作未完成，${message}`, updateTime: clock.now() },
        eq(portalPushes.houseId, job.houseId),
        eq(portalPushes.channel, job.channel),
      );
      await writeRecord(
        tx,
        clock,
        { companyId: job.companyId, userId: job.userId, ip: null },
        {
          appType: 1,
          itemId: job.houseId,
          type: 1,
          content: `推广到${name}失败（已试 ${job.attempts} 次）：${error}`,
        },
      );
    });
    return isLast;
  }
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(pushJobs)
      .set({ status: 'done', finishedAt: clock.now(), lockedUntil: null, lastError: null })
      .where(mine)
      .returning({ id: pushJobs.id });
    if (!done || !outcome) return;
    await companyScope(tx, job.companyId).update(
      portalPushes,
      {
        state: outcome.state,
        message: outcome.message,
        ...(outcome.outId !== undefined ? { outId: outcome.outId } : {}),
        ...(outcome.url !== undefined ? { url: outcome.url } : {}),
        updateTime: clock.now(),
      },
      eq(portalPushes.houseId, job.houseId),
      eq(portalPushes.channel, job.channel),
    );
    await writeRecord(
      tx,
      clock,
      { companyId: job.companyId, userId: job.userId, ip: null },
      { appType: 1, itemId: job.houseId, type: 1, content: outcome.record },
    );
  });
  return true;
}

/** Claims and runs due jobs until none is left (or `limit` ran). Returns how many ran. */
export async function drainPushQueue(
  db: Db,
  clock: Clock,
  portals: Portals,
  options: { worker: string; limit?: number; leaseMs?: number; backoffMs?: number },
): Promise<number> {
  let ran = 0;
  while (ran < (options.limit ?? 50)) {
    const job = await claimPushJob(db, clock, options.worker, options.leaseMs);
    if (!job) break;
    await runPushJob(db, clock, portals, job, options.backoffMs);
    ran += 1;
  }
  return ran;
}

/** Removes jobs that finished (done or failed) more than keepFinishedMs ago. Returns how many. */
export async function pruneFinishedPushJobs(db: Db, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - pushQueueSettings.keepFinishedMs);
  const removed = await db
    .delete(pushJobs)
    .where(and(inArray(pushJobs.status, ['done', 'failed']), lt(pushJobs.finishedAt, before)))
    .returning({ id: pushJobs.id });
  return removed.length;
}
