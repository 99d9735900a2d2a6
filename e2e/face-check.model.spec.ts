/**
 * The face-check machine's model driven through the real face verification of the corporate
 * registration dialog (企业认证 on /views/manager/seal) against the real server: each worker
 * registers one company, whose manager checks the legal representative's face (nothing is
 * registered). The provider's page that opens is the sandbox face provider of the new check (its
 * address is checked, then it is closed: under the paused clock it would not finish loading); the decision is what its 核身通过 / 核身不通过 send (POST /api/sandbox/faceDecide),
 * and the page then reads it from getFaceStatus. The browser's clock is paused
 * once the dialog is open, so the 5 s poll happens only when a path moves the clock. Network
 * failures of getFaceUrl and getFaceStatus are real failed calls; face.open is the 打开核身页面 link.
 * A check past its 10 minutes: a tester opens the check's provider page again (in a browser of its
 * own, whose clock runs) and presses 模拟超时, which moves the check's own expiry into the past on
 * the server (sandboxFaceTimeout); the server's real rule then answers status 3 to the page's next
 * getFaceStatus. Another identity started from a failed or expired check is not something the UI can
 * do (editing the name or ID number resets the check first): the paths are the generated browser
 * paths without one, narrowed to a subset that still takes every transition
 * (e2e/support/covering-paths.ts). Nothing goes through the inspector, nothing is forged.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths, type ModelPath, type ModelStep } from '../tests/support/machine-model';
import { faceCheckModel } from '../tests/models/face-check.model';
import {
  faceMessages,
  facePollIntervalMs,
  type FaceCheckContext,
  type FaceIdentity,
  type FaceStatus,
} from '../machines/face-check.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { e2ePassword, login, post, registerCompany, type Credentials } from './support/api';
import { failNextCall, get, must, networkError, openAs } from './support/oa';

type Fixture = {
  path: ModelPath;
  credentials: Credentials | null;
  /** The provider's page the next step opens. */
  opened: Promise<Page> | null;
  /** The check under way (from its provider page's address). */
  faceId: string | null;
  /** That provider page's full address, to open it again. */
  providerAddress: string | null;
  /** The poll the clock set off, when a path ends while it is in flight. */
  polled: Promise<unknown> | null;
};
type Context = StepContext<Fixture>;

const spec = browserModel(faceCheckModel);
const key = (identity: FaceIdentity | null | undefined) =>
  identity ? `${identity.name.trim()}|${identity.idNo.trim().toUpperCase()}` : null;

const identityOf = (step: ModelStep) => (step.event as { identity?: FaceIdentity }).identity;

/**
 * face.start from a failed or expired check with another identity than the checked one: the UI
 * cannot send it (editing the name or ID number resets the check first, face.reset).
 */
const isRestartWithOtherIdentity = (step: ModelStep) =>
  step.event.type === 'face.start' &&
  (step.previous.matches('failed') || step.previous.matches('expired')) &&
  key((step.previous.context as FaceCheckContext).identity) !== key(identityOf(step));

/**
 * Another identity from a failed or expired check would be a new check — the paths that restart with
 * the same identity (重新核身) take the same transition, and the machine no longer checks the identity
 * again there (it was complete when checked, and editing it resets the check).
 */
const paths = selectCoveringPaths(
  spec,
  generatePaths(spec),
  (path) => !path.steps.some(isRestartWithOtherIdentity),
);

const dialog = (page: Page) => page.getByTestId('registration-dialog');
const faceBox = (page: Page) => dialog(page).getByTestId('face-verification');
const badge = (page: Page) => faceBox(page).getByTestId('face-state');
const faceNotice = (page: Page) => faceBox(page).getByTestId('face-notice');
const nameField = (page: Page) => dialog(page).locator('input[name=legalRepName]');
const idNoField = (page: Page) => dialog(page).locator('input[name=legalRepIdNo]');
const providerUrl = /#\/sandbox\/face\?faceId=(F[0-9a-f]{24})$/;
const noop = async () => {};

const startOf = (c: Context) => (c.step.event as { identity?: FaceIdentity }).identity;
const statusOf = (event: unknown) => (event as { output?: FaceStatus } | undefined)?.output;
const previousState = (c: Context) => c.fixture.path.steps[c.fixture.path.steps.indexOf(c.step) - 1]?.state;
const contextOf = (c: Context) => c.step.state.context as FaceCheckContext;
let company: Promise<Credentials> | null = null;

