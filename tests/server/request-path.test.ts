/**
 * The request path keeps what it may keep between requests (the permission catalogue, the manager's
 * snapshot, the built session query) and nothing a person can change: a role edited by a manager and a
 * session ended elsewhere take effect on the very next request of a user already signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

describe('what the request path keeps between requests', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  let brokerRoleId: number;
  const ledger = (headers: Record<string, string>) =>
    call(t.app, 'POST', '/contract/v2/contractSalePosts', { headers, body: { pageindex: 1, pagesize: 15 } });
  const setContractView = (selected: 0 | 1) =>
    call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: {
        roleId: brokerRoleId,
        appType: 5,
        authData: [{ authId: 501, selected, ...(selected ? { range: 3 } : {}) }],
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    const roles = await call(t.app, 'GET', '/base/getRole', { headers: manager });
    brokerRoleId = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '经纪人',
    )!.roleId;
    // The broker's role holds 查看合同 (and nothing below it) for the test to take away and give back.
    await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: {
        roleId: brokerRoleId,
        appType: 5,
        authData: [502, 503, 504, 505].map((authId) => ({ authId, selected: 0 })),
      },
    });
    expect((await setContractView(1)).code).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a role edited by the manager changes what a signed-in broker may do on his next request', async () => {
    expect((await ledger(broker)).code).toBe(200);
    expect((await setContractView(0)).code).toBe(200);
    expect(await ledger(broker)).toMatchObject({
      code: 403,
      message: '您没有权限，请联系管理员设置相关权限',
    });
    expect((await setContractView(1)).code).toBe(200);
    expect((await ledger(broker)).code).toBe(200);
  });

  it('the manager holds every permission on every request, however often it is asked', async () => {
    for (let i = 0; i < 3; i += 1) {
      const auth = await call(t.app, 'POST', '/base/getAppUserOperateAuth', {
        headers: manager,
        body: { appType: 5, appItemId: 0 },
      });
      expect(auth.data).toMatchObject({ isManager: 1 });
      expect(Object.keys((auth.data as { auth: object }).auth).sort()).toEqual([
        '501',
        '502',
        '503',
        '504',
        '505',
      ]);
    }
  });

  it('a session ended elsewhere (logout from another tab) is refused on its next request', async () => {
    const session = await login(t.app, '13800000003');
    expect((await call(t.app, 'GET', '/user/appNavigation', { headers: session })).code).toBe(200);
    expect((await call(t.app, 'POST', '/user/exit', { headers: session })).code).toBe(200);
    expect((await call(t.app, 'GET', '/user/appNavigation', { headers: session })).code).toBe(400);
    // Another session of the same person is untouched.
    expect((await call(t.app, 'GET', '/user/appNavigation', { headers: broker })).code).toBe(200);
  });

  it('a resigned broker’s open session is refused on its next request', async () => {
    const staff = await call(t.app, 'GET', '/org/v2/staffList', {
      headers: manager,
      query: { key: '1', keywords: '赵经纪' },
    });
    const zhao = (staff.data as { userId: number; name: string }[]).find(
      (row) => row.name === '赵经纪',
    )!.userId;
    expect((await call(t.app, 'GET', '/user/appNavigation', { headers: broker })).code).toBe(200);
    const resigned = await call(t.app, 'POST', '/org/v2/staffResign', {
      headers: manager,
      body: { userId: zhao, resignDate: '2026-11-20', reason: '个人原因' },
    });
    expect(resigned.code, resigned.message).toBe(200);
    expect((await call(t.app, 'GET', '/user/appNavigation', { headers: broker })).code).toBe(400);
  });
});
