import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

function lastCode(t: TestApp, phone: string): string {
  const message = [...t.sms.sent].reverse().find((m) => m.phone === phone);
  const code = message?.content.match(/(\d{6})/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

describe('SMS codes, SMS login, registration and password retrieval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (userName: string) =>
    call(t.app, 'POST', '/user/validate/sendVerifyCode', { body: { userName } });

  it('sends a 6-digit code with 验证码已发送,请注意查收! and refuses a second send within 60 s', async () => {
    const first = await send('13800000003');
    expect(first).toMatchObject({
      code: 200,
      message: '验证码已发送,请注意查收!',
      data: { expiresIn: 300, resendIn: 60 },
    });
    expect(lastCode(t, '13800000003')).toMatch(/^\d{6}$/);
    const again = await send('13800000003');
    expect(again.code).toBe(405);
    expect(again.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    t.clock.advance(60_000);
    expect((await send('13800000003')).code).toBe(200);
  });

  it('logs an existing user in with the code, once', async () => {
    t.clock.advance(60_000);
    await send('13800000004');
    const code = lastCode(t, '13800000004');
    const result = await call(t.app, 'POST', '/user/login/registerOrLogin', {
      body: { userName: '13800000004', code },
    });
    expect(result.code).toBe(200);
    expect(result.data).toHaveProperty('token');
    const reused = await call(t.app, 'POST', '/user/login/registerOrLogin', {
      body: { userName: '13800000004', code },
    });
    expect(reused).toMatchObject({ code: 405, message: '验证码错误或已失效，请重新获取' });
  });

  it('expires a code after 5 minutes', async () => {
    t.clock.advance(60_000);
    await send('13800000005');
    const code = lastCode(t, '13800000005');
    t.clock.advance(5 * 60_000 + 1);
    const result = await call(t.app, 'POST', '/user/login/registerOrLogin', {
      body: { userName: '13800000005', code },
    });
    expect(result).toMatchObject({ code: 405, message: '验证码已过期，请重新获取' });
  });

  it('voids the code after 5 wrong tries, even if the right one comes next', async () => {
    t.clock.advance(60_000);
    await send('13800000002');
    const code = lastCode(t, '13800000002');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push(
        (
          await call(t.app, 'POST', '/user/login/registerOrLogin', {
            body: { userName: '13800000002', code: wrong },
          })
        ).message,
      );
    }
    expect(messages[0]).toBe('验证码错误，还可尝试 4 次');
    expect(messages[4]).toBe('验证码错误次数过多，已作废，请重新获取');
    const right = await call(t.app, 'POST', '/user/login/registerOrLogin', {
      body: { userName: '13800000002', code },
    });
    expect(right).toMatchObject({ code: 405, message: '验证码错误次数过多，已作废，请重新获取' });
  });

  it('asks an unregistered phone for company and name without spending the code, then registers it', async () => {
    t.clock.advance(60_000);
    await send('13712345678');
    const code = lastCode(t, '13712345678');
    const ask = await call(t.app, 'POST', '/user/login/registerOrLogin', {
      body: { userName: '13712345678', code },
    });
    expect(ask).toMatchObject({ code: 405, message: '该手机号尚未注册，请填写公司名称和姓名' });
    const registered = await call(t.app, 'POST', '/user/login/registerOrLogin', {
      body: { userName: '13712345678', code, companyName: '新开房产', name: '陈经理' },
    });
    expect(registered.code).toBe(200);
    const data = registered.data as { token: string; sessionid: string };
    const info = await call(t.app, 'POST', '/user/initialize', {
      headers: { token: data.token, sessionid: data.sessionid },
    });
    expect(info.data).toMatchObject({ user: { name: '陈经理', isManager: 1, companyName: '新开房产' } });
  });

  it('registers a company with a password via reg/loginRegister and refuses a registered phone', async () => {
    t.clock.advance(60_000);
    await send('13712345679');
    const result = await call(t.app, 'POST', '/user/reg/loginRegister', {
      body: {
        userName: '13712345679',
        code: lastCode(t, '13712345679'),
        password: 'secret123',
        name: '林经理',
        companyName: '林氏地产',
      },
    });
    expect(result.code).toBe(200);
    await expect(login(t.app, '13712345679', 'secret123')).resolves.toHaveProperty('token');
    const again = await call(t.app, 'POST', '/user/reg/loginRegister', {
      body: {
        userName: '13800000000',
        code: '123456',
        password: 'secret123',
        name: '某人',
        companyName: '某公司',
      },
    });
    expect(again).toMatchObject({ code: 405, message: '该手机号已注册，请直接登录' });
  });

  it('resets a forgotten password and ends the sessions that used the old one', async () => {
    const before = await login(t.app, '13800000001');
    t.clock.advance(60_000);
    await send('13800000001');
    const result = await call(t.app, 'POST', '/user/retrievePassword', {
      body: { userName: '13800000001', code: lastCode(t, '13800000001'), password: 'newpass123' },
    });
    expect(result.code).toBe(200);
    expect((await call(t.app, 'POST', '/user/initialize', { headers: before })).code).toBe(400);
    await expect(login(t.app, '13800000001', 'newpass123')).resolves.toHaveProperty('token');
  });
});

describe('the signed-in user changes name, password and avatar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a wrong old password and accepts the right one', async () => {
    const headers = await login(t.app, '13800000003');
    const wrong = await call(t.app, 'POST', '/user/userPasswordsUpdate', {
      headers,
      body: { oldPassword: 'nope', newPassword: 'demo5678' },
    });
    expect(wrong).toMatchObject({ code: 405, message: '原密码不正确' });
    const short = await call(t.app, 'POST', '/user/userPasswordsUpdate', {
      headers,
      body: { oldPassword: 'demo1234', newPassword: '123' },
    });
    expect(short).toMatchObject({
      code: 405,
      message: '请求参数错误：密码（newPassword）长度不能少于 6 个字符',
    });
    const right = await call(t.app, 'POST', '/user/userPasswordsUpdate', {
      headers,
      body: { oldPassword: 'demo1234', newPassword: 'demo5678' },
    });
    expect(right.code).toBe(200);
    await expect(login(t.app, '13800000003', 'demo5678')).resolves.toHaveProperty('token');
  });

  it('stores an avatar checked by content and serves it back', async () => {
    const headers = await login(t.app, '13800000004');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = async (name: string, data: Buffer) => {
      const boundary = '----test-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/userFaceUpdate',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      return response.json<{ code: number; message: string; data: { faceUrl: string } | null }>();
    };
    const fake = await upload('face.png', Buffer.from('not really a png'));
    expect(fake).toMatchObject({ code: 405, message: '文件内容与扩展名不符，请重新选择' });
    const text = await upload('face.txt', Buffer.from('hello'));
    expect(text).toMatchObject({ code: 405, message: '仅支持 png、jpg、jpeg、webp、gif 格式的文件' });
    const ok = await upload('face.png', png);
    expect(ok.code).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: ok.data!.faceUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const info = await call(t.app, 'POST', '/user/initialize', { headers });
    expect(info.data).toMatchObject({ user: { faceUrl: ok.data!.faceUrl } });
  });
});
