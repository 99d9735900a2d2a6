/**
 * The version check in the shell (issue 17, 000 section 7): after login an optional update is
 * offered with its version, description and download link until dismissed; a forced update blocks
 * the app. Versions come from the sandbox release desk, released to this test's own company only.
 */
import { expect, test } from '@playwright/test';
import { e2ePassword, login, post, registerCompany } from './support/api';
import { openAs } from './support/oa';
import { forcedUpdateMessage } from '../machines/version-check.machine';

test('an optional update can be put off once; a forced update blocks the app', async ({ page, request }) => {
  const phone = await registerCompany(request, '版本房产');
  const credentials = await login(request, phone, e2ePassword);
  const release = (version: string, versionCode: number, forceUpdate: 0 | 1) =>
    post(
      request,
      '/sandbox/appRelease',
      { version, versionCode, content: '合同打印修复\n签署速度提升', forceUpdate },
      credentials,
    );
  expect((await release('5.1.0', 510, 0)).code).toBe(200);

  await openAs(page, credentials, '/layout/index');
  const gate = page.getByTestId('version-gate');
  await expect(gate.getByRole('heading', { name: '发现新版本 5.1.0' })).toBeVisible();
  await expect(gate.getByTestId('update-description')).toContainText('签署速度提升');
  await expect(gate.getByRole('link', { name: '立即更新' })).toHaveAttribute('href', '/');
  await gate.getByRole('button', { name: '以后再说' }).click();
  await expect(gate).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('header-messages')).toBeVisible();
  await expect(gate).toHaveCount(0);

  expect((await release('5.2.0', 520, 1)).code).toBe(200);
  await page.reload();
  await expect(gate.getByRole('heading', { name: '发现新版本 5.2.0' })).toBeVisible();
  await expect(gate.getByTestId('forced-update')).toHaveText(forcedUpdateMessage);
  await expect(gate.getByRole('button', { name: '以后再说' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  // The app behind it does not take clicks.
  await expect(page.getByTestId('header-messages').click({ timeout: 2_000 })).rejects.toThrow();
  await expect(page.getByTestId('messages-page')).toHaveCount(0);
});
