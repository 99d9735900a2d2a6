/**
 * Screens the route table opens by address (issue 38): fp-contract-dialog is the visual contract
 * editor and fp-contract-party opens it at the party form; the demo pages 3D 翻转 and 浏览器卡片导航
 * work by mouse and keyboard and pass axe's WCAG 2.1 AA rules.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { e2ePassword, login, registerCompany } from './support/api';
import { demo, demoPassword, openAs } from './support/oa';

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => violation.id);
}

test('fp-contract-party opens the visual editor at the party form, fp-contract-dialog at its template chooser', async ({
  page,
  request,
}) => {
  const phone = await registerCompany(request, '签约方房产');
  const manager = await login(request, phone, e2ePassword);
  await openAs(page, manager, '/views/system/setting/fp-sign-setting');
  const gate = page.getByRole('button', { name: '知道了' });
  const settings = page.getByTestId('sign-setting-page');
  await expect(settings.or(gate)).toBeVisible();
  if (await gate.isVisible()) await gate.click();
  await settings.getByRole('radio', { name: /可视化签约/ }).click();
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByTestId('sign-setting-saved')).toBeVisible();

  // fp-contract-dialog: the visual editor's template chooser; a template opens the contract text.
  await openAs(page, manager, '/views/sign/components/fp-contract-dialog');
  const chooser = page.getByTestId('template-chooser');
  await expect(chooser.getByRole('heading', { name: '可视化签约：选择合同模板' })).toBeVisible();
  await chooser.getByRole('button', { name: /二手房买卖合同/ }).click();
  await expect(page.getByTestId('contract-document')).toContainText('出卖人（甲方）：');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const boxId = /boxId=(\d+)/.exec(decodeURIComponent(page.url()))?.[1];
  expect(boxId).toBeTruthy();

  // fp-contract-party with the template: the editor opens at 甲方's form.
  await page.goto(`/#/views/sign/components/fp-contract-party?boxId=${boxId}`);
  const dialog = page.getByRole('dialog', { name: '添加签约方' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('甲方（');
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('contract-document')).toContainText('出卖人（甲方）：');
});

test('the 3D flip demo turns its cards by click and keyboard', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/demo/test8');
  const demoPage = page.getByTestId('flip-card-demo-page');
  const house = demoPage.getByRole('button').nth(0);
  await expect(house).toHaveAccessibleName('房源');
  await expect(house).toHaveAttribute('aria-pressed', 'false');
  await house.click();
  await expect(house).toHaveAttribute('aria-pressed', 'true');
  await expect(house).toHaveAccessibleName('录入、维护与跟进公司的出售和出租房源');
  const customer = demoPage.getByRole('button').nth(1);
  await expect(customer).toHaveAccessibleName('客源');
  await customer.focus();
  await page.keyboard.press('Enter');
  await expect(customer).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(customer).toHaveAttribute('aria-pressed', 'false');
  expect(await violationsOf(page)).toEqual([]);
});

test('the browser card navigation demo switches, closes and reopens cards', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/demo/test16');
  const demoPage = page.getByTestId('card-navigation-demo-page');
  const strip = demoPage.getByRole('tablist', { name: '打开的页面' });
  const panel = demoPage.getByTestId('demo-card-panel');
  await expect(panel).toContainText('今日待办');
  await strip.getByRole('tab', { name: '首页' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(strip.getByRole('tab', { name: '房源' })).toBeFocused();
  await expect(strip.getByRole('tab', { name: '房源' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toContainText('出售与出租房源');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(strip.getByRole('tab', { name: '合同' })).toHaveAttribute('aria-selected', 'true');
  await strip.getByRole('tab', { name: '客源' }).click();
  await expect(panel).toContainText('求购与求租客户');
  await demoPage.getByRole('button', { name: '关闭客源' }).click();
  await expect(strip.getByRole('tab')).toHaveCount(3);
  await expect(panel).toContainText('今日待办');
  await demoPage.getByRole('button', { name: '重新打开客源' }).click();
  await expect(strip.getByRole('tab')).toHaveCount(4);
  await expect(strip.getByRole('tab', { name: '客源' })).toHaveAttribute('aria-selected', 'true');
  expect(await violationsOf(page)).toEqual([]);
});
