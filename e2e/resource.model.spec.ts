/**
 * The resource machine's model driven through one real screen against the real server: 签约图片 on
 * the sign detail (src/features/sign/sign-pictures.tsx, ContractPictures), whose categories are one
 * resource. Each path has a company of its own with a paper sale contract. The first load is the
 * tab opened, a retry is its 重试, a reload is the one after a picture uploaded into the shown
 * category (its count goes up), a save is 管理分类's 保存. Each load of the categories waits at the
 * network until the path's next step answers it: passed on to the real server, or failed as a
 * network failure; each save waits there too and is always passed on. A save the server accepts
 * adds a category; the one it refuses removes 收据, which holds a picture the path filed there
 * beforehand (分类下还有图片，不能删除：收据). No event goes through the inspector, and no answer is
 * forged.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { generatePaths, type ModelPath } from '../tests/support/machine-model';
import { resourceModel } from '../tests/models/resource.model';
import type { ResourceContext } from '../machines/resource.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { selectCoveringPaths } from './support/covering-paths';
import { post, type Envelope } from './support/api';
import { get, must, networkError, openAs } from './support/oa';
import { signCompany, submitSale, type SignCompany } from './support/sign';
import { strokePng } from '../tests/support/test-data';

const spec = browserModel(resourceModel);
const paths = selectCoveringPaths(spec, generatePaths(spec));

type Fixture = {
  /** The path meets a refused save: 收据 must hold a picture. */
  isRefusing: boolean;
  company: SignCompany | null;
  contractId: number;
  /** Pictures uploaded into 身份证件 through the tab. */
  uploads: number;
  /** The categories load or save waiting at the network for the path's next step. */
  held: Route | null;
};
type Context = StepContext<Fixture>;
type Category = { categoryId: number; name: string; count: number };

const categoriesPath = '/sign/getSignPictrueCategoryV2';
const savePath = '/sign/signPictrueCategoryUpdateV2';
const refusal = '分类下还有图片，不能删除：收据';
const added = '补充协议';

const panel = (page: Page) => page.getByRole('tabpanel', { name: '签约图片' });
const tab = (page: Page) => page.getByTestId('sign-pictures');
// Hidden too: under the open 管理分类 the tab is out of the accessibility tree.
const category = (page: Page, name: string) =>
  tab(page).getByRole('button', { name: new RegExp(`^${name}（\\d+）$`), includeHidden: true });
const manager = (page: Page) => page.getByRole('dialog', { name: '管理分类' });
const saveButton = (page: Page): Locator => manager(page).getByRole('button', { name: '保存' });

const png = () => ({ name: 'photo.png', mimeType: 'image/png', buffer: strokePng(60, 40) });

function isRefusing(path: ModelPath): boolean {
  return path.steps.some((step) => step.event.type === 'xstate.error.actor.save');
}

/** A picture filed in 收据 by the server's API, as another user of the company would. */
async function fileReceipt(c: Context): Promise<void> {
  const { credentials } = c.fixture.company!;
  const uploaded = await c.request.post('/api/base/uploadPhoto', {
    headers: credentials,
    multipart: { file: png() },
  });
  const body = (await uploaded.json()) as Envelope<string | { url: string }>;
  expect(body.code, body.message).toBe(200);
  const url = typeof body.data === 'string' ? body.data : body.data.url;
  const categories = await must(
    get<Category[]>(c.request, `${categoriesPath}?contractId=${c.fixture.contractId}`, credentials),
    'categories',
  );
  const receipts = categories.find((item) => item.name === '收据');
  expect(receipts, 'the company has 收据').toBeDefined();
  const filed = await post(
    c.request,
    '/sign/signPictrueUpdateV2',
    { contractId: c.fixture.contractId, categoryId: receipts!.categoryId, pictures: [url] },
    credentials,
  );
  expect(filed.code, filed.message).toBe(200);
}

/** The next call to this path waits at the network until the path's next step answers it. */
async function holdNext(c: Context, path: string): Promise<void> {
  await c.page.route(
    (url) => url.pathname.endsWith(path),
    (route) => {
      c.fixture.held = route;
    },
    { times: 1 },
  );
}

async function waitHeld(c: Context): Promise<void> {
  await expect.poll(() => c.fixture.held !== null, { timeout: 15_000 }).toBe(true);
}

