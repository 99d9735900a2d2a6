/**
 * Errors never blank the app (issue 17): a screen whose code fails to load shows 页面出错了 with the
 * reason and 重试 inside its own tab, the other tabs keep working, and 重试 loads it once the network
 * is back. The failure is made at the network layer (the page's chunk is refused), as a broken
 * connection would.
 */
import { expect, test } from '@playwright/test';
import { demo, demoPassword, login, openAs } from './support/oa';

test('a page that fails to load shows the error and 重试 while the other tabs keep working', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  const chunk = /\/assets\/house-page-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort('failed'));
  await openAs(page, manager, '/layout/index');
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '房源', exact: true })
    .first()
    .click();
  // The app's pay-status gate may first remind of the expiry date.
  const gate = page.getByRole('button', { name: '知道了' });
  const active = page.getByTestId('active-page');
  const failed = active.getByTestId('page-error');
  await expect(failed.or(gate)).toBeVisible();
  if (await gate.isVisible()) await gate.click();
  await expect(failed).toContainText('页面出错了：页面加载失败，请检查网络后重试');

  const tabButton = (name: string) =>
    page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { name, exact: true });
  await tabButton('首页').click();
  await expect(active).toHaveAttribute('data-path', '/views/index.vue');
  await expect(failed).toHaveCount(0);

  await tabButton('房源').click();
  await expect(failed).toBeVisible();
  await page.unroute(chunk);
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('house-row').first()).toBeVisible();
});
