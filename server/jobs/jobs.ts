/** The product's periodic jobs (server/jobs/scheduler.ts runs each once per period). */
import type { Job } from './scheduler';
import { sweepPrivateToPublic } from '../areas/housing/pools';
import { sweepMaintainerRule } from '../areas/housing/maintainer-rule';
import { sweepCustomersToPublic } from '../areas/customer/pools';

export const productJobs: readonly Job[] = [
  // 私盘 N 天无跟进自动转公盘 (001 section 4): checked every 10 minutes.
  { name: 'housing.privateToPublic', everyMs: 10 * 60 * 1000, run: sweepPrivateToPublic },
  // 维护人规则 (001 section 3 teamMaintainer): checked every hour.
  { name: 'housing.maintainerRule', everyMs: 60 * 60 * 1000, run: sweepMaintainerRule },
  // 客源转公规则 (001 section 3 "Customers": deal / follow / followVisit days): checked every 10 minutes.
  { name: 'customer.privateToPublic', everyMs: 10 * 60 * 1000, run: sweepCustomersToPublic },
];
