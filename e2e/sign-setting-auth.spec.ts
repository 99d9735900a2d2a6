/**
 * 在线签约设置 asks the company app's own authorisation (POST /base/getAppUserOperateAuth for app 6,
 * item 0; 000 section 6: sign setting access needs auth 351): a broker without it sees the setting
 * read-only with 您没有签约设置权限，只能查看。 and no 保存; the manager may change it.
 */
import { expect, test, type Page } from '@playwright/test';
import { login } from './support/api';
import { demo, demoPassword, openAs } from './support/oa';

async function openSetting(page: Page) {
  const gate = page.getByRole('button', { name: '知道了' });
  const settings = page.getByTestId('sign-setting-page');
  await expect(settings.getByRole('radiogroup', { name: '签约方式' }).or(gate)).toBeVisible();
  if (await gate.isVisible()) await gate.click();
  await expect(settings.getByRole('radiogroup', { name: '签约方式' })).toBeVisible();
  return settings;
}

test('a broker without 351 sees the signing setting read-only; the manager may save it', async ({
  page,
  context,
  request,
}) => {
  const asked: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/base/getAppUserOperateAuth')) asked.push(r.postDataJSON());
  });

  const broker = await login(request, demo.broker, demoPassword);
  await openAs(page, broker, '/views/system/setting/fp-sign-setting');
  let settings = await openSetting(page);
  await expect(settings.getByTestId('sign-setting-denied')).toHaveText('您没有签约设置权限，只能查看。');
  await expect(settings.getByRole('button', { name: '保存' })).toHaveCount(0);
  for (const radio of await settings.getByRole('radio').all()) await expect(radio).toBeDisabled();
  expect(asked).toContainEqual({ appType: 6, appItemId: 0 });

  const manager = await login(request, demo.manager, demoPassword);
  const managerPage = await context.newPage();
  await openAs(managerPage, manager, '/views/system/setting/fp-sign-setting');
  settings = await openSetting(managerPage);
  await expect(settings.getByRole('button', { name: '保存' })).toBeVisible();
  await expect(settings.getByRole('radio').first()).toBeEnabled();
  await expect(settings.getByTestId('sign-setting-denied')).toHaveCount(0);
});
