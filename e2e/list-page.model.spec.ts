/**
 * The list-page kit's machine driven through a real list screen, 合同 (the sale contract ledger),
 * against the real server. Each path has a company of its own with 20 sale contracts of its manager
 * (two pages of 15). A filter is 搜索 by 小区名称, a page is 下一页, the reload is the one after
 * 删除 in a contract's detail, a retry is 重试. Each load of the ledger waits at the network until the
 * path's next step answers it: passed on to the real server, or failed as a network failure. The
 * page that empties is really emptied: while page 1 is shown, five contracts are deleted elsewhere
 * (the server, as another user would), so page 2 comes back empty with 15 left and the screen falls
 * back to page 1. No event goes through the inspector, and no answer is forged.
 *
 * States are told apart by page and whether rows show (the model's own context projection), since
 * the fall-back reads the page. Paths the screen cannot take are left out (the pager steps one page
 * at a time from a loaded page; a row action needs rows; an empty answer is a page emptied
 * elsewhere, as these ledgers are never empty); the rest still take every transition (checked by
 * selectCoveringPaths).
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { listPageModel } from '../tests/models/list-page.model';
import { defaultPageSize, type ListContext, type ListPage } from '../machines/list-page.machine';
import { runPathInBrowser, type BrowserExecutors, type StepContext } from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { post } from './support/api';
import { addContract, networkError, openAs, ownCompany, type OwnCompany } from './support/oa';

const spec = listPageModel;
const contractCount = 20;

function isUsable(path: ModelPath): boolean {
  return path.steps.every((step) => {
    const type = step.event.type;
    if (type === 'xstate.init') return true;
    const before = step.previous;
    const context = before.context as ListContext;
    if (type === 'query.change') return !before.matches('loading');
    if (type === 'reload') return before.matches('loaded') && context.rows.length > 0;
    if (type === 'page.change')
      return before.matches('loaded') && context.page === 1 && context.total > defaultPageSize;
    if (type === 'xstate.done.actor.load') {
      const output = (step.event as unknown as { output: ListPage }).output;
      // An empty answer is a page emptied elsewhere; an empty ledger takes the same transition as
      // a page of rows, and these companies' ledgers are never empty.
      if (output.rows.length === 0) return output.total > 0 && context.page > 1;
    }
    return true;
  });
}

const paths = selectCoveringPaths(spec, generatePaths(spec), isUsable);

type Fixture = {
  company: OwnCompany | null;
  contracts: { contractId: number; contractNo: string }[];
  /** Ledger loads waiting at the network for the path's steps, oldest first. */
  held: Route[];
  hasLoaded: boolean;
};
type Context = StepContext<Fixture>;

const listPath = '/contract/v2/contractSalePosts';
const rows = (page: Page) => page.getByTestId('contract-row');
const pager = (page: Page) => page.getByText(/^第 \d+ \/ \d+ 页，共 \d+ 条$/);

/** Every ledger load waits at the network until a step answers it. */
async function holdLoads(c: Context): Promise<void> {
  await c.page.route(
    (url) => url.pathname.endsWith(listPath),
    (route) => {
      c.fixture.held.push(route);
    },
  );
}

async function answerLoad(c: Context, how: 'pass' | 'fail'): Promise<void> {
  await expect.poll(() => c.fixture.held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const route = c.fixture.held.shift()!;
  if (how === 'pass') await route.continue();
  else await route.abort('failed');
}

/** Deletes contracts elsewhere (the server, as another user would) until `left` remain. */
async function deleteElsewhere(c: Context, left: number): Promise<void> {
  while (c.fixture.contracts.length > left) {
    const { contractId } = c.fixture.contracts.pop()!;
    const deleted = await post(
      c.request,
      '/contract/v2/contractSaleDelete',
      { contractId },
      c.fixture.company!.credentials,
    );
    expect(deleted.code, deleted.message).toBe(200);
  }
}

/** The pager as the machine's page and total make it (none for a single page). */
async function expectPager(c: Context): Promise<void> {
  const context = c.step.state.context as ListContext;
  const pages = Math.max(1, Math.ceil(context.total / context.pageSize));
  if (pages > 1)
    await expect(pager(c.page)).toHaveText(`第 ${context.page} / ${pages} 页，共 ${context.total} 条`);
  else await expect(pager(c.page)).toHaveCount(0);
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const company = await ownCompany(c.request);
      c.fixture.company = company;
      for (let index = 0; index < contractCount; index += 1)
        c.fixture.contracts.push(await addContract(c.request, company.credentials, 'sale'));
      await holdLoads(c);
      await openAs(c.page, company.credentials, '/views/contract/index?contractType=1');
    },
    'xstate.done.actor.load': async (c) => answerLoad(c, 'pass'),
    'xstate.error.actor.load': async (c) => answerLoad(c, 'fail'),
    'query.change': async (c) => {
      await c.page.getByLabel('关键字').fill('桃源居');
      await c.page.getByTestId('contract-search').getByRole('button', { name: '搜索' }).click();
    },
    'page.change': async (c) => {
      const next = c.next?.event as unknown as { output?: ListPage } | undefined;
      // The page about to be shown empties meanwhile: its rows are deleted elsewhere.
      if (next?.output && next.output.rows.length === 0) await deleteElsewhere(c, next.output.total);
      await c.page.getByRole('button', { name: '下一页' }).click();
    },
    reload: async (c) => {
      // An action on the list: a contract deleted in its detail; the ledger loads its page again.
      const row = rows(c.page).first();
      const text = await row.innerText();
      const before = c.fixture.contracts.length;
      c.fixture.contracts = c.fixture.contracts.filter((contract) => !text.includes(contract.contractNo));
      expect(c.fixture.contracts, 'the first row is one of the path’s contracts').toHaveLength(before - 1);
      await row.getByRole('button', { name: '详情' }).click();
      const dialog = c.page.getByRole('dialog');
      await dialog.getByRole('button', { name: '删除', exact: true }).click();
      await c.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await expect(c.page.getByRole('alertdialog')).toHaveCount(0);
    },
    retry: async (c) => c.page.getByTestId('list-failed').getByRole('button', { name: '重试' }).click(),
  },
  states: {
    'listPage.loading': async (c) => {
      if (!c.fixture.hasLoaded) {
        await expect(c.page.getByRole('status').filter({ hasText: '加载中...' })).toBeVisible();
        return;
      }
      // The rows of the last load stay, dimmed, while the next loads.
      await expect(c.page.locator('[aria-busy="true"]')).toBeVisible();
      await expect(c.page.getByTestId('list-failed')).toHaveCount(0);
      await expectPager(c);
    },
    'listPage.loaded': async (c) => {
      c.fixture.hasLoaded = true;
      const context = c.step.state.context as ListContext;
      await expect(c.page.locator('[aria-busy="true"]')).toHaveCount(0);
      const shown = Math.min(
        context.pageSize,
        Math.max(0, context.total - (context.page - 1) * context.pageSize),
      );
      await expect(rows(c.page)).toHaveCount(context.rows.length > 0 ? shown : 0);
      await expectPager(c);
    },
    'listPage.failed': async (c) => {
      const failed = c.page.getByTestId('list-failed');
      await expect(failed).toContainText(networkError);
      await expect(failed.getByRole('button', { name: '重试' })).toBeVisible();
      await expect(rows(c.page)).toHaveCount(0);
    },
  },
};

test.describe('list-page machine through the real contract ledger', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { company: null, contracts: [], held: [], hasLoaded: false },
      });
    });
  }
});
