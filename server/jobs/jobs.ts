/** The product's periodic jobs (server/jobs/scheduler.ts runs each once per period). */
import type { Job } from './scheduler';
import { sweepPrivateToPublic } from '../areas/housing/pools';
import { sweepMaintainerRule } from '../areas/housing/maintainer-rule';
import { sweepCustomersToPublic } from '../areas/customer/pools';
import { remindCustomersDue } from '../areas/customer/reminders';
import { remindListingsDue } from '../areas/housing/reminders';
import { remindPackagesEnding } from '../areas/recharge/reminders';
import { analyzeTables } from '../db/maintenance';
import { sweepEndedLeases } from '../areas/housing/contract-deals';

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
  // The planner's statistics (embedded PGlite has no autovacuum): every 6 hours, and soon after a start.
  { name: 'database.analyze', everyMs: 6 * 60 * 60 * 1000, run: analyzeTables },
];
