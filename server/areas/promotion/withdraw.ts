/**
 * Withdrawing a listing that left the company's stock (sold, rented, invalid, deleted) from every
 * portal it is on, through the push queue (issue 37). Called by the write that changes the listing,
 * in that write's transaction, so the withdrawal jobs exist the moment the change is committed (and
 * vanish with it if it rolls back); the minute sweep (sweeps.ts) stays the safety net for a listing
 * whose job could not be queued then (a job of the same listing and portal was running).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { portalPushes } from '../../db/schema-promotion';
import { companyScope, inCompany } from '../../db/company-scope';
import { enqueuePushJob } from './queue';
import { PushStates } from '../../../domain/promotion';

/** A push in these states is on the portal (or on its way there), so a listing gone must leave it. */
export const livingPushStates = [PushStates.pending, PushStates.online, PushStates.offline];

/**
 * Queues the withdrawal of one listing from one portal and says so on the push ("…，正在从渠道撤下").
 * False when a job of that listing and portal is running (the sweep tries again next time).
 */
export async function queueWithdrawal(
  tx: Db,
  clock: Clock,
  push: { companyId: number; houseId: number; channel: number },
  reason: string,
): Promise<boolean> {
  const isQueued = await enqueuePushJob(tx, clock, {
    companyId: push.companyId,
    houseId: push.houseId,
    channel: push.channel,
    action: 'withdraw',
    reason,
    userId: null,
  });
  if (isQueued)
    await companyScope(tx, push.companyId).update(
      portalPushes,
      { message: `${reason}，正在从渠道撤下`, updateTime: clock.now() },
      eq(portalPushes.houseId, push.houseId),
      eq(portalPushes.channel, push.channel),
    );
  return isQueued;
}

/**
 * In the caller's transaction: queues the listing's withdrawal from every portal where its push is
 * living (pending, online or offline). Returns how many were queued.
 */
export async function withdrawFromPortals(
  tx: Db,
  clock: Clock,
  companyId: number,
  houseId: number,
  reason: string,
): Promise<number> {
  const pushes = await tx
    .select({ channel: portalPushes.channel })
    .from(portalPushes)
    .where(
      and(
        inCompany(portalPushes, companyId),
        eq(portalPushes.houseId, houseId),
        inArray(portalPushes.state, livingPushStates),
      ),
    );
  let queued = 0;
  for (const { channel } of pushes)
    if (await queueWithdrawal(tx, clock, { companyId, houseId, channel }, reason)) queued += 1;
  return queued;
}
