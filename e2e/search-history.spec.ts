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
