/**
 * 权限设置 keeps the user's place (000 section 3, auth selectpath and level kept in the browser):
 * the chosen role and app tab are there again after a reload.
 */
import { expect, test } from '@playwright/test';
import { demo, demoPassword, login, openAs } from './support/oa';

test('权限设置 opens on the role and app tab the user chose last', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  await openAs(page, manager, '/views/system/fp-auth-role');
  const roles = page.getByRole('list', { name: '角色' });
  const broker = roles.getByRole('button', { name: /^经纪人/ });
  await broker.click();
  await page.getByRole('tab', { name: '客源' }).click();
  await expect(page.getByRole('heading', { name: '经纪人 · 权限' })).toBeVisible();

  await page.reload();
  await expect(broker).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: '经纪人 · 权限' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '客源' })).toHaveAttribute('aria-selected', 'true');
});
