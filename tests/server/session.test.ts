import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { departments, users } from '../../server/db/schema';

describe('password login and the server-side session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs the demo manager in and initialises the session with the manager flag', async () => {
    const headers = await login(t.app, '13800000000');
    const result = await call(t.app, 'POST', '/user/initialize', { headers });
    expect(result.code).toBe(200);
    const data = result.data as {
      companyid: number;
      user: { isManager: number; name: string; userName: string };
    };
    expect(data.user).toMatchObject({ isManager: 1, name: '张经理', userName: '13800000000' });
    expect(data.companyid).toBeGreaterThan(0);
  });

  it("answers a broker's company, department, role and position, and a change of them on the next call", async () => {
    const headers = await login(t.app, '13800000003');
    const user = async () =>
      ((await call(t.app, 'POST', '/user/initialize', { headers })).data as { user: Record<string, unknown> })
        .user;
    const before = await user();
    expect(before).toMatchObject({ isManager: 0, name: '赵经纪', roleName: '经纪人' });
    expect(before['companyName']).toEqual(expect.any(String));
    expect(before['deptName']).toEqual(expect.any(String));
    expect(before['positionName']).toEqual(expect.any(String));
    const db = t.database.db;
    const [other] = await db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(
        and(
          eq(departments.companyId, before['companyid'] as number),
          ne(departments.id, before['deptId'] as number),
        ),
      )
      .limit(1);
    await db
      .update(users)
      .set({ deptId: other!.id, positionId: null })
      .where(eq(users.id, before['userId'] as number));
    expect(await user()).toMatchObject({
      deptId: other!.id,
      deptName: other!.name,
      positionId: null,
      positionName: null,
    });
    await db
      .update(users)
      .set({ status: 2 })
      .where(eq(users.id, before['userId'] as number));
    expect(await call(t.app, 'POST', '/user/initialize', { headers })).toMatchObject({
      code: 400,
      message: '登录状态已失效，请重新登录',
    });
    await db
      .update(users)
      .set({ status: 1, deptId: before['deptId'] as number, positionId: before['positionId'] as number })
      .where(eq(users.id, before['userId'] as number));
  });

  it('refuses a wrong password with code 405 and does not say which part was wrong', async () => {
    const result = await call(t.app, 'POST', '/user/login/loginPassword', {
      body: { userName: '13800000000', password: 'wrong-password' },
    });
    expect(result).toMatchObject({ code: 405, message: '账号或密码错误' });
    const unknown = await call(t.app, 'POST', '/user/login/loginPassword', {
      body: { userName: '13811112222', password: 'demo1234' },
    });
    expect(unknown).toMatchObject({ code: 405, message: '账号或密码错误' });
  });

  it('answers code 400 without headers, with a forged token, and with a token from another session', async () => {
    const headers = await login(t.app, '13800000003');
    const other = await login(t.app, '13800000004');
    expect((await call(t.app, 'POST', '/user/initialize')).code).toBe(400);
    expect(
      (await call(t.app, 'POST', '/user/initialize', { headers: { ...headers, token: 'forged' } })).code,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/user/initialize', {
          headers: { token: headers['token']!, sessionid: other['sessionid']! },
        })
      ).code,
    ).toBe(400);
  });

  it('expires a session after seven days', async () => {
    const headers = await login(t.app, '13800000005');
    expect((await call(t.app, 'POST', '/user/initialize', { headers })).code).toBe(200);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const result = await call(t.app, 'POST', '/user/initialize', { headers });
    expect(result).toMatchObject({ code: 400, message: '登录状态已失效，请重新登录' });
  });

  it('ends the session on exit, with 退出成功！', async () => {
    const headers = await login(t.app, '13800000002');
    expect(await call(t.app, 'POST', '/user/exit', { headers })).toMatchObject({
      code: 200,
      message: '退出成功！',
    });
    expect((await call(t.app, 'POST', '/user/initialize', { headers })).code).toBe(400);
  });
});
