import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { sessionActors } from '../../machines/session-actors';
import { sessionMachine } from '../../machines/session.machine';
import type { SignedInUser } from '../../machines/session-context';
import { startHarness } from '../support/machine-harness';

const manager: SignedInUser = {
  userId: 1,
  userName: '13800000000',
  name: '张经理',
  isManager: 1,
  companyid: 1,
  companyName: '安居房产经纪有限公司',
};
const credentials = { token: 'token-1', sessionid: 'session-1' };

async function booting() {
  const saveCredentials = vi.fn();
  const clearCredentials = vi.fn();
  const harness = await startHarness(sessionMachine, { actions: { saveCredentials, clearCredentials } });
  expect(harness.value()).toBe('booting');
  return { harness, saveCredentials, clearCredentials };
}

/** On the login page with no stored token. */
async function signedOut() {
  const started = await booting();
  await started.harness.done('restoreSession', { session: null, isOnLoginPage: true });
  expect(started.harness.value()).toEqual({ signedOut: 'password' });
  return started;
}

/** A stored token the server accepted. */
async function signedIn() {
  const started = await booting();
  await started.harness.done('restoreSession', {
    session: { credentials, user: manager },
    isOnLoginPage: false,
  });
  expect(started.harness.value()).toEqual({ signedIn: 'idle' });
  return started;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session machine, rules a user relies on', () => {
  it('a stored token the server accepts signs in with its user, without asking for a login', async () => {
    const { harness, clearCredentials } = await signedIn();
    expect(harness.context()).toStrictEqual({ credentials, user: manager, notice: null, codeSentAt: null });
    expect(clearCredentials).not.toHaveBeenCalled();
  });

  it('without a stored token the login page shows quietly; elsewhere 请先登录后再操作, then the login page after 1.5 s', async () => {
    const onLogin = await signedOut();
    expect(onLogin.harness.context()['notice']).toBeNull();
    expect(onLogin.clearCredentials).toHaveBeenCalledTimes(1);

    const elsewhere = await booting();
    await elsewhere.harness.done('restoreSession', { session: null, isOnLoginPage: false });
    expect(elsewhere.harness.value()).toBe('redirectingToLogin');
    expect(elsewhere.harness.context()).toMatchObject({
      credentials: null,
      user: null,
      notice: { kind: 'error', text: '请先登录后再操作', source: 'local' },
    });
    expect(elsewhere.clearCredentials).toHaveBeenCalledTimes(1);
    await elsewhere.harness.advance(1499);
    expect(elsewhere.harness.value()).toBe('redirectingToLogin');
    await elsewhere.harness.advance(1);
    expect(elsewhere.harness.value()).toEqual({ signedOut: 'password' });
  });

  it('when the stored session cannot be checked, the login page shows and the token is forgotten', async () => {
    const { harness, clearCredentials } = await booting();
    await harness.fail('restoreSession', new Error('网络错误'));
    expect(harness.value()).toEqual({ signedOut: 'password' });
    expect(clearCredentials).toHaveBeenCalledTimes(1);
    expect(harness.context()['notice']).toBeNull();
  });

  it('a password login sends the phone and password, stores the token, loads the user and signs in', async () => {
    const { harness, saveCredentials } = await signedOut();
    await harness.send({ type: 'login.password', userName: '13800000000', password: 'demo1234' });
    expect(harness.value()).toEqual({ signedOut: 'loggingInWithPassword' });
    expect(harness.lastCall('loginWithPassword')?.input).toStrictEqual({
      userName: '13800000000',
      password: 'demo1234',
    });
    expect(saveCredentials).not.toHaveBeenCalled();
    await harness.done('loginWithPassword', credentials);
    expect(harness.value()).toBe('initializing');
    expect(harness.context()['credentials']).toStrictEqual(credentials);
    expect(saveCredentials).toHaveBeenCalledTimes(1);
    expect(harness.lastCall('initialize')?.input).toStrictEqual({ credentials });
    await harness.done('initialize', manager);
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()).toMatchObject({ credentials, user: manager, notice: null });
  });

  it('a refused password login stays on the form with the server message, which 关闭 dismisses', async () => {
    const { harness } = await signedOut();
    await harness.send({ type: 'login.password', userName: '13800000000', password: 'wrong' });
    await harness.fail('loginWithPassword', new Error('账号或密码错误'));
    expect(harness.value()).toEqual({ signedOut: 'password' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '账号或密码错误',
      source: 'server',
    });
    expect(harness.context()['credentials']).toBeNull();
    await harness.send({ type: 'notice.dismiss' });
    expect(harness.context()['notice']).toBeNull();
    // A rejection that is not an Error still shows as text.
    await harness.send({ type: 'login.password', userName: '13800000000', password: 'wrong' });
    await harness.fail('loginWithPassword', '服务繁忙');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '服务繁忙', source: 'server' });
  });

  it('when loading the user fails after a login, the token is forgotten and the message shown', async () => {
    const { harness, clearCredentials } = await signedOut();
    await harness.send({ type: 'login.password', userName: '13800000000', password: 'demo1234' });
    await harness.done('loginWithPassword', credentials);
    await harness.fail('initialize', new Error('登录状态已失效，请重新登录'));
    expect(harness.value()).toEqual({ signedOut: 'password' });
    expect(harness.context()).toStrictEqual({
      credentials: null,
      user: null,
      notice: { kind: 'error', text: '登录状态已失效，请重新登录', source: 'server' },
      codeSentAt: null,
    });
    expect(clearCredentials).toHaveBeenCalledTimes(2);
  });

  it('the login page switches between password, SMS, register and retrieve forms', async () => {
    const { harness } = await signedOut();
    await harness.send({ type: 'mode.sms' });
    expect(harness.value()).toEqual({ signedOut: 'sms' });
    await harness.send({ type: 'mode.register' });
    expect(harness.value()).toEqual({ signedOut: 'register' });
    await harness.send({ type: 'mode.password' });
    expect(harness.value()).toEqual({ signedOut: 'password' });
    await harness.send({ type: 'mode.register' });
    expect(harness.value()).toEqual({ signedOut: 'register' });
    await harness.send({ type: 'mode.password' });
    await harness.send({ type: 'mode.retrieve' });
    expect(harness.value()).toEqual({ signedOut: 'retrieve' });
    await harness.send({ type: 'mode.password' });
    expect(harness.value()).toEqual({ signedOut: 'password' });
    await harness.send({ type: 'mode.sms' });
    await harness.send({ type: 'mode.password' });
    expect(harness.value()).toEqual({ signedOut: 'password' });
  });

  it.each([
    ['sms', 'mode.sms', 'sendCode'],
    ['register', 'mode.register', 'sendRegisterCode'],
    ['retrieve', 'mode.retrieve', 'sendRetrieveCode'],
  ] as const)(
    'on the %s form a code goes only to a valid phone, with 验证码已发送 and the time it was sent',
    async (form, mode, invokeId) => {
      vi.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000);
      const { harness } = await signedOut();
      await harness.send({ type: mode });
      await harness.send({ type: 'code.send', userName: '12345' });
      expect(harness.value()).toEqual({ signedOut: form });
      expect(harness.calls.filter((call) => call.src === 'sendCode')).toEqual([]);
      expect(harness.context()['notice']).toStrictEqual({
        kind: 'error',
        text: '手机号格式不正确',
        source: 'local',
      });
      await harness.send({ type: 'code.send', userName: '13800000000' });
      expect(harness.lastCall('sendCode')).toStrictEqual({
        src: 'sendCode',
        id: invokeId,
        input: { userName: '13800000000' },
      });
      await harness.done(invokeId);
      expect(harness.value()).toEqual({ signedOut: form });
      expect(harness.context()).toMatchObject({
        codeSentAt: 1_764_000_000_000,
        notice: { kind: 'success', text: '验证码已发送,请注意查收!', source: 'local' },
      });
      // Refused (too often): back on the form with the server's message.
      await harness.send({ type: 'code.send', userName: '13800000000' });
      await harness.fail(invokeId, new Error('验证码发送过于频繁，请 42 秒后再试'));
      expect(harness.value()).toEqual({ signedOut: form });
      expect(harness.context()['notice']).toStrictEqual({
        kind: 'error',
        text: '验证码发送过于频繁，请 42 秒后再试',
        source: 'server',
      });
    },
  );

  it('an SMS login sends the phone, code and new company fields, stores the token and signs in', async () => {
    const { harness, saveCredentials } = await signedOut();
    await harness.send({ type: 'mode.sms' });
    await harness.send({
      type: 'login.sms',
      userName: '13800000000',
      code: '123456',
      companyName: '新开房产',
      name: '新经理',
    });
    expect(harness.value()).toEqual({ signedOut: 'loggingInWithSms' });
    expect(harness.lastCall('loginWithSms')?.input).toStrictEqual({
      userName: '13800000000',
      code: '123456',
      companyName: '新开房产',
      name: '新经理',
    });
    await harness.fail('loginWithSms', new Error('验证码错误，还可尝试 4 次'));
    expect(harness.value()).toEqual({ signedOut: 'sms' });
    expect(harness.context()['notice']).toMatchObject({
      text: '验证码错误，还可尝试 4 次',
      source: 'server',
    });
    expect(saveCredentials).not.toHaveBeenCalled();
    await harness.send({ type: 'login.sms', userName: '13800000000', code: '654321' });
    await harness.done('loginWithSms', credentials);
    expect(harness.value()).toBe('initializing');
    expect(harness.context()['credentials']).toStrictEqual(credentials);
    expect(saveCredentials).toHaveBeenCalledTimes(1);
    await harness.done('initialize', manager);
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['notice']).toBeNull();
  });

  it('registering sends every field, and a new account is signed in; a refusal stays on the form', async () => {
    const { harness, saveCredentials } = await signedOut();
    await harness.send({ type: 'mode.register' });
    const form = {
      userName: '13700000000',
      code: '123456',
      password: 'secret123',
      name: '新经理',
      companyName: '新开房产',
    };
    await harness.send({ type: 'register.submit', ...form });
    expect(harness.value()).toEqual({ signedOut: 'registering' });
    expect(harness.lastCall('register')?.input).toStrictEqual(form);
    await harness.fail('register', new Error('该手机号已注册，请直接登录'));
    expect(harness.value()).toEqual({ signedOut: 'register' });
    expect(harness.context()['notice']).toMatchObject({ kind: 'error', text: '该手机号已注册，请直接登录' });
    await harness.send({ type: 'register.submit', ...form });
    await harness.done('register', credentials);
    expect(harness.value()).toBe('initializing');
    expect(harness.context()['credentials']).toStrictEqual(credentials);
    expect(saveCredentials).toHaveBeenCalledTimes(1);
  });

  it('retrieving a password sends phone, code and new password, then asks for a login with it', async () => {
    const { harness } = await signedOut();
    await harness.send({ type: 'mode.retrieve' });
    const form = { userName: '13800000000', code: '123456', password: 'newpass123' };
    await harness.send({ type: 'password.retrieve', ...form });
    expect(harness.value()).toEqual({ signedOut: 'retrieving' });
    expect(harness.lastCall('retrievePassword')?.input).toStrictEqual(form);
    await harness.fail('retrievePassword', new Error('验证码已过期，请重新获取'));
    expect(harness.value()).toEqual({ signedOut: 'retrieve' });
    expect(harness.context()['notice']).toMatchObject({ kind: 'error', text: '验证码已过期，请重新获取' });
    await harness.send({ type: 'password.retrieve', ...form });
    await harness.done('retrievePassword');
    expect(harness.value()).toEqual({ signedOut: 'password' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'success',
      text: '密码已重置，请使用新密码登录',
      source: 'local',
    });
    expect(harness.context()['credentials']).toBeNull();
  });

  it('renaming sends the new name and shows it; a refusal keeps the old one with the message', async () => {
    const { harness } = await signedIn();
    await harness.send({ type: 'profile.rename', name: '张总' });
    expect(harness.value()).toEqual({ signedIn: 'renaming' });
    expect(harness.lastCall('rename')?.input).toStrictEqual({ name: '张总' });
    await harness.done('rename', { name: '张总' });
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['user']).toStrictEqual({ ...manager, name: '张总' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'success',
      text: '姓名已修改',
      source: 'local',
    });
    await harness.send({ type: 'notice.dismiss' });
    expect(harness.context()['notice']).toBeNull();
    await harness.send({ type: 'profile.rename', name: '' });
    await harness.fail('rename', new Error('请求参数错误：姓名（name）不能为空'));
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['user']).toMatchObject({ name: '张总' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '请求参数错误：姓名（name）不能为空',
      source: 'server',
    });
  });

  it('changing the password sends the old and new one and says so; a wrong old one shows the message', async () => {
    const { harness } = await signedIn();
    await harness.send({ type: 'profile.changePassword', oldPassword: 'demo1234', newPassword: 'demo5678' });
    expect(harness.value()).toEqual({ signedIn: 'changingPassword' });
    expect(harness.lastCall('changePassword')?.input).toStrictEqual({
      oldPassword: 'demo1234',
      newPassword: 'demo5678',
    });
    await harness.done('changePassword');
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'success',
      text: '密码已修改，请牢记新密码',
      source: 'local',
    });
    await harness.send({ type: 'profile.changePassword', oldPassword: 'x', newPassword: 'demo5678' });
    await harness.fail('changePassword', new Error('原密码不正确'));
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '原密码不正确',
      source: 'server',
    });
  });

  it('a new face picture is uploaded and shown; a refused file shows the message', async () => {
    const { harness } = await signedIn();
    const file = new Blob(['png'], { type: 'image/png' });
    await harness.send({ type: 'profile.uploadFace', file });
    expect(harness.value()).toEqual({ signedIn: 'uploadingFace' });
    expect(harness.lastCall('uploadFace')?.input).toStrictEqual({ file });
    await harness.done('uploadFace', { faceUrl: '/files/face.png' });
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['user']).toStrictEqual({ ...manager, faceUrl: '/files/face.png' });
    expect(harness.context()['notice']).toStrictEqual({
      kind: 'success',
      text: '头像已更新',
      source: 'local',
    });
    await harness.send({ type: 'profile.uploadFace', file });
    await harness.fail('uploadFace', new Error('请上传 png、jpg、jpeg、webp 或 gif 图片'));
    expect(harness.value()).toEqual({ signedIn: 'idle' });
    expect(harness.context()['notice']).toMatchObject({
      kind: 'error',
      text: '请上传 png、jpg、jpeg、webp 或 gif 图片',
    });
  });

  it.each([
    ['idle', null],
    ['renaming', { type: 'profile.rename', name: '张总' }],
    ['changingPassword', { type: 'profile.changePassword', oldPassword: 'a', newPassword: 'b' }],
    ['uploadingFace', { type: 'profile.uploadFace', file: new Blob(['png']) }],
  ] as const)(
    'an expired session while %s shows the server message, forgets the token, then the login page after 1.5 s',
    async (step, event) => {
      const { harness, clearCredentials } = await signedIn();
      if (event) await harness.send(event);
      expect(harness.value()).toEqual({ signedIn: step });
      await harness.send({ type: 'session.invalid', message: '登录状态已失效，请重新登录' });
      expect(harness.value()).toBe('sessionInvalid');
      expect(harness.context()).toStrictEqual({
        credentials: null,
        user: null,
        notice: { kind: 'error', text: '登录状态已失效，请重新登录', source: 'server' },
        codeSentAt: null,
      });
      expect(clearCredentials).toHaveBeenCalledTimes(1);
      await harness.advance(1499);
      expect(harness.value()).toBe('sessionInvalid');
      await harness.advance(1);
      expect(harness.value()).toEqual({ signedOut: 'password' });
    },
  );

  it('logging out tells the server with the token, says 退出成功！ and shows the login page after 1.5 s', async () => {
    const { harness, clearCredentials } = await signedIn();
    await harness.send({ type: 'logout' });
    expect(harness.value()).toEqual({ signedIn: 'loggingOut' });
    expect(harness.lastCall('exit')?.input).toStrictEqual({ credentials });
    // An expired session while logging out does not interrupt it.
    await harness.send({ type: 'session.invalid', message: '登录状态已失效，请重新登录' });
    expect(harness.value()).toEqual({ signedIn: 'loggingOut' });
    await harness.done('exit');
    expect(harness.value()).toBe('loggedOut');
    expect(harness.context()).toStrictEqual({
      credentials: null,
      user: null,
      notice: { kind: 'success', text: '退出成功！', source: 'local' },
      codeSentAt: null,
    });
    expect(clearCredentials).toHaveBeenCalledTimes(1);
    await harness.advance(1499);
    expect(harness.value()).toBe('loggedOut');
    await harness.advance(1);
    expect(harness.value()).toEqual({ signedOut: 'password' });
  });

  it('logging out works locally when the server cannot be reached', async () => {
    const { harness, clearCredentials } = await signedIn();
    await harness.send({ type: 'logout' });
    await harness.fail('exit', new Error('网络错误'));
    expect(harness.value()).toBe('loggedOut');
    expect(harness.context()).toMatchObject({
      credentials: null,
      user: null,
      notice: { kind: 'success', text: '退出成功！' },
    });
    expect(clearCredentials).toHaveBeenCalledTimes(1);
  });

  it('each API call the app forgets to provide fails and names itself', async () => {
    const names = Object.keys(sessionActors);
    expect(names).toEqual([
      'restoreSession',
      'loginWithPassword',
      'loginWithSms',
      'register',
      'retrievePassword',
      'sendCode',
      'initialize',
      'exit',
      'rename',
      'changePassword',
      'uploadFace',
    ]);
    for (const [name, logic] of Object.entries(sessionActors)) {
      const actor = createActor(logic as AnyActorLogic, { input: {} });
      // Settles either way, so a stand-in that answered would fail here instead of hanging the test.
      const settledWith = new Promise((resolve) =>
        actor.subscribe({ complete: () => resolve('answered'), error: resolve }),
      );
      actor.start();
      expect(await settledWith).toEqual(new Error(`${name} is provided by the app`));
    }
  });
});
