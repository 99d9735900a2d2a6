import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const defaults = { archiveCreate: 2, archiveEdit: 2, mustPickCommunity: 0, collectDailyLimit: null };

describe('the estate basic settings (小区基础设置), stored and enforced by the server', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let broker: Record<string, string>;
  let managerB: Record<string, string>;

  async function communityNamed(name: string): Promise<number> {
    const found = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: `cityId=4403&keyword=${encodeURIComponent(name)}`,
    });
    return (found.data as { communityId: number }[])[0]!.communityId;
  }

  async function settingRows(): Promise<number> {
    const result: unknown = await t.database.db.execute(sql`select count(*)::int as n from estate_settings`);
    return Number((result as { rows: { n: number }[] }).rows[0]?.n);
  }

  const saveSetting = (body: unknown, headers = manager) =>
    call(t.app, 'POST', '/community/estateSetting', { headers, body });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    broker = await login(t.app, '13800000003');
    managerB = await login(t.app, '13900000000');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the defaults until saved, for every user of the company', async () => {
    for (const headers of [manager, broker])
      expect(await call(t.app, 'GET', '/community/getEstateSetting', { headers })).toMatchObject({
        code: 200,
        data: defaults,
      });
  });

  it('is saved with 基础设置 only, checked field by field, and is the company’s own', async () => {
    const refused = await saveSetting({ ...defaults, archiveCreate: 1 }, broker);
    expect(refused).toMatchObject({ code: 403, message: '您没有权限，请联系管理员设置相关权限' });
    const wrong = await saveSetting({ ...defaults, archiveEdit: 4 });
    expect(wrong.code).toBe(405);
    expect(wrong.message).toContain('archiveEdit');
    const tooMany = await saveSetting({ ...defaults, collectDailyLimit: 0 });
    expect(tooMany.code).toBe(405);
    expect(tooMany.message).toContain('collectDailyLimit');
    expect(await settingRows()).toBe(0);
    const saved = await saveSetting({ ...defaults, collectDailyLimit: 20 });
    expect(saved).toMatchObject({ code: 200, message: '保存成功' });
    expect((await call(t.app, 'GET', '/community/getEstateSetting', { headers: broker })).data).toEqual({
      ...defaults,
      collectDailyLimit: 20,
    });
    expect((await call(t.app, 'GET', '/community/getEstateSetting', { headers: managerB })).data).toEqual(
      defaults,
    );
  });

  it('lets only managers create archives when the company says so', async () => {
    await saveSetting({ ...defaults, archiveCreate: 1 });
    const communityId = await communityNamed('碧海云天');
    const refused = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: storeManager,
      body: { communityId, remark: '店长建档' },
    });
    expect(refused).toMatchObject({ code: 403, message: '公司规定仅管理员可以建立小区档案' });
    const missing = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: manager,
      query: { communityId: String(communityId) },
    });
    expect(missing.code).toBe(404);
    const created = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: manager,
      body: { communityId, remark: '经理建档' },
    });
    expect(created.code).toBe(200);
    // Changing an existing archive is the edit rule's (2: holders of 编辑小区档案).
    const edited = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: storeManager,
      body: { communityId, remark: '店长补充' },
    });
    expect(edited.code).toBe(200);
  });

  it('lets only the archive’s creator and managers change it, or only managers, as the company says', async () => {
    await saveSetting({ ...defaults, archiveEdit: 3 });
    const managers = await communityNamed('碧海云天');
    const mine = await communityNamed('金地海景花园');
    const created = await call(t.app, 'POST', '/community/companyCommunity', {
      headers: storeManager,
      body: { communityId: mine, remark: '店长建档' },
    });
    expect(created.code).toBe(200);
    const detail = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: broker,
      query: { communityId: String(mine) },
    });
    expect(detail.data).toMatchObject({ createUserName: '王店长', updateUserName: '王店长' });
    expect(
      await call(t.app, 'POST', '/community/companyCommunity', {
        headers: storeManager,
        body: { communityId: managers, remark: '改经理的档案' },
      }),
    ).toMatchObject({ code: 403, message: '公司规定仅建档人与管理员可以修改或删除该小区档案' });
    expect(
      await call(t.app, 'POST', '/community/companyCommunityDelete', {
        headers: storeManager,
        body: { communityId: managers },
      }),
    ).toMatchObject({ code: 403 });
    expect(
      (
        await call(t.app, 'POST', '/community/companyCommunity', {
          headers: storeManager,
          body: { communityId: mine, remark: '店长再改' },
        })
      ).code,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/community/companyCommunity', {
          headers: manager,
          body: { communityId: mine, remark: '经理也能改' },
        })
      ).code,
    ).toBe(200);
    await saveSetting({ ...defaults, archiveEdit: 1 });
    expect(
      await call(t.app, 'POST', '/community/companyCommunityPicturesDel', {
        headers: storeManager,
        body: { communityId: mine, pictureIds: [1] },
      }),
    ).toMatchObject({ code: 403, message: '公司规定仅管理员可以修改或删除小区档案' });
    const remark = await call(t.app, 'GET', '/community/companyCommunityDetail', {
      headers: manager,
      query: { communityId: String(mine) },
    });
    expect(remark.data).toMatchObject({
      remark: '经理也能改',
      createUserName: '王店长',
      updateUserName: '张经理',
    });
    await saveSetting(defaults);
  });

  it('refuses a typed community name when listings must pick from the dictionary, writing nothing', async () => {
    const listing = {
      type: 1,
      attribution: 2,
      room: 2,
      hall: 1,
      bath: 1,
      area: 80,
      price: 420,
      ownerName: '林静',
      ownerPhone: '13600001111',
      roomNo: '1202',
    };
    await saveSetting({ ...defaults, mustPickCommunity: 1 });
    const typed = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: { ...listing, communityName: '自建小区' },
    });
    expect(typed).toMatchObject({ code: 405, message: '公司规定录入房源必须从小区库选择小区' });
    const found = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { newKey: { type: 1, key: '自建小区' } },
    });
    expect(found.total).toBe(0);
    const picked = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: { ...listing, communityId: await communityNamed('梅林一村'), buildingNo: '1栋' },
    });
    expect(picked.code).toBe(200);
    await saveSetting(defaults);
    const free = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: { ...listing, communityName: '自建小区' },
    });
    expect(free.code).toBe(200);
  });
});
