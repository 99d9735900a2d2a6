/**
 * The pay-status gate's model driven through the real main layout against the real server. Each
 * outcome comes from real data: company A (demo) has 在线签约 usable until about 11 months from now
 * (no reminder) and 推广 expired; a fresh company has 房源 not activated and 合同 on offer as a trial
 * (used once per company, so every path that may try gets its own company), and once the company
 * has taken that 7-day trial, 合同 is usable with its end 7 days away (the reminder with 还剩 7 天
 * and 去续费). Seals whose seal-free authorisation ran out: a fresh company buys 签约版 for a year
 * (在线签约 usable, its end far away), makes the sample's seals, authorises them for seal-free
 * signing (sealAuthFreeSign, at least 1 day) and the sandbox ends those authorisations now (POST
 * /api/sandbox/sealAuthTimeout from the test's request, as an e-sign vendor's sandbox lets a tester
 * simulate it; no page offers it), so the server's own rule lists them in expiredSeals. What the
 * real server cannot answer here — a gated app usable without an expiry date (only the ungated 首页
 * and 充值中心 are), a type the client does not know — is forged at the network layer: the real
 * /search/appUseSwitch call goes to the server and its answer comes back changed (recorded as
 * `network`; docs/testing.md). seals.authorise without expired seals and renew in a reminder of
 * seals only: no screen offers them (the machine ignores them), so their executors check the button
 * is absent and send nothing. No event goes through the inspector.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { gateToday, payStatusGateModel } from '../tests/models/pay-status-gate.model';
import { beijingDateOf, expiryReminderDaysLeft } from '../domain/app-expiry-reminder';
import {
  gateMessages,
  type AppUseStatus,
  type PayStatusGateContext,
  type ReminderDay,
} from '../machines/pay-status-gate.machine';
import {
  browserModel,
  runPathInBrowser,
  declareStepSource,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { e2ePassword, login, post, registerCompany, type Credentials } from './support/api';
import { must } from './support/oa';
import { buyPackage } from './support/org';
import { registerSignBody } from './support/sign';

type Fixture = {
  credentials: Credentials | null;
  /** The menu entry of the gated page this path opens. */
  pageName: string;
  /** The days left the real data gives the reminder (the 7-day trial), or null. */
  daysLeft: number | null;
  /** The next /search/appUseSwitch answer is forged at the network layer. */
  isForging: boolean;
};
type Context = StepContext<Fixture>;

const spec = browserModel(payStatusGateModel);
const paths = generatePaths(spec);
const demoManager = { userName: '13800000000', password: 'demo1234' };

const nextType = (c: Context) => c.next?.event.type ?? '';
const gate = (page: Page) => page.getByTestId('pay-status-gate');
const activePage = (page: Page) => page.getByTestId('active-page');
/** The opened page itself, past the gate: its own screen (test id `…-page`) or the honest "not built yet". */
const openedPage = (page: Page) =>
  activePage(page)
    .getByTestId('not-built-yet')
    .or(activePage(page).locator('[data-testid$="-page"]'))
    .first();
const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const noop = async () => {};

/** What the real server cannot give and is forged over its answer, or null for a real answer. */
function forgedPart(status: AppUseStatus): Partial<AppUseStatus> | null {
  if (status.type === 0) return status.expirationDate !== null ? null : status;
  return [1, 2, 3].includes(status.type) ? null : status;
}

/** The model's sample is usable with its end within the reminder's 30 days. */
function isEndNear(status: AppUseStatus): boolean {
  return status.type === 0 && expiryReminderDaysLeft(status.expirationDate, gateToday) !== null;
}

