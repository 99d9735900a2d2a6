/**
 * The route guard at any time (issue 17): a signed-out user on the login page who then opens a
 * protected address sees 请先登录后再操作 and is back on the login page 1.5 s later.
 */
import { expect, test } from '@playwright/test';

test('a signed-out user opening a protected address is told to log in and taken to login', async ({
  page,
}) => {
  await page.goto('/#/layout/login');
  await expect(page.locator('#password-form')).toBeVisible();
  await page.goto('/#/views/house/index');
  await expect(page.getByTestId('toast').filter({ hasText: '请先登录后再操作' })).toBeVisible();
  await expect(page).toHaveURL(/#\/layout\/login$/);
  await expect(page.locator('#password-form')).toBeVisible();
});
