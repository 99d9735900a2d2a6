/**
 * Screens no other spec opened (issue 38): 管理中心's index, 客源簿基础设置, the 开通城市 dialog and
 * 使用新版界面 on the profile, each as a user meets it. Changes are made in a company of the test's
 * own, so the demo company stays as it was.
 */
import { expect, test } from '@playwright/test';
import { demo, demoPassword, login, openAs, ownCompany } from './support/oa';

test('管理中心 shows the account and an entry for each page the manager may open, and 进入 opens it', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/manager/index');
  const centre = page.getByTestId('manager-index-page');
  await expect(centre.getByRole('heading', { name: '管理中心', exact: true })).toBeVisible();
  await expect(centre.getByTestId('account-summary')).toContainText('账号席位（已用 / 全部）');
  const entries = centre.getByTestId('manager-entry');
  await expect(entries).toHaveCount(8);
  await expect(entries.getByRole('heading')).toHaveText([
    '组织架构',
    '职位设置',
    '角色与权限设置',
    '审批设置',
    '管理设置',
    '印章管理',
    '充值中心',
    '系统设置',
  ]);
  await entries.filter({ hasText: '组织架构' }).getByRole('button', { name: '进入' }).click();
  await expect(page.getByTestId('org-structure-page')).toBeVisible();
});

test('客源簿基础设置 keeps a changed rule, and the server’s refusal is shown', async ({ page, request }) => {
  const company = await ownCompany(request);
  await openAs(page, company.credentials, '/views/system/setting/fp-curstor-setting');
  const settings = page.getByTestId('customer-setting-page');
  await expect(settings.getByRole('heading', { name: '客源簿基础设置' })).toBeVisible();
  // A take-back limit without any out-to-public rule is refused by the server, by the rule's name.
  await settings.getByLabel('禁止拣回天数').fill('5');
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByRole('status')).toHaveText('求购客户转公规则未启用转公时不能设置禁止拣回天数');
  await settings.getByLabel('未跟进转公', { exact: true }).click();
  await settings.getByLabel('未跟进转公天数').fill('15');
  await settings.getByRole('radio', { name: '不判重' }).click();
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByRole('status')).toHaveText('客源设置已保存');
  await page.reload();
  await expect(settings.getByLabel('未跟进转公天数')).toHaveValue('15');
  await expect(settings.getByLabel('禁止拣回天数')).toHaveValue('5');
  await expect(settings.getByRole('radio', { name: '不判重' })).toBeChecked();
});

test('the 开通城市 dialog refuses no city, then keeps the city the manager searched for as the default', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  await openAs(page, company.credentials, '/views/manager/organizational/organizational-structure');
  await page.getByTestId('org-structure-page').getByRole('button', { name: '开通城市' }).click();
  const dialog = page.getByRole('dialog', { name: '开通城市' });
  const opened = dialog.getByRole('list', { name: '已开通城市' });
  await expect(dialog.getByLabel('城市名')).toBeVisible();
  await expect(opened.getByRole('listitem')).toHaveCount(0);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请至少开通一个城市并选择默认城市');
  await dialog.getByLabel('城市名').fill('杭州');
  await dialog.getByRole('button', { name: '搜索' }).click();
  await dialog.getByRole('button', { name: /^杭州/ }).click();
  await expect(opened.getByRole('listitem')).toHaveCount(1);
  await opened.getByRole('radio').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('org-structure-page').getByRole('button', { name: '开通城市' }).click();
  const again = page.getByRole('dialog', { name: '开通城市' }).getByRole('list', { name: '已开通城市' });
  await expect(again.getByRole('listitem')).toHaveCount(1);
  await expect(again).toContainText('杭州');
  await expect(again).toContainText('默认');
});

test('使用新版界面 on the profile is kept for the user', async ({ page, request }) => {
  const company = await ownCompany(request);
  await openAs(page, company.credentials, '/views/user/index');
  const upgrade = page.getByRole('switch', { name: '使用新版界面' });
  await expect(upgrade).toBeEnabled();
  const wasOn = (await upgrade.getAttribute('aria-checked')) === 'true';
  await upgrade.click();
  await expect(upgrade).toHaveAttribute('aria-checked', String(!wasOn));
  await expect(upgrade).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: '使用新版界面' })).toHaveAttribute(
    'aria-checked',
    String(!wasOn),
  );
  await expect(page.getByRole('switch', { name: '使用新版界面' })).toBeEnabled();
});
