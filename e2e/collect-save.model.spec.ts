/**
 * The collect-save machine's model driven through the real 云采集 page against the real server, as
 * the manager of a new company working in 深圳, on the first collected listing of the list. Both
 * refusals are the real server's, made by the same person in another tab (through the API) after the
 * page read the list: a duplicate is the same listing saved there first; the other refusal is the
 * company's daily limit (set to 1) reached by saving another listing there. The notice is dismissed
 * only when one is shown (paths dismissing nothing are left out; the rest still take every
 * transition, checked by selectCoveringPaths). No event goes through the inspector.
 */
import { expect, test, type Page } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { collectSaveModel } from '../tests/models/collect-save.model';
import { duplicateHouseId, type CollectSaveContext } from '../machines/collect-save.machine';
import { runPathInBrowser, type BrowserExecutors, type StepContext } from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { get, must, openAs, passPayStatusGate } from './support/oa';
import { post } from './support/api';
import { collectCall, estateCompany, shenzhen, type EstateCompany } from './support/estate';

// The vitest model (states with the notice's kind): a notice.dismiss can follow a notice on screen.
const spec = collectSaveModel;

/** 关闭提示 is on screen only over a notice; a path dismissing none is not what a person can do. */
const dismissesShownNotice = (path: ModelPath) =>
  path.steps.every(
    (step) =>
      step.event.type !== 'notice.dismiss' || (step.previous.context as CollectSaveContext).notice !== null,
  );

/** A path ends on a settled screen, not on a save still under way. */
const endsSettled = (path: ModelPath) => path.steps.at(-1)?.state.matches('saving') !== true;

const paths = selectCoveringPaths(
  spec,
  generatePaths(spec),
  (path) => dismissesShownNotice(path) && endsSettled(path),
);

type Listing = { gatherId: number; title: string };
type Fixture = {
  company?: EstateCompany;
  /** The listing 保存 is clicked on, and another one of the same page. */
  target?: Listing;
  other?: Listing;
  /** The listing number the other tab's save gave the target (a duplicate). */
  houseNo?: string;
  /** The real server's refusal the page is to show. */
  refusal?: string;
};

const collectPage = (page: Page) => page.getByTestId('collect-page');
const rows = (page: Page) => page.getByTestId('collect-row');
const targetRow = (c: StepContext<Fixture>) => rows(c.page).filter({ hasText: c.fixture.target!.title });
const dialog = (page: Page) => page.getByRole('alertdialog');
const contextOf = (c: StepContext<Fixture>) => c.step.state.context as CollectSaveContext;

/** Two listings of the page's first read (深圳, 出售, default sort) whose titles name one row each. */
async function pickListings(c: StepContext<Fixture>): Promise<void> {
  const list = await must(
    collectCall<Listing[]>(c.request, c.fixture.company!, '/gather/page', {
      cityId: shenzhen,
      type: 1,
      sort: 0,
      pageindex: 1,
      pagesize: 15,
    }),
    'collected listings',
  );
  const unique = list.filter((row) => list.filter((other) => other.title.includes(row.title)).length === 1);
  expect(unique.length, 'two listings with titles of their own').toBeGreaterThanOrEqual(2);
  [c.fixture.target, c.fixture.other] = unique;
}

/** The same person saves a listing in another tab (the collect host's call, as the page makes it). */
async function saveInOtherTab(c: StepContext<Fixture>, listing: Listing): Promise<string> {
  const saved = await must(
    collectCall<{ houseNo: string }>(c.request, c.fixture.company!, '/gather/save', {
      gatherId: listing.gatherId,
    }),
    'save in another tab',
  );
  return saved.houseNo;
}

/** 小区基础设置: a person may save one collected listing a day. */
async function limitToOneADay(c: StepContext<Fixture>): Promise<void> {
  const credentials = c.fixture.company!.credentials;
  const setting = await must(
    get<Record<string, unknown>>(c.request, '/community/getEstateSetting', credentials),
    'estate setting',
  );
  await must(
    post(
      c.request,
      '/community/estateSetting',
      {
        archiveCreate: setting['archiveCreate'],
        archiveEdit: setting['archiveEdit'],
        mustPickCommunity: setting['mustPickCommunity'],
        collectDailyLimit: 1,
      },
      credentials,
    ),
    'daily limit',
  );
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.company = await estateCompany(c.request);
      await pickListings(c);
      await openAs(c.page, c.fixture.company.credentials, '/views/estate/collect');
      await expect(targetRow(c).getByRole('button', { name: '保存' })).toBeVisible({ timeout: 30_000 });
    },
    'gather.save': async (c) => {
      const next = c.next?.event as { type: string; error?: unknown } | undefined;
      if (next?.type === 'xstate.error.actor.saveGathered') {
        if (duplicateHouseId(next.error) !== null) {
          // Saved in another tab after this page read the list: the server finds it there already.
          c.fixture.houseNo = await saveInOtherTab(c, c.fixture.target!);
          c.fixture.refusal = undefined;
        } else {
          // One a day, and the other tab saved another listing today.
          await limitToOneADay(c);
          await saveInOtherTab(c, c.fixture.other!);
          c.fixture.refusal = '云采集房源每人每日最多转入 1 条，您今日已达上限';
        }
      }
      await targetRow(c).getByRole('button', { name: '保存' }).click();
    },
    'xstate.done.actor.saveGathered': async () => {},
    'xstate.error.actor.saveGathered': async () => {},
    'duplicate.view': async (c) => dialog(c.page).getByRole('button', { name: '去查看' }).click(),
    'duplicate.dismiss': async (c) => dialog(c.page).getByRole('button', { name: '取消' }).click(),
    'notice.dismiss': async (c) => collectPage(c.page).getByRole('button', { name: '关闭提示' }).click(),
  },
  states: {
    'collectSave.idle': async (c) => {
      if (c.step.event.type === 'duplicate.view') {
        // 去查看 opens the listing the company already holds (the listings app passes its gate).
        await expect(c.page.getByTestId('standalone-page')).toHaveAttribute(
          'data-path',
          '/views/house/detail',
        );
        await passPayStatusGate(c.page);
        const detail = c.page.getByTestId('house-detail');
        await expect(detail).toContainText(c.fixture.houseNo!, { timeout: 30_000 });
        await expect(detail.getByTestId('house-pool')).toHaveText('私盘');
        return;
      }
      await expect(dialog(c.page)).toHaveCount(0);
      const status = collectPage(c.page).getByRole('status');
      const { notice } = contextOf(c);
      if (notice === null) {
        await expect(targetRow(c)).toBeVisible();
        await expect(status).toHaveCount(0);
      } else if (notice.kind === 'success') {
        await expect(status).toContainText(/已转入本公司房源（私盘），房源编号 CS\d{13}/);
        // The list is read again: the listing is marked as saved.
        await expect(targetRow(c)).toContainText('已转入');
      } else {
        await expect(status).toContainText(c.fixture.refusal!);
        await expect(targetRow(c).getByRole('button', { name: '保存' })).toBeVisible();
      }
    },
    'collectSave.saving': async (c) => expect(rows(c.page).first()).toBeVisible(),
    'collectSave.duplicate': async (c) =>
      expect(dialog(c.page)).toContainText(
        `该房源已存在（房源编号 ${c.fixture.houseNo}，维护人 测试经理），不能重复录入`,
      ),
  },
};

test.describe('collect-save machine through the real 云采集 page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: {} });
    });
  }
});
