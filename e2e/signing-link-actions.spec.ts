/**
 * The signing links on the sign detail: while a contract waits for signatures, each party that has
 * not signed has its link there — open it at the desk, copy it, and for the company party show
 * the QR code its signer scans (createCorpWxMiniCode), valid until the signing deadline.
 */
import { expect, test } from '@playwright/test';
import { e2ePassword } from './support/api';
import { get, must, passPayStatusGate } from './support/oa';
import { createSigningCompany, startSaleContract } from './support/signing';

test('the sign detail offers each unsigned party its link, and the company party a QR code', async ({
  page,
  request,
  context,
}) => {
  const company = await createSigningCompany(request);
  const { contractId, signatories } = await startSaleContract(request, company);
  const detail = await must(
    get<{ signDeadline: string }>(
      request,
      `/sign/signDetailV3?contractId=${contractId}`,
      company.credentials,
    ),
    'detail',
  );

  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', company.phone);
  await page.fill('#password-form input[name=password]', e2ePassword);
  await page.click('#password-form button[type=submit]');
  await expect(page).toHaveURL(/#\/layout\/index/);
  await page.goto(`/#/views/sign/detail?contractId=${contractId}`);
  await passPayStatusGate(page);

  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: '复制链接' }) });
  await expect(rows).toHaveCount(signatories.length);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rows.first().getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '复制成功' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(signatories.map((s) => `/#/views/sign/to-be-signed?hash=${s.hash}`)).toContain(
    copied.replace(/^https?:\/\/[^/]+/, ''),
  );

  const companyRow = rows.filter({ has: page.getByRole('button', { name: '扫码签署' }) });
  await expect(companyRow).toHaveCount(1);
  await companyRow.getByRole('button', { name: '扫码签署' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('link-qr-code')).toBeVisible();
  await expect(dialog.getByText(`有效期至 ${detail.signDeadline}`)).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();

  await companyRow.getByRole('button', { name: '打开' }).click();
  await expect(
    page.getByTestId('to-be-signed-page').getByRole('heading', { name: '二手房买卖合同' }),
  ).toBeVisible();
});
