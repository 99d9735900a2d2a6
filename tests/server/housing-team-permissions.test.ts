import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { housePictures, houses } from '../../server/db/schema-house';
import { users } from '../../server/db/schema';
import { permissionCatalogue } from '../../domain/permission-catalogue';

describe('team permissions on a listing’s materials: 实勘人全部资料编辑、删除 (23), 查看独家人上传资料 (24)', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let supervisor: Record<string, string>;
  let broker: Record<string, string>;
  let houseId: number;
  let body: Record<string, unknown>;

  const idOf = async (userName: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
  const picturesOf = async () =>
    (
      await t.database.db
        .select({ url: housePictures.url, uploaderId: housePictures.uploaderId })
        .from(housePictures)
        .where(eq(housePictures.houseId, houseId))
        .orderBy(asc(housePictures.sort))
    ).map((row) => row.url);
  const detailPictures = async (headers: Record<string, string>) =>
    (
      (
        await call(t.app, 'GET', '/housing/v2/housingDetail', {
          headers,
          query: { houseId: String(houseId) },
        })
      ).data as { pictures: { url: string; isCover: number }[] }
    ).pictures;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    supervisor = await login(t.app, '13800000002');
    broker = await login(t.app, '13800000003');
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    const communityId = (search.data as { communityId: number }[])[0]!.communityId;
    body = {
      type: 1,
      attribution: 2,
      communityId,
      buildingNo: '5栋',
      unitNo: '1单元',
      roomNo: '2202',
      room: 3,
      hall: 1,
      bath: 2,
      area: 110,
      price: 900,
      ownerName: '钱文斌',
      ownerPhone: '13955556666',
    };
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', { headers: broker, body });
    expect(added.code).toBe(200);
    houseId = (added.data as { houseId: number }).houseId;
    const [surveyorId, agentId, brokerId] = await Promise.all([
      idOf('13800000002'),
      idOf('13800000001'),
      idOf('13800000003'),
    ]);
    for (const [role, userId] of [
      [5, surveyorId],
      [6, agentId],
    ] as const) {
      const assigned = await call(t.app, 'POST', '/housing/v2/teamAdd', {
        headers: manager,
        body: { houseId, role, userId },
      });
      expect(assigned.code).toBe(200);
    }
    const [house] = await t.database.db.select().from(houses).where(eq(houses.id, houseId));
    await t.database.db.insert(housePictures).values([
      {
        companyId: house!.companyId,
        houseId,
        type: 1,
        url: '/files/survey-living.jpg',
        sort: 0,
        uploaderId: surveyorId,
      },
      {
        companyId: house!.companyId,
        houseId,
        type: 1,
        url: '/files/sole-agency.jpg',
        sort: 1,
        uploaderId: agentId,
      },
      {
        companyId: house!.companyId,
        houseId,
        type: 1,
        url: '/files/broker-kitchen.jpg',
        sort: 2,
        uploaderId: brokerId,
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the catalogue offers both items, and the store manager role holds them by default', () => {
    const names = permissionCatalogue.filter((entry) => entry.appType === 1).map((entry) => entry.name);
    expect(names).toContain('实勘人全部资料编辑、删除');
    expect(names).toContain('查看独家人上传资料');
  });

  it('the maintainer cannot drop the surveyor’s pictures without 23: refused in Chinese, nothing changed', async () => {
    const refused = await call(t.app, 'POST', '/housing/v2/housingEdit', {
      headers: broker,
      body: { ...body, houseId, price: 880, pictures: [] },
    });
    expect(refused.code).toBe(403);
    expect(refused.message).toBe('您没有权限编辑、删除实勘人上传的资料（实勘人全部资料编辑、删除）');
    expect(await picturesOf()).toEqual([
      '/files/survey-living.jpg',
      '/files/sole-agency.jpg',
      '/files/broker-kitchen.jpg',
    ]);
    const [row] = await t.database.db.select().from(houses).where(eq(houses.id, houseId));
    expect(row?.price).toBe(900);
  });

  it('an edit that leaves the pictures alone still passes for the maintainer', async () => {
    const edited = await call(t.app, 'POST', '/housing/v2/housingEdit', {
      headers: broker,
      body: { ...body, houseId, price: 880 },
    });
    expect(edited.code).toBe(200);
    expect(await picturesOf()).toHaveLength(3);
  });

  it('the exclusive agent’s upload is hidden from a broker without 24 and shown to the agent and the manager', async () => {
    const brokers = (await detailPictures(broker)).map((picture) => picture.url);
    expect(brokers).not.toContain('/files/sole-agency.jpg');
    expect(brokers).toHaveLength(2);
    expect((await detailPictures(storeManager)).map((picture) => picture.url)).toContain(
      '/files/sole-agency.jpg',
    );
    expect((await detailPictures(manager)).map((picture) => picture.url)).toContain('/files/sole-agency.jpg');
    const surveyor = await call(t.app, 'GET', '/housing/v2/teamSurveyorDetail', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(JSON.stringify(surveyor.data)).not.toContain('sole-agency');
    expect(supervisor).toBeDefined();
  });

  it('with 23 (the manager) the surveyor’s pictures may go', async () => {
    const edited = await call(t.app, 'POST', '/housing/v2/housingEdit', {
      headers: manager,
      body: { ...body, houseId, price: 880, pictures: [] },
    });
    expect(edited.code, edited.message).toBe(200);
    expect(await picturesOf()).toEqual([]);
  });
});
