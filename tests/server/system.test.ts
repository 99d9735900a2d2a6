import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { appVersions } from '../../server/db/schema-system';

describe('version check, help pages and the new-version switch', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await login(t.app, '13800000003');
  });
  afterAll(async () => {
    await t.close();
  });

  const myVersion = { version: '1.0.0', name: 'fangke-pc', versionCode: 100, platform: 'pc' };

  it('says 已是最新版本! when no newer version of the platform exists', async () => {
    const result = await call(t.app, 'POST', '/apicom/AppVersions/getMyVersion', {
      headers,
      body: myVersion,
    });
    expect(result).toMatchObject({ code: 200, message: '已是最新版本!', data: null });
  });

  it('answers code 100 with the newer version once one is released', async () => {
    await t.database.db.insert(appVersions).values({
      platform: 'pc',
      name: 'fangke-pc',
      version: '1.1.0',
      versionCode: 110,
      content: '签约流程优化',
      downloadUrl: '/',
    });
    const result = await call(t.app, 'POST', '/apicom/AppVersions/getMyVersion', {
      headers,
      body: myVersion,
    });
    expect(result.code).toBe(100);
    expect(result.data).toMatchObject({ version: '1.1.0', versionCode: 110, content: '签约流程优化' });
    const android = await call(t.app, 'POST', '/apicom/AppVersions/getMyVersion', {
      headers,
      body: { ...myVersion, platform: 'android' },
    });
    expect(android.code).toBe(200);
  });

  it('a staged release reaches only the company it was released to, with its force flag', async () => {
    const released = await call(t.app, 'POST', '/sandbox/appRelease', {
      headers,
      body: { version: '5.2.0', versionCode: 520, content: '合同打印修复', forceUpdate: 1 },
    });
    expect(released.code).toBe(200);
    const mine = await call(t.app, 'POST', '/apicom/AppVersions/getMyVersion', { headers, body: myVersion });
    expect(mine.code).toBe(100);
    expect(mine.data).toMatchObject({ version: '5.2.0', forceUpdate: 1, downloadUrl: '/' });
    const other = await call(t.app, 'POST', '/apicom/AppVersions/getMyVersion', {
      headers: await login(t.app, '13900000000'),
      body: myVersion,
    });
    expect(other.data).toMatchObject({ version: '1.1.0', forceUpdate: 0 });
  });

  it('serves the help centre articles in order, and 404 for an unknown category', async () => {
    const result = await call(t.app, 'GET', '/apicom/pages/getContent', {
      headers,
      query: { cate_alias: 'help' },
    });
    const data = result.data as { cateName: string; pages: { title: string }[] };
    expect(data.cateName).toBe('帮助中心');
    expect(data.pages[0]?.title).toBe('如何登录与找回密码');
    const unknown = await call(t.app, 'GET', '/apicom/pages/getContent', {
      headers,
      query: { cate_alias: 'nope' },
    });
    expect(unknown.code).toBe(404);
  });

  it('keeps the new-version switch per user, toggling between 0 and 1', async () => {
    const read = async (h: Record<string, string>) =>
      (
        (await call(t.app, 'GET', '/fpk/app/upgrade', { headers: h, query: { app: '999' } })).data as {
          upgradeState: number;
        }
      ).upgradeState;
    expect(await read(headers)).toBe(0);
    expect(
      (await call(t.app, 'GET', '/fpk/app/setUpgrade', { headers, query: { upgradeState: '1' } })).code,
    ).toBe(200);
    expect(await read(headers)).toBe(1);
    const other = await login(t.app, '13800000004');
    expect(await read(other)).toBe(0);
    const bad = await call(t.app, 'GET', '/fpk/app/setUpgrade', { headers, query: { upgradeState: '2' } });
    expect(bad.code).toBe(405);
  });
});
