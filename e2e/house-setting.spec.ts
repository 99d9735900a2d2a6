/**
 * 房源基础设置: the manager renames a custom listing status and reads it back after a reload; the
 * key-information protection pop-up reports what changed and 取消 keeps the setting as it was.
 */
import { expect, test } from '@playwright/test';
import { demo, demoPassword, login, openAs } from './support/oa';

test('the manager renames a custom status, and the protection pop-up reports its changes', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/system/setting/fp-house-setting');
  const settings = page.getByTestId('house-setting-page');
  const stateA = settings.getByLabel('出售状态 A');
  await expect(stateA).toBeVisible();
  const name = `签独家${Date.now() % 1000}`;
  await stateA.fill(name);
  // The save is reported once the server has kept it: held at the network, the page says nothing yet
  // and keeps what was typed (leaving now would not lose it unannounced).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/housing/v2/housingSetting', async (route) => {
    await held;
    await route.continue();
  });
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(stateA).toHaveValue(name);
  await expect(settings.getByRole('status')).toHaveCount(0);
  release();
  await expect(settings.getByRole('status')).toHaveText('房源设置已保存');
  await page.unroute('**/housing/v2/housingSetting');
  await page.reload();
  await expect(settings.getByLabel('出售状态 A')).toHaveValue(name);
  // Saving the page unchanged is reported too.
  await settings.getByRole('button', { name: '保存', exact: true }).click();
  await expect(settings.getByRole('status')).toHaveText('房源设置已保存');

  await settings.getByRole('button', { name: '设置' }).click();
  const dialog = page.getByRole('dialog', { name: '关键信息保护' });
  await dialog.getByRole('combobox', { name: '门牌号保护方式' }).click();
  await page.getByRole('option', { name: '查看需写跟进' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(settings.getByRole('status')).toHaveText('已修改：门牌号（保存后生效）');
  // Not saved: a reload shows the setting as it was.
  await page.reload();
  await expect(settings).toContainText('关键信息保护业主电话');

  await settings.getByLabel('出售状态 A').fill('A');
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByRole('status')).toHaveText('房源设置已保存');
});

test('开通 in the protection pop-up says how the company gets virtual numbers, and closes back to the pop-up', async ({
  page,
  request,
}) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/system/setting/fp-house-setting');
  const settings = page.getByTestId('house-setting-page');
  await settings.getByRole('button', { name: '设置' }).click();
  const protection = page.getByRole('dialog', { name: '关键信息保护' });
  await protection.getByRole('button', { name: '开通' }).click();
  const activate = page.getByRole('dialog', { name: '开通隐号通话' });
  await expect(activate).toContainText('暂不支持在线开通');
  await expect(activate.getByTestId('virtual-number-howto')).toContainText('请由公司管理员联系');
  await activate.getByRole('button', { name: '知道了' }).click();
  await expect(activate).toHaveCount(0);
  // Back in the pop-up, which kept its rows; Escape then closes it alone.
  await expect(protection.getByRole('combobox', { name: '门牌号保护方式' })).toBeVisible();
  await expect(protection.getByRole('button', { name: '开通' })).toBeFocused();
  await protection.getByRole('button', { name: '开通' }).press('Enter');
  await expect(activate).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(activate).toHaveCount(0);
  await expect(protection).toBeVisible();
});
