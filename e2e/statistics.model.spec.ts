/**
 * The statistics page machine's model driven through the real 房源统计 page (/views/index/houseStatistics)
 * against the real server, in a new company of its own for each path (its head office, and for the
 * paging path 16 more departments, so the departments' table has a second page of 15). The server
 * gives the figures; filter.apply is 统计维度 按员工 and 查询; the export reads the table a page of 100
 * at a time, and while a path looks at 导出中 the page's own call for it is held at the network layer
 * (then let through, or failed: a network failure, which is how an export fails for a user) — the
 * progress is the page's own report after the server's page came back, and the workbook is a real
 * download. A failed load is a network failure on the table's call.
 *
 * Forged, with the reason: a first load with no rows. A company's departments table always has its
 * head office (every department in scope is a row, figures or not), and the page always opens on the
 * departments, so the real server never answers the first search with nothing; the path that exports
 * from an empty search (没有可导出的数据) needs it. That one answer is the server's own, with its rows
 * taken out at the network layer (declared `network`, counted apart by npm run model:coverage).
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { statisticsModel } from '../tests/models/statistics.model';
import {
  browserModel,
  declareStepSource,
  runPathInBrowser,
  type BrowserExecutors,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { get, must, networkError, openAs } from './support/oa';
import { e2ePassword, login, post, registerCompany, type Credentials } from './support/api';
import { buySeats } from './support/org';
import { statisticsMessages, type StatisticsContext } from '../machines/statistics.machine';

const spec = browserModel(statisticsModel);
const paths = selectCoveringPaths(spec, generatePaths(spec));

const tablePath = '/ManagementCenter/houseStatisticsPageTable';
const pageSize = 15;
/** The export reads the table this many rows a call (statistics-actors.ts exportPageSize). */
const exportPageSize = 100;

type Gate = { release: (outcome: 'continue' | 'fail') => void };
type Fixture = { path: ModelPath; credentials?: Credentials; gate?: Gate; departments: number };

const screen = (page: Page) => page.getByTestId('house-statistics');

/** The table's call for the page shown (15 a page), not the filters' choices nor the export (100). */
const sizeOf = (route: Route) => (route.request().postDataJSON() as { pagesize?: number }).pagesize;

async function onNextTableCall(page: Page, size: number, handle: (route: Route) => Promise<void>) {
  let isDone = false;
  await page.route(
    (url) => url.pathname.endsWith(tablePath),
    async (route) => {
      if (isDone || sizeOf(route) !== size) return route.fallback();
      isDone = true;
      return handle(route);
    },
  );
}

/** Holds the export's call for the table until the path says how it ends. */
async function holdExport(page: Page): Promise<Gate> {
  let release: Gate['release'] = () => {};
  const decided = new Promise<'continue' | 'fail'>((resolve) => (release = resolve));
  await onNextTableCall(page, exportPageSize, async (route) =>
    (await decided) === 'fail' ? route.abort('failed') : route.continue(),
  );
  return { release };
}

