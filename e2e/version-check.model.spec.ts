/**
 * The version check's model driven through the real UI against the real server. Each path has a
 * company of its own, so the versions it releases (the sandbox release desk, as in
 * e2e/version-update.spec.ts) reach no other path. A path that dismisses an update or meets a
 * forced one runs in the shell, which checks once after a person signs in through the login form;
 * the other paths run on 个人信息, whose 检查更新 checks on request as often as a person clicks.
 * Every check waits at the network until the path's next step answers it: passed on to the real
 * server (an update exists once the path released one), or failed as a network failure. No event
 * goes through the inspector, and no answer is forged.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { ModelPath } from '../tests/support/machine-model';
import { generatePaths } from '../tests/support/machine-model';
import { versionCheckModel } from '../tests/models/version-check.model';
import {
  forcedUpdateMessage,
  upToDateMessage,
  type AvailableUpdate,
} from '../machines/version-check.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { e2ePassword, login, post, registerCompany, type Credentials } from './support/api';
import { networkError, openAs } from './support/oa';

const spec = browserModel(versionCheckModel);
const paths = selectCoveringPaths(spec, generatePaths(spec));

type Screen = 'shell' | 'profile';
type Fixture = {
  screen: Screen;
  phone: string | null;
  credentials: Credentials | null;
  /** The version codes this path's company has released. */
  released: number[];
  /** The check waiting at the network for the path's next step. */
  held: Route | null;
};
type Context = StepContext<Fixture>;

/** Only the shell offers 以后再说 and blocks the app on a forced update. */
function screenOf(path: ModelPath): Screen {
  return path.steps.some(
    (step) =>
      step.event.type === 'dismiss' ||
      (step.event as unknown as { output?: AvailableUpdate | null }).output?.isForced === true,
  )
    ? 'shell'
    : 'profile';
}

const gate = (page: Page) => page.getByTestId('version-gate');
const result = (page: Page) => page.getByTestId('version-result');
const checkButton = (page: Page) => page.getByRole('button', { name: /检查更新|检查中/ });

/** The update the next step answers with, if any. */
function nextUpdate(c: Context): AvailableUpdate | null {
  return (c.next?.event as unknown as { output?: AvailableUpdate | null } | undefined)?.output ?? null;
}

/** Releases this update to the path's company on the sandbox release desk, once. */
async function release(c: Context, update: AvailableUpdate): Promise<void> {
  if (c.fixture.released.includes(update.versionCode)) return;
  const released = await post(
    c.request,
    '/sandbox/appRelease',
    {
      version: update.version,
      versionCode: update.versionCode,
      content: update.description,
      downloadUrl: update.downloadUrl,
      forceUpdate: update.isForced ? 1 : 0,
    },
    c.fixture.credentials!,
  );
  expect(released.code, released.message).toBe(200);
  c.fixture.released.push(update.versionCode);
}

/** The next check waits at the network until the path's next step answers it. */
async function holdNextCheck(c: Context): Promise<void> {
  await c.page.route(
    (url) => url.pathname.endsWith('/AppVersions/getMyVersion'),
    (route) => {
      c.fixture.held = route;
    },
    { times: 1 },
  );
}

async function answerCheck(c: Context, how: 'pass' | 'fail'): Promise<void> {
  await expect.poll(() => c.fixture.held !== null, { timeout: 15_000 }).toBe(true);
  const route = c.fixture.held!;
  c.fixture.held = null;
  if (how === 'pass') await route.continue();
  else await route.abort('failed');
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.phone = await registerCompany(c.request, '版本房产');
      c.fixture.credentials = await login(c.request, c.fixture.phone, e2ePassword);
      if (c.fixture.screen === 'shell') await c.page.goto('/#/layout/login');
      else await openAs(c.page, c.fixture.credentials, '/views/user/index');
    },
    check: async (c) => {
      const update = nextUpdate(c);
      if (update) await release(c, update);
      await holdNextCheck(c);
      if (c.fixture.screen === 'shell') {
        // The shell checks once a person has signed in.
        await c.page.fill('#password-form input[name=userName]', c.fixture.phone!);
        await c.page.fill('#password-form input[name=password]', e2ePassword);
        await c.page.click('#password-form button[type=submit]');
      } else {
        await c.page.getByRole('button', { name: '检查更新' }).click();
      }
    },
    'xstate.done.actor.checkVersion': async (c) => answerCheck(c, 'pass'),
    'xstate.error.actor.checkVersion': async (c) => answerCheck(c, 'fail'),
    dismiss: async (c) => gate(c.page).getByRole('button', { name: '以后再说' }).click(),
  },
  states: {
    'versionCheck.idle': async (c) => {
      await expect(gate(c.page)).toHaveCount(0);
      if (c.fixture.screen === 'profile') {
        await expect(checkButton(c.page)).toHaveText('检查更新');
        await expect(result(c.page)).toHaveText('');
      } else if (c.step.event.type === 'xstate.init') {
        await expect(c.page.locator('#password-form')).toBeVisible();
      } else {
        // The update put off: the app is there again, with nothing over it.
        await expect(c.page.getByTestId('header-messages')).toBeVisible();
      }
    },
    'versionCheck.checking': async (c) => {
      if (c.fixture.screen === 'profile') {
        await expect(checkButton(c.page)).toHaveText('检查中...');
        await expect(checkButton(c.page)).toBeDisabled();
      } else {
        // Signed in: the shell is there, and nothing is offered while the check is under way.
        await expect(c.page.getByTestId('user-menu')).toBeVisible();
        await expect(gate(c.page)).toHaveCount(0);
      }
    },
    'versionCheck.upToDate': async (c) => {
      await expect(result(c.page)).toHaveText(upToDateMessage);
      await expect(checkButton(c.page)).toBeEnabled();
    },
    'versionCheck.updateAvailable': async (c) => {
      const version = (c.step.state.context as { update: AvailableUpdate }).update.version;
      if (c.fixture.screen === 'profile') {
        await expect(result(c.page)).toHaveText(`发现新版本 ${version}`);
        await expect(checkButton(c.page)).toBeEnabled();
      } else {
        await expect(gate(c.page).getByRole('heading', { name: `发现新版本 ${version}` })).toBeVisible();
        await expect(gate(c.page).getByTestId('update-description')).toContainText('签署速度提升');
        await expect(gate(c.page).getByTestId('forced-update')).toHaveCount(0);
        await expect(gate(c.page).getByRole('button', { name: '以后再说' })).toBeVisible();
      }
    },
    'versionCheck.forcedUpdate': async (c) => {
      const version = (c.step.state.context as { update: AvailableUpdate }).update.version;
      await expect(gate(c.page).getByRole('heading', { name: `发现新版本 ${version}` })).toBeVisible();
      await expect(gate(c.page).getByTestId('forced-update')).toHaveText(forcedUpdateMessage);
      await expect(gate(c.page).getByRole('button', { name: '以后再说' })).toHaveCount(0);
      await expect(gate(c.page).getByRole('link', { name: '立即更新' })).toHaveAttribute('href', '/');
    },
    'versionCheck.failed': async (c) => {
      await expect(result(c.page)).toHaveText(networkError);
      await expect(checkButton(c.page)).toBeEnabled();
    },
  },
};

test.describe('version-check machine through the real shell and profile page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { screen: screenOf(path), phone: null, credentials: null, released: [], held: null },
      });
    });
  }
});
