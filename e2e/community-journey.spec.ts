/**
 * The community archive end to end in demo company A: 张经理 finds 金地海景花园 among the platform
 * communities of the open cities, creates its archive from the platform data with a building, adds
 * a picture and removes it, then deletes the archive; 赵经纪 (broker, 查看小区档案 only) reads the
 * archive without the buttons to change it, and the server refuses him when he tries.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, demoPassword, get, openAs } from './support/oa';
import { login, post, type Credentials } from './support/api';

const communityName = '金地海景花园';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A retried run starts again from no archive of the community. */
async function removeArchive(request: APIRequestContext, manager: Credentials): Promise<void> {
  const list = await get<{ communityId: number; isArchived: number }[]>(
    request,
    `/community/communityPosts?key=${encodeURIComponent(communityName)}`,
    manager,
  );
  for (const row of list.data)
    if (row.isArchived === 1)
      await post(request, '/community/companyCommunityDelete', { communityId: row.communityId }, manager);
}

async function openCommunity(page: Page): Promise<void> {
  await page.getByLabel('关键字').fill(communityName);
  await page.getByTestId('community-search').getByRole('button', { name: '搜索' }).click();
  const row = page.getByTestId('community-row').filter({ hasText: communityName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: communityName }).click();
}

test('a community archive is created from the platform data, with a building and a picture, and deleted', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [manager, broker] = await Promise.all([
    login(request, demo.manager, demoPassword),
    login(request, demo.broker, demoPassword),
  ]);
  await removeArchive(request, manager);

  const page = await browser.newPage();
  await openAs(page, manager, '/views/estate/index');
  await expect(page.getByTestId('community-row').first()).toBeVisible();
  await openCommunity(page);
  const detail = page.getByTestId('community-detail');
  await expect(detail).toContainText('未建档');
  await expect(detail).toContainText('金地集团');

  // 建立档案: the form starts from the platform data; one building is added.
  await detail.getByRole('button', { name: '建立档案' }).click();
  const form = page.getByRole('form', { name: '小区档案' });
  await expect(form.getByLabel('开发商')).toHaveValue('金地集团');
  await form.getByLabel('物业电话').fill('0755-83990011');
  await form.getByRole('button', { name: '添加楼栋' }).click();
  await form.getByLabel('第 1 栋总层数').fill('30');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(detail.getByRole('status')).toHaveText('小区档案已保存');
  await expect(detail).toContainText('已建档');
  await expect(detail).toContainText('0755-83990011');
  await detail.getByRole('tab', { name: /楼栋/ }).click();
  await expect(detail.getByRole('tab', { name: '楼栋（1）' })).toBeVisible();
  await expect(detail.getByRole('cell', { name: '1栋' })).toBeVisible();

  // A picture: uploaded, shown, removed after the confirmation.
  await detail.getByRole('tab', { name: /图片/ }).click();
  await detail
    .getByLabel('上传小区图片')
    .setInputFiles({ name: '外景.png', mimeType: 'image/png', buffer: png });
  await expect(detail.getByRole('status')).toHaveText('图片已添加');
  await expect(detail.getByRole('img', { name: '小区外景' })).toHaveCount(1);
  await detail.getByRole('button', { name: /删除图片/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('是否确定删除该图片？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail.getByRole('status')).toHaveText('图片已删除');
  await expect(detail.getByRole('img', { name: '小区外景' })).toHaveCount(0);

  // The list marks it archived after the dialog closes.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('community-row').filter({ hasText: communityName })).toContainText('已建档');

  // 赵经纪 (查看小区档案 only) reads the archive without the buttons to change it; the server refuses him all the same.
  const brokerPage = await browser.newPage();
  await openAs(brokerPage, broker, '/views/estate/index');
  await openCommunity(brokerPage);
  const brokerDetail = brokerPage.getByTestId('community-detail');
  await expect(brokerDetail).toContainText('0755-83990011');
  await expect(brokerDetail).toContainText('已建档');
  await expect(brokerDetail.getByRole('button', { name: '编辑档案' })).toHaveCount(0);
  await expect(brokerDetail.getByRole('button', { name: '删除档案' })).toHaveCount(0);
  const list = await get<{ communityId: number }[]>(
    request,
    `/community/communityPosts?key=${encodeURIComponent(communityName)}`,
    broker,
  );
  const refused = await post(
    request,
    '/community/companyCommunity',
    { communityId: list.data[0]!.communityId },
    broker,
  );
  expect(refused).toMatchObject({ code: 403, message: '您没有权限，请联系管理员设置相关权限' });
  await brokerPage.close();

  // 删除档案 after 您确认删除该项信息吗？: the platform community stays, without an archive.
  await openCommunity(page);
  await detail.getByRole('button', { name: '删除档案' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('您确认删除该项信息吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail.getByRole('status')).toHaveText('小区档案已删除');
  await expect(detail).toContainText('未建档');
  await page.close();
});
