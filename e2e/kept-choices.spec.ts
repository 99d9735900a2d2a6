/**
 * What the browser keeps per user (000 section 3): the listings' house type with its description
 * (houseType) and the message centre's category (categoryTag) open again as the user left them,
 * after a reload; another user of the same browser starts from the defaults.
 */
import { expect, test } from '@playwright/test';
import { login } from './support/api';
import { demo, demoPassword, openAs } from './support/oa';

test('the listings open on the house type last chosen, the message centre on its last category', async ({
  page,
  context,
  request,
}) => {
  const broker = await login(request, demo.broker, demoPassword);
  await openAs(page, broker, '/views/house/index');
  const rentTab = page.getByRole('tab', { name: /^出租/ });
  await rentTab.click();
  await expect(rentTab).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: /^出租/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^全部/ })).toHaveAttribute('aria-selected', 'false');

  await openAs(page, broker, '/views/system/message/index');
  const categories = page.getByRole('tablist', { name: '消息类型' });
  await categories.getByRole('tab', { name: /合同报告/ }).click();
  await page.reload();
  await expect(categories.getByRole('tab', { name: /合同报告/ })).toHaveAttribute('aria-selected', 'true');
  await expect(categories.getByRole('tab', { name: /公告通知/ })).toHaveAttribute('aria-selected', 'false');

  // Another user signed in in this browser starts from 全部 and 公告通知.
  const storeManager = await login(request, demo.storeManager, demoPassword);
  const other = await context.newPage();
  await openAs(other, storeManager, '/views/house/index');
  await expect(other.getByRole('tab', { name: /^全部/ })).toHaveAttribute('aria-selected', 'true');
  await openAs(other, storeManager, '/views/system/message/index');
  await expect(
    other.getByRole('tablist', { name: '消息类型' }).getByRole('tab', { name: /公告通知/ }),
  ).toHaveAttribute('aria-selected', 'true');
});
