/**
 * The unread count in the shell (issue 17): the header and the 消息 menu entry show the user's
 * unread messages, 99+ above 99, and follow reading without a reload.
 */
import { expect, test } from '@playwright/test';
import { e2ePassword, login, post, registerCompany } from './support/api';
import { openAs } from './support/oa';

test('the header shows 99+ for more than 99 unread messages and drops after reading', async ({
  page,
  request,
}) => {
  // A new company whose manager published 100 notices to the whole company (the manager included).
  const phone = await registerCompany(request, '消息房产');
  const credentials = await login(request, phone, e2ePassword);
  for (let index = 1; index <= 100; index += 1) {
    const published = await post(
      request,
      '/omp/gonggao/releaseV2',
      {
        title: `第 ${index} 期门店通知`,
        content: '<p>请查看。</p>',
        range: { allCompany: 1, deptIds: [], userIds: [] },
      },
      credentials,
    );
    expect(published.code).toBe(200);
  }
  await openAs(page, credentials, '/layout/index');
  const header = page.getByTestId('header-unread');
  await expect(header).toHaveText('99+');
  await expect(page.getByTestId('menu-unread')).toHaveText('99+');

  await page.getByTestId('header-messages').click();
  const centre = page.getByTestId('messages-page');
  await centre.getByTestId('message-row').filter({ hasText: '第 100 期门店通知' }).click();
  await page.getByTestId('notice-dialog').getByRole('button', { name: '关闭' }).click();
  await expect(header).toHaveText('99');
  await expect(page.getByTestId('menu-unread')).toHaveText('99');

  await centre.getByRole('button', { name: '全部标为已读' }).click();
  await expect(header).toHaveCount(0);
  await expect(page.getByTestId('menu-unread')).toHaveCount(0);
});