async function freshCompany(c: Context): Promise<Credentials> {
  const phone = await registerCompany(c.request, '核身房产');
  return login(c.request, phone, e2ePassword);
}

function need<T>(value: T | null): T {
  if (value === null) throw new Error('fixture not ready');
  return value;
}

/**
 * The provider's page that opened: the sandbox face page of a new check. It is closed at once: the
 * browser's clock is paused, which holds a page that is still loading; its 核身通过 / 核身不通过
 * are sent to the sandbox provider directly (POST /api/sandbox/faceDecide, what those buttons do).
 */
async function takeProvider(c: Context): Promise<void> {
  const provider = await need(c.fixture.opened);
  c.fixture.opened = null;
  await expect(provider).toHaveURL(providerUrl);
  c.fixture.faceId = providerUrl.exec(provider.url())?.[1] ?? null;
  c.fixture.providerAddress = provider.url();
  await provider.close();
}

/**
 * 模拟超时 on the check's provider page, opened again in a browser context of its own (the dialog's
 * clock is paused, and the page needs no session): the sandbox provider moves the check's expiry
 * into the past, and the server's own rule expires it.
 */
async function timeOutOnProviderPage(c: Context): Promise<void> {
  const browser = c.page.context().browser();
  if (!browser) throw new Error('no browser');
  const tester = await browser.newContext();
  try {
    const provider = await tester.newPage();
    await provider.goto(need(c.fixture.providerAddress));
    const card = provider.getByTestId('sandbox-face');
    await expect(card.getByTestId('face-status')).toHaveText('待核身');
    await card.getByRole('button', { name: '模拟超时' }).click();
    await expect(card.getByTestId('face-status')).toHaveText('已过期');
  } finally {
    await tester.close();
  }
}

/** The check's real status on the server. */
async function serverStatus(c: Context): Promise<number> {
  const status = await must(
    get<FaceStatus>(
      c.request,
      `/sign/getFaceStatus?faceId=${need(c.fixture.faceId)}`,
      need(c.fixture.credentials),
    ),
    'face status',
  );
  return status.status;
}

