/**
 * Promotion's periodic jobs (server/jobs/jobs.ts): listings that left the company's stock (sold,
 * rented, invalid, deleted) are withdrawn from every portal through the push queue, and the portals'
 * views and leads are read back onto the pushes.
 */
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { portalPushes, pushJobs } from '../../db/schema-promotion';
import { acrossCompanies, companyScope } from '../../db/company-scope';
import { findWithdrawnListings } from '../housing/for-promotion';
import { livingPushStates, queueWithdrawal } from './withdraw';
import type { Portals } from './portals/portal';
import { PushStates } from '../../../domain/promotion';

/**
 * Queues a withdrawal for each push of a listing no longer in stock that has no job open: the safety
 * net behind the writes that withdraw a listing as they change it (withdraw.ts).
 */
export async function sweepWithdrawnListings(db: Db, clock: Clock): Promise<number> {
  const rows = await db
    .select({
      companyId: portalPushes.companyId,
      houseId: portalPushes.houseId,
      channel: portalPushes.channel,
    })
    .from(portalPushes)
    .where(
      and(
        acrossCompanies('the job sweeps every company’s pushes'),
        inArray(portalPushes.state, livingPushStates),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushJobs)
            .where(
              and(
                eq(pushJobs.houseId, portalPushes.houseId),
                eq(pushJobs.channel, portalPushes.channel),
                inArray(pushJobs.status, ['queued', 'running']),
              ),
            ),
        ),
      ),
    );
  const byCompany = new Map<number, typeof rows>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
  let queued = 0;
  for (const [companyId, pushes] of byCompany) {
    const gone = await findWithdrawnListings(db, companyId, [...new Set(pushes.map((push) => push.houseId))]);
    const reasons = new Map(gone.map((entry) => [entry.houseId, entry.reason]));
    for (const push of pushes) {
      const reason = reasons.get(push.houseId);
      if (!reason) continue;
      const isQueued = await db.transaction((tx) => queueWithdrawal(tx, clock, push, reason));
      if (isQueued) queued += 1;
    }
  }
  return queued;
}

/** Reads views and leads of the online pushes from each portal. */
export async function syncPortalStats(db: Db, portals: Portals): Promise<number> {
  const rows = await db
    .select({
      companyId: portalPushes.companyId,
      houseId: portalPushes.houseId,
      channel: portalPushes.channel,
      outId: portalPushes.outId,
    })
    .from(portalPushes)
    .where(
      and(
        acrossCompanies('the job reads every company’s online pushes'),
        eq(portalPushes.state, PushStates.online),
      ),
    );
  let changed = 0;
  for (const channel of new Set(rows.map((row) => row.channel))) {
    const mine = rows.filter((row) => row.channel === channel && row.outId);
    const stats = await portals(channel).stats(mine.map((row) => row.outId!));
    const byOutId = new Map(stats.map((entry) => [entry.outId, entry]));
    for (const row of mine) {
      const entry = byOutId.get(row.outId!);
      if (!entry) continue;
      await companyScope(db, row.companyId).update(
        portalPushes,
        { viewCount: entry.views, leadCount: entry.leads },
        eq(portalPushes.houseId, row.houseId),
        eq(portalPushes.channel, channel),
      );
      changed += 1;
    }
  }
  return changed;
}
