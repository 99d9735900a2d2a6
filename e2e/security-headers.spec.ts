/**
 * The Content-Security-Policy (issue 39, server/security-headers.ts) in a real browser: the app is
 * served with it, and the screens that need the most from it — login, the home page, the quick
 * file-sign wizard rendering a PDF with pdf.js (react-pdf, its worker) and its signing parties — run
 * with no policy violation and no console error.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { e2ePassword } from './support/api';
import { passPayStatusGate } from './support/oa';
import { createSigningCompany } from './support/signing';

type Violation = { directive: string; blocked: string };

/** Records every CSP violation the page reports (the browser's securitypolicyviolation events). */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText('House lease agreement', { x: 60, y: 760, size: 20, font });
  return Buffer.from(await doc.save());
}

test('the app runs under its Content-Security-Policy: a PDF renders in the quick file-sign wizard with no violation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const violations = await watchViolations(page);
  const company = await createSigningCompany(request);

  const response = await page.goto('/#/layout/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');

  await page.fill('#password-form input[name=userName]', company.phone);
  await page.fill('#password-form input[name=password]', e2ePassword);
  await page.click('#password-form button[type=submit]');
  await expect(page).toHaveURL(/#\/layout\/index/);
  await page.goto('/#/views/sign/quick-signing');
  await passPayStatusGate(page);
  const wizard = page.getByTestId('quick-signing');
  await wizard.getByLabel('合同文件').setInputFiles({
    name: '房屋租赁合同.pdf',
    mimeType: 'application/pdf',
    buffer: await contractPdf(),
  });
  await expect(wizard.getByRole('button', { name: '添加签署方' })).toBeVisible();
  await wizard.getByLabel('姓名').fill('陈一');
  await wizard.getByLabel('手机号').fill('13711112222');
  await wizard.getByRole('button', { name: '添加签署方' }).click();
  await expect(wizard.getByTestId('quick-actor-row')).toHaveCount(1);
  await wizard.getByRole('button', { name: '下一步' }).click();
  // pdf.js drew the page: its worker and the file were allowed.
  await expect(page.getByTestId('quick-page').first().locator('canvas')).toBeVisible({ timeout: 30_000 });

  expect(await violations()).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});
