/**
 * 业务提醒 (message type 2) for follow-ups due: once a day, each holder of a private customer that the
 * out-to-public rules (客源基础设置) will move within the next day hears of it while there is still
 * time to follow up. The same rule as the move itself (domain/customer-rules.ts outReason), asked
 * for a day later; a customer already due is moved by the sweep, not reminded.
 */
import { and, eq, inArray, isNull, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { customers, customerSettings } from '../../db/schema-customer';
import { acrossCompanies, inCompany } from '../../db/company-scope';
import { outReason } from '../../../domain/customer-rules';
import { CustomerPools } from '../../../domain/customer-rules';
import { sendMessages } from '../messages/messages';
import { defaultCustomerSetting, outRuleOf, type CustomerSetting } from './settings';

const dayMs = 24 * 60 * 60 * 1000;
const customerBook = { appType: 2, appId: 0, path: '/views/customer/index' } as const;

/** Reminds each holder of the customers due to leave within a day; answers how many reminders went out. */
export async function remindCustomersDue(db: Db, clock: Clock): Promise<number> {
  const settings = await db
    .select()
    .from(customerSettings)
    .where(acrossCompanies('the daily reminder visits every company that saved customer settings'));
  const now = clock.now();
  const tomorrow = new Date(now.getTime() + dayMs);
  let sent = 0;
  for (const row of settings) {
    const setting: CustomerSetting = {
      ...defaultCustomerSetting(),
      ...(row.setting as Partial<CustomerSetting>),
    };
    const kinds = [1, 2, 3].filter((kind) => {
      const rule = outRuleOf(setting, kind);
      return rule.deal > 0 || rule.follow > 0 || rule.followVisit > 0;
    });
    if (kinds.length === 0) continue;
    const candidates = await db
      .select()
      .from(customers)
      .where(
        and(
          inCompany(customers, row.companyId),
          isNull(customers.deletedAt),
          eq(customers.attribution, CustomerPools.private),
          isNotNull(customers.attributorId),
          inArray(customers.type, kinds),
        ),
      );
    for (const customer of candidates) {
      const rule = outRuleOf(setting, customer.type);
      if (outReason(rule, customer, now) !== null) continue;
      const reason = outReason(rule, customer, tomorrow);
      if (reason === null) continue;
      sent += await sendMessages(db, {
        companyId: row.companyId,
        userIds: [customer.attributorId!],
        messageType: 2,
        title: '客户跟进提醒',
        content: `您的私客「${customer.name}」（${customer.customerNo}）将因「${reason}」在一天内按规则${
          rule.outType === 2 ? '转给店长' : '转为公客'
        }，请及时跟进`,
        link: customerBook,
        now,
      });
    }
  }
  return sent;
}
