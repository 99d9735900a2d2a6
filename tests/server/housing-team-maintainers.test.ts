import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import { appRecords, houseTeam, houses } from '../../server/db/schema-house';
import { users } from '../../server/db/schema';

type TeamMember = { teamId: number; role: number; roleName: string; userId: number; name: string };

describe('several maintainers on one listing, capped by 限制维护人数量 (25)', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let supervisor: Record<string, string>;
  let broker: Record<string, string>;
  let otherManager: Record<string, string>;
  let houseId: number;
  let supervisorRoleId: number;
  const ids: Record<string, number> = {};

  const idOf = async (userName: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
  const houseRow = async () => (await t.database.db.select().from(houses).where(eq(houses.id, houseId)))[0]!;
  const maintainerIds = async () =>
    (
      await t.database.db
        .select({ userId: houseTeam.userId })
        .from(houseTeam)
        .where(and(eq(houseTeam.houseId, houseId), eq(houseTeam.role, 2)))
    )
      .map((row) => row.userId)
      .sort((a, b) => a - b);
  const recordCount = async () =>
    (
      await t.database.db
        .select({ id: appRecords.id })
        .from(appRecords)
        .where(and(eq(appRecords.appType, 1), eq(appRecords.itemId, houseId)))
    ).length;
  const teamOf = async (headers: Record<string, string>) =>
    (
      await call(t.app, 'GET', '/housing/v2/teamPosts', {
        headers,
        query: { houseId: String(houseId) },
      })
    ).data as TeamMember[];
  const assign = (headers: Record<string, string>, userId: number) =>
    call(t.app, 'POST', '/housing/v2/teamAdd', { headers, body: { houseId, role: 2, userId } });
  const setCap = (count: number | null, selected: 0 | 1 = 1) =>
    call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: {
        roleId: supervisorRoleId,
        appType: 1,
        authData: [{ authId: 25, selected, count }],
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    supervisor = await login(t.app, '13800000002');
    broker = await login(t.app, '13800000003');
    otherManager = await login(t.app, '13900000000');
    for (const userName of ['13800000000', '13800000001', '13800000002', '13800000003'])
      ids[userName] = await idOf(userName);
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    const communityId = (search.data as { communityId: number }[])[0]!.communityId;
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: {
        type: 1,
        attribution: 2,
        communityId,
        buildingNo: '7栋',
        unitNo: '2单元',
        roomNo: '1801',
        room: 3,
        hall: 2,
        bath: 2,
        area: 120,
        price: 980,
        ownerName: '孙立平',
        ownerPhone: '13966667777',
      },
    });
    expect(added.code, added.message).toBe(200);
    houseId = (added.data as { houseId: number }).houseId;
    const roles = await call(t.app, 'GET', '/org/v2/roleList', { headers: manager });
    supervisorRoleId = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '店务主管',
    )!.roleId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the role settings keep the count, and the user’s roleAuth carries it under 分配协作人', async () => {
    expect((await setCap(2)).code).toBe(200);
    const settings = await call(t.app, 'GET', '/base/getRoleAuth', {
      headers: manager,
      query: { roleId: String(supervisorRoleId), appType: '1' },
    });
    const item = JSON.stringify(settings.data).match(/\{[^{}]*"authId":25[^{}]*\}/)?.[0];
    expect(item).toContain('"name":"限制维护人数量"');
    expect(item).toContain('"selected":1');
    expect(item).toContain('"count":2');
    expect(item).toContain('"countUnit":"人"');
    const own = await call(t.app, 'GET', '/compare/roleAuth', { headers: supervisor });
    const auth = (own.data as { apps: Record<string, Record<string, Record<string, unknown>>> }).apps['1']![
      '0'
    ]!;
    expect(auth['25']).toMatchObject({ authId: 25, count: 2 });
    expect(auth['13']).toMatchObject({ child_auth: [25] });
  });

  it('a co-maintainer joins the 归属人 as 维护人: the listing stays the broker’s private listing', async () => {
    const assigned = await assign(supervisor, ids['13800000001']!);
    expect(assigned.code, assigned.message).toBe(200);
    const house = await houseRow();
    expect(house.attribution).toBe(2);
    expect(house.attributorId).toBe(ids['13800000003']);
    const maintainers = (await teamOf(supervisor)).filter((member) => member.role === 2);
    expect(maintainers.map((member) => [member.name, member.roleName])).toEqual([
      ['赵经纪', '维护人'],
      ['王店长', '维护人'],
    ]);
    // 我维护的 (others 8) lists it for the co-maintainer as for the 归属人, and not for the others.
    const maintainedBy = async (headers: Record<string, string>) =>
      (
        (await call(t.app, 'POST', '/housing/v2/housingPosts', { headers, body: { others: [8] } })).data as {
          houseId: number;
        }[]
      ).map((house) => house.houseId);
    expect(await maintainedBy(storeManager)).toContain(houseId);
    expect(await maintainedBy(broker)).toContain(houseId);
    expect(await maintainedBy(supervisor)).not.toContain(houseId);
  });

  it('past the cap the assignment is refused in Chinese and nothing is written', async () => {
    const before = {
      maintainers: await maintainerIds(),
      records: await recordCount(),
      house: await houseRow(),
    };
    const refused = await assign(supervisor, ids['13800000000']!);
    expect(refused.code).toBe(405);
    expect(refused.message).toBe('该房源维护人已达上限（2 人）');
    expect(await maintainerIds()).toEqual(before.maintainers);
    expect(await recordCount()).toBe(before.records);
    expect((await houseRow()).updateTime).toEqual(before.house.updateTime);
  });

  it('the cap counts maintainers only: other collaborator roles are still assigned', async () => {
    const surveyor = await call(t.app, 'POST', '/housing/v2/teamAdd', {
      headers: supervisor,
      body: { houseId, role: 5, userId: ids['13800000000']! },
    });
    expect(surveyor.code, surveyor.message).toBe(200);
  });

  it('a grant with no count, or no grant, sets no cap', async () => {
    expect((await setCap(null)).code).toBe(200);
    expect((await assign(supervisor, ids['13800000000']!)).code).toBe(200);
    expect(await maintainerIds()).toHaveLength(3);
    expect((await setCap(1)).code).toBe(200);
    expect((await assign(supervisor, ids['13800000002']!)).message).toBe('该房源维护人已达上限（1 人）');
    expect((await setCap(null, 0)).code).toBe(200);
    expect((await assign(supervisor, ids['13800000002']!)).code).toBe(200);
    expect(await maintainerIds()).toHaveLength(4);
  });

  it('removing a co-maintainer (移除协作人) leaves the pool and the 归属人 alone', async () => {
    const member = (await teamOf(storeManager)).find(
      (row) => row.role === 2 && row.userId === ids['13800000002'],
    )!;
    const removed = await call(t.app, 'POST', '/housing/v2/teamDel', {
      headers: storeManager,
      body: { houseId, teamId: member.teamId },
    });
    expect(removed.code, removed.message).toBe(200);
    const house = await houseRow();
    expect(house.attribution).toBe(2);
    expect(house.attributorId).toBe(ids['13800000003']);
    expect(await maintainerIds()).not.toContain(ids['13800000002']);
    const records = await call(t.app, 'GET', '/app/appRecord', {
      headers: manager,
      query: { appType: '1', itemId: String(houseId) },
    });
    expect((records.data as { content: string }[]).map((row) => row.content)).toContain(
      '移除协同维护人：李主管',
    );
  });

  it('another company can neither assign nor remove: 404, nothing changed', async () => {
    const before = await maintainerIds();
    const assigned = await call(t.app, 'POST', '/housing/v2/teamAdd', {
      headers: otherManager,
      body: { houseId, role: 2, userId: ids['13800000002']! },
    });
    expect(assigned.code).toBe(404);
    const member = (await teamOf(manager)).find((row) => row.role === 2)!;
    const removed = await call(t.app, 'POST', '/housing/v2/teamDel', {
      headers: otherManager,
      body: { houseId, teamId: member.teamId },
    });
    expect(removed.code).toBe(404);
    expect(await maintainerIds()).toEqual(before);
    expect((await houseRow()).attributorId).toBe(ids['13800000003']);
  });

  it('removing the 归属人 makes the listing public as before; the co-maintainers stay', async () => {
    const attributor = (await teamOf(storeManager)).find(
      (row) => row.role === 2 && row.userId === ids['13800000003'],
    )!;
    const removed = await call(t.app, 'POST', '/housing/v2/teamDel', {
      headers: storeManager,
      body: { houseId, teamId: attributor.teamId },
    });
    expect(removed.code, removed.message).toBe(200);
    const house = await houseRow();
    expect(house.attribution).toBe(1);
    expect(house.attributorId).toBeNull();
    expect(await maintainerIds()).toEqual([ids['13800000000']!, ids['13800000001']!].sort((a, b) => a - b));
  });

  it('a maintainer assigned to a listing without 归属人 becomes its 归属人 (a private listing)', async () => {
    const assigned = await assign(manager, ids['13800000003']!);
    expect(assigned.code, assigned.message).toBe(200);
    const house = await houseRow();
    expect(house.attribution).toBe(2);
    expect(house.attributorId).toBe(ids['13800000003']);
    expect(await maintainerIds()).toHaveLength(3);
  });

  it('claiming the public listing replaces only the 归属人; the co-maintainers stay', async () => {
    const toPublic = await call(t.app, 'GET', '/housing/v2/housingToPublic', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(toPublic.code, toPublic.message).toBe(200);
    const claimed = await call(t.app, 'GET', '/housing/v2/housingToPrivate', {
      headers: storeManager,
      query: { houseId: String(houseId) },
    });
    expect(claimed.code, claimed.message).toBe(200);
    const house = await houseRow();
    expect(house.attribution).toBe(2);
    expect(house.attributorId).toBe(ids['13800000001']);
    expect(await maintainerIds()).toEqual([ids['13800000000']!, ids['13800000001']!].sort((a, b) => a - b));
  });

  it('the maintainer rule hands only the 归属人’s place to the store manager; the co-maintainers stay', async () => {
    const setting = (await call(t.app, 'GET', '/housing/v2/getHousingSetting', { headers: manager }))
      .data as { sellTeam: { teamMaintainer: object } };
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
            houseOutType: 2,
          },
        },
      },
    });
    expect(saved.code, saved.message).toBe(200);
    // The broker is the 归属人 again, with the manager and the store manager as co-maintainers.
    const handBack = await call(t.app, 'GET', '/housing/v2/housingToPublic', {
      headers: storeManager,
      query: { houseId: String(houseId) },
    });
    expect(handBack.code, handBack.message).toBe(200);
    const own = (await teamOf(manager)).find((row) => row.role === 2 && row.userId === ids['13800000001'])!;
    expect(
      (
        await call(t.app, 'POST', '/housing/v2/teamDel', {
          headers: manager,
          body: { houseId, teamId: own.teamId },
        })
      ).code,
    ).toBe(200);
    expect((await assign(manager, ids['13800000003']!)).code).toBe(200);
    expect((await assign(manager, ids['13800000001']!)).code).toBe(200);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await runDueJobs(t.database.db, t.clock, productJobs);
    manager = await login(t.app, '13800000000');
    const house = await houseRow();
    expect(house).toMatchObject({ attribution: 2, attributorId: ids['13800000001'] });
    expect(await maintainerIds()).toEqual([ids['13800000000']!, ids['13800000001']!].sort((a, b) => a - b));
    await call(t.app, 'POST', '/housing/v2/housingSetting', { headers: manager, body: setting });
  });
});
