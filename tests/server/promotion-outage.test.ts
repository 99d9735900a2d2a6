/**
 * The sandbox portals' outage for one company (sandboxPortalOutage, issue 37): while it lasts, the
 * portal answers 服务暂不可用 to that company's pushes, which stay 推送中 and are tried again with
 * back-off; another company's pushes to the same portal go through; once it ends the push goes online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { housePictures, houses } from '../../server/db/schema-house';
import { rechargeCompanyPackages } from '../../server/db/schema-recharge';
import { pushJobs, sandboxPortalListings, sandboxPortalOutages } from '../../server/db/schema-promotion';
import { drainPushQueue, pushQueueSettings } from '../../server/areas/promotion/queue';
import { createSandboxPortals } from '../../server/areas/promotion/portals/sandbox';
import { readConfig } from '../../server/config';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const managerA = '13800000000';

describe('a sandbox portal outage for one company', () => {
  let t: TestApp;
  let listing = 0;
  let second = 0;
  let companyA = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [a] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, managerA));
    const rows = await db
      .select({ id: houses.id, pictures: count(housePictures.id) })
      .from(houses)
      .leftJoin(housePictures, eq(housePictures.houseId, houses.id))
      .where(
        sql`${houses.companyId} = ${a!.companyId} and ${houses.houseState} = 1 and ${houses.deletedAt} is null and ${houses.type} = 1 and ${houses.price} between 5 and 20000`,
      )
      .groupBy(houses.id)
      .orderBy(houses.id);
    companyA = a!.companyId;
    [listing, second] = rows.filter((row) => row.pictures >= 2).map((row) => row.id) as [number, number];
    await db.insert(rechargeCompanyPackages).values({
      companyId: a!.companyId,
      productId: 2,
      accountCount: 10,
      duration: 1,
      signCount: 20,
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.now().getTime() + 365 * 24 * 3600_000),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const drain = () =>
    drainPushQueue(t.database.db, t.clock, createSandboxPortals(t.database.db, t.clock), { worker: 'w' });
  const stateOf = async (headers: Record<string, string>) => {
    const answer = await call(t.app, 'POST', '/push/pushProgress', {
      headers,
      body: { channel: 3, houseIds: [listing] },
    });
    return (answer.data as { state: number; message: string | null }[])[0];
  };

  it('keeps the company’s push pending while the portal is down for it, and puts it online once the outage ends', async () => {
    const headers = await login(t.app, managerA);
    const outage = await call(t.app, 'POST', '/sandbox/portalOutage', {
      headers,
      body: { channel: 3, minutes: 10 },
    });
    expect(outage).toMatchObject({ code: 200, message: '渠道故障已开始' });
    // Kept in its own table, until ten minutes from the test's clock; the portal's listings stay listings.
    const outages = await t.database.db
      .select()
      .from(sandboxPortalOutages)
      .where(eq(sandboxPortalOutages.channel, 3));
    expect(outages).toEqual([
      { channel: 3, companyId: companyA, until: new Date(t.clock.now().getTime() + 10 * 60_000) },
    ]);
    expect(
      await t.database.db
        .select()
        .from(sandboxPortalListings)
        .where(sql`${sandboxPortalListings.key} like '%-outage'`),
    ).toEqual([]);
    expect(
      (await call(t.app, 'POST', '/push/housePush', { headers, body: { channel: 3, houseIds: [listing] } }))
        .code,
    ).toBe(200);
    expect(await drain()).toBe(1);
    expect(await stateOf(headers)).toMatchObject({ state: 1 });
    const [job] = await t.database.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.houseId, listing), eq(pushJobs.channel, 3)));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: '房天下服务暂不可用' });

    expect(
      await call(t.app, 'POST', '/sandbox/portalOutage', { headers, body: { channel: 3, minutes: 0 } }),
    ).toMatchObject({ code: 200, message: '渠道故障已结束' });
    const [ended] = await t.database.db
      .select()
      .from(sandboxPortalOutages)
      .where(eq(sandboxPortalOutages.companyId, companyA));
    expect(ended?.until).toEqual(t.clock.now());
    t.clock.advance(pushQueueSettings.backoffMs);
    expect(await drain()).toBe(1);
    expect(await stateOf(headers)).toMatchObject({ state: 2 });
  });

  it('tries again after the configured first back-off (PUSH_BACKOFF_SECONDS), doubling, and fails after 5 tries', async () => {
    expect(readConfig({ PUSH_BACKOFF_SECONDS: '1' }).pushBackoffSeconds).toBe(1);
    expect(readConfig({}).pushBackoffSeconds).toBe(pushQueueSettings.backoffMs / 1000);
    const headers = await login(t.app, managerA);
    await call(t.app, 'POST', '/sandbox/portalOutage', { headers, body: { channel: 3, minutes: 10 } });
    expect(
      (await call(t.app, 'POST', '/push/housePush', { headers, body: { channel: 3, houseIds: [second] } }))
        .code,
    ).toBe(200);
    const portals = createSandboxPortals(t.database.db, t.clock);
    const jobOf = async () =>
      (
        await t.database.db
          .select()
          .from(pushJobs)
          .where(and(eq(pushJobs.houseId, second), eq(pushJobs.channel, 3)))
      )[0]!;
    for (const wait of [1000, 2000, 4000, 8000]) {
      const started = t.clock.now().getTime();
      expect(await drainPushQueue(t.database.db, t.clock, portals, { worker: 'w', backoffMs: 1000 })).toBe(1);
      expect((await jobOf()).runAfter.getTime() - started).toBe(wait);
      t.clock.advance(wait);
    }
    expect(await drainPushQueue(t.database.db, t.clock, portals, { worker: 'w', backoffMs: 1000 })).toBe(1);
    expect(await jobOf()).toMatchObject({ status: 'failed', attempts: 5 });
    const answer = await call(t.app, 'POST', '/push/pushProgress', {
      headers,
      body: { channel: 3, houseIds: [second] },
    });
    expect((answer.data as { state: number; message: string }[])[0]).toMatchObject({
      state: 4,
      message: '房天下：房天下服务暂不可用',
    });
    await call(t.app, 'POST', '/sandbox/portalOutage', { headers, body: { channel: 3, minutes: 0 } });
  });

  it('refuses a channel that is not a portal, naming the field', async () => {
    const headers = await login(t.app, managerA);
    const answer = await call(t.app, 'POST', '/sandbox/portalOutage', {
      headers,
      body: { channel: 9, minutes: 1 },
    });
    expect(answer.code).toBe(405);
    expect(answer.message).toContain('推广渠道');
  });
});
