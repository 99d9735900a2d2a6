import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

describe('bad input gets a clear coded answer and the server keeps serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const loginUrl = '/api/user/login/loginPassword';

  it('answers malformed JSON with 405 请求内容不是合法的 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: loginUrl,
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": "138',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 405, message: '请求内容不是合法的 JSON' });
  });

  it('names the missing field in Chinese', async () => {
    const result = await call(t.app, 'POST', '/user/login/loginPassword', {
      body: { userName: '13800000000' },
    });
    expect(result).toMatchObject({ code: 405, message: '请求参数错误：缺少必填字段：密码（password）' });
  });

  it('names the field with the wrong type', async () => {
    const result = await call(t.app, 'POST', '/user/login/loginPassword', {
      body: { userName: 13800000000, password: 'demo1234' },
    });
    expect(result).toMatchObject({
      code: 405,
      message: '请求参数错误：手机号（userName）类型错误，应为字符串',
    });
  });

  it('rejects a mobile number that breaks the seed rule', async () => {
    const result = await call(t.app, 'POST', '/user/validate/sendVerifyCode', {
      body: { userName: '11800000000' },
    });
    expect(result).toMatchObject({ code: 405, message: '请求参数错误：手机号（userName）格式不正确' });
  });

  it('rejects a field nobody expected', async () => {
    const result = await call(t.app, 'POST', '/user/login/loginPassword', {
      body: { userName: '13800000000', password: 'demo1234', isManager: 1 },
    });
    expect(result).toMatchObject({ code: 405, message: '请求参数错误：不支持的字段：isManager' });
  });

  it('rejects a 12 MB body with 405 and still serves the next request', async () => {
    const payload = JSON.stringify({ userName: '13800000000', password: 'x'.repeat(12 * 1024 * 1024) });
    const response = await t.app.inject({
      method: 'POST',
      url: loginUrl,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.json()).toMatchObject({ code: 405, message: '请求内容过大（超过 10 MB）' });
    await expect(login(t.app, '13800000000')).resolves.toHaveProperty('token');
  });

  it('rejects an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: loginUrl,
      headers: { 'content-type': 'text/plain' },
      payload: 'userName=13800000000',
    });
    expect(response.json()).toMatchObject({ code: 405, message: '不支持的请求格式' });
  });

  it('reads a form-encoded body where the contract says so', async () => {
    const headers = await login(t.app, '13800000003');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/userNameUpdate',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=${encodeURIComponent('赵新名')}`,
    });
    expect(response.json()).toMatchObject({ code: 200 });
    const info = await call(t.app, 'POST', '/user/initialize', { headers });
    expect((info.data as { user: { name: string } }).user.name).toBe('赵新名');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/userNameUpdate',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=',
    });
    expect(empty.json()).toMatchObject({ code: 405, message: '请求参数错误：姓名（name）不能为空' });
  });

  it('answers an unknown API path with the envelope, not an HTML page', async () => {
    const result = await call(t.app, 'GET', '/no/such/call');
    expect(result).toMatchObject({ code: 404, message: '接口不存在' });
  });
});
