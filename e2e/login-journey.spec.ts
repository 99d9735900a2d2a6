/**
 * The walking skeleton as a person uses it: password login as the demo manager, menu pages as tabs,
 * a reload that keeps them, logout, and SMS-code login with the code read from the dev outbox page.
 */
import { expect, test } from '@playwright/test';

test('the demo manager works in tabs, logs out, and logs back in with an SMS code from the outbox', async ({
  page,
  context,
}) => {
  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', '13800000000');
  await page.fill('#password-form input[name=password]', 'demo1234');
  await page.click('#password-form button[type=submit]');
  await expect(page.getByTestId('user-menu')).toContainText('张经理');
  // Home offers the menu's entries by name, with what each holds, never an internal page address.
  const home = page.getByTestId('active-page');
  await expect(home.getByRole('button', { name: /^在线签约/ })).toContainText('快速签署');
  await expect(home).not.toContainText('/views/');

  const menu = page.getByRole('navigation', { name: '主菜单' });
  const tabs = page.getByRole('tablist', { name: '已打开的页面' });
  await menu.getByRole('button', { name: '在线签约', exact: true }).click();
  await menu.getByRole('button', { name: '组织架构', exact: true }).click();
  await expect(tabs.getByRole('tab')).toHaveText([/^首页/, /^在线签约/, /^组织架构/]);
  await expect(page.getByTestId('active-page')).toHaveAttribute(
    'data-path',
    '/views/manager/organizational/organizational-structure',
  );
  await page.screenshot({ path: 'test-results/journey-tabs.png' });

  await page.reload();
  await expect(tabs.getByRole('tab')).toHaveText([/^首页/, /^在线签约/, /^组织架构/]);
  await expect(tabs.getByRole('tab', { selected: true })).toContainText('组织架构');

  await page.getByTestId('close-tab-组织架构').click();
  await expect(tabs.getByRole('tab', { selected: true })).toContainText('在线签约');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByText('退出成功！').first()).toBeVisible();
  await page.waitForURL(/#\/layout\/login/);

  await page.getByRole('tab', { name: '验证码登录' }).click();
  await page.fill('#sms-form input[name=userName]', '13800000000');
  await page.locator('#sms-form').getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送,请注意查收!').first()).toBeVisible();

  const outbox = await context.newPage();
  await outbox.goto('/#/sandbox/sms-outbox');
  const message = outbox.getByTestId('sms-row').filter({ hasText: '13800000000' }).first();
  await expect(message).toBeVisible();
  const code = (await message.textContent())?.match(/验证码为 (\d{6})/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await outbox.close();

  await page.fill('#sms-form input[name=code]', code!);
  await page.click('#sms-form button[type=submit]');
  await expect(page.getByTestId('user-menu')).toContainText('张经理');
  await page.screenshot({ path: 'test-results/journey-sms-login.png' });
});

test('a page outside the route table says so, and the route guard sends a visitor to login', async ({
  page,
}) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText('页面 /no/such/page 不存在');
  await page.goto('/#/views/recharge/index');
  await expect(page.getByText('请先登录后再操作').first()).toBeVisible();
  await page.waitForURL(/#\/layout\/login/);
});
