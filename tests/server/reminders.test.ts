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

describe('listing reminders', () => {
  let t: TestApp;
  let communityId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const manager = await login(t.app, '13800000000');
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    communityId = (search.data as { communityId: number }[])[0]!.communityId;
  });
  afterAll(async () => {
    await t.close();
  });

  type HouseRemind = Remind & { link: { path: string; params: { id: number } } | null };
  const reminders = async (phone: string) => {
    const headers = await login(t.app, phone);
    const list = (await call(t.app, 'GET', '/base/remindPosts', { headers, query: { messageType: '2' } }))
      .data as HouseRemind[];
    return list.filter((message) => message.title === '房源跟进提醒');
  };
  const saveSetting = async (patch: (setting: Record<string, unknown>) => object) => {
    const manager = await login(t.app, '13800000000');
    const setting = (await call(t.app, 'GET', '/housing/v2/getHousingSetting', { headers: manager }))
      .data as Record<string, unknown>;
    const saved = await call(t.app, 'POST', '/housing/v2/housingSetting', {
      headers: manager,
      body: { ...setting, ...patch(setting) },
    });
    expect(saved.code, saved.message).toBe(200);
  };
  const enter = async (roomNo: string) => {
    const broker = await login(t.app, '13800000003');
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: {
        type: 1,
        attribution: 2,
        communityId,
        buildingNo: '9栋',
        unitNo: '1单元',
        roomNo,
        room: 2,
        hall: 1,
        bath: 1,
        area: 88,
        floor: 12,
        totalFloor: 30,
        price: 520,
        ownerName: '周建华',
        ownerPhone: `1398888${roomNo}`,
      },
    });
    expect(added.code, added.message).toBe(200);
    return (added.data as { houseId: number }).houseId;
  };
  const runJobsAfter = async (days: number) => {
    t.clock.advance(days * dayMs);
    await runDueJobs(t.database.db, t.clock, productJobs);
  };

  it('reminds the holder once, the day before privacyToPublic turns a private listing public', async () => {
    await saveSetting(() => ({ privacyToPublic: { days: 7, selected: 1 } }));
    const houseId = await enter('1201');
    // The demo listings are dated by the real day, not the tests' clock: only this listing's reminders count.
    const aboutIt = async (phone: string) =>
      (await reminders(phone)).filter((message) => message.link?.params.id === houseId);
    // Five days in, it is due in two: not yet. Six days in: due within a day, reminded.
    await runJobsAfter(5);
    expect(await aboutIt('13800000003')).toHaveLength(0);
    await runJobsAfter(1);
    const [reminder, ...more] = await aboutIt('13800000003');
    expect(more).toHaveLength(0);
    expect(reminder!.content).toMatch(
      /^您维护的私盘「天健世纪花园 9栋 1201」（.+）将因「7 天无跟进」在一天内按规则转为公盘，请及时跟进$/,
    );
    expect(reminder!.link).toMatchObject({ path: '/views/house/detail', params: { id: houseId } });
    // Nobody else hears of it; once moved, no second reminder.
    expect(await aboutIt('13800000000')).toHaveLength(0);
    await runJobsAfter(1);
    await runJobsAfter(1);
    expect(await aboutIt('13800000003')).toHaveLength(1);
  });

  it('reminds the maintainer the day before the maintainer rule hands the listing to the store manager', async () => {
    await saveSetting((setting) => ({
      privacyToPublic: { days: 30, selected: 0 },
      sellTeam: {
        ...(setting['sellTeam'] as object),
        teamMaintainer: {
          selected: 1,
          houseOutState: 1,
          followUpDays: 7,
          followUpCount: 1,
          callDays: 7,
          callCount: 0,
          houseOutType: 2,
        },
      },
    }));
    const idle = await enter('1302');
    const worked = await enter('1303');
    await runJobsAfter(3);
    const broker = await login(t.app, '13800000003');
    const followed = await call(t.app, 'POST', '/housing/v2/housingfollowUp', {
      headers: broker,
      body: { houseId: worked, category: 1, content: '业主同意周末看房' },
    });
    expect(followed.code, followed.message).toBe(200);
    await runJobsAfter(3);
    // Only these two listings' reminders count (the demo listings are dated by the real day).
    const after = (await reminders('13800000003')).filter(
      (message) => message.link?.params.id === idle || message.link?.params.id === worked,
    );
    expect(after).toHaveLength(1);
    expect(after[0]!.content).toContain('「天健世纪花园 9栋 1302」');
    expect(after[0]!.content).toContain('将因「7 天内跟进少于 1 次」在一天内按规则转交店长维护');
    expect(after[0]!.link).toMatchObject({ params: { id: idle } });
  });
});
