/**
 * 限制维护人数量: the manager caps the 店务主管 role at 2 maintainers a listing on the role settings
 * page; a 店务主管 adds one co-maintainer (协同维护人) to his own private listing through 分配协作人,
 * and the pop-up then refuses a second one with the cap; the server refuses the same. Who already
 * holds the chosen role is not offered for it.
 */
import { expect, test } from '@playwright/test';
import { login, post } from './support/api';
import { addPrivateListing } from './support/houses';
import { demo, demoPassword, get, openAs } from './support/oa';

const supervisorPhone = '13800000002';

test('a role capped at 2 maintainers adds one co-maintainer and is refused a second', async ({
  page,
  browser,
  request,
}) => {
  // Two people in two pages, the role page saved and read again: more than the default minute on a
  // loaded two-core machine.
  test.setTimeout(180_000);
  const manager = await login(request, demo.manager, demoPassword);
  const supervisor = await login(request, supervisorPhone, demoPassword);
  const roles = await get<{ roleId: number; roleName: string }[]>(request, '/org/v2/roleList', manager);
  const roleId = roles.data.find((role) => role.roleName === '店务主管')!.roleId;
  const clearCap = () =>
    post(
      request,
      '/base/updateRoleAuth',
      { roleId, appType: 1, authData: [{ authId: 25, selected: 0 }] },
      manager,
    );

  try {
    // The manager sets 限制维护人数量 to 2 人 for 店务主管 on the role settings page.
    await openAs(page, manager, '/views/system/fp-auth-role');
    await page
      .getByRole('list', { name: '角色' })
      .getByRole('button', { name: /^店务主管/ })
      .click();
    await expect(page.getByRole('heading', { name: '店务主管 · 权限' })).toBeVisible();
    const cap = page.getByRole('checkbox', { name: '限制维护人数量' });
    if (!(await cap.isChecked())) await cap.click();
    await page.getByLabel('限制维护人数量数量').fill('2');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '保存成功' })).toBeVisible();
    await page.reload();
    await page
      .getByRole('list', { name: '角色' })
      .getByRole('button', { name: /^店务主管/ })
      .click();
    await expect(page.getByLabel('限制维护人数量数量')).toHaveValue('2');

    // The supervisor's own private listing: he is its 归属人, the first maintainer.
    const houseId = await addPrivateListing(request, supervisor, { area: 86, ownerName: '陶文华' });

    const supervisorPage = await browser.newPage();
    await openAs(supervisorPage, supervisor, `/views/house/detail?type=1&id=${houseId}&appType=1`);
    const detail = supervisorPage.getByTestId('house-detail');
    await detail.getByRole('tab', { name: '协作人' }).click();
    await expect(detail.getByTestId('team-member').filter({ hasText: '维护人' })).toHaveCount(1);

    await detail.getByRole('button', { name: '分配协作人' }).click();
    const dialog = supervisorPage.getByRole('dialog', { name: '分配协作人' });
    await expect(dialog.getByTestId('maintainer-limit')).toHaveText(
      '限制维护人数量：每套房源最多 2 人（含归属人），当前 1 人',
    );
    await expect(dialog.getByRole('combobox', { name: '协作角色' })).toHaveText('维护人');
    // He is offered as 钥匙人, not as 维护人: he already is one.
    const chooseRole = async (name: string) => {
      await dialog.getByRole('combobox', { name: '协作角色' }).click();
      await supervisorPage.getByRole('option', { name }).click();
    };
    await chooseRole('钥匙人');
    await dialog.getByLabel('分配范围').fill('李主管');
    await expect(dialog.getByRole('button', { name: /^李主管/ })).toBeVisible();
    await expect(dialog.getByTestId('already-holding')).toHaveCount(0);
    await chooseRole('维护人');
    await expect(dialog.getByRole('button', { name: /^李主管/ })).toHaveCount(0);
    // Said, not silently left out: the search found him.
    await expect(dialog.getByTestId('already-holding')).toHaveText('李主管 已是该房源的维护人');
    await dialog.getByLabel('分配范围').fill('赵经纪');
    await dialog.getByRole('button', { name: /^赵经纪/ }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(detail.getByRole('status')).toHaveText('协作人已分配');
    const maintainers = detail.getByTestId('team-member').filter({ hasText: '维护人' });
    await expect(maintainers).toHaveCount(2);
    await expect(maintainers.filter({ hasText: '赵经纪' })).toBeVisible();

    // A second co-maintainer would make 3: the pop-up refuses it, as the server does.
    await detail.getByRole('button', { name: '分配协作人' }).click();
    await expect(dialog.getByTestId('maintainer-limit')).toHaveText(
      '限制维护人数量：每套房源最多 2 人（含归属人），当前 2 人',
    );
    await expect(dialog.getByRole('alert')).toHaveText('该房源维护人已达上限（2 人），不能再分配维护人');
    await dialog.getByLabel('分配范围').fill('王店长');
    await dialog.getByRole('button', { name: /^王店长/ }).click();
    await expect(dialog.getByRole('button', { name: '确定' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: '协作角色' }).click();
    await expect(supervisorPage.getByRole('option', { name: '维护人（已达上限）' })).toHaveAttribute(
      'data-disabled',
      '',
    );
    await supervisorPage.keyboard.press('Escape');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();

    const storeManagerId = (
      await get<{ userId: number; name: string }[]>(
        request,
        '/org/v2/staffList?pageindex=1&pagesize=15&key=1&keywords=王店长',
        supervisor,
      )
    ).data[0]!.userId;
    const refused = await post(
      request,
      '/housing/v2/teamAdd',
      { houseId, role: 2, userId: storeManagerId },
      supervisor,
    );
    expect(refused.code).toBe(405);
    expect(refused.message).toBe('该房源维护人已达上限（2 人）');
    await supervisorPage.reload();
    await detail.getByRole('tab', { name: '协作人' }).click();
    await expect(detail.getByTestId('team-member').filter({ hasText: '维护人' })).toHaveCount(2);
    await supervisorPage.close();
  } finally {
    await clearCap();
  }
});
