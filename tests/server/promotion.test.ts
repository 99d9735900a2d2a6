/**
 * Promotion (issue 37): pushes are queued and run by the queue's worker against the sandbox portals,
 * which accept or refuse with their own reasons; up, down and remove go through the same queue; a
 * listing that leaves the company's stock leaves every portal by itself; permission, company and
 * quota are enforced. The test drives the worker and the periodic jobs on its own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { housePictures, houses } from '../../server/db/schema-house';
import { rechargeCompanyPackages } from '../../server/db/schema-recharge';
import { portalPushes, pushJobs, sandboxPortalListings } from '../../server/db/schema-promotion';
import { drainPushQueue, pushQueueSettings } from '../../server/areas/promotion/queue';
import { createSandboxPortals, type SandboxBehaviour } from '../../server/areas/promotion/portals/sandbox';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const manager = '13800000000';
const storeManager = '13800000001';
const broker = '13800000003';
const managerB = '13900000000';

type Row = {
  houseId: number;
  state: number;
  stateName: string;
  message: string | null;
  outId: string | null;
};

describe('promotion pushes', () => {
  let t: TestApp;
  let companyA = 0;
  /** Company A's 有效 sale listings with three pictures or more, and one with none. */
  let pictured: number[] = [];
  let bare = 0;
  let rentPictured: number[] = [];
  let companyBHouse = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [a] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, manager));
    const [b] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, managerB));
    companyA = a!.companyId;
    const rows = await db
      .select({ id: houses.id, type: houses.type, pictures: count(housePictures.id) })
      .from(houses)
      .leftJoin(housePictures, eq(housePictures.houseId, houses.id))
      .where(
        and(
          sql`${houses.companyId} = ${companyA}`,
          eq(houses.houseState, 1),
          sql`${houses.deletedAt} is null`,
          sql`${houses.price} between 10 and 10000`,
        ),
      )
      .groupBy(houses.id)
      .orderBy(houses.id);
    pictured = rows.filter((row) => row.type === 1 && row.pictures >= 3).map((row) => row.id);
    rentPictured = rows.filter((row) => row.type === 2 && row.pictures >= 3).map((row) => row.id);
    bare = rows.find((row) => row.type === 1 && row.pictures === 0)!.id;
    const [other] = await db
      .select({ id: houses.id })
      .from(houses)
      .where(sql`${houses.companyId} = ${b!.companyId}`)
      .limit(1);
    companyBHouse = other!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (phone: string, url: string, body: unknown) =>
    call(t.app, 'POST', url, { headers: await login(t.app, phone), body });
  const get = async (phone: string, url: string, query: Record<string, string>) =>
    call(t.app, 'GET', url, { headers: await login(t.app, phone), query });
  const drain = (behaviour: SandboxBehaviour = {}) =>
    drainPushQueue(t.database.db, t.clock, createSandboxPortals(t.database.db, t.clock, behaviour), {
      worker: 'test',
    });
  const progress = async (channel: number, houseIds: number[]) =>
    (await post(manager, '/push/pushProgress', { channel, houseIds })).data as Row[];
  const later = (ms: number) => t.clock.advance(ms);

  it('refuses with 406 去购买 while the company has no package with promotion, and takes pushes once it renews 营销版', async () => {
    const refused = await post(manager, '/push/housePush', { channel: 1, houseIds: [pictured[0]] });
    expect(refused).toMatchObject({
      code: 406,
      message: '贵公司尚未开通房源推广，请前往充值中心购买营销版套餐',
    });
    // The demo company's 营销版 ended; it renews it (a paid package as the recharge centre writes one).
    await t.database.db.insert(rechargeCompanyPackages).values({
      companyId: companyA,
      productId: 2,
      accountCount: 10,
      duration: 1,
      signCount: 20,
      startsAt: t.clock.now(),
      endsAt: new Date(t.clock.now().getTime() + 365 * 24 * 3600_000),
    });
  });

  it('queues a batch, and the portal takes the listings with pictures and refuses the one without, with its reason', async () => {
    const houseIds = [pictured[0]!, pictured[1]!, bare];
    const pushed = await post(manager, '/push/housePush', { channel: 1, houseIds });
    expect(pushed.code).toBe(200);
    expect((pushed.data as Row[]).map(({ houseId, state }) => ({ houseId, state }))).toEqual(
      houseIds.map((houseId) => ({ houseId, state: 1 })),
    );
    // Nothing reached the portal while the request was open.
    expect((await progress(1, houseIds)).map((row) => row.state)).toEqual([1, 1, 1]);
    expect(await drain()).toBe(3);
    const rows = await progress(1, houseIds);
    expect(rows.map((row) => row.state)).toEqual([2, 2, 5]);
    expect(rows[2]!.message).toBe('房源图片不足 3 张，请补充实拍图后再推送');
    expect(rows[0]!.outId).toBe(`XFL${companyA}-${pictured[0]}`);
    const list = await post(manager, '/VtApp/houselist', { pageindex: 1, pagesize: 15 });
    expect(list.total).toBe(3);
    const states = await get(manager, '/house/push/queryHousePushState', { houseId: String(bare) });
    expect((states.data as { channel: number; state: number; message: string }[])[0]).toMatchObject({
      channel: 1,
      state: 5,
      message: '房源图片不足 3 张，请补充实拍图后再推送',
    });
    const record = await get(manager, '/app/appRecord', {
      appType: '1',
      itemId: String(pictured[0]),
      pageindex: '1',
      pagesize: '15',
    });
    expect(JSON.stringify(record.data)).toContain('推送到幸福里：已上架');
  });

  it('leaves a listing already online as it is when it is pushed again', async () => {
    const again = await post(manager, '/push/housePush', { channel: 1, houseIds: [pictured[0]] });
    expect(again.data).toEqual([
      expect.objectContaining({ queued: false, state: 2, message: '该房源已在幸福里已上架' }),
    ]);
    expect(await drain()).toBe(0);
  });

  it('refuses a 58 push from a broker without a bound 58 account, and takes it once the account is bound', async () => {
    const houseId = pictured[2]!;
    await post(storeManager, '/push/housePush', { channel: 2, houseIds: [houseId] });
    await drain();
    expect((await progress(2, [houseId]))[0]).toMatchObject({
      state: 5,
      message: '经纪人未绑定 58 账号，请先在「58同城经纪人」中绑定',
    });
    const wrong = await post(storeManager, '/push/brokerBind', {
      channel: 2,
      account: 'ab',
      phone: '13800000001',
      storeName: '人民路店',
    });
    expect(wrong).toMatchObject({ code: 405, message: '58 优选：账号不存在' });
    // A phone that is not a mobile number is refused at the boundary, naming the field.
    const badPhone = await post(storeManager, '/push/brokerBind', {
      channel: 2,
      account: 'wb-store-1',
      phone: '1380000000x',
      storeName: '人民路店',
    });
    expect(badPhone.code).toBe(405);
    expect(badPhone.message).toContain('手机号');
    const bound = await post(storeManager, '/push/brokerBind', {
      channel: 2,
      account: 'wb-store-1',
      phone: '13800000001',
      storeName: '人民路店',
    });
    expect(bound).toMatchObject({ code: 200, data: { outBrokerId: 'WBB000001' } });
    const bindings = await get(storeManager, '/push/brokerBindingList', { channel: '2' });
    expect(bindings.data).toEqual([
      expect.objectContaining({ account: 'wb-store-1', isMine: true, stateName: '已绑定' }),
    ]);
    await post(storeManager, '/push/housePush', { channel: 2, houseIds: [houseId] });
    await drain();
    expect((await progress(2, [houseId]))[0]).toMatchObject({ state: 2, message: null });
    const claim = await post(manager, '/Wubapush/claimhouselist', {});
    expect(claim.data).toEqual([expect.objectContaining({ houseId, claimState: 1, stateName: '已上架' })]);
    expect(await post(storeManager, '/push/brokerUnbind', { channel: 2 })).toMatchObject({ code: 200 });
    expect((await get(storeManager, '/push/brokerBindingList', { channel: '2' })).data).toEqual([]);
  });

  it('ends a push whose portal fails twice and then answers online once, with no second listing on the portal', async () => {
    const houseId = pictured[3]!;
    await post(manager, '/push/housePush', { channel: 3, houseIds: [houseId] });
    const flaky = { failFirst: 2 };
    expect(await drain(flaky)).toBe(1);
    expect((await progress(3, [houseId]))[0]!.state).toBe(1);
    // The retry waits for its back-off: nothing is due before it.
    expect(await drain(flaky)).toBe(0);
    later(pushQueueSettings.backoffMs);
    expect(await drain(flaky)).toBe(1);
    later(pushQueueSettings.backoffMs * 2);
    expect(await drain(flaky)).toBe(1);
    expect((await progress(3, [houseId]))[0]).toMatchObject({ state: 2 });
    const onPortal = await t.database.db
      .select()
      .from(sandboxPortalListings)
      .where(
        and(eq(sandboxPortalListings.channel, 3), eq(sandboxPortalListings.key, `${companyA}-${houseId}`)),
      );
    expect(onPortal).toHaveLength(1);
    expect(onPortal[0]).toMatchObject({ calls: 3, created: 1, state: 'online' });
    const [job] = await t.database.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.houseId, houseId), eq(pushJobs.channel, 3)));
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('leaves a push to a portal that stays down 推送失败 with the portal’s error, and a retry by hand puts it online', async () => {
    const houseId = pictured[4]!;
    await post(manager, '/push/housePush', { channel: 3, houseIds: [houseId] });
    const down = { down: [3] };
    for (let attempt = 1; attempt <= pushQueueSettings.maxAttempts; attempt += 1) {
      expect(await drain(down)).toBe(1);
      later(pushQueueSettings.maxBackoffMs);
    }
    expect((await progress(3, [houseId]))[0]).toMatchObject({
      state: 4,
      stateName: '推送失败',
      message: '房天下：房天下服务暂不可用',
    });
    const retried = await post(manager, '/push/housePush', { channel: 3, houseIds: [houseId] });
    expect(retried.data).toEqual([expect.objectContaining({ queued: true })]);
    await drain();
    expect((await progress(3, [houseId]))[0]!.state).toBe(2);
  });

  it('takes a 天猫好房 rent listing down with a reason and up again, through the queue', async () => {
    const houseId = rentPictured[0]!;
    await post(manager, '/push/brokerBind', {
      channel: 4,
      account: 'tm-manager',
      phone: '13800000000',
      storeName: '总店',
    });
    await post(manager, '/push/housePush', { channel: 4, houseIds: [houseId] });
    await drain();
    const [row] = await progress(4, [houseId]);
    expect(row!.state).toBe(2);
    const outId = row!.outId!;
    const headers = await login(t.app, manager);
    const updown = (query: Record<string, string>) =>
      call(t.app, 'GET', '/push/tmall/rentHouseUpdown', { headers, query });
    expect(await updown({ companyId: String(companyA), outId, onoff: '0' })).toMatchObject({
      code: 405,
      message: '请填写下架原因（onoffReason）',
    });
    expect(
      await updown({ companyId: String(companyA), outId, onoff: '0', onoffReason: '业主暂不出租' }),
    ).toMatchObject({ code: 200, data: { outId, onoff: 0 } });
    await drain();
    expect((await progress(4, [houseId]))[0]).toMatchObject({ state: 3, message: '业主暂不出租' });
    const list = await get(manager, '/push/tmall/rentHouseList', { state: '3' });
    expect(list.data).toEqual([expect.objectContaining({ houseId, stateName: '已下架' })]);
    expect(await updown({ companyId: String(companyA), outId, onoff: '1' })).toMatchObject({ code: 200 });
    await drain();
    expect((await progress(4, [houseId]))[0]!.state).toBe(2);
  });

  it('removes a listing from 幸福里 with a reason (houseRemove)', async () => {
    const houseId = pictured[1]!;
    const result = await get(manager, '/push/xfl/houseRemove', {
      cityName: '杭州',
      companyId: String(companyA),
      houseId: String(houseId),
      reason: '房源信息有误',
    });
    expect(result.code).toBe(200);
    await drain();
    expect((await progress(1, [houseId]))[0]).toMatchObject({
      state: 6,
      stateName: '已移除',
      message: '房源信息有误',
    });
  });

  it('withdraws a listing marked sold from every portal by itself', async () => {
    const houseId = pictured[0]!;
    await post(manager, '/push/housePush', { channel: 3, houseIds: [houseId] });
    await drain();
    const changed = await post(manager, '/housing/v2/housingStateChange', { houseId, houseState: 3 });
    expect(changed.code).toBe(200);
    later(60_000);
    await runDueJobs(t.database.db, t.clock, productJobs);
    await drain();
    const states = (await get(manager, '/house/push/queryHousePushState', { houseId: String(houseId) }))
      .data as { channel: number; state: number; message: string | null }[];
    expect(states.filter((row) => row.channel === 1 || row.channel === 3)).toEqual([
      expect.objectContaining({ channel: 1, state: 6, message: '房源已售出' }),
      expect.objectContaining({ channel: 3, state: 6, message: '房源已售出' }),
    ]);
    const onPortals = await t.database.db
      .select({ state: sandboxPortalListings.state })
      .from(sandboxPortalListings)
      .where(eq(sandboxPortalListings.key, `${companyA}-${houseId}`));
    expect(onPortals.map((row) => row.state)).toEqual(['removed', 'removed']);
    // A sold listing is not pushed again.
    const again = await post(manager, '/push/housePush', { channel: 3, houseIds: [houseId] });
    expect(again.data).toEqual([
      expect.objectContaining({ queued: false, message: '房源状态为「我售」，只有「有效」房源可以推广' }),
    ]);
  });

  it('refuses another company’s listing, a broker without 房源推广, and another company’s rows', async () => {
    expect(await post(manager, '/push/housePush', { channel: 1, houseIds: [companyBHouse] })).toMatchObject({
      code: 404,
    });
    expect(await post(broker, '/push/housePush', { channel: 1, houseIds: [pictured[5]] })).toMatchObject({
      code: 403,
      message: '您没有权限，请联系管理员设置相关权限',
    });
    const listB = await post(managerB, '/VtApp/houselist', {});
    expect(listB).toMatchObject({ code: 200, total: 0 });
    const progressB = await post(managerB, '/push/pushProgress', { channel: 1, houseIds: [pictured[0]] });
    expect(progressB.data).toEqual([expect.objectContaining({ state: 0 })]);
    const updownB = await get(managerB, '/push/tmall/rentHouseUpdown', {
      companyId: String(companyA),
      outId: `TM${companyA}-${rentPictured[0]}`,
      onoff: '0',
      onoffReason: 'x',
    });
    expect(updownB.code).toBe(404);
  });

  it('refuses with 406 when the company’s places on a portal are spent', async () => {
    const db = t.database.db;
    const target = pictured[7]!;
    // Fill 幸福里's 50 places (营销版) with rows as a push writes them, leaving out the listing to push.
    const [template] = await db.select().from(portalPushes).where(eq(portalPushes.channel, 1)).limit(1);
    const [held] = await db
      .select({ n: count() })
      .from(portalPushes)
      .where(and(eq(portalPushes.channel, 1), inArray(portalPushes.state, [1, 2])));
    const free = await db
      .select({ id: houses.id })
      .from(houses)
      .where(
        sql`${houses.companyId} = ${companyA} and ${houses.id} <> ${target} and ${houses.id} not in (select house_id from portal_pushes where channel = 1)`,
      );
    const fill = free.slice(0, 50 - held!.n);
    await db.insert(portalPushes).values(fill.map((row) => ({ ...template!, houseId: row.id, state: 2 })));
    const refused = await post(manager, '/push/housePush', { channel: 1, houseIds: [target] });
    expect(refused).toMatchObject({
      code: 406,
      message: '幸福里推广名额已用完（50 套），请前往充值中心购买营销版套餐',
    });
    expect((await progress(1, [target]))[0]!.state).toBe(0);
    // Another portal's places are its own.
    const elsewhere = await post(manager, '/push/housePush', { channel: 3, houseIds: [target] });
    expect(elsewhere.data).toEqual([expect.objectContaining({ queued: true })]);
  });
});
