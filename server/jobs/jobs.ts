/** The product's periodic jobs (server/jobs/scheduler.ts runs each once per period). */
import type { Job } from './scheduler';
import { sweepPrivateToPublic } from '../areas/housing/pools';

export const productJobs: readonly Job[] = [
  // 私盘 N 天无跟进自动转公盘 (001 section 4): checked every 10 minutes.
  { name: 'housing.privateToPublic', everyMs: 10 * 60 * 1000, run: sweepPrivateToPublic },
];
