/**
 * How many listings a company may keep pushed on each portal (issue 37): the largest quota of its
 * packages in force that include promotion (app 21; domain/promotion.ts portalQuotaByProduct), the
 * trial's while only the trial is, otherwise none.
 */
import type { Db } from '../../db/db';
import { isActive, listCompanyPackages, readAppUseStatus } from './entitlements';
import { portalQuotaByProduct, portalTrialQuota } from '../../../domain/promotion';

const promotionApp = 21;

export async function readPortalQuota(db: Db, companyId: number, now: Date): Promise<number> {
  const packages = await listCompanyPackages(db, companyId);
  const quotas = packages
    .filter((row) => isActive(row.pkg, now) && row.product.appTypes.includes(promotionApp))
    .map((row) => portalQuotaByProduct[row.product.id] ?? 0);
  const fromPackages = Math.max(0, ...quotas);
  if (fromPackages > 0) return fromPackages;
  const status = await readAppUseStatus(db, companyId, promotionApp, now);
  return status.type === 0 ? portalTrialQuota : 0;
}
