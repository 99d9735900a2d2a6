/** 业务提醒 from the daily jobs: a package about to end reminds the company's managers once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import { eq, max } from 'drizzle-orm';
import { companies } from '../../server/db/schema';
import { rechargeCompanyPackages } from '../../server/db/schema-recharge';

const dayMs = 24 * 60 * 60 * 1000;
type Remind = { title: string; content: string; link: { path: string } | null };

describe('package reminders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const reminders = async (phone: string) => {
    const headers = await login(t.app, phone);
    const list = (await call(t.app, 'GET', '/base/remindPosts', { headers, query: { messageType: '2' } }))
      .data as Remind[];
    return list.filter((message) => message.title === '套餐即将到期');
  };

  it('reminds the managers of a company whose package ends within 7 days, once, and nobody else', async () => {
    // Company B runs 基础版 for a year (demo data); A's 签约版 ends later.
    await runDueJobs(t.database.db, t.clock, productJobs);
    expect(await reminders('13900000000')).toHaveLength(0);
    const [b] = await t.database.db
      .select({ endsAt: max(rechargeCompanyPackages.endsAt) })
      .from(rechargeCompanyPackages)
      .innerJoin(companies, eq(companies.id, rechargeCompanyPackages.companyId))
      .where(eq(companies.name, '宜家置业有限公司'));
    // Eight days before the end: not yet; six days before: reminded.
    t.clock.advance(b!.endsAt!.getTime() - t.clock.now().getTime() - 8 * dayMs);
    await runDueJobs(t.database.db, t.clock, productJobs);
    expect(await reminders('13900000000')).toHaveLength(0);
    t.clock.advance(2 * dayMs);
    await runDueJobs(t.database.db, t.clock, productJobs);
    const [reminder, ...more] = await reminders('13900000000');
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ link: { path: '/views/recharge/index' } });
    expect(reminder!.content).toMatch(/^贵公司的「基础版」将于 \d{4}-\d{2}-\d{2} 到期/);
    // Not the broker of B, not company A (its 签约版 runs on).
    expect(await reminders('13900000001')).toHaveLength(0);
    expect(await reminders('13800000000')).toHaveLength(0);

    // The next days bring no second reminder for the same end.
    t.clock.advance(dayMs);
    await runDueJobs(t.database.db, t.clock, productJobs);
    t.clock.advance(dayMs);
    await runDueJobs(t.database.db, t.clock, productJobs);
    expect(await reminders('13900000000')).toHaveLength(1);
  });
});
