/**
 * 业务提醒 (message type 2) for a package about to end: once a day, the managers of a company whose
 * package ends within 7 days, with no later package bought to follow it, are reminded to renew (the
 * recharge centre opens from the message). One reminder per package end: a company that renews hears
 * nothing more, one that does not is reminded once, not every day.
 */
import { and, eq, gt, lte, max } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { users } from '../../db/schema';
import { messages } from '../../db/schema-messages';
import { rechargeCompanyPackages, rechargeProducts } from '../../db/schema-recharge';
import { acrossCompanies, inCompany } from '../../db/company-scope';
import { formatDate } from '../../format';
import { sendMessages } from '../messages/messages';

export const packageReminderDays = 7;
const dayMs = 24 * 60 * 60 * 1000;
const rechargeCentre = { appType: 88, appId: 2, path: '/views/recharge/index' } as const;
export const packageReminderTitle = '套餐即将到期';

export async function remindPackagesEnding(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const horizon = new Date(now.getTime() + packageReminderDays * dayMs);
  // Each company's last package end (a renewal starts where the previous one ends).
  const lastEnds = await db
    .select({ companyId: rechargeCompanyPackages.companyId, endsAt: max(rechargeCompanyPackages.endsAt) })
    .from(rechargeCompanyPackages)
    .where(acrossCompanies('the daily reminder looks at every company’s packages'))
    .groupBy(rechargeCompanyPackages.companyId);
  let sent = 0;
  for (const { companyId, endsAt } of lastEnds) {
    if (!endsAt || endsAt <= now || endsAt > horizon) continue;
    const [ending] = await db
      .select({ name: rechargeProducts.name })
      .from(rechargeCompanyPackages)
      .innerJoin(rechargeProducts, eq(rechargeProducts.id, rechargeCompanyPackages.productId))
      .where(and(inCompany(rechargeCompanyPackages, companyId), eq(rechargeCompanyPackages.endsAt, endsAt)));
    const content = `贵公司的「${ending?.name ?? '产品套餐'}」将于 ${formatDate(endsAt)} 到期，到期后相关应用将无法使用，请及时前往充值中心续费`;
    const managers = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inCompany(users, companyId), eq(users.isManager, true), eq(users.status, 1)));
    const already = await db
      .select({ userId: messages.userId })
      .from(messages)
      .where(
        and(
          inCompany(messages, companyId),
          eq(messages.title, packageReminderTitle),
          eq(messages.content, content),
          gt(messages.createdAt, new Date(now.getTime() - 30 * dayMs)),
          lte(messages.createdAt, now),
        ),
      );
    const reminded = new Set(already.map((row) => row.userId));
    sent += await sendMessages(db, {
      companyId,
      userIds: managers.map((m) => m.id).filter((id) => !reminded.has(id)),
      messageType: 2,
      title: packageReminderTitle,
      content,
      link: rechargeCentre,
      now,
    });
  }
  return sent;
}