const hasRows = (c: { step: { state: { context: unknown } } }) =>
  ((c.step.state.context as StatisticsContext).view?.total ?? 0) > 0;

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const phone = await registerCompany(c.request, '统计房产');
      const credentials = await login(c.request, phone, e2ePassword);
      c.fixture.credentials = credentials;
      await buySeats(c.request, credentials);
      const tree = await must(
        get<{ dept: { deptId: number } }[]>(c.request, '/org/v2/deptTree', credentials),
        'departments',
      );
      if (c.fixture.path.steps.some((step) => step.event.type === 'page.change'))
        for (let index = 1; index <= pageSize + 1; index += 1)
          await must(
            post(
              c.request,
              '/org/v2/deptAdd',
              { deptName: `分店${index}`, parentId: tree[0]!.dept.deptId },
              credentials,
            ),
            'department',
          );
      // The departments' rows the server counts for the default search (every department in scope).
      const table = await post<unknown[]>(
        c.request,
        tablePath,
        { type: 1, dateType: 4, pageindex: 1, pagesize: pageSize },
        credentials,
      );
      expect(table.code, table.message).toBe(200);
      c.fixture.departments = (table as unknown as { total: number }).total;
      const first = c.next?.event;
      if (first?.type === 'xstate.error.actor.load')
        await onNextTableCall(c.page, pageSize, (route) => route.abort('failed'));
      if (
        first?.type === 'xstate.done.actor.load' &&
        !((first as { output?: { total: number } }).output?.total ?? 0)
      )
        // Forged (see the header): the server's answer without its rows.
        await onNextTableCall(c.page, pageSize, async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as Record<string, unknown>;
          await route.fulfill({ response: answer, json: { ...body, data: [], total: 0 } });
        });
      await openAs(c.page, credentials, '/views/index/houseStatistics');
      await expect(screen(c.page)).toBeVisible({ timeout: 30_000 });
    },
    'xstate.done.actor.load': async (c) => {
      if (!hasRows(c) && c.step === c.fixture.path.steps[1]) declareStepSource('network');
    },
    'xstate.error.actor.load': async () => {},
    retry: async (c) => {
      await screen(c.page).getByTestId('list-failed').getByRole('button', { name: '重试' }).click();
    },
    'page.change': async (c) => {
      await screen(c.page).getByRole('button', { name: '下一页' }).click();
    },
    'filter.apply': async (c) => {
      const box = screen(c.page);
      await box.getByRole('combobox', { name: '统计维度' }).click();
      await c.page.getByRole('option', { name: '按员工' }).click();
      await box.getByRole('button', { name: '查询' }).click();
    },
    'export.start': async (c) => {
      if (hasRows(c)) c.fixture.gate = await holdExport(c.page);
      await screen(c.page)
        .getByRole('button', { name: /^(导出 Excel|重新导出)$/ })
        .click();
    },
    'export.progress': async (c) => {
      // The workbook's library is loaded when the export writes; held, the export stays 导出中 after
      // the page's report of the rows read.
      await c.page.route(/exceljs/, () => {});
      c.fixture.gate?.release('continue');
      await expect(screen(c.page).getByTestId('export-progress')).toContainText(
        `正在导出 ${c.fixture.departments} / ${c.fixture.departments} 行`,
      );
      declareStepSource('server');
    },
    'xstate.done.actor.exportTable': async (c) => {
      const download = c.page.waitForEvent('download');
      c.fixture.gate?.release('continue');
      expect((await download).suggestedFilename()).toMatch(/^房源统计_.*\.xlsx$/);
    },
    'xstate.error.actor.exportTable': async (c) => {
      c.fixture.gate?.release('fail');
    },
    'export.dismiss': async (c) => {
      await screen(c.page).getByRole('alert').getByRole('button', { name: '关闭' }).click();
    },
  },
  states: {
    'statistics.loading': async (c) => expect(screen(c.page)).toBeVisible(),
    'statistics.loaded': async (c) => {
      const box = screen(c.page);
      if (!hasRows(c)) await expect(box.getByText('暂无统计数据')).toBeVisible();
      else {
        const table = box.getByTestId('statistics-table');
        const context = c.step.state.context as StatisticsContext;
        const shown = Math.min(pageSize, c.fixture.departments - (context.page - 1) * pageSize);
        await expect(table.locator('tbody tr')).toHaveCount(shown);
        await expect(box.getByText(`共 ${c.fixture.departments} 条`, { exact: true })).toBeVisible();
      }
      const notice = box.getByRole('status').filter({ hasText: /导出完成|没有可导出的数据/ });
      if (c.step.event.type === 'export.start')
        await expect(notice).toHaveText(statisticsMessages.nothingToExport);
      else if (c.step.event.type === 'xstate.done.actor.exportTable')
        await expect(notice).toHaveText(statisticsMessages.exported);
      else await expect(notice).toHaveCount(0);
    },
    'statistics.failed': async (c) => {
      await expect(screen(c.page).getByTestId('list-failed')).toContainText(networkError);
    },
    'statistics.exporting': async (c) => {
      await expect(screen(c.page).getByTestId('export-progress')).toBeVisible();
      await expect(screen(c.page).getByRole('progressbar', { name: '导出进度' })).toBeVisible();
    },
    'statistics.exportFailed': async (c) => {
      const box = screen(c.page);
      await expect(box.getByRole('alert')).toContainText(`导出失败：${networkError}`);
      await expect(box.getByRole('button', { name: '重新导出' })).toBeEnabled();
    },
  },
};

test.describe('statistics machine through the real 房源统计 page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(120_000);
      await runPathInBrowser(spec, path, executors, { page, request, fixture: { path, departments: 1 } });
    });
  }
});
