import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { loginRecords } from '../../server/db/schema-login';
import { call, createTestApp, login as signIn, type TestApp } from '../support/test-app';

const password = (userName: string, value: string) => ({ body: { userName, password: value } });

describe('password guessing is stopped per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (userName: string, value: string) =>
    call(t.app, 'POST', '/user/login/loginPassword', password(userName, value));

  it('locks the account at the fifth wrong password, refuses the right one during the lock, and lets it in after 15 minutes', async () => {
    for (let i = 0; i < 4; i += 1)
      expect(await login('13800000001', 'guess-' + i)).toMatchObject({
        code: 405,
        message: '账号或密码错误',
      });
    const fifth = await login('13800000001', 'guess-4');
    expect(fifth.code).toBe(405);
    expect(fifth.message).toMatch(/^密码错误次数过多，账号已锁定，请 15 分钟后（\d\d:\d\d）再试$/);

    const right = await login('13800000001', 'demo1234');
    expect(right.code).toBe(405);
    expect(right.message).toMatch(/^密码错误次数过多，账号已锁定/);
    expect(right.data).toBeNull();

    t.clock.advance(14 * 60_000);
    expect((await login('13800000001', 'demo1234')).message).toMatch(/请 1 分钟后/);
    t.clock.advance(60_000);
    const after = await login('13800000001', 'demo1234');
    expect(after.code).toBe(200);
    expect(after.data).toHaveProperty('token');
  });

  it('counts from zero again after a successful login', async () => {
    for (let i = 0; i < 4; i += 1) await login('13800000002', 'guess-' + i);
    expect((await login('13800000002', 'demo1234')).code).toBe(200);
    for (let i = 0; i < 4; i += 1) await login('13800000002', 'guess-' + i);
    expect((await login('13800000002', 'demo1234')).code).toBe(200);
  });

  it('locks a phone that is no account the same way, so the answers do not tell accounts apart', async () => {
    for (let i = 0; i < 4; i += 1)
      expect((await login('13712345678', 'x' + i)).message).toBe('账号或密码错误');
    expect((await login('13712345678', 'x4')).message).toMatch(/^密码错误次数过多，账号已锁定/);
  });

  it('writes every attempt and the lock to the login record, with the company, IP and device', async () => {
    const rows = await t.database.db
      .select()
      .from(loginRecords)
      .where(eq(loginRecords.userName, '13800000001'))
      .orderBy(desc(loginRecords.id));
    expect(rows.map((row) => [row.result, row.reason])).toEqual([
      [1, null],
      [2, 'locked'],
      [2, 'locked'],
      [2, 'wrong-password'],
      [2, 'wrong-password'],
      [2, 'wrong-password'],
      [2, 'wrong-password'],
      [2, 'wrong-password'],
    ]);
    expect(rows[0]).toMatchObject({ loginType: 1, ip: '127.0.0.1', platform: 'pc' });
    expect(rows[0]?.companyId).not.toBeNull();
    const stranger = await t.database.db
      .select()
      .from(loginRecords)
      .where(eq(loginRecords.userName, '13712345678'));
    expect(stranger.every((row) => row.companyId === null && row.userId === null)).toBe(true);
  });

  it('shows the login record to a manager: failures and the lock with name, department and device; not to a broker nor another company', async () => {
    const manager = await signIn(t.app, '13800000000');
    const failed = await call(t.app, 'POST', '/ManagementCenter/loginRecord', {
      headers: { ...manager, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' },
      body: { result: 2, keywords: '王店长', dateType: 1 },
    });
    expect(failed.code).toBe(200);
    expect(failed.total).toBe(7);
    expect(failed.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userName: '王店长',
          mobile: '13800000001',
          result: 2,
          loginType: 1,
          ip: '127.0.0.1',
        }),
      ]),
    );
    const all = await call(t.app, 'POST', '/ManagementCenter/loginRecord', { headers: manager, body: {} });
    const [newest] = all.data as { userName: string; result: number }[];
    expect(newest).toMatchObject({ userName: '张经理', result: 1 });

    const broker = await signIn(t.app, '13800000003');
    const refused = await call(t.app, 'POST', '/ManagementCenter/loginRecord', { headers: broker, body: {} });
    expect(refused).toMatchObject({ code: 403, message: '您没有权限，请联系管理员设置相关权限' });

    const other = await signIn(t.app, '13900000000');
    const theirs = await call(t.app, 'POST', '/ManagementCenter/loginRecord', {
      headers: other,
      body: { pagesize: 100 },
    });
    expect((theirs.data as { mobile: string }[]).every((row) => row.mobile.startsWith('139'))).toBe(true);
  });

  it('refuses password logins from an address with 30 wrong passwords in 15 minutes, whatever the account', async () => {
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 30; i += 1) await login(`1360000${String(i).padStart(4, '0')}`, 'guess');
    const blocked = await login('13800000005', 'demo1234');
    expect(blocked).toMatchObject({
      code: 405,
      message: '该网络登录失败次数过多，请 15 分钟后再试',
      data: null,
    });
    t.clock.advance(15 * 60_000);
    expect((await login('13800000005', 'demo1234')).code).toBe(200);
  });

  it('limits SMS codes sent from one address to 30 an hour, and wrong codes entered from it to 30 in 15 minutes', async () => {
    const send = (phone: string) =>
      call(t.app, 'POST', '/user/validate/sendVerifyCode', { body: { userName: phone } });
    t.clock.advance(60 * 60_000);
    for (let i = 0; i < 30; i += 1)
      expect((await send(`1350000${String(i).padStart(4, '0')}`)).code).toBe(200);
    expect(await send('13500009999')).toMatchObject({
      code: 405,
      message: '该网络获取验证码过于频繁，请 1 小时后再试',
    });

    const check = (phone: string, code: string) =>
      call(t.app, 'POST', '/user/login/registerOrLogin', { body: { userName: phone, code } });
    for (let i = 0; i < 30; i += 1) {
      const wrong = await check(`1350000${String(i).padStart(4, '0')}`, '000000');
      expect(wrong.code).toBe(405);
    }
    expect(await check('13500000000', '000000')).toMatchObject({
      code: 405,
      message: '该网络验证码错误次数过多，请 15 分钟后再试',
    });
    t.clock.advance(60 * 60_000);
    expect((await send('13500009999')).code).toBe(200);
  });
});
