/** The product's periodic jobs (server/jobs/scheduler.ts runs each once per period). */
import type { Job, Queue } from './scheduler';
import { sweepPrivateToPublic } from '../areas/housing/pools';
import { sweepMaintainerRule } from '../areas/housing/maintainer-rule';
import { sweepCustomersToPublic } from '../areas/customer/pools';
import { remindCustomersDue } from '../areas/customer/reminders';
import { remindListingsDue } from '../areas/housing/reminders';
import { remindPackagesEnding } from '../areas/recharge/reminders';
import { analyzeTables } from '../db/maintenance';
import { rollUpStatistics } from '../areas/management/statistics-rollup';
import { sweepEndedLeases } from '../areas/housing/contract-deals';
import { sweepWithdrawnListings, syncPortalStats } from '../areas/promotion/sweeps';
import { drainPushQueue, pruneFinishedPushJobs } from '../areas/promotion/queue';
import type { Portals } from '../areas/promotion/portals/portal';
import { createPortals } from '../areas/promotion/portals/registry';
import { readPortalConfig } from '../config';

export const productJobs: readonly Job[] = [
  // 私盘 N 天无跟进自动转公盘 (001 section 4): checked every 10 minutes.
  { name: 'housing.privateToPublic', everyMs: 10 * 60 * 1000, run: sweepPrivateToPublic },
  // 维护人规则 (001 section 3 teamMaintainer): checked every hour.
  { name: 'housing.maintainerRule', everyMs: 60 * 60 * 1000, run: sweepMaintainerRule },
  // A listing rented by a contract is available again after its lease's end (issue 41): checked daily.
  { name: 'housing.leaseEnded', everyMs: 24 * 60 * 60 * 1000, run: sweepEndedLeases },
  // 客源转公规则 (001 section 3 "Customers": deal / follow / followVisit days): checked every 10 minutes.
  { name: 'customer.privateToPublic', everyMs: 10 * 60 * 1000, run: sweepCustomersToPublic },
  // 业务提醒: private customers the rules above move within a day, once a day to their holders.
  { name: 'customer.remindDue', everyMs: 24 * 60 * 60 * 1000, run: remindCustomersDue },
  // 业务提醒: private listings the privacyToPublic or maintainer rule moves within a day, once a day to their holders.
  { name: 'housing.remindDue', everyMs: 24 * 60 * 60 * 1000, run: remindListingsDue },
  // 业务提醒: a package ending within 7 days without a renewal, once per package end to the managers.
  { name: 'recharge.remindEnding', everyMs: 24 * 60 * 60 * 1000, run: remindPackagesEnding },
  // 推广 (issue 37): a listing sold, rented, invalid or deleted leaves every portal, through the push queue.
  { name: 'promotion.withdraw', everyMs: 60 * 1000, run: sweepWithdrawnListings },
  // 推广: finished push jobs older than 30 days leave the queue table (the push's state stays), daily.
  { name: 'promotion.pruneJobs', everyMs: 24 * 60 * 60 * 1000, run: pruneFinishedPushJobs },
  // 推广: the portals' views and leads of online listings, every 30 minutes (the configured portals).
  {
    name: 'promotion.stats',
    everyMs: 30 * 60 * 1000,
    run: (db, clock) => syncPortalStats(db, createPortals(db, clock, readPortalConfig())),
  },
  // The management centre's statistics: closed Beijing days rolled up per person and measure (issue 36), hourly.
  { name: 'management.statisticsRollup', everyMs: 60 * 60 * 1000, run: rollUpStatistics },
  // The planner's statistics (embedded PGlite has no autovacuum): every 6 hours, and soon after a start.
  { name: 'database.analyze', everyMs: 6 * 60 * 60 * 1000, run: analyzeTables },
];

/** The queues every process drains (ADR 0007): portal pushes, with this process's name as the worker. */
export function productQueues(
  portals: Portals,
  worker: string,
  everyMs: number,
  leaseMs?: number,
  backoffMs?: number,
): readonly Queue[] {
  return [
    {
      name: 'promotion.push',
      everyMs,
      drain: (db, clock) => drainPushQueue(db, clock, portals, { worker, leaseMs, backoffMs }),
    },
  ];
}
