/**
 * The broker settings pages (issue 37): a broker binds a 58 account by keyboard — the sandbox
 * portal's refusal is shown as it gives it, then the account is checked and bound — and unbinds
 * it after confirming. The Tmall page is the same component on its own portal.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { login } from './support/api';
import { demoPassword } from './support/oa';

test('a broker binds a 58 account after the portal refuses a wrong one, and unbinds it after confirming', async ({
  page,
  request,
}) => {
  const credentials = await login(request, '13800000000', demoPassword);
  await page.addInitScript((value) => localStorage.setItem('userToken', value), JSON.stringify(credentials));
  await page.goto('/#/views/system/broker/fp-58sup-broker');
  const form = page.getByRole('form', { name: '绑定58同城经纪人账号' });
  await expect(form).toBeVisible();

  await form.getByLabel('经纪人账号').fill('ab');
  await form.getByLabel('手机号').fill('13800000001');
  await form.getByLabel('所属门店').fill('人民路店');
  await form.getByLabel('所属门店').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '账号不存在' })).toBeVisible();

  await form.getByLabel('经纪人账号').fill('wb-store-1');
  // A submitting button acts once per 500 ms (000 section 9); a person is never this quick.
  await page.waitForTimeout(600);
  await form.getByRole('button', { name: '验证并绑定' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已绑定账号 wb-store-1（人民路店）')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'wb-store-1' })).toContainText('已绑定');

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await table.getByRole('button', { name: '解除绑定' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '解除绑定' }).click();
  await expect(page.getByText('暂无绑定')).toBeVisible();
  await expect(form).toBeVisible();

  await page.goto('/#/views/system/broker/fp-tmall-broker');
  await expect(page.getByRole('form', { name: '绑定天猫好房经纪人账号' })).toBeVisible();
  await expect(page.getByText('暂无绑定')).toBeVisible();
});
