/**
 * Sign demo data: both companies have the shipped templates (createCompany gives them; ensured
 * again here); company A has chosen step-by-step signing (type 1), company B has not, so its
 * users meet 您还未设置签署方式,请前往设置! first.
 */
import type { Db } from '../../db/db';
import { ensureCompanyTemplates } from '../template/seed-templates';
import { saveSignSetting } from './settings';

export async function seedSignDemo(
  db: Db,
  companies: { a: { companyId: number; managerId: number }; b: { companyId: number } },
) {
  await ensureCompanyTemplates(db, companies.a.companyId);
  await ensureCompanyTemplates(db, companies.b.companyId);
  await saveSignSetting(db, companies.a.companyId, companies.a.managerId, 1);
}
