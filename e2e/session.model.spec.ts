/**
 * The session machine's model driven through the real UI against the real server. Each generated
 * path starts in a fresh browser with a fresh company, so paths do not share state.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { sessionModel } from '../tests/models/session.model';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import {
  e2ePassword,
  freshCode,
  freshPhone,
  login,
  noteSent,
  post,
  registerCompany,
  sendCode,
  waitForResend,
} from './support/api';

type Fixture = { phone: string | null; newPhone: string };
type Context = StepContext<Fixture>;

const spec = browserModel(sessionModel);
const paths = generatePaths(spec);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function user(c: Context): Promise<string> {
  c.fixture.phone ??= await registerCompany(c.request);
  return c.fixture.phone;
}

const nextType = (c: Context) => c.next?.event.type ?? '';
const nextFails = (c: Context) => nextType(c).startsWith('xstate.error.actor.');

/** Makes the next call to this API path fail at the network level once (the real server is fine). */
async function failNextCall(page: Page, path: string): Promise<void> {
  let failed = false;
  await page.route(`**/api${path}`, async (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort('failed');
  });
}

async function seedCredentials(c: Context): Promise<void> {
  const credentials = await login(c.request, await user(c), e2ePassword);
  await c.page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('userToken', value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, JSON.stringify(credentials));
}

function currentForm(c: Context): string {
  const state = JSON.stringify(c.step.previous.value);
  if (state.includes('register') || state.includes('Register')) return '#register-form';
  if (state.includes('retriev') || state.includes('Retrieve')) return '#retrieve-form';
  if (state.includes('sms') || state.includes('Sms') || state.includes('sendingCode')) return '#sms-form';
  return '#password-form';
}

/** The server ends the session behind the browser's back; the browser's next call answers 400. */
async function endSessionOnServer(c: Context): Promise<void> {
  const stored = await c.page.evaluate(() => localStorage.getItem('userToken'));
  const { token, sessionid } = JSON.parse(stored ?? '{}') as { token: string; sessionid: string };
  await post(c.request, '/user/exit', {}, { token, sessionid });
}

async function endSessionIfNextIsInvalid(c: Context): Promise<void> {
  if (nextType(c) === 'session.invalid') await endSessionOnServer(c);
}

async function openProfile(page: Page): Promise<void> {
  if (await page.getByTestId('profile-name').isVisible()) return;
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page.getByTestId('profile-name')).toBeVisible();
}