/** Makes the next getFaceStatus answer the way the next step says: decided or timed out on the provider's side, failed, or held. */
async function arrangeStatus(c: Context): Promise<void> {
  const next = c.next?.event;
  if (next?.type === 'xstate.error.actor.readFaceStatus') {
    await failNextCall(c.page, '/sign/getFaceStatus');
    return;
  }
  const status = statusOf(next)?.status;
  if (status === 1 || status === 2) {
    const decided = await post<FaceStatus>(c.request, '/sandbox/faceDecide', {
      faceId: need(c.fixture.faceId),
      pass: status === 1,
    });
    expect(decided.data.status).toBe(status);
  }
  if (status === 3) await timeOutOnProviderPage(c);
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      company ??= freshCompany(c);
      const credentials = await company;
      c.fixture.credentials = credentials;
      await c.page.clock.install();
      await openAs(c.page, credentials, '/views/manager/seal');
      const section = c.page.getByTestId('company-registration');
      await expect(section.getByTestId('no-bodies')).toBeVisible();
      await section.getByRole('button', { name: '注册企业签约主体' }).click();
      await expect(badge(c.page)).toHaveText('未认证');
      await c.page.clock.pauseAt(Date.now() + 1000);
    },
    'face.start': async (c) => {
      const identity = startOf(c);
      if (!identity) throw new Error('no identity');
      const before = previousState(c);
      if ((await nameField(c.page).inputValue()) !== identity.name)
        await nameField(c.page).fill(identity.name);
      if ((await idNoField(c.page).inputValue()) !== identity.idNo)
        await idNoField(c.page).fill(identity.idNo);
      const next = c.next?.event.type;
      if (next === 'xstate.error.actor.startFace') await failNextCall(c.page, '/sign/getFaceUrl');
      if (next === 'xstate.done.actor.startFace') c.fixture.opened = c.page.context().waitForEvent('page');
      await faceBox(c.page)
        .getByRole('button', { name: before?.matches('idle') ? '发起人脸核身' : '重新核身' })
        .click();
    },
    'xstate.done.actor.startFace': takeProvider,
    'xstate.error.actor.startFace': noop,
    'face.open': async (c) => {
      c.fixture.opened = c.page.context().waitForEvent('page');
      const faceId = c.fixture.faceId;
      await faceBox(c.page).getByTestId('face-url').click();
      // The same check's page again.
      await takeProvider(c);
      expect(c.fixture.faceId).toBe(faceId);
    },
    'face.check': async (c) => {
      await arrangeStatus(c);
      await faceBox(c.page).getByRole('button', { name: '我已完成核身' }).click();
    },
    'xstate.after.5000.faceCheck.waiting.delaying': async (c) => {
      await arrangeStatus(c);
      c.fixture.polled = c.page.waitForResponse((response) => response.url().includes('/sign/getFaceStatus'));
      // Just short of the interval nothing is asked; at 5 s the page polls.
      await c.page.clock.runFor(facePollIntervalMs - 1);
      await expect(badge(c.page)).toHaveText('核身中');
      await c.page.clock.runFor(1);
    },
    'xstate.done.actor.readFaceStatus': noop,
    'xstate.error.actor.readFaceStatus': noop,
    'face.reset': async (c) => {
      const before = previousState(c);
      if (before?.matches('waiting')) {
        await faceBox(c.page).getByRole('button', { name: '取消' }).click();
        return;
      }
      // After a result, another person's name undoes the check.
      await nameField(c.page).fill('李法人');
    },
  },
  states: {
    'faceCheck.idle': async (c) => {
      await expect(badge(c.page)).toHaveText('未认证');
      await expect(faceBox(c.page).getByRole('button', { name: '发起人脸核身' })).toBeEnabled();
      await expect(faceBox(c.page).getByTestId('face-url')).toHaveCount(0);
      const notice = contextOf(c).notice;
      if (!notice) await expect(faceNotice(c.page)).toHaveCount(0);
      // A failed getFaceUrl: the client's words for the network failure (the model's sample is the server's).
      else if (c.step.event.type === 'xstate.error.actor.startFace')
        await expect(faceNotice(c.page)).toHaveText(networkError);
      else await expect(faceNotice(c.page)).toHaveText(notice.text);
    },
    // In flight for a moment: the provider's page opens when it answers.
    'faceCheck.requesting': async (c) => expect(faceBox(c.page)).toBeVisible(),
    'faceCheck.waiting.delaying': async (c) => {
      await expect(badge(c.page)).toHaveText('核身中');
      await expect(faceBox(c.page).getByTestId('face-url')).toHaveAttribute(
        'href',
        `/#/sandbox/face?faceId=${need(c.fixture.faceId)}`,
      );
      await expect(faceNotice(c.page)).toHaveText(contextOf(c).notice?.text ?? '');
      expect(await serverStatus(c)).toBe(0);
    },
    // The query is in flight: its answer may already be on screen.
    'faceCheck.waiting.polling': async (c) => {
      await expect(faceBox(c.page)).toBeVisible();
      if (c.next) return;
      // The path ends while the page asks: the clock set off a real poll, still 待核身.
      await need(c.fixture.polled);
      await expect(badge(c.page)).toHaveText('核身中');
      await expect(faceNotice(c.page)).toHaveText(faceMessages.waiting);
    },
    'faceCheck.passed': async (c) => {
      await expect(badge(c.page)).toHaveText('已通过');
      await expect(faceNotice(c.page)).toHaveText(faceMessages.passed);
      await expect(faceBox(c.page).getByRole('button', { name: /核身/ })).toHaveCount(0);
      expect(await serverStatus(c)).toBe(1);
    },
    'faceCheck.failed': async (c) => {
      await expect(badge(c.page)).toHaveText('未通过');
      await expect(faceNotice(c.page)).toHaveText(contextOf(c).notice?.text ?? '');
      await expect(faceBox(c.page).getByRole('button', { name: '重新核身' })).toBeEnabled();
      expect(await serverStatus(c)).toBe(2);
    },
    'faceCheck.expired': async (c) => {
      await expect(badge(c.page)).toHaveText('已过期');
      await expect(faceNotice(c.page)).toHaveText(contextOf(c).notice?.text ?? '');
      await expect(faceBox(c.page).getByRole('button', { name: '重新核身' })).toBeEnabled();
      expect(await serverStatus(c)).toBe(3);
    },
  },
};

test.describe('face-check machine through the registration dialog of the seal page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: {
          path,
          credentials: null,
          opened: null,
          faceId: null,
          providerAddress: null,
          polled: null,
        },
      });
    });
  }
});
