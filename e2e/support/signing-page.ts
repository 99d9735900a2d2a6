/**
 * Driving the awaiting-signature page the way a signing party does (signing-journey,
 * three-party-signing): log in, open the signing link, read the SMS code on the sandbox outbox page,
 * draw a signature on the canvas.
 */
import { expect, type Page } from '@playwright/test';
import { e2ePassword } from './api';
import type { Signatory } from './signing';

export async function logIn(page: Page, phone: string) {
  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', phone);
  await page.fill('#password-form input[name=password]', e2ePassword);
  await page.click('#password-form button[type=submit]');
  await expect(page).toHaveURL(/#\/layout\/index/);
}

/** The newest code to this phone, as a person reads it on the sandbox outbox page. */
export async function readOutbox(
  outbox: Page,
  phone: string,
  notBefore: string | null = null,
): Promise<string> {
  let code = '';
  await expect(async () => {
    await outbox.getByRole('button', { name: '刷新' }).click();
    const row = outbox.getByTestId('sms-row').filter({ hasText: phone }).first();
    const content = (await row.textContent({ timeout: 1000 })) ?? '';
    code = /验证码为 (\d{6})/.exec(content)?.[1] ?? '';
    expect(code).not.toBe('');
    expect(code).not.toBe(notBefore);
  }).toPass({ timeout: 15_000 });
  return code;
}

/** The code currently shown for this phone on the outbox page, if any. */
export async function latestOutboxCode(outbox: Page, phone: string): Promise<string | null> {
  await outbox.getByRole('button', { name: '刷新' }).click();
  const row = outbox.getByTestId('sms-row').filter({ hasText: phone }).first();
  if ((await row.count()) === 0) return null;
  return /验证码为 (\d{6})/.exec((await row.textContent()) ?? '')?.[1] ?? null;
}

export async function openLink(page: Page, signatory: Signatory, { again = false } = {}) {
  await page.goto(`/#/views/sign/to-be-signed?hash=${signatory.hash}`);
  // The same address again is no navigation: load it afresh, as a person reopening the link does.
  if (again) await page.reload();
  const signingPage = page.getByTestId('to-be-signed-page');
  await expect(signingPage.getByRole('heading', { name: '二手房买卖合同' })).toBeVisible();
  await expect(signingPage.getByTestId('pdf-pages').locator('canvas').first()).toBeVisible();
  return signingPage;
}

export async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1)
    await page.mouse.move(box.x + 40 + step * 18, box.y + 90 + Math.sin(step / 2) * 40, { steps: 2 });
  await page.mouse.up();
}

/** Waits out the e2e server's 3 s resend interval for a phone before asking again. */
export const resendPause = () => new Promise((resolve) => setTimeout(resolve, 3_300));
