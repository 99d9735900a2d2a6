/**
 * The listing detail's 跟进 and 匹配客户 tabs are the same panels as the customer detail's (issue 38,
 * duplicates: src/ui/follow-up-panel.tsx and src/ui/match-table.tsx): the follow-ups are the same
 * table (时间, 方式, 内容, 跟进人, 操作) with the listing's category chips and counts, and the broker
 * deletes his follow-up after the listing's question 确定要删除该项吗？ (取消 keeps it); the counts
 * follow. The customer side is e2e/customer-follow-up-delete.spec.ts and customer-journey.
 */
import { expect, test } from '@playwright/test';
import { login, post } from './support/api';
import { addPrivateListing } from './support/houses';
import { must, openAs } from './support/oa';

test('a broker deletes his listing follow-up from the shared follow-up table; the counts follow', async ({
  page,
  request,
}) => {
  const broker = await login(request, '13800000003', 'demo1234');
  const houseId = await addPrivateListing(request, broker, {
    room: 2,
    hall: 1,
    bath: 1,
    area: 89,
    price: 560,
    ownerName: '章明远',
  });
  for (const [category, content] of [
    [1, '业主说周末都可以看房'],
    [2, '电话确认业主底价 540 万'],
  ] as const)
    await must(
      post(request, '/housing/v2/housingfollowUp', { houseId, category, content }, broker),
      'housingfollowUp',
    );

  await openAs(page, broker, `/views/house/detail?type=1&id=${houseId}&appType=1`);
  const detail = page.getByTestId('house-detail');
  const table = detail.getByTestId('house-follow-ups');
  await expect(table.getByRole('columnheader')).toHaveText(['时间', '方式', '内容', '跟进人', '操作']);
  const rows = detail.getByTestId('follow-up');
  await expect(rows).toHaveCount(2);
  await expect(detail.getByRole('button', { name: /^全部（2）$/ })).toBeVisible();

  // A category chip narrows the rows.
  await detail.getByRole('button', { name: /^电话跟进（1）$/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('电话确认业主底价');
  await detail.getByRole('button', { name: /^全部（2）$/ }).click();
  await expect(rows).toHaveCount(2);

  await rows.filter({ hasText: '周末都可以看房' }).getByRole('button', { name: '删除' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('确定要删除该项吗？');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: '周末都可以看房' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail.getByRole('status').filter({ hasText: '跟进已删除' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('电话确认业主底价');
  await expect(detail.getByRole('button', { name: /^全部（1）$/ })).toBeVisible();

  // 匹配客户 is the match table the customer detail uses: its 匹配度 column and order hint.
  await detail.getByRole('tab', { name: '匹配客户' }).click();
  const matches = detail.getByTestId('house-matching-customers').or(detail.getByText('暂无需求相符的客户'));
  await expect(matches.first()).toBeVisible();
  await expect(detail.getByText(/符合程度排序（满分 100）/)).toBeVisible();
});
