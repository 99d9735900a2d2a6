/**
 * 修改状态 on the listing detail: the broker marks his listing 暂缓 with a remark, the badge and the
 * operation record show it; when his role may only set 有效 and 暂缓 (仅可修改所选出售状态), the
 * dialog offers only those.
 */
import { expect, test } from '@playwright/test';
import { login, post } from './support/api';
import { addPrivateListing } from './support/houses';
import { get, openAs } from './support/oa';

test('the broker changes a listing’s status, offered only the statuses his role may set', async ({
  page,
  request,
}) => {
  const broker = await login(request, '13800000003', 'demo1234');
  const manager = await login(request, '13800000000', 'demo1234');
  const houseId = await addPrivateListing(request, broker, {
    room: 3,
    hall: 2,
    bath: 2,
    area: 128,
    price: 980,
    ownerName: '杜文静',
  });
  await openAs(page, broker, `/views/house/detail?type=1&id=${houseId}&appType=1`);
  const detail = page.getByTestId('house-detail');
  await detail.getByRole('button', { name: '修改状态' }).click();
  const dialog = page.getByRole('dialog', { name: '修改状态' });
  await expect(dialog).toContainText('当前状态：有效');
  await dialog.getByRole('combobox', { name: '新状态' }).click();
  // The custom statuses A-D carry the company's names (another test may be renaming A meanwhile).
  await expect(page.getByRole('option')).toHaveText(['暂缓', '我售', '他售', '无效', /\S/, /\S/, /\S/, /\S/]);
  await page.getByRole('option', { name: '暂缓' }).click();
  await dialog.getByLabel('状态备注').fill('业主出差一个月');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('暂缓', { exact: true })).toBeVisible();
  await detail.getByRole('tab', { name: '操作记录' }).click();
  await expect(detail.getByTestId('house-records')).toContainText(
    '状态由「有效」改为「暂缓」：业主出差一个月',
  );

  const roles = await get<{ roleId: number; roleName: string }[]>(request, '/org/v2/roleList', manager);
  const roleId = roles.data.find((role) => role.roleName === '经纪人')!.roleId;
  const restrict = (selected: 0 | 1) =>
    post(
      request,
      '/base/updateRoleAuth',
      {
        roleId,
        appType: 1,
        authData: [{ authId: 20, selected, ...(selected ? { contents: ['1', '2'] } : {}) }],
      },
      manager,
    );
  expect((await restrict(1)).code).toBe(200);
  try {
    // The page reads the permissions when it loads.
    await page.reload();
    await detail.getByRole('button', { name: '修改状态' }).click();
    await dialog.getByRole('combobox', { name: '新状态' }).click();
    await expect(page.getByRole('option')).toHaveText(['有效']);
  } finally {
    await restrict(0);
  }
});