const visible = (page: Page, selector: string) => expect(page.locator(selector).first()).toBeVisible();
const noop = async () => {};
const profileOrInvalid = (page: Page) =>
  expect(
    page.locator('.profile-page').or(page.getByText('登录状态已失效，请重新登录')).first(),
  ).toBeVisible();

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      if (c.page.context().pages().length === 0) throw new Error('no page');
      await c.page.addInitScript(() => localStorage.setItem('inspector', '1'));
      const next = c.next?.event as unknown as
        { type: string; output?: { session: unknown; isOnLoginPage: boolean } } | undefined;
      if (next?.type === 'xstate.error.actor.restoreSession') {
        await seedCredentials(c);
        await failNextCall(c.page, '/user/initialize');
        await c.page.goto('/#/layout/index');
      } else if (next?.output?.session) {
        await seedCredentials(c);
        await c.page.goto('/#/layout/index');
      } else if (next?.output && !next.output.isOnLoginPage) {
        await c.page.goto('/#/layout/index');
      } else {
        await c.page.goto('/#/layout/login');
      }
    },
    'xstate.done.actor.restoreSession': noop,
    'xstate.error.actor.restoreSession': noop,
    'login.password': async (c) => {
      const phone = await user(c);
      await c.page.fill('#password-form input[name=userName]', phone);
      await c.page.fill('#password-form input[name=password]', nextFails(c) ? 'wrong-password' : e2ePassword);
      if (c.afterNext?.event.type === 'xstate.error.actor.initialize')
        await failNextCall(c.page, '/user/initialize');
      await c.page.click('#password-form button[type=submit]');
    },
    'xstate.done.actor.loginWithPassword': noop,
    'xstate.error.actor.loginWithPassword': noop,
    'mode.sms': async (c) => c.page.getByRole('tab', { name: '验证码登录' }).click(),
    'mode.password': async (c) => {
      const tab = c.page.getByRole('tab', { name: '密码登录' });
      if (await tab.isVisible()) await tab.click();
      else await c.page.getByRole('link', { name: '返回登录' }).click();
    },
    'mode.register': async (c) => c.page.getByRole('link', { name: '注册新公司' }).click(),
    'mode.retrieve': async (c) => c.page.getByRole('link', { name: '忘记密码' }).click(),
    'code.send': async (c) => {
      const event = c.step.event as unknown as { userName: string };
      const form = currentForm(c);
      let phone = event.userName;
      if (/^1[2-9]\d{9}$/.test(phone)) {
        phone = form === '#register-form' ? c.fixture.newPhone : await user(c);
        // The real server refuses a second code within the resend interval: that is how this send fails.
        if (nextFails(c)) await sendCode(c.request, phone);
        else await waitForResend(phone);
        noteSent(phone);
      }
      await c.page.fill(`${form} input[name=userName]`, phone);
      await c.page
        .locator(form)
        .getByRole('button', { name: /获取验证码|秒后重发/ })
        .click();
    },
    'xstate.done.actor.sendCode': noop,
    'xstate.error.actor.sendCode': noop,
    'xstate.done.actor.sendRegisterCode': noop,
    'xstate.error.actor.sendRegisterCode': noop,
    'xstate.done.actor.sendRetrieveCode': noop,
    'xstate.error.actor.sendRetrieveCode': noop,
    'login.sms': async (c) => {
      const phone = await user(c);
      const code = await freshCode(c.request, phone);
      await c.page.fill('#sms-form input[name=userName]', phone);
      await c.page.fill(
        '#sms-form input[name=code]',
        nextFails(c) ? (code === '000000' ? '111111' : '000000') : code,
      );
      if (c.afterNext?.event.type === 'xstate.error.actor.initialize')
        await failNextCall(c.page, '/user/initialize');
      await c.page.click('#sms-form button[type=submit]');
    },
    'xstate.done.actor.loginWithSms': noop,
    'xstate.error.actor.loginWithSms': noop,
    'register.submit': async (c) => {
      const phone = nextFails(c) ? await user(c) : c.fixture.newPhone;
      const code = nextFails(c) ? '123456' : await freshCode(c.request, phone);
      await c.page.fill('#register-form input[name=companyName]', `新开房产${phone.slice(-4)}`);
      await c.page.fill('#register-form input[name=name]', '新经理');
      await c.page.fill('#register-form input[name=userName]', phone);
      await c.page.fill('#register-form input[name=code]', code);
      await c.page.fill('#register-form input[name=password]', e2ePassword);
      if (c.afterNext?.event.type === 'xstate.error.actor.initialize')
        await failNextCall(c.page, '/user/initialize');
      await c.page.click('#register-form button[type=submit]');
    },
    'xstate.done.actor.register': noop,
    'xstate.error.actor.register': noop,
    'password.retrieve': async (c) => {
      const phone = await user(c);
      const code = nextFails(c) ? '000000' : await freshCode(c.request, phone);
      await c.page.fill('#retrieve-form input[name=userName]', phone);
      await c.page.fill('#retrieve-form input[name=code]', code);
      await c.page.fill('#retrieve-form input[name=password]', e2ePassword);
      await c.page.click('#retrieve-form button[type=submit]');
    },
    'xstate.done.actor.retrievePassword': noop,
    'xstate.error.actor.retrievePassword': noop,
    'xstate.done.actor.initialize': noop,
    'xstate.error.actor.initialize': noop,
    logout: async (c) => {
      if (nextFails(c)) await failNextCall(c.page, '/user/exit');
      // The path stays in loggingOut for another event: the exit call waits until the test ends.
      else if (!nextType(c).endsWith('.actor.exit')) await c.page.route('**/api/user/exit', () => {});
      await c.page.getByTestId('user-menu').click();
      await c.page.getByRole('menuitem', { name: '退出登录' }).click();
    },
    'xstate.done.actor.exit': noop,
    'xstate.error.actor.exit': noop,
    'session.invalid': async (c) => {
      // During a profile change the change itself met the 400 (see endSessionIfNextIsInvalid).
      if (!c.step.previous.matches({ signedIn: 'idle' })) return;
      await endSessionOnServer(c);
      // Any call may meet the 400 first: the unread and approval counts refresh on their own, and
      // when one of them does, the shell leaves for the login page while the menu is opening.
      const invalid = c.page.getByText('登录状态已失效，请重新登录').first();
      const openProfileCall = async () => {
        await c.page.getByTestId('user-menu').click();
        await c.page.getByRole('menuitem', { name: '个人信息' }).click();
      };
      await Promise.race([openProfileCall().catch(() => invalid.waitFor()), invalid.waitFor()]);
    },
    'xstate.after.1500.session.redirectingToLogin': async (c) => c.page.waitForURL(/#\/layout\/login/),
    'xstate.after.1500.session.loggedOut': async (c) => c.page.waitForURL(/#\/layout\/login/),
    'xstate.after.1500.session.sessionInvalid': async (c) => c.page.waitForURL(/#\/layout\/login/),
    'profile.rename': async (c) => {
      await openProfile(c.page);
      await c.page.locator('.profile-page input[name=name]').fill(nextFails(c) ? '' : '张总');
      await endSessionIfNextIsInvalid(c);
      await c.page.locator('.profile-page').getByRole('button', { name: '保存' }).click();
    },
    'xstate.done.actor.rename': noop,
    'xstate.error.actor.rename': noop,
    'profile.changePassword': async (c) => {
      await openProfile(c.page);
      await c.page.fill(
        '.profile-page input[name=oldPassword]',
        nextFails(c) ? 'not-my-password' : e2ePassword,
      );
      await c.page.fill('.profile-page input[name=newPassword]', e2ePassword);
      await endSessionIfNextIsInvalid(c);
      await c.page.locator('.profile-page').getByRole('button', { name: '修改密码' }).click();
    },
    'xstate.done.actor.changePassword': noop,
    'xstate.error.actor.changePassword': noop,
    'profile.uploadFace': async (c) => {
      await openProfile(c.page);
      const file = nextFails(c)
        ? { name: 'face.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }
        : { name: 'face.png', mimeType: 'image/png', buffer: png };
      await endSessionIfNextIsInvalid(c);
      await c.page.setInputFiles('.profile-page input[type=file]', file);
    },
    'xstate.done.actor.uploadFace': noop,
    'xstate.error.actor.uploadFace': noop,
    'notice.dismiss': async (c) => {
      const close = c.page.getByRole('button', { name: '关闭提示' });
      const notice = (c.step.previous.context as { notice: unknown }).notice;
      // A notice the machine holds is on screen with its close button; without one a person has
      // nothing to dismiss, and the machine's dismissal changes nothing.
      if (notice || (await close.first().isVisible())) await close.first().click();
    },
  },
  states: {
    'session.booting': async (c) => visible(c.page, '#root > *'),
    'session.redirectingToLogin': async (c) =>
      expect(c.page.getByText('请先登录后再操作').first()).toBeVisible(),
    'session.signedOut.password': async (c) => visible(c.page, '#password-form'),
    'session.signedOut.loggingInWithPassword': async (c) =>
      visible(c.page, '#password-form, [data-testid=user-menu]'),
    'session.signedOut.sms': async (c) => visible(c.page, '#sms-form'),
    'session.signedOut.sendingCode': async (c) => visible(c.page, '#sms-form'),
    'session.signedOut.loggingInWithSms': async (c) => visible(c.page, '#sms-form, [data-testid=user-menu]'),
    'session.signedOut.register': async (c) => visible(c.page, '#register-form'),
    'session.signedOut.sendingRegisterCode': async (c) => visible(c.page, '#register-form'),
    'session.signedOut.registering': async (c) => visible(c.page, '#register-form, [data-testid=user-menu]'),
    'session.signedOut.retrieve': async (c) => visible(c.page, '#retrieve-form'),
    'session.signedOut.sendingRetrieveCode': async (c) => visible(c.page, '#retrieve-form'),
    'session.signedOut.retrieving': async (c) => visible(c.page, '#retrieve-form, #password-form'),
    'session.initializing': async (c) =>
      visible(c.page, '[data-testid=user-menu], #password-form, #sms-form, #register-form'),
    'session.signedIn.idle': async (c) => visible(c.page, '[data-testid=user-menu]'),
    // A call in flight may already have met the 400: the profile page or the invalid-session notice.
    'session.signedIn.renaming': async (c) => profileOrInvalid(c.page),
    'session.signedIn.changingPassword': async (c) => profileOrInvalid(c.page),
    'session.signedIn.uploadingFace': async (c) => profileOrInvalid(c.page),
    'session.signedIn.loggingOut': async (c) =>
      visible(c.page, '[data-testid=user-menu], [data-testid=toast]'),
    // The toast lasts 1.5 s and the login page keeps the notice: either shows the message.
    'session.loggedOut': async (c) => expect(c.page.getByText('退出成功！').first()).toBeVisible(),
    'session.sessionInvalid': async (c) =>
      expect(c.page.getByText('登录状态已失效，请重新登录').first()).toBeVisible(),
  },
};

test.describe('session machine through the real UI', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { phone: null, newPhone: freshPhone() },
      });
    });
  }
});
