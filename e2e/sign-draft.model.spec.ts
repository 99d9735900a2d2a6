/**
 * The sign-draft machine's model driven through the real step-by-step form against the real
 * server. Each path starts a new sale contract in a company of its own and fills everything but the
 * house (those changes are not savable and leave the machine idle); then a savable change types a
 * house name (楼盘名称), an unsavable one clears it (or, with no house name, edits the address).
 * The page's clock is Playwright's, paused once the form is filled, so the quiet time and the 3 seconds
 * of 已保存 pass only when a path says so; each save is held at the network until the path answers it:
 * passed on to the server (done, which must then hold the draft with the house name it was sent with)
 * or failed at the network (error). The draft stops when 提交 is clicked (a house name is typed first
 * when the path has left none, as the form requires one); the submission is held at the network too:
 * it must not be sent before a save under way has answered, must name the draft on the server, and no
 * save may start while it is under way, however long it takes. At the end of a path it is passed on
 * (the contract is submitted and the draft gone); a resume fails it at the network. The paths are the
 * generated browser paths, narrowed to a subset that still takes every transition
 * (e2e/support/covering-paths.ts).
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { signDraftModel } from '../tests/models/sign-draft.model';
import {
  draftDelays,
  draftMessages,
  hasHouseInfo,
  type SignDraftContext,
} from '../machines/sign-draft.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { get, must, networkError, openAs } from './support/oa';
import { partiesOf, signCompany, type SignCompany } from './support/sign';

type Fixture = {
  company: SignCompany | null;
  held: Route | null;
  houseName: string;
  /** The house name of the save under way (the form may have changed since). */
  savingName: string;
  serial: number;
  /** signDraftSave requests the page has made, and how many when 提交 was clicked. */
  saves: number;
  savesAtStop: number;
  /** The submission held at the network, with the draft code it names. */
  submission: { route: Route; draftCode: string | null } | null;
};
type Context = StepContext<Fixture>;

const spec = browserModel(signDraftModel);
const paths = selectCoveringPaths(spec, generatePaths(spec));

const form = (page: Page) => page.getByTestId('sign-operation-page');
const indicator = (page: Page) => form(page).getByTestId('draft-indicator');
const houseNameField = (page: Page) => form(page).getByLabel('楼盘名称');