/** Which company and which page (of which app) give the answer the path needs. */
function pageFor(status: AppUseStatus | undefined): {
  fresh: boolean;
  pageName: string;
  appType: number;
  takesTrial: boolean;
  /** The company's seal-free authorisations of the sample's seals run out before the page opens. */
  agesSeals: boolean;
} {
  const page = { takesTrial: false, agesSeals: false };
  if (status?.type === 1) return { ...page, fresh: true, pageName: '房源', appType: 1 };
  if (status?.type === 3) return { ...page, fresh: true, pageName: '合同', appType: 5 };
  // The 7-day trial of 合同, taken before the page opens: usable, its end 7 days away.
  if (status && isEndNear(status))
    return { ...page, fresh: true, pageName: '合同', appType: 5, takesTrial: true };
  if (status?.type === 2) return { ...page, fresh: false, pageName: '推广', appType: 21 };
  // A company of its own: the seals it ages would be listed on every later opening of demo A's 在线签约.
  if (status?.type === 0 && status.expiredSeals.length > 0)
    return { ...page, fresh: true, pageName: '在线签约', appType: 6, agesSeals: true };
  return { ...page, fresh: false, pageName: '在线签约', appType: 6 };
}

/** 签约版 (products 3): 在线签约 among its apps. */
/**
 * The sample's seals, made by the company (registered for e-signing), authorised for seal-free
 * signing for a day, and that day ended now by the sandbox: the server's own rule (an authorisation
 * past its end has expired) lists them in the sign app's expiredSeals, on its real clock.
 */
async function ageSealAuthorisations(
  c: Context,
  company: { credentials: Credentials; phone: string },
  seals: AppUseStatus['expiredSeals'],
): Promise<void> {
  const body = await registerSignBody(c.request, company, {
    index: 0,
    // A 合同专用章 where the sample does not say its type.
    seals: seals.map((seal) => [seal.sealType ?? 2, seal.sealTitle]),
  });
  const sealIds = Object.values(body.seals);
  await must(
    post(c.request, '/seal/sealAuthFreeSign', { sealIds, authDays: 1 }, company.credentials),
    'seal-free signing',
  );
  for (const sealId of sealIds)
    await must(
      post(c.request, '/sandbox/sealAuthTimeout', { sealId }, company.credentials),
      'seal authorisation timeout',
    );
}

async function failNextCall(page: Page, path: string): Promise<void> {
  let failed = false;
  await page.route(
    (url) => url.pathname.endsWith(path),
    async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort('failed');
    },
  );
}

/** The next answer of this call is changed: the real call goes on, the forged part replaces its data. */
async function forgeNextAnswer(c: Context, path: string, forged: Partial<AppUseStatus>): Promise<void> {
  let used = false;
  c.fixture.isForging = true;
  await c.page.route(
    (url) => url.pathname.endsWith(path),
    async (route: Route) => {
      if (used) return route.fallback();
      used = true;
      const response = await route.fetch();
      const envelope = (await response.json()) as { code: number; data?: AppUseStatus };
      if (envelope.code !== 200 || !envelope.data) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      await route.fulfill({ response, json: { ...envelope, data: { ...envelope.data, ...forged } } });
    },
  );
}

