/**
 * The company's customer settings (001 section 3 "Customers": removeDuplicates, distribution,
 * upperLimit, out-to-public rules for sell, rent and new customers): stored whole, read with defaults
 * until first saved. Saving needs 基础设置 (88/8807), as the listing settings.
 */
import type { Db } from '../../db/db';
import { customerSettings } from '../../db/schema-customer';
import { companyRow, inCompany } from '../../db/company-scope';
import type { BodyOf, ResponseOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { businessError } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import { CustomerKinds, type OutRule } from '../../../domain/customer-rules';

export type CustomerSetting = NonNullable<ResponseOf<'getCustomerSetting'>['data']>;

const offRule = (): OutRule => ({ deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 });

/** 按手机号判重，不自动分配，不限私客数，转公规则均未启用，outType 1 (the contract's description). */
export function defaultCustomerSetting(): CustomerSetting {
  return {
    removeDuplicates: 1,
    distribution: { selected: 0, type: 1 },
    upperLimit: { selected: 0, sell: 0, rent: 0, new: 0 },
    sellOutRule: offRule(),
    rentOutRule: offRule(),
    newOutRule: offRule(),
    phoneProtection: 1,
  };
}

export async function readCustomerSetting(db: Db, companyId: number): Promise<CustomerSetting> {
  const [row] = await db.select().from(customerSettings).where(inCompany(customerSettings, companyId));
  if (!row) return defaultCustomerSetting();
  return { ...defaultCustomerSetting(), ...(row.setting as Partial<CustomerSetting>) };
}

export function outRuleOf(setting: CustomerSetting, kind: number): OutRule {
  if (kind === CustomerKinds.sell) return setting.sellOutRule;
  if (kind === CustomerKinds.rent) return setting.rentOutRule;
  return setting.newOutRule;
}

export async function saveCustomerSetting(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'customerSetting'>,
): Promise<void> {
  await requireAuth(db, session, 88, 0, 8807);
  for (const [title, rule] of [
    ['求购客户转公规则', body.sellOutRule],
    ['求租客户转公规则', body.rentOutRule],
    ['新房客户转公规则', body.newOutRule],
  ] as const) {
    if (rule.deal === 0 && rule.follow === 0 && rule.followVisit === 0 && rule.takeBack > 0)
      throw businessError(`${title}未启用转公时不能设置禁止拣回天数`);
  }
  const setting = { ...body };
  await db
    .insert(customerSettings)
    .values(companyRow(session.companyId, { setting, updatedAt: clock.now() }))
    .onConflictDoUpdate({ target: customerSettings.companyId, set: { setting, updatedAt: clock.now() } });
}