function companyOf(c: Context): SignCompany {
  if (!c.fixture.company) throw new Error('fixture not ready');
  return c.fixture.company;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await form(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function toStep(page: Page, title: string): Promise<void> {
  await form(page).getByRole('button', { name: title }).click();
}

/** Everything the sale form requires except the house name: none of it is savable. */
async function fillAllButHouse(page: Page, companyPhone: string): Promise<void> {
  const { seller, buyer } = partiesOf(companyPhone);
  await form(page).getByLabel('甲方姓名').fill(seller.name);
  await form(page).getByLabel('甲方证件号码').fill(seller.certNo);
  await form(page).getByLabel('甲方手机号').fill(seller.phone);
  await form(page).getByLabel('乙方姓名').fill(buyer.name);
  await form(page).getByLabel('乙方证件号码').fill(buyer.certNo);
  await form(page).getByLabel('乙方手机号').fill(buyer.phone);
  await toStep(page, '2. 房屋信息');
  await choose(page, '省', '广东省');
  await choose(page, '市', '深圳市');
  await choose(page, '区县', '福田区');
  await form(page).getByLabel('房屋坐落').fill('福华路 88 号');
  await form(page).getByLabel('房屋所有权证号').fill('粤(2020)深圳市不动产权第0012345号');
  await form(page).getByLabel('建筑面积').fill('89.5');
  await toStep(page, '3. 交易信息');
  await form(page).getByLabel('成交价').fill('3200000');
  await choose(page, '付款方式', '商业贷款');
  await form(page).getByLabel('过户日期').fill('2026-12-20');
  await form(page).getByLabel('交房日期').fill('2027-01-10');
  await toStep(page, '5. 提交');
  await choose(page, '房屋产权年限', '70年');
  await toStep(page, '2. 房屋信息');
}

type DraftRow = { draftCode: string; houseInfo: { houseName?: string | null } };

async function serverDrafts(c: Context): Promise<DraftRow[]> {
  return must(
    get<DraftRow[]>(c.request, '/sign/signDraftPosts?pageindex=1&pagesize=15', companyOf(c).credentials),
    'drafts',
  );
}

/** The next save waits at the network until the path answers it. */
async function holdNextSave(c: Context): Promise<void> {
  await c.page.route(
    (url) => url.pathname.endsWith('/sign/signDraftSave'),
    async (route) => {
      c.fixture.held = route;
      await c.page.unroute((url) => url.pathname.endsWith('/sign/signDraftSave'));
    },
  );
}

/** The submission waits at the network until the path ends (passed on) or resumes (failed). */
async function holdSubmission(c: Context): Promise<void> {
  await c.page.route(
    (url) => url.pathname.endsWith('/sign/contractSubmissionV2501'),
    (route) => {
      const body = route.request().postDataJSON() as { draftCode?: string };
      c.fixture.submission = { route, draftCode: body.draftCode ?? null };
    },
    { times: 1 },
  );
}

async function answerSubmission(c: Context, how: 'pass' | 'fail'): Promise<void> {
  const route = c.fixture.submission?.route;
  c.fixture.submission = null;
  if (how === 'pass') await route?.continue();
  else await route?.abort('failed');
}

async function answerSave(c: Context, how: 'pass' | 'fail'): Promise<void> {
  await expect.poll(() => c.fixture.held !== null).toBe(true);
  const route = c.fixture.held;
  c.fixture.held = null;
  if (how === 'pass') await route?.continue();
  else await route?.abort('failed');
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const company = await signCompany(c.request);
      c.fixture.company = company;
      await openAs(c.page, company.credentials, '/views/sign/sign-operation');
      await c.page
        .getByTestId('template-chooser')
        .getByRole('button', { name: /二手房买卖合同/ })
        .click();
      await expect(form(c.page).getByRole('button', { name: '下一步' })).toBeVisible();
      await fillAllButHouse(c.page, company.phone);
      c.page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/sign/signDraftSave')) c.fixture.saves += 1;
      });
      // From here on the page's timers run only when the path says so.
      await c.page.clock.install();
      await c.page.clock.pauseAt(Date.now() + 1000);
    },
    'draft.change': async (c) => {
      // After 提交 the form shows its last step; the house is on the second.
      if (!(await houseNameField(c.page).isVisible())) await toStep(c.page, '2. 房屋信息');
      const content = (c.step.event as unknown as { content: { houseInfo: { houseName?: string } } }).content;
      if (content.houseInfo.houseName) {
        c.fixture.serial += 1;
        c.fixture.houseName = `阳光花园${c.fixture.serial}`;
        await houseNameField(c.page).fill(c.fixture.houseName);
      } else if (c.fixture.houseName) {
        c.fixture.houseName = '';
        await houseNameField(c.page).fill('');
      } else {
        c.fixture.serial += 1;
        await form(c.page)
          .getByLabel('房屋坐落')
          .fill(`福华路 ${88 + c.fixture.serial} 号`);
      }
    },
    'xstate.after.1000.signDraft.waiting': async (c) => {
      await holdNextSave(c);
      c.fixture.savingName = c.fixture.houseName;
      await c.page.clock.runFor(1000);
    },
    'xstate.done.actor.saveDraft': async (c) => {
      const sent = c.fixture.savingName;
      await answerSave(c, 'pass');
      await expect.poll(async () => (await serverDrafts(c))[0]?.houseInfo.houseName ?? null).toBe(sent);
    },
    'xstate.error.actor.saveDraft': async (c) => answerSave(c, 'fail'),
    'xstate.after.3000.signDraft.saved': async (c) => c.page.clock.runFor(3000),
    'draft.stop': async (c) => {
      // The form requires a house name: a path that cleared it types one again before submitting.
      if (!c.fixture.houseName) {
        c.fixture.houseName = '阳光花园';
        await houseNameField(c.page).fill(c.fixture.houseName);
      }
      await toStep(c.page, '5. 提交');
      await holdSubmission(c);
      c.fixture.savesAtStop = c.fixture.saves;
      await form(c.page).getByRole('button', { name: '提交', exact: true }).click();
    },
    'draft.resume': async (c) => {
      // The model's form has no house here: clear the one typed for the submission as well.
      if (!hasHouseInfo((c.step.previous.context as SignDraftContext).content) && c.fixture.houseName) {
        c.fixture.houseName = '';
        await toStep(c.page, '2. 房屋信息');
        await houseNameField(c.page).fill('');
      }
      await answerSubmission(c, 'fail');
      await expect(form(c.page).getByTestId('form-error')).toHaveText(networkError);
      await toStep(c.page, '5. 提交');
      await expect(form(c.page).getByRole('button', { name: '提交', exact: true })).toBeEnabled();
    },
  },
  states: {
    'signDraft.idle': async (c) => expect(indicator(c.page)).toHaveText(''),
    'signDraft.waiting': async (c) => expect(indicator(c.page)).toHaveText(''),
    'signDraft.saving.open': async (c) => expect(indicator(c.page)).toHaveText('草稿保存中...'),
    'signDraft.saving.stopping': async (c) => {
      await expect(indicator(c.page)).toHaveText('草稿保存中...');
      // (on the last step, where 提交 was clicked: a later change shows the house's step)
      if (c.step.event.type === 'draft.stop')
        await expect(form(c.page).getByRole('button', { name: '提交中...' })).toBeDisabled();
      // The submission waits for the save under way, whose draft code it is to name.
      expect(c.fixture.submission).toBeNull();
    },
    'signDraft.saved': async (c) => expect(indicator(c.page)).toHaveText(draftMessages.saved),
    'signDraft.failed': async (c) => expect(indicator(c.page)).toHaveText(`草稿未保存：${networkError}`),
    'signDraft.stopped': async (c) => {
      await expect.poll(() => c.fixture.submission !== null).toBe(true);
      await expect(indicator(c.page)).toHaveText('');
      // The submission names the draft on the server (if a save got there) ...
      const drafts = await serverDrafts(c);
      expect(drafts.length).toBeLessThanOrEqual(1);
      expect(c.fixture.submission?.draftCode).toBe(drafts[0]?.draftCode ?? null);
      // ... and no save starts while it is under way, however long the server takes.
      await c.page.clock.runFor(draftDelays.quiet + draftDelays.savedIndicator);
      expect(c.fixture.saves).toBe(c.fixture.savesAtStop);
      if (c.next) return;
      await answerSubmission(c, 'pass');
      await expect(c.page.getByRole('alertdialog')).toContainText('合同已提交');
      await expect(indicator(c.page)).toHaveText('');
      // The submission took the draft with it.
      await expect.poll(async () => (await serverDrafts(c)).length).toBe(0);
    },
  },
};

test.describe('sign-draft machine through the real contract form', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(90_000);
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: {
          company: null,
          held: null,
          houseName: '',
          savingName: '',
          serial: 0,
          saves: 0,
          savesAtStop: 0,
          submission: null,
        },
      });
    });
  }
});