async function answer(c: Context, how: 'pass' | 'fail'): Promise<void> {
  await waitHeld(c);
  const route = c.fixture.held!;
  c.fixture.held = null;
  if (how === 'pass') await route.continue();
  else await route.abort('failed');
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.company = await signCompany(c.request);
      c.fixture.contractId = (await submitSale(c.request, c.fixture.company, { paper: true })).contractId;
      if (c.fixture.isRefusing) await fileReceipt(c);
      await openAs(
        c.page,
        c.fixture.company.credentials,
        `/views/sign/detail?contractId=${c.fixture.contractId}`,
      );
      await holdNext(c, categoriesPath);
      await c.page.getByTestId('sign-detail-page').getByRole('tab', { name: '签约图片' }).click();
      await waitHeld(c);
    },
    'xstate.done.actor.load': async (c) => answer(c, 'pass'),
    'xstate.error.actor.load': async (c) => answer(c, 'fail'),
    retry: async (c) => {
      await holdNext(c, categoriesPath);
      await panel(c.page).getByRole('button', { name: '重试' }).click();
      await waitHeld(c);
    },
    reload: async (c) => {
      // A picture uploaded into the shown category: once the server keeps it, the counts load again.
      await holdNext(c, categoriesPath);
      await tab(c.page).getByLabel('上传图片').setInputFiles(png());
      c.fixture.uploads += 1;
      await waitHeld(c);
    },
    save: async (c) => {
      const isRefused = c.next?.event.type === 'xstate.error.actor.save';
      await tab(c.page).getByRole('button', { name: '管理分类' }).click();
      const dialog = c.page.getByTestId('category-manager');
      if (isRefused) {
        await dialog.getByRole('button', { name: '删除分类 收据' }).click();
      } else {
        await dialog.getByRole('button', { name: '添加分类' }).click();
        await dialog.getByRole('textbox', { name: '分类名称 5' }).fill(added);
      }
      await holdNext(c, savePath);
      await saveButton(c.page).click();
      await waitHeld(c);
    },
    // The server answers both: it keeps the new category, and refuses to remove one holding a picture.
    'xstate.done.actor.save': async (c) => answer(c, 'pass'),
    'xstate.error.actor.save': async (c) => answer(c, 'pass'),
  },
  states: {
    'resource.loading': async (c) => {
      await expect(panel(c.page).getByRole('button', { name: '重试' })).toHaveCount(0);
      if ((c.step.state.context as ResourceContext).data === null) {
        await expect(panel(c.page).getByText('加载中...')).toBeVisible();
        await expect(tab(c.page)).toHaveCount(0);
        return;
      }
      // The categories of the last load stay while the next loads: after an upload the new picture
      // is there, its category's count not yet.
      await expect(tab(c.page)).toBeVisible();
      if (c.step.event.type === 'reload') {
        await expect(tab(c.page).getByTestId('sign-picture')).toHaveCount(c.fixture.uploads);
        await expect(category(c.page, '身份证件')).toHaveText(`身份证件（${c.fixture.uploads - 1}）`);
      }
    },
    'resource.loaded': async (c) => {
      await expect(tab(c.page)).toBeVisible();
      await expect(panel(c.page).getByRole('button', { name: '重试' })).toHaveCount(0);
      const receipts = c.fixture.isRefusing ? 1 : 0;
      switch (c.step.event.type) {
        case 'xstate.done.actor.load': {
          await expect(tab(c.page).getByRole('button', { name: /（\d+）$/ })).toHaveText([
            `身份证件（${c.fixture.uploads}）`,
            '房产证（0）',
            '合同照片（0）',
            `收据（${receipts}）`,
          ]);
          break;
        }
        case 'xstate.done.actor.save':
          await expect(manager(c.page)).toHaveCount(0);
          await expect(category(c.page, added)).toHaveText(`${added}（0）`);
          break;
        case 'xstate.error.actor.save':
          await expect(manager(c.page).getByRole('alert')).toHaveText(refusal);
          await expect(saveButton(c.page)).toBeEnabled();
          await expect(category(c.page, '收据')).toHaveText(`收据（${receipts}）`);
          break;
        default:
          throw new Error(`no loaded assertion after ${c.step.event.type}`);
      }
    },
    'resource.saving': async (c) => {
      await expect(saveButton(c.page)).toBeDisabled();
      await expect(manager(c.page).getByRole('alert')).toHaveCount(0);
    },
    'resource.failed': async (c) => {
      await expect(panel(c.page).getByText(networkError)).toBeVisible();
      await expect(panel(c.page).getByRole('button', { name: '重试' })).toBeEnabled();
      await expect(tab(c.page)).toHaveCount(0);
    },
  },
};

test.describe('resource machine through the real 签约图片 tab of the sign detail', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      test.setTimeout(120_000);
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { isRefusing: isRefusing(path), company: null, contractId: 0, uploads: 0, held: null },
      });
    });
  }
});