async function userIdOf(c: Context, credentials: Credentials): Promise<number> {
  const result = await post<{ user: { userId: number } }>(c.request, '/user/initialize', {}, credentials);
  return result.data.user.userId;
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const status = (c.next?.event as unknown as { output?: AppUseStatus } | undefined)?.output;
      const { fresh, pageName, appType, takesTrial, agesSeals } = pageFor(status);
      const userName = fresh ? await registerCompany(c.request, '试用房产') : demoManager.userName;
      const credentials = await login(c.request, userName, fresh ? e2ePassword : demoManager.password);
      c.fixture.credentials = credentials;
      c.fixture.pageName = pageName;
      if (takesTrial) {
        const trial = await post(c.request, '/try/appTryout', { payStatusId: appType }, credentials);
        expect(trial.code).toBe(200);
        c.fixture.daysLeft = 7;
      }
      if (agesSeals && status) {
        // 签约版 for a year: 在线签约 usable, its end about a year away.
        await buyPackage(c.request, credentials, 3);
        await ageSealAuthorisations(c, { credentials, phone: userName }, status.expiredSeals);
      }
      const afterNext = c.afterNext?.event as unknown as
        { type: string; output?: Partial<ReminderDay> } | undefined;
      const reminder = {
        // Today's reminder was already shown: the flag the app keeps per user, app and date.
        shownFor:
          afterNext?.type === 'xstate.done.actor.wasReminderShownToday' && afterNext.output?.wasShown === true
            ? `payReminder:${await userIdOf(c, credentials)}:${appType}`
            : '',
        // The browser refuses to read the flag (storage blocked).
        isBlocked: afterNext?.type === 'xstate.error.actor.wasReminderShownToday',
      };
      await c.page.addInitScript(
        ([value, shownFor, isBlocked, today]) => {
          if (isBlocked) {
            const storage = Storage.prototype;
            const getItem = Object.getOwnPropertyDescriptor(storage, 'getItem')?.value as (
              this: Storage,
              key: string,
            ) => string | null;
            storage.getItem = function (this: Storage, key: string) {
              if (key.startsWith('payReminder:')) throw new Error('存储不可用');
              return getItem.call(this, key);
            };
          }
          if (sessionStorage.getItem('e2e-seeded')) return;
          localStorage.setItem('inspector', '1');
          localStorage.setItem('userToken', value);
          if (shownFor) localStorage.setItem(shownFor, today);
          sessionStorage.setItem('e2e-seeded', '1');
        },
        // The app remembers the reminder by the Beijing date (src/app/pay-status-gate-actors.ts).
        [
          JSON.stringify(credentials),
          reminder.shownFor,
          reminder.isBlocked,
          beijingDateOf(Date.now()),
        ] as const,
      );
      if (nextType(c) === 'xstate.error.actor.checkAppUse')
        await failNextCall(c.page, '/search/appUseSwitch');
      const forged = status && forgedPart(status);
      if (forged) await forgeNextAnswer(c, '/search/appUseSwitch', forged);
      await c.page.goto('/#/layout/index');
      await c.page
        .getByRole('navigation', { name: '主菜单' })
        .getByRole('button', { name: pageName, exact: true })
        .click();
    },
    'xstate.done.actor.checkAppUse': async (c) => {
      if (!c.fixture.isForging) return;
      declareStepSource(
        'network',
        '真实服务器给不出：收费应用没有到期日（只有不收费的首页和充值中心如此），或客户端不认识的应用类型',
      );
      c.fixture.isForging = false;
    },
    'xstate.error.actor.checkAppUse': noop,
    'xstate.done.actor.wasReminderShownToday': noop,
    'xstate.error.actor.wasReminderShownToday': noop,
    retry: async (c) => gate(c.page).getByRole('button', { name: '重试' }).click(),
    cancel: async (c) =>
      gate(c.page)
        .getByRole('button', { name: /^(取消|关闭)$/ })
        .click(),
    activate: async (c) => gate(c.page).getByRole('button', { name: '立即开通' }).click(),
    renew: async (c) => {
      const button = gate(c.page).getByRole('button', { name: '去续费' });
      // A reminder of seals only does not offer it (the machine ignores it): nothing to do, the gate stays.
      const previous = c.step.previous;
      if (previous.matches('reminding') && (previous.context as PayStatusGateContext).expiryDaysLeft === null)
        await expect(button).toHaveCount(0);
      else await button.click();
    },
    try: async (c) => {
      // Someone else of the company started the trial meanwhile: the server refuses a second one.
      if (nextType(c) === 'xstate.error.actor.startTrial' && c.fixture.credentials) {
        const started = await post(c.request, '/try/appTryout', { payStatusId: 5 }, c.fixture.credentials);
        expect(started.code).toBe(200);
      }
      await gate(c.page).getByRole('button', { name: '免费试用' }).click();
    },
    'xstate.done.actor.startTrial': noop,
    'xstate.error.actor.startTrial': noop,
    'xstate.after.2500.payStatusGate.trialStarted': async (c) => expect(openedPage(c.page)).toBeVisible(),
    'reminder.close': async (c) => gate(c.page).getByRole('button', { name: '知道了' }).click(),
    'seals.authorise': async (c) => {
      const button = gate(c.page).getByRole('button', { name: '去授权' });
      // Without expired seals no screen offers it (the machine ignores it): nothing to do, the gate stays.
      if ((c.step.previous.context as PayStatusGateContext).status?.expiredSeals.length) await button.click();
      else await expect(button).toHaveCount(0);
    },
  },
  states: {
    'payStatusGate.checking': async (c) => expect(activePage(c.page)).toBeVisible(),
    'payStatusGate.checkingReminder': async (c) => expect(activePage(c.page)).toBeVisible(),
    'payStatusGate.failed': async (c) => expect(gate(c.page)).toContainText('无法获取应用状态'),
    'payStatusGate.reminding': async (c) => {
      const context = c.step.state.context as PayStatusGateContext;
      await expect(gate(c.page)).toContainText('到期提醒');
      if (context.expiryDaysLeft !== null) {
        await expect(gate(c.page)).toContainText(
          new RegExp(
            `该应用将于 \\d{4}-\\d{2}-\\d{2} 到期，还剩 ${c.fixture.daysLeft ?? '\\d+'} 天，请及时续费`,
          ),
        );
        await expect(gate(c.page).getByRole('button', { name: '去续费' })).toHaveCount(1);
      } else {
        await expect(gate(c.page)).not.toContainText('到期，');
        await expect(gate(c.page).getByRole('button', { name: '去续费' })).toHaveCount(0);
      }
      const seals = context.status?.expiredSeals ?? [];
      for (const seal of seals) await expect(gate(c.page)).toContainText(seal.sealTitle);
      await expect(gate(c.page).getByRole('button', { name: '去授权' })).toHaveCount(
        seals.length > 0 ? 1 : 0,
      );
    },
    'payStatusGate.notActivated': async (c) => expect(gate(c.page)).toContainText(gateMessages.notActivated),
    'payStatusGate.expired': async (c) => {
      await expect(gate(c.page)).toContainText('应用已到期');
      await expect(gate(c.page)).toContainText(/该应用已于 \d{4}-\d{2}-\d{2} 到期/);
    },
    'payStatusGate.trialOffered': async (c) => {
      await expect(gate(c.page)).toContainText('该应用可免费试用 7 天');
      const notice = (c.step.state.context as PayStatusGateContext).notice;
      if (notice) await expect(gate(c.page).getByTestId('gate-notice')).toHaveText(notice.text);
    },
    'payStatusGate.startingTrial': async (c) => expect(activePage(c.page)).toBeVisible(),
    'payStatusGate.trialStarted': async (c) => {
      // The message is a toast held 2.5 s (000 section 9), longer than the 1.5 s of other toasts; the
      // page opens when it ends.
      const toast = c.page.getByTestId('toast').filter({ hasText: gateMessages.trialStarted(7) });
      await expect(toast).toBeVisible();
      await c.page.waitForTimeout(1_800);
      await expect(toast).toBeVisible();
    },
    'payStatusGate.passed': async (c) => {
      await expect(openedPage(c.page)).toBeVisible();
      await expect(gate(c.page)).toHaveCount(0);
      await expect(tabBar(c.page).getByRole('tab', { selected: true })).toContainText(c.fixture.pageName);
    },
    'payStatusGate.goingToRecharge': async (c) => {
      await expect(tabBar(c.page).getByRole('tab', { selected: true })).toContainText('充值中心');
      await expect(c.page.getByTestId('recharge-page')).toBeVisible();
    },
    'payStatusGate.authorisingSeals': async (c) => {
      await expect(tabBar(c.page).getByRole('tab', { selected: true })).toContainText('印章管理');
    },
    'payStatusGate.cancelled': async (c) => {
      await expect(tabBar(c.page).getByRole('tab', { name: c.fixture.pageName, exact: true })).toHaveCount(0);
      await expect(tabBar(c.page).getByRole('tab', { selected: true })).toContainText('首页');
    },
  },
};

test.describe('pay-status gate machine through the real main layout', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { credentials: null, pageName: '', daysLeft: null, isForging: false },
      });
    });
  }
});
