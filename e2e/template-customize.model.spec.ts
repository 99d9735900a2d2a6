/**
 * The template-customize machine's model driven through the real template page (模板管理 ›
 * 自定义设置) against the real server, on the sale template of a new company. A refused save is the
 * server's own: the template was taken off the shelf and deleted behind the page's back (404). Only
 * a failed first read is a network failure made with Playwright's routing.
 */
import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { templateCustomizeModel } from '../tests/models/template-customize.model';
import {
  customizationProblem,
  templateCustomizeMessages,
  type TemplateCustomization,
  type TemplateCustomizeContext,
} from '../machines/template-customize.machine';
import {
  browserModel,
  runPathInBrowser,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { failNextCall, networkError, openAs } from './support/oa';
import { signCall, signCompany, type SignCompany } from './support/sign';

const spec = browserModel(templateCustomizeModel);
const paths = generatePaths(spec);

type Fixture = { company?: SignCompany; titles: number };

const dialog = (page: Page) => page.getByTestId('template-customize');
const nextType = (c: StepContext<Fixture>) => c.next?.event.type;
const contextOf = (c: StepContext<Fixture>) => c.step.state.context as TemplateCustomizeContext;

/** The first widget field whose title is empty, or -1. */
async function emptyTitleIndex(page: Page): Promise<number> {
  const values = await dialog(page)
    .getByPlaceholder('请输入字段名称')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  return values.findIndex((value) => value === '');
}

async function openCustomize(c: StepContext<Fixture>): Promise<void> {
  const row = c.page.getByTestId('template-row').filter({ hasText: '二手房买卖合同' });
  await row.getByRole('button', { name: '自定义设置' }).click();
}

/** The real server refuses the save: the template is taken off the shelf and deleted. */
async function deleteTemplate(c: StepContext<Fixture>): Promise<void> {
  const company = c.fixture.company!;
  await signCall(c.request, company, '/template/templateUpAndDown', { boxId: company.saleBoxId, state: 2 });
  await signCall(c.request, company, '/template/templateDelete', { boxId: company.saleBoxId });
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      c.fixture.company = await signCompany(c.request);
      if (nextType(c) === 'xstate.error.actor.loadCustomization')
        await failNextCall(c.page, '/template/getTemplateCustomizeSettings');
      await openAs(c.page, c.fixture.company.credentials, '/views/sign/contract-template');
      await openCustomize(c);
    },
    'xstate.done.actor.loadCustomization': async () => {},
    'xstate.error.actor.loadCustomization': async () => {},
    'xstate.done.actor.saveCustomization': async () => {},
    'xstate.error.actor.saveCustomization': async () => {},
    retry: async (c) => {
      if (nextType(c) === 'xstate.error.actor.loadCustomization')
        await failNextCall(c.page, '/template/getTemplateCustomizeSettings');
      await dialog(c.page).getByRole('button', { name: '重试' }).click();
    },
    edit: async (c) => {
      const draft = (c.step.event as unknown as { draft: TemplateCustomization }).draft;
      const fields = dialog(c.page).getByTestId('widget-field');
      if (customizationProblem(draft) !== null) {
        // A new field left without a title.
        await dialog(c.page).getByRole('button', { name: '添加字段' }).click();
        return;
      }
      c.fixture.titles += 1;
      const title = `车位编号${c.fixture.titles}`;
      const titles = dialog(c.page).getByPlaceholder('请输入字段名称');
      const empty = await emptyTitleIndex(c.page);
      if (empty >= 0) {
        await titles.nth(empty).fill(title);
        return;
      }
      await dialog(c.page).getByRole('button', { name: '添加字段' }).click();
      await fields.last().getByPlaceholder('请输入字段名称').fill(title);
    },
    save: async (c) => {
      if (nextType(c) === 'xstate.error.actor.saveCustomization') await deleteTemplate(c);
      await dialog(c.page).getByRole('button', { name: '保存' }).click();
    },
    reset: async (c) => dialog(c.page).getByRole('button', { name: '撤销修改' }).click(),
    close: async (c) => dialog(c.page).getByRole('button', { name: '关闭' }).click(),
    'discard.confirm': async (c) =>
      c.page.getByRole('alertdialog').getByRole('button', { name: '放弃修改' }).click(),
    'discard.cancel': async (c) =>
      c.page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click(),
  },
  states: {
    'templateCustomize.loading': async (c) => expect(dialog(c.page)).toBeVisible(),
    'templateCustomize.failed': async (c) => {
      await expect(dialog(c.page).getByRole('alert')).toContainText(networkError);
      await expect(dialog(c.page).getByRole('button', { name: '重试' })).toBeVisible();
    },
    'templateCustomize.editing.clean': async (c) => {
      await expect(dialog(c.page).getByTestId('widget-fields')).toBeVisible();
      await expect(dialog(c.page).getByTestId('unsaved-hint')).toHaveCount(0);
      if (c.step.previous.matches('saving')) {
        await expect(dialog(c.page)).toContainText(templateCustomizeMessages.saved);
        // What was saved is read again: every field has its title.
        await expect(
          dialog(c.page).getByPlaceholder('请输入字段名称').and(c.page.locator('input[value=""]')),
        ).toHaveCount(0);
      }
    },
    'templateCustomize.editing.dirty': async (c) => {
      await expect(dialog(c.page).getByTestId('unsaved-hint')).toHaveText('有未保存的修改');
      const { error } = contextOf(c);
      if (error === null) await expect(dialog(c.page).getByTestId('template-customize-error')).toHaveCount(0);
      else if (c.step.previous.matches('saving'))
        await expect(dialog(c.page).getByTestId('template-customize-error')).toHaveText(
          '合同模板不存在或已被删除',
        );
      else await expect(dialog(c.page).getByTestId('template-customize-error')).toHaveText(error);
    },
    'templateCustomize.saving': async (c) => expect(dialog(c.page)).toBeVisible(),
    'templateCustomize.confirmingDiscard': async (c) =>
      expect(c.page.getByRole('alertdialog')).toContainText(templateCustomizeMessages.unsaved),
    'templateCustomize.closed': async (c) => {
      await expect(dialog(c.page)).toHaveCount(0);
      await expect(c.page.getByTestId('contract-template-page')).toBeVisible();
    },
  },
};

test.describe('template-customize machine through the real template page', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, { page, request, fixture: { titles: 0 } });
    });
  }
});
