/**
 * The message centre in company A: the manager publishes a notice to the whole company; a broker
 * sees it unread under 公告通知, opens it (its text shown as text, never as markup), and it counts
 * as read; the broker cannot publish. Markup typed into a notice stays plain text.
 */
import { expect, test } from '@playwright/test';
import { demo, demoPassword, get, login, openAs } from './support/oa';

const messagesPath = '/views/system/message/index';

test('a notice published by the manager reaches a broker unread, and opening it marks it read', async ({
  browser,
  request,
}) => {
  const title = `门店例会通知 ${Date.now() % 100000}`;
  const managerPage = await browser.newPage();
  await openAs(managerPage, await login(request, demo.manager, demoPassword), messagesPath);
  const centre = managerPage.getByTestId('messages-page');
  await expect(centre.getByRole('tab', { name: /公告通知/ })).toBeVisible();
  await centre.getByRole('button', { name: '发布公告' }).click();
  const editor = managerPage.getByTestId('notice-editor');
  await editor.getByRole('button', { name: '发布' }).click();
  await expect(editor.getByTestId('notice-error')).toHaveText('请输入公告标题');
  await editor.getByLabel('公告标题').fill(title);
  await editor.getByLabel('公告内容').fill('周五上午九点在人民路店开会。\n<b>请准时参加</b>');
  await editor.getByRole('button', { name: '发布' }).click();
  await expect(editor).toBeHidden();
  await expect(centre.getByTestId('message-row').filter({ hasText: title })).toHaveCount(1);
  await managerPage.close();

  const brokerPage = await browser.newPage();
  await openAs(brokerPage, await login(request, demo.broker, demoPassword), messagesPath);
  const inbox = brokerPage.getByTestId('messages-page');
  await expect(inbox.getByTestId('unread-1')).toBeVisible();
  await expect(inbox.getByRole('button', { name: '发布公告' })).toHaveCount(0);
  await inbox.getByRole('radio', { name: '未读' }).click();
  const row = inbox.getByTestId('message-row').filter({ hasText: title });
  await expect(row).toContainText('未读');
  await row.click();
  const dialog = brokerPage.getByTestId('notice-dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByTestId('notice-content')).toContainText('周五上午九点在人民路店开会。');
  await expect(dialog.getByTestId('notice-content')).toContainText('<b>请准时参加</b>');
  await expect(dialog.getByRole('button', { name: '删除' })).toHaveCount(0);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(row).not.toContainText('未读');

  await inbox.getByRole('radio', { name: '已读' }).click();
  await expect(inbox.getByTestId('message-row').filter({ hasText: title })).toHaveCount(1);
  await brokerPage.close();
});

test('the manager finds a receiver by typing a name, out of the whole staff, and only he gets the notice', async ({
  browser,
  request,
}) => {
  const title = `个人通知 ${Date.now() % 100000}`;
  const managerPage = await browser.newPage();
  await openAs(managerPage, await login(request, demo.manager, demoPassword), messagesPath);
  await managerPage.getByTestId('messages-page').getByRole('button', { name: '发布公告' }).click();
  const editor = managerPage.getByTestId('notice-editor');
  await editor.getByLabel('公告标题').fill(title);
  await editor.getByLabel('公告内容').fill('请于本周内提交带看记录。');
  await editor.getByRole('checkbox', { name: '全公司可见' }).click();
  const picker = editor.getByTestId('staff-search');
  await picker.getByLabel('搜索接收员工').fill('赵经纪');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox').click();
  await expect(picker.getByRole('button', { name: '移除 赵经纪' })).toBeVisible();
  await editor.getByRole('button', { name: '发布' }).click();
  await expect(editor).toBeHidden();
  await managerPage.close();

  const brokerPage = await browser.newPage();
  await openAs(brokerPage, await login(request, demo.broker, demoPassword), messagesPath);
  await expect(
    brokerPage.getByTestId('messages-page').getByTestId('message-row').filter({ hasText: title }),
  ).toHaveCount(1);
  await brokerPage.close();
  // Nobody else received it.
  const others = await get<{ title: string }[]>(
    request,
    '/base/remindPosts?messageType=1&readed=0&pagesize=100',
    await login(request, demo.storeManager, demoPassword),
  );
  expect(others.code).toBe(200);
  expect(others.data.map((message) => message.title)).not.toContain(title);
});
