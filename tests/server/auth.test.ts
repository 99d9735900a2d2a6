import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authCatalogue } from '../../server/db/schema';
import { permissionCatalogue } from '../../domain/permission-catalogue';
import { call, createTestApp, login, type Envelope, type TestApp } from '../support/test-app';

type MenuEntry = { appType: number; appId: number; name: string; path: string; children?: MenuEntry[] };
type AuthEntry = { authId: number; name: string; range?: number | null; child_auth: number[] };

async function postForm(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json<Envelope>();
}

function paths(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => [entry.path, ...paths(entry.children ?? [])]);
}

describe('permissions decided on the server', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let broker: Record<string, string>;
  let brokerRoleId: number;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    broker = await login(t.app, '13800000003');
    const roles = await call(t.app, 'GET', '/base/getRole', { headers: manager });
    brokerRoleId = (roles.data as { roleId: number; roleName: string }[]).find(
      (role) => role.roleName === '经纪人',
    )!.roleId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('fills the auth_catalogue table with exactly the shared permission catalogue', async () => {
    const rows = await t.database.db.select().from(authCatalogue);
    const table = rows
      .map((row) => [row.appType, row.itemId, row.authId, row.parentAuthId, row.name, row.hasRange])
      .sort();
    const shared = permissionCatalogue
      .map((entry) => [
        entry.appType,
        entry.itemId,
        entry.authId,
        entry.parentAuthId ?? null,
        entry.name,
        entry.hasRange ?? false,
      ])
      .sort();
    // When this fails, add a migration that upserts the changed catalogue (see 0002_auth-catalogue.sql).
    expect(table).toEqual(shared);
  });

  it('getAppUserOperateAuth returns the role’s authIds with their child_auth lists', async () => {
    const result = await call(t.app, 'POST', '/base/getAppUserOperateAuth', {
      headers: storeManager,
      body: { appType: 1, appItemId: 0 },
    });
    expect(result.code).toBe(200);
    const data = result.data as { isManager: number; auth: Record<string, AuthEntry> };
    expect(data.isManager).toBe(0);
    expect(data.auth['2']).toEqual({ authId: 2, name: '查看房源', range: 2, child_auth: [3, 4] });
    expect([...(data.auth['5']?.child_auth ?? [])].sort((a, b) => a - b)).toEqual([6, 11]);
    expect(data.auth['7']).toEqual({ authId: 7, name: '删除房源', range: null, child_auth: [8] });
    expect(data.auth['9']).toBeUndefined();

    const brokers = await call(t.app, 'POST', '/base/getAppUserOperateAuth', {
      headers: broker,
      body: { appType: 1, appItemId: 0 },
    });
    const brokerAuth = (brokers.data as { auth: Record<string, AuthEntry> }).auth;
    expect(Object.keys(brokerAuth).sort()).toEqual(['1', '2', '5']);
    expect(brokerAuth['2']).toEqual({ authId: 2, name: '查看房源', range: 1, child_auth: [] });
  });

  it('gives the manager flag and every catalogue entry to the manager', async () => {
    const result = await call(t.app, 'POST', '/base/getAppUserOperateAuth', {
      headers: manager,
      body: { appType: 6, appItemId: 0 },
    });
    const data = result.data as { isManager: number; auth: Record<string, AuthEntry> };
    expect(data.isManager).toBe(1);
    expect(Object.keys(data.auth)).toContain('351');
    const roleAuth = await call(t.app, 'GET', '/compare/roleAuth', { headers: manager });
    const apps = (
      roleAuth.data as { isManager: number; apps: Record<string, Record<string, Record<string, AuthEntry>>> }
    ).apps;
    expect(apps['88']?.['0']?.['8802']?.name).toBe('角色与权限设置');
  });

  it('groups the role’s grants by app type and item in roleAuth', async () => {
    const result = await call(t.app, 'GET', '/compare/roleAuth', { headers: broker });
    const data = result.data as {
      isManager: number;
      apps: Record<string, Record<string, Record<string, AuthEntry>>>;
    };
    expect(data.isManager).toBe(0);
    expect(Object.keys(data.apps).sort()).toEqual(['1', '2', '3', '5', '6']);
    expect(data.apps['6']?.['0']?.['351']).toBeUndefined();
  });

  it('refuses the online-signing settings menu to a broker without 351 while the manager sees it', async () => {
    const brokerMenu = await call(t.app, 'GET', '/base/settingMenu', { headers: broker });
    expect(brokerMenu.code).toBe(200);
    expect(paths(brokerMenu.data as MenuEntry[])).not.toContain('/views/system/setting/fp-sign-setting');
    const managerMenu = await call(t.app, 'GET', '/base/settingMenu', { headers: manager });
    expect(paths(managerMenu.data as MenuEntry[])).toEqual([
      '/views/system/setting/fp-house-setting',
      '/views/system/setting/fp-estate-setting',
      '/views/system/setting/fp-curstor-setting',
      '/views/system/setting/fp-contract-setting',
      '/views/system/setting/fp-sign-setting',
      '/views/system/fp-auth-role',
      '/views/system/setting/fp-manager-setting',
      '/views/office/oa/oa-setting',
      '/views/system/broker/fp-58sup-broker',
      '/views/system/broker/fp-tmall-broker',
    ]);
    // The store manager holds 351 but not 8802: sign settings yes, role settings no.
    const storeMenu = paths(
      (await call(t.app, 'GET', '/base/settingMenu', { headers: storeManager })).data as MenuEntry[],
    );
    expect(storeMenu).toContain('/views/system/setting/fp-sign-setting');
    expect(storeMenu).not.toContain('/views/system/fp-auth-role');
  });

  it('filters the main menu by permission and always starts with home', async () => {
    const brokerMenu = (await call(t.app, 'GET', '/user/appNavigation', { headers: broker }))
      .data as MenuEntry[];
    expect(brokerMenu[0]).toMatchObject({ appType: 999, appId: 0, name: '首页', path: '/views/index.vue' });
    const brokerPaths = paths(brokerMenu);
    expect(brokerPaths).toEqual(
      expect.arrayContaining([
        '/views/sign/index.vue',
        '/views/house/index.vue',
        '/views/customer/index.vue',
        '/views/estate/index.vue',
      ]),
    );
    expect(brokerPaths).not.toContain('/views/manager/index.vue');
    expect(brokerPaths).not.toContain('/views/recharge/index');
    expect(brokerPaths).not.toContain('/views/system/layout');
    const finance = await login(t.app, '13800000004');
    expect(
      paths((await call(t.app, 'GET', '/user/appNavigation', { headers: finance })).data as MenuEntry[]),
    ).toContain('/views/recharge/index');
    const managerPaths = paths(
      (await call(t.app, 'GET', '/user/appNavigation', { headers: manager })).data as MenuEntry[],
    );
    expect(managerPaths).toEqual(
      expect.arrayContaining([
        '/views/manager/index.vue',
        '/views/system/layout',
        '/views/office/oa/oa-pending-approval',
        '/views/system/message/index',
      ]),
    );
  });

  it('reports the management department scope of manager, store manager and broker', async () => {
    const tree = await call(t.app, 'GET', '/org/v2/deptTree', { headers: manager });
    const root = (
      tree.data as { dept: { deptId: number }; children: { dept: { deptId: number; deptName: string } }[] }[]
    )[0]!;
    const store1 = root.children.find((child) => child.dept.deptName === '人民路店')!.dept.deptId;
    const all = await call(t.app, 'GET', '/base/manageAccountAuthInfo', { headers: manager });
    expect(all.data).toMatchObject({ allDepts: 1, auth: 1 });
    expect((all.data as { deptIds: number[] }).deptIds).toContain(root.dept.deptId);
    expect((await call(t.app, 'GET', '/base/manageAccountAuthInfo', { headers: storeManager })).data).toEqual(
      {
        allDepts: 0,
        auth: 1,
        deptIds: [store1],
      },
    );
    expect((await call(t.app, 'GET', '/base/manageAccountAuthInfo', { headers: broker })).data).toEqual({
      allDepts: 0,
      auth: 0,
      deptIds: [store1],
    });
  });

  it('refuses role management without 8802 with the no-permission message', async () => {
    for (const headers of [broker, storeManager]) {
      expect(await call(t.app, 'GET', '/base/getRole', { headers })).toMatchObject({
        code: 403,
        message: '您没有权限，请联系管理员设置相关权限',
      });
    }
    expect((await postForm(t.app, '/base/roleAdd', broker, { roleName: '黑客' })).code).toBe(403);
  });

  it('refuses a role edit that gives an operation scope wider than the view scope, with a clear Chinese message', async () => {
    const result = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRoleId, appType: 1, authData: [{ authId: 5, selected: 1, range: 3 }] },
    });
    expect(result).toMatchObject({
      code: 405,
      message: '「编辑房源」的范围不能大于「查看房源」的范围，各操作范围须小于或等于查看范围',
    });
    const chosen = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRoleId, appType: 1, authData: [{ authId: 2, selected: 0 }] },
    });
    expect(chosen.code).toBe(405);
    // Nothing was written: the broker still views and edits its own listings.
    const auth = await call(t.app, 'POST', '/base/getAppUserOperateAuth', {
      headers: broker,
      body: { appType: 1, appItemId: 0 },
    });
    expect(Object.keys((auth.data as { auth: object }).auth).sort()).toEqual(['1', '2', '5']);
  });

  it('refuses a child permission without its parent and an unknown authId', async () => {
    const child = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRoleId, appType: 1, authData: [{ authId: 14, selected: 1 }] },
    });
    expect(child).toMatchObject({ code: 405, message: '请先授予「分配协作人」，再授予「移除协作人」' });
    const unknown = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: { roleId: brokerRoleId, appType: 1, authData: [{ authId: 351, selected: 1 }] },
    });
    expect(unknown).toMatchObject({ code: 405, message: '未知的权限编号：351' });
  });

  it('saves a consistent role edit, keeps unlisted items, and the broker’s permissions change at once', async () => {
    const saved = await call(t.app, 'POST', '/base/updateRoleAuth', {
      headers: manager,
      body: {
        roleId: brokerRoleId,
        appType: 1,
        authData: [
          { authId: 2, selected: 1, range: 2 },
          { authId: 3, selected: 1 },
          { authId: 5, selected: 1, range: 2 },
        ],
      },
    });
    expect(saved.code).toBe(200);
    const auth = await call(t.app, 'POST', '/base/getAppUserOperateAuth', {
      headers: broker,
      body: { appType: 1, appItemId: 0 },
    });
    const map = (auth.data as { auth: Record<string, AuthEntry> }).auth;
    expect(Object.keys(map).sort()).toEqual(['1', '2', '3', '5']);
    expect(map['2']).toEqual({ authId: 2, name: '查看房源', range: 2, child_auth: [3] });
    const read = await call(t.app, 'GET', '/base/getRoleAuth', {
      headers: manager,
      query: { appType: '1', roleId: String(brokerRoleId) },
    });
    const groups = (
      read.data as {
        groups: { groupName: string; items: { authId: number; selected: number; range: number | null }[] }[];
      }
    ).groups;
    expect(groups.map((group) => group.groupName)).toEqual([
      '新增权限',
      '查看权限',
      '编辑权限',
      '删除权限',
      '操作权限',
      '状态权限',
      '团队协作权限',
    ]);
    const view = groups.find((group) => group.groupName === '查看权限')!.items;
    expect(view.find((item) => item.authId === 2)).toMatchObject({ selected: 1, range: 2 });
    expect(view.find((item) => item.authId === 4)).toMatchObject({ selected: 0, range: null });
  });

  it('adds (form-encoded, copying another role), renames and deletes a company role', async () => {
    const added = await postForm(t.app, '/base/roleAdd', manager, {
      roleName: '店助',
      copyRoleId: String(brokerRoleId),
    });
    expect(added.code).toBe(200);
    const roleId = (added.data as { roleId: number }).roleId;
    const copied = await call(t.app, 'GET', '/base/getRoleAuth', {
      headers: manager,
      query: { appType: '2', roleId: String(roleId) },
    });
    const selected = (copied.data as { groups: { items: { authId: number; selected: number }[] }[] }).groups
      .flatMap((group) => group.items)
      .filter((item) => item.selected === 1)
      .map((item) => item.authId);
    expect(selected.sort()).toEqual([201, 202, 203, 206]);
    expect(await postForm(t.app, '/base/roleAdd', manager, { roleName: '店助' })).toMatchObject({
      code: 405,
      message: '角色名称「店助」已存在',
    });
    // Renaming keeps names unique too, naming the field; it needs 角色与权限设置 as adding does.
    expect(
      await postForm(t.app, '/base/roleEdit', manager, { roleId: String(roleId), roleName: '经纪人' }),
    ).toMatchObject({ code: 405, message: '角色名称「经纪人」已存在' });
    expect(
      (await postForm(t.app, '/base/roleEdit', broker, { roleId: String(roleId), roleName: '店务' })).code,
    ).toBe(403);
    expect(
      (
        await postForm(t.app, '/base/roleEdit', manager, {
          roleId: String(roleId),
          roleName: '店务助理',
          remark: '协助店长',
        })
      ).code,
    ).toBe(200);
    const roles = (await call(t.app, 'GET', '/base/getRole', { headers: manager })).data as {
      roleId: number;
      roleName: string;
      isSystem: number;
      remark: string | null;
    }[];
    expect(roles.find((role) => role.roleId === roleId)).toMatchObject({
      roleName: '店务助理',
      isSystem: 0,
      remark: '协助店长',
    });
    expect(await postForm(t.app, '/base/roleDel', manager, { roleId: String(brokerRoleId) })).toMatchObject({
      code: 409,
      message: '系统预置角色不能删除',
    });
    expect((await postForm(t.app, '/base/roleDel', manager, { roleId: String(roleId) })).code).toBe(200);
    expect((await call(t.app, 'GET', '/org/v2/roleList', { headers: broker })).data).not.toContainEqual({
      roleId,
      roleName: '店务助理',
    });
  });
});
