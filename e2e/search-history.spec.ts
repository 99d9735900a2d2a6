/**
 * Recently used searches (000 section 9): each search box offers the user's own last searches when
 * focused, newest first; picking one runs it. Another user in the same browser sees none of them.
 */
import { expect, test } from '@playwright/test';
import { login } from './support/api';
import { demo, demoPassword, openAs } from './support/oa';

test('the listings search box offers this user’s recent searches on focus and runs the one picked', async ({
  page,
  context,
  request,
}) => {
  const broker = await login(request, demo.broker, demoPassword);
  await openAs(page, broker, '/views/house/index');
  const bar = page.getByTestId('house-search');
  const keyword = bar.getByLabel('关键字');
  const history = page.getByTestId('search-history');

  await keyword.fill('桃源居');
  await bar.getByRole('button', { name: '搜索' }).click();
  await keyword.fill('天健');
  await keyword.press('Enter');
  await expect(history).toHaveCount(0);

  await page.reload();
  await keyword.focus();
  await expect(history.getByRole('option')).toHaveText(['天健', '桃源居']);

  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/housing/') && r.method() === 'POST') listCalls.push(r.postData() ?? '');
  });
  await history.getByRole('option', { name: '桃源居' }).click();
  await expect(keyword).toHaveValue('桃源居');
  await expect(history).toHaveCount(0);
  await expect.poll(() => listCalls.some((body) => body.includes('桃源居'))).toBe(true);
  await keyword.fill('');
  await expect(history.getByRole('option')).toHaveText(['桃源居', '天健']);

  // Another user signed in in this browser has a history of their own.
  const storeManager = await login(request, demo.storeManager, demoPassword);
  const other = await context.newPage();
  await openAs(other, storeManager, '/views/house/index');
  await other.getByTestId('house-search').getByLabel('关键字').focus();
  await expect(other.getByTestId('house-search')).toBeVisible();
  await expect(other.getByTestId('search-history')).toHaveCount(0);
});

test('the communities search box keeps its own recent searches', async ({ page, request }) => {
  const broker = await login(request, demo.broker, demoPassword);
  await openAs(page, broker, '/views/estate/index');
  const bar = page.getByTestId('community-search');
  const keyword = bar.getByLabel('关键字');
  const history = page.getByTestId('search-history');

  await keyword.fill('天健');
  await keyword.press('Enter');
  await keyword.fill('桃源');
  await bar.getByRole('button', { name: '搜索' }).click();

  await page.reload();
  await keyword.focus();
  await expect(history.getByRole('option')).toHaveText(['桃源', '天健']);
  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/community/')) listCalls.push(decodeURIComponent(r.url()) + (r.postData() ?? ''));
  });
  await history.getByRole('option', { name: '天健' }).click();
  await expect(keyword).toHaveValue('天健');
  await expect.poll(() => listCalls.some((call) => call.includes('天健'))).toBe(true);
});

test('the staff search box keeps its own recent searches; its 搜索 pressed twice at once asks once', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/manager/organizational/organizational-structure');
  const panel = page.getByTestId('staff-panel');
  const keyword = panel.getByLabel('员工关键字');
  const history = page.getByTestId('search-history');
  await expect(page.getByTestId('staff-row').first()).toBeVisible();

  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/org/v2/staffList')) searches.push(decodeURIComponent(r.url()));
  });
  await keyword.fill('王');
  const search = panel.getByRole('button', { name: '搜索' });
  // Two presses within one task with the same filters: one search (the 500 ms button throttle).
  await search.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect.poll(() => searches.filter((url) => url.includes('keywords=王')).length).toBe(1);
  // A changed query right after is no repeat: it runs at once.
  await keyword.fill('钱');
  await search.evaluate((button: HTMLButtonElement) => button.click());
  await expect.poll(() => searches.filter((url) => url.includes('keywords=钱')).length).toBe(1);
  await page.waitForTimeout(300);
  expect(searches.filter((url) => url.includes('keywords=王'))).toHaveLength(1);

  await page.reload();
  await expect(page.getByTestId('staff-row').first()).toBeVisible();
  await keyword.focus();
  await expect(history.getByRole('option')).toHaveText(['钱', '王']);
  await history.getByRole('option', { name: '王' }).click();
  await expect(keyword).toHaveValue('王');
  await expect(page.getByTestId('staff-row').filter({ hasText: '王店长' })).toBeVisible();
});
