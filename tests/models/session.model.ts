/** The session machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import { sessionMachine } from '../../machines/session.machine';
import type { SessionContext, SignedInUser } from '../../machines/session-context';
import type { ModelSpec } from '../support/machine-model';

export const demoManager: SignedInUser = {
  userId: 1,
  userName: '13800000000',
  name: '张经理',
  isManager: 1,
  companyid: 1,
  companyName: '安居房产经纪有限公司',
};

const credentials = { token: 'token-1', sessionid: 'session-1' };

export const sessionModel: ModelSpec = {
  machine: sessionMachine,
  serializeContext: (context) => {
    const c = context as SessionContext;
    return { notice: c.notice?.text ?? null, user: c.user?.name ?? null };
  },
  events: {
    'xstate.done.actor.restoreSession': [
      {
        type: 'xstate.done.actor.restoreSession',
        output: { session: { credentials, user: demoManager }, isOnLoginPage: false },
      },
      { type: 'xstate.done.actor.restoreSession', output: { session: null, isOnLoginPage: true } },
      { type: 'xstate.done.actor.restoreSession', output: { session: null, isOnLoginPage: false } },
    ],
    'xstate.error.actor.restoreSession': [
      { type: 'xstate.error.actor.restoreSession', error: new Error('网络错误') },
    ],
    'login.password': [{ type: 'login.password', userName: '13800000000', password: 'demo1234' }],
    'xstate.done.actor.loginWithPassword': [
      { type: 'xstate.done.actor.loginWithPassword', output: credentials },
    ],
    'xstate.error.actor.loginWithPassword': [
      { type: 'xstate.error.actor.loginWithPassword', error: new Error('账号或密码错误') },
    ],
    'code.send': [
      { type: 'code.send', userName: '13800000000' },
      { type: 'code.send', userName: '12345' },
    ],
    'login.sms': [{ type: 'login.sms', userName: '13800000000', code: '123456' }],
    'xstate.done.actor.loginWithSms': [{ type: 'xstate.done.actor.loginWithSms', output: credentials }],
    'xstate.error.actor.loginWithSms': [
      { type: 'xstate.error.actor.loginWithSms', error: new Error('验证码错误，还可尝试 4 次') },
    ],
    'xstate.error.actor.sendCode': [
      { type: 'xstate.error.actor.sendCode', error: new Error('验证码发送过于频繁，请 42 秒后再试') },
    ],
    'xstate.error.actor.sendRegisterCode': [
      { type: 'xstate.error.actor.sendRegisterCode', error: new Error('验证码发送过于频繁，请 42 秒后再试') },
    ],
    'xstate.error.actor.sendRetrieveCode': [
      { type: 'xstate.error.actor.sendRetrieveCode', error: new Error('验证码发送过于频繁，请 42 秒后再试') },
    ],
    'register.submit': [
      {
        type: 'register.submit',
        userName: '13700000000',
        code: '123456',
        password: 'secret123',
        name: '新经理',
        companyName: '新开房产',
      },
    ],
    'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: credentials }],
    'xstate.error.actor.register': [
      { type: 'xstate.error.actor.register', error: new Error('该手机号已注册，请直接登录') },
    ],
    'password.retrieve': [
      { type: 'password.retrieve', userName: '13800000000', code: '123456', password: 'newpass123' },
    ],
    'xstate.error.actor.retrievePassword': [
      { type: 'xstate.error.actor.retrievePassword', error: new Error('验证码已过期，请重新获取') },
    ],
    'xstate.done.actor.initialize': [{ type: 'xstate.done.actor.initialize', output: demoManager }],
    'xstate.error.actor.initialize': [
      { type: 'xstate.error.actor.initialize', error: new Error('登录状态已失效，请重新登录') },
    ],
    'session.invalid': [{ type: 'session.invalid', message: '登录状态已失效，请重新登录' }],
    'profile.rename': [{ type: 'profile.rename', name: '张总' }],
    'xstate.done.actor.rename': [{ type: 'xstate.done.actor.rename', output: { name: '张总' } }],
    'xstate.error.actor.rename': [
      { type: 'xstate.error.actor.rename', error: new Error('请求参数错误：姓名（name）不能为空') },
    ],
    'profile.changePassword': [
      { type: 'profile.changePassword', oldPassword: 'demo1234', newPassword: 'demo5678' },
    ],
    'xstate.error.actor.changePassword': [
      { type: 'xstate.error.actor.changePassword', error: new Error('原密码不正确') },
    ],
    'xstate.done.actor.uploadFace': [
      { type: 'xstate.done.actor.uploadFace', output: { faceUrl: '/files/face.png' } },
    ],
    'xstate.error.actor.uploadFace': [
      { type: 'xstate.error.actor.uploadFace', error: new Error('请上传 png、jpg、jpeg、webp 或 gif 图片') },
    ],
  },
};
