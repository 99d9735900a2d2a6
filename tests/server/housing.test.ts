import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { appCategories, houses } from '../../server/db/schema-house';
import { users } from '../../server/db/schema';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';

type Listed = {
  houseId: number;
  communityName: string;
  attribution: number;
  price: number;
  attributorName: string | null;
};

describe('listings: entry, search, protection, pools and the recycle bin', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  let supervisor: Record<string, string>;
  let otherManager: Record<string, string>;
  let community: { communityId: number; name: string };
  let houseId: number;

  const listing = (overrides: Record<string, unknown> = {}) => ({
    type: 1,
    attribution: 2,
    communityId: community.communityId,
    buildingNo: '7栋',
    unitNo: '2单元',
    roomNo: '1803',
    room: 3,
    hall: 2,
    bath: 1,
    area: 98.5,
    floor: 18,
    totalFloor: 32,
    toward: 2,
    renovation: 4,
    price: 688,
    ownerName: '林晓东',
    ownerPhone: '13912345678',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    supervisor = await login(t.app, '13800000002');
    otherManager = await login(t.app, '13900000000');
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    const found = (search.data as { communityId: number; communityName: string }[])[0]!;
    community = { communityId: found.communityId, name: found.communityName };
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo office has listings in both pools, and the type tabs count them', async () => {
    const tabs = await call(t.app, 'GET', '/housing/v2/housingTypeList', { headers: manager });
    const counts = tabs.data as { type: number; count: number }[];
    expect(counts[0]!.count).toBeGreaterThanOrEqual(300);
    expect(counts[1]!.count + counts[2]!.count).toBe(counts[0]!.count);
    const page = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { pagesize: 15 },
    });
    expect((page.data as Listed[]).length).toBe(15);
    const pools = new Set((page.data as Listed[]).map((row) => row.attribution));
    expect(page.total).toBe(counts[0]!.count);
    expect(pools.size).toBeGreaterThan(0);
    // Each row names its tags, in the order the listing keeps them (company A's own tag names).
    const tagNames = new Map(
      (
        await t.database.db
          .select({ id: appCategories.id, name: appCategories.name })
          .from(appCategories)
          .where(and(eq(appCategories.appType, 1), eq(appCategories.type, 1)))
      ).map((row) => [row.id, row.name]),
    );
    const rows = page.data as (Listed & { tags: string[] })[];
    const stored = await t.database.db
      .select({ id: houses.id, tags: houses.tags })
      .from(houses)
      .where(
        inArray(
          houses.id,
          rows.map((row) => row.houseId),
        ),
      );
    const storedTags = new Map(stored.map((row) => [row.id, row.tags]));
    expect(rows.some((row) => row.tags.length > 0)).toBe(true);
    for (const row of rows)
      expect(row.tags).toEqual(storedTags.get(row.houseId)!.map((id) => tagNames.get(id)));
  });

  it('a broker enters a sale listing; the same house again is refused naming the first, and nothing is written', async () => {
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', { headers: broker, body: listing() });
    expect(added.code).toBe(200);
    houseId = (added.data as { houseId: number; houseNo: string }).houseId;
    expect((added.data as { houseNo: string }).houseNo).toMatch(/^CS\d{8}\d{5}$/);
    const [before] = await t.database.db.select().from(houses).where(eq(houses.id, houseId));
    expect(before?.unitPrice).toBe(Math.round((688 * 10000) / 98.5));
    const again = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ ownerName: '别人', ownerPhone: '13700000000', roomNo: ' 1803 ' }),
    });
    expect(again.code).toBe(405);
    expect(again.message).toContain('该房源已存在');
    expect((again.data as { houseId: number }).houseId).toBe(houseId);
    const rows = await t.database.db.select().from(houses).where(eq(houses.ownerName, '别人'));
    expect(rows).toHaveLength(0);
    const check = await call(t.app, 'GET', '/housing/v2/housingCheck', {
      headers: broker,
      query: {
        type: '1',
        communityId: String(community.communityId),
        buildingNo: '7栋',
        unitNo: '2单元',
        roomNo: '1803',
      },
    });
    expect(check.code).toBe(405);
    expect((check.data as { houseId: number }).houseId).toBe(houseId);
  });

  it('finds it by community keyword and by price range', async () => {
    const byName = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { newKey: { type: 1, key: '天健世纪' }, price: { min: 680, max: 700 } },
    });
    expect((byName.data as Listed[]).map((row) => row.houseId)).toContain(houseId);
    const outside = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { newKey: { type: 1, key: '天健世纪' }, price: { min: 700 } },
    });
    expect((outside.data as Listed[]).map((row) => row.houseId)).not.toContain(houseId);
    const typed = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({
        communityId: undefined,
        communityName: '水围村统建楼',
        roomNo: '501',
        ownerPhone: '13922223333',
      }),
    });
    expect(typed.code).toBe(200);
    const byTypedName = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { newKey: { type: 1, key: '水围村' } },
    });
    expect((byTypedName.data as Listed[]).map((row) => row.communityName)).toEqual(['水围村统建楼']);
    const stillByDictionary = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { newKey: { type: 1, key: '天健世纪' }, price: { min: 680, max: 700 } },
    });
    expect((stillByDictionary.data as Listed[]).map((row) => row.houseId)).toContain(houseId);
    // One keyword naming an archived community and a typed one: both are found and counted once each,
    // and a page past the end still answers the total.
    const besideTyped = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({
        communityId: undefined,
        communityName: '天健世纪旁自建楼',
        roomNo: '302',
        ownerPhone: '13922224444',
        price: 690,
      }),
    });
    expect(besideTyped.code).toBe(200);
    const both = { newKey: { type: 1, key: '天健世纪' }, price: { min: 680, max: 700 } };
    const bothPage = await call(t.app, 'POST', '/housing/v2/housingPosts', { headers: broker, body: both });
    const bothIds = (bothPage.data as Listed[]).map((row) => row.houseId);
    expect(bothIds).toEqual(
      expect.arrayContaining([houseId, (besideTyped.data as { houseId: number }).houseId]),
    );
    expect(bothPage.total).toBe(bothIds.length);
    const pastTheEnd = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { ...both, pageindex: 99 },
    });
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.total).toBe(bothPage.total);
    const wrongRange = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { price: { min: 800, max: 700 } },
    });
    expect(wrongRange.code).toBe(405);
    expect(wrongRange.message).toContain('价格区间');
  });

  it('the owner phone is shown on request, recorded, and the listing then needs a follow-up (4001001)', async () => {
    const detail = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(detail.code).toBe(200);
    const data = detail.data as { requestData: { ownerPhone: string }; attributeLabel: { siPan: number } };
    expect(data.requestData.ownerPhone).toBe('139****5678');
    expect(data.attributeLabel.siPan).toBe(1);
    const reveal = await call(t.app, 'GET', '/housing/v2/getHouseInfoProtection', {
      headers: broker,
      query: { houseId: String(houseId), type: '1' },
    });
    expect((reveal.data as { ownerPhone: string }).ownerPhone).toBe('13912345678');
    const blocked = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(blocked.code).toBe(4001001);
    expect(blocked.message).toContain('请先写跟进');
    const followUp = await call(t.app, 'POST', '/housing/v2/housingfollowUp', {
      headers: broker,
      body: { houseId, category: 2, content: '电话联系业主，确认周六可看房' },
    });
    expect(followUp.code).toBe(200);
    const open = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(open.code).toBe(200);
    const records = await call(t.app, 'GET', '/app/appRecord', {
      headers: broker,
      query: { appType: '1', itemId: String(houseId) },
    });
    expect((records.data as { content: string }[]).map((row) => row.content)).toContain('查看了业主电话');
  });

  it('a view past the role’s daily limit is refused', async () => {
    const roles = await call(t.app, 'GET', '/org/v2/roleList', { headers: manager });
    const brokerRole = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '经纪人',
    )!;
    const grant = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRole.roleId, appType: 1, authData: [{ authId: 18, selected: 1, count: 1 }] },
    });
    expect(grant.code).toBe(200);
    // The limit counts listings: the one viewed today stays open, another is refused.
    const another = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ roomNo: '1805', ownerPhone: '13912345600' }),
    });
    expect(another.code).toBe(200);
    const refused = await call(t.app, 'GET', '/housing/v2/getHouseInfoProtection', {
      headers: broker,
      query: { houseId: String((another.data as { houseId: number }).houseId), type: '1' },
    });
    expect(refused.code).toBe(405);
    expect(refused.message).toContain('今日查看关键信息的次数已达上限（1 次）');
    const scope = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRole.roleId, appType: 1, authData: [{ authId: 5, selected: 1, range: 3 }] },
    });
    expect(scope.code).toBe(405);
    expect(scope.message).toContain('各操作范围须小于或等于查看范围');
  });

  it('another person cannot edit the broker’s private listing; the edit changes nothing', async () => {
    const edit = await call(t.app, 'POST', '/housing/v2/housingEdit', {
      headers: supervisor,
      body: { ...listing({ price: 500 }), houseId },
    });
    expect(edit.code).toBe(403);
    expect(edit.message).toContain('私盘');
    const [row] = await t.database.db.select().from(houses).where(eq(houses.id, houseId));
    expect(row?.price).toBe(688);
  });

  it('after 您确认要转为公盘吗？ the listing is public and another person finds it in the public pool', async () => {
    const toPublic = await call(t.app, 'GET', '/housing/v2/housingToPublic', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(toPublic.code).toBe(200);
    const again = await call(t.app, 'GET', '/housing/v2/housingToPublic', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(again.code).toBe(409);
    const pool = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: supervisor,
      body: { attribution: 1, newKey: { type: 1, key: '天健世纪' } },
    });
    expect((pool.data as Listed[]).map((row) => row.houseId)).toContain(houseId);
  });

  it('another company never sees or changes it', async () => {
    const detail = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: otherManager,
      query: { houseId: String(houseId) },
    });
    expect(detail.code).toBe(404);
    const remove = await call(t.app, 'POST', '/housing/v2/housingDelete', {
      headers: otherManager,
      body: { houseId },
    });
    expect(remove.code).toBe(404);
    const [row] = await t.database.db.select().from(houses).where(eq(houses.id, houseId));
    expect(row?.deletedAt).toBeNull();
  });

  it('the manager deletes it to the recycle bin and restores it', async () => {
    const remove = await call(t.app, 'POST', '/housing/v2/housingDelete', {
      headers: manager,
      body: { houseId, reason: '业主暂不出售' },
    });
    expect(remove.code).toBe(200);
    const gone = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: manager,
      query: { houseId: String(houseId) },
    });
    expect(gone.code).toBe(404);
    const bin = await call(t.app, 'POST', '/housing/v2/recycleList', { headers: manager, body: {} });
    expect((bin.data as { houseId: number; deleteReason: string }[])[0]).toMatchObject({
      houseId,
      deleteReason: '业主暂不出售',
    });
    const brokerBin = await call(t.app, 'POST', '/housing/v2/recycleList', { headers: broker, body: {} });
    expect(brokerBin.code).toBe(403);
    const restore = await call(t.app, 'POST', '/housing/v2/recycleRestore', {
      headers: manager,
      body: { houseId },
    });
    expect(restore.code).toBe(200);
    const back = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: manager,
      query: { houseId: String(houseId) },
    });
    expect(back.code).toBe(200);
  });

  it('a private listing without a follow-up for the configured days turns public by itself, once', async () => {
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ roomNo: '2201', floor: 22, ownerPhone: '13911112222' }),
    });
    const privateId = (added.data as { houseId: number }).houseId;
    const setting = await call(t.app, 'GET', '/housing/v2/getHousingSetting', { headers: manager });
    const saved = await call(t.app, 'POST', '/housing/v2/housingSetting', {
      headers: manager,
      body: { ...(setting.data as object), privacyToPublic: { days: 7, selected: 1 } },
    });
    expect(saved.code).toBe(200);
    t.clock.advance(6 * 24 * 60 * 60 * 1000);
    await runDueJobs(t.database.db, t.clock, productJobs);
    const [early] = await t.database.db.select().from(houses).where(eq(houses.id, privateId));
    expect(early?.attribution).toBe(2);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    const first = await runDueJobs(t.database.db, t.clock, productJobs);
    const second = await runDueJobs(t.database.db, t.clock, productJobs);
    expect(first[0]?.affected).toBeGreaterThanOrEqual(1);
    expect(second).toEqual([]);
    const [moved] = await t.database.db.select().from(houses).where(eq(houses.id, privateId));
    expect(moved?.attribution).toBe(1);
    manager = await login(t.app, '13800000000');
    const records = await call(t.app, 'GET', '/app/appRecord', {
      headers: manager,
      query: { appType: '1', itemId: String(privateId) },
    });
    expect((records.data as { content: string }[])[0]?.content).toBe('私盘 7 天无跟进，自动转为公盘');
  });
  it('a role limited to chosen statuses sees and changes only those, and the setting names them', async () => {
    const roles = await call(t.app, 'GET', '/org/v2/roleList', { headers: manager });
    const roleId = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '经纪人',
    )!.roleId;
    const grant = (authData: object[]) =>
      call(t.app, 'POST', '/base/updateRoleAuth', {
        headers: manager,
        body: { roleId, appType: 1, authData },
      });
    expect(await grant([{ authId: 19, selected: 1, contents: [] }])).toMatchObject({
      code: 405,
      message: '请为「仅可查看所选出售状态」至少选择一个状态',
    });
    expect(
      await grant([
        { authId: 19, selected: 1, contents: ['1'] },
        { authId: 20, selected: 1, contents: ['1', '2'] },
      ]),
    ).toMatchObject({ code: 200 });
    const shown = await call(t.app, 'GET', '/base/getRoleAuth', {
      headers: manager,
      query: { roleId: String(roleId), appType: '1' },
    });
    const statusGroup = (
      shown.data as {
        groups: {
          groupName: string;
          items: { authId: number; contents: string[]; contentOptions: { label: string }[] }[];
        }[];
      }
    ).groups.find((group) => group.groupName === '状态权限')!;
    expect(statusGroup.items.map((item) => [item.authId, item.contents])).toEqual([
      [19, ['1']],
      [20, ['1', '2']],
      [21, []],
      [22, []],
    ]);
    expect(statusGroup.items[0]!.contentOptions.map((option) => option.label).slice(0, 5)).toEqual([
      '有效',
      '暂缓',
      '我售',
      '他售',
      '无效',
    ]);

    broker = await login(t.app, '13800000003');
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: listing({ roomNo: '2302', floor: 23, ownerPhone: '13922223333' }),
    });
    const id = (added.data as { houseId: number }).houseId;
    const change = (houseState: number) =>
      call(t.app, 'POST', '/housing/v2/housingStateChange', {
        headers: broker,
        body: { houseId: id, houseState },
      });
    expect(await change(5)).toMatchObject({ code: 403, message: '您没有权限把房源改为「无效」状态' });
    const [unchanged] = await t.database.db.select().from(houses).where(eq(houses.id, id));
    expect(unchanged?.houseState).toBe(1);
    expect((await change(2)).code).toBe(200);
    // Now 暂缓, a status the role does not see: gone from the list and the detail.
    const list = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: broker,
      body: { newKey: { type: 1, key: '天健世纪' } },
    });
    expect((list.data as Listed[]).map((row) => row.houseId)).not.toContain(id);
    const detail = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: broker,
      query: { houseId: String(id) },
    });
    expect(detail.code).toBe(404);
    const managerList = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { newKey: { type: 1, key: '天健世纪' } },
    });
    expect((managerList.data as Listed[]).map((row) => row.houseId)).toContain(id);

    expect(
      await grant([
        { authId: 19, selected: 0 },
        { authId: 20, selected: 0 },
      ]),
    ).toMatchObject({ code: 200 });
  });
  it('the maintainer rule passes a listing without follow-ups to the store manager, or to the public pool', async () => {
    const setting = (await call(t.app, 'GET', '/housing/v2/getHousingSetting', { headers: manager }))
      .data as {
      sellTeam: { teamMaintainer: object };
    };
    const saveRule = async (houseOutType: 1 | 2) => {
      const saved = await call(t.app, 'POST', '/housing/v2/housingSetting', {
        headers: manager,
        body: {
          ...setting,
          privacyToPublic: { days: 30, selected: 0 },
          sellTeam: {
            ...setting.sellTeam,
            teamMaintainer: {
              selected: 1,
              houseOutState: 1,
              followUpDays: 7,
              followUpCount: 1,
              callDays: 7,
              callCount: 0,
              houseOutType,
            },
          },
        },
      });
      expect(saved.code, saved.message).toBe(200);
    };
    await saveRule(2);
    broker = await login(t.app, '13800000003');
    const enter = async (roomNo: string) => {
      const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
        headers: broker,
        body: listing({ roomNo, floor: 25, ownerPhone: `1393333${roomNo}` }),
      });
      expect(added.code, added.message).toBe(200);
      return (added.data as { houseId: number }).houseId;
    };
    const idle = await enter('2501');
    const worked = await enter('2502');
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    const followed = await call(t.app, 'POST', '/housing/v2/housingfollowUp', {
      headers: broker,
      body: { houseId: worked, category: 1, content: '业主同意周末看房' },
    });
    expect(followed.code, followed.message).toBe(200);
    t.clock.advance(5 * 24 * 60 * 60 * 1000);
    await runDueJobs(t.database.db, t.clock, productJobs);
    // Sessions end after days without use: sign in again after moving the clock.
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    const [handed] = await t.database.db.select().from(houses).where(eq(houses.id, idle));
    const [kept] = await t.database.db.select().from(houses).where(eq(houses.id, worked));
    const [storeManager] = await t.database.db
      .select({ userId: users.id })
      .from(users)
      .where(eq(users.userName, '13800000001'));
    expect(handed).toMatchObject({ attribution: 2, attributorId: storeManager!.userId });
    expect(kept?.attributorId).not.toBe(storeManager!.userId);
    const records = await call(t.app, 'GET', '/app/appRecord', {
      headers: manager,
      query: { appType: '1', itemId: String(idle) },
    });
    expect((records.data as { content: string }[])[0]?.content).toBe(
      '维护人赵经纪7 天内跟进少于 1 次，维护人转交店长王店长',
    );

    await saveRule(1);
    const another = await enter('2503');
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await runDueJobs(t.database.db, t.clock, productJobs);
    manager = await login(t.app, '13800000000');
    const [released] = await t.database.db.select().from(houses).where(eq(houses.id, another));
    expect(released).toMatchObject({ attribution: 1, attributorId: null });
    await call(t.app, 'POST', '/housing/v2/housingSetting', { headers: manager, body: setting });
  });
  it('shows the customers who viewed a listing, from the customer book’s visit follow-ups', async () => {
    manager = await login(t.app, '13800000000');
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: manager,
      body: listing({ roomNo: '2601', floor: 26, ownerPhone: '13944445555' }),
    });
    const viewed = (added.data as { houseId: number }).houseId;
    const book = await call(t.app, 'POST', '/customer/v2/customerPosts', { headers: manager, body: {} });
    const [first, second] = book.data as { customerId: number; customerName: string }[];
    const visit = (customerId: number, content: string) =>
      call(t.app, 'POST', '/customer/v2/customerfollowUp', {
        headers: manager,
        body: { customerId, category: 4, content, houseIds: [viewed] },
      });
    expect((await visit(first!.customerId, '客户觉得采光好，想再看一次')).code).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    expect((await visit(second!.customerId, '嫌楼层高')).code).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    expect((await visit(first!.customerId, '第二次带看，准备出价')).code).toBe(200);
    const shown = await call(t.app, 'GET', '/housing/v2/showCustomers', {
      headers: manager,
      query: { houseId: String(viewed) },
    });
    expect(shown.total).toBe(2);
    const rows = shown.data as {
      customerId: number;
      visitCount: number;
      feedback: string;
      phone: string;
      userName: string;
    }[];
    expect(rows.map((row) => [row.customerId, row.visitCount, row.feedback, row.userName])).toEqual([
      [first!.customerId, 2, '第二次带看，准备出价', '张经理'],
      [second!.customerId, 1, '嫌楼层高', '张经理'],
    ]);
    expect(rows[0]!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    otherManager = await login(t.app, '13900000000');
    const other = await call(t.app, 'GET', '/housing/v2/showCustomers', {
      headers: otherManager,
      query: { houseId: String(viewed) },
    });
    expect(other.code).toBe(404);
  });
  it('list rows name a status by the company’s own names (A/B/C/D renamed), each kind by its own', async () => {
    const setting = await call(t.app, 'GET', '/housing/v2/getHousingSetting', { headers: manager });
    const names = (setting.data as { sellHousingState: { stateName: string; stateLable: string }[] })
      .sellHousingState;
    const saved = await call(t.app, 'POST', '/housing/v2/housingSetting', {
      headers: manager,
      body: {
        ...(setting.data as object),
        sellHousingState: names.map((entry) =>
          entry.stateLable === 'B' ? { ...entry, stateName: '待核实' } : entry,
        ),
      },
    });
    expect(saved.code).toBe(200);
    const add = async (type: number, roomNo: string) => {
      const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
        headers: manager,
        body: listing({ type, attribution: 1, roomNo, floor: 25, ownerPhone: `1390000${roomNo}` }),
      });
      const id = (added.data as { houseId: number }).houseId;
      // State 7 is the second of the company's own statuses (B).
      const changed = await call(t.app, 'POST', '/housing/v2/housingStateChange', {
        headers: manager,
        body: { houseId: id, houseState: 7 },
      });
      expect(changed.code).toBe(200);
      return id;
    };
    const sale = await add(1, '2501');
    const rent = await add(2, '2502');
    const rows = async (type: number) =>
      (
        await call(t.app, 'POST', '/housing/v2/housingPosts', {
          headers: manager,
          body: { type, newKey: { type: 1, key: community.name } },
        })
      ).data as (Listed & { stateName: string })[];
    expect((await rows(1)).find((row) => row.houseId === sale)?.stateName).toBe('待核实');
    expect((await rows(2)).find((row) => row.houseId === rent)?.stateName).toBe('B');
  });
});
