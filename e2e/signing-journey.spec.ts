/**
 * Signing for real, in the browser: a broker's sale contract is signed by its two parties through
 * their signing links (SMS codes read from the sandbox outbox page), the company party signs as its
 * operator with the company seal, and the finished file downloads from the page: pdfsig reports its
 * CMS signature valid over the whole document, pdftotext shows the 签署证明 page. A wrong SMS code is
 * refused with the server's message and changes nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { get, must } from './support/oa';
import { createSigningCompany, startSaleContract } from './support/signing';
import {
  drawSignature,
  latestOutboxCode,
  logIn,
  openLink,
  readOutbox,
  resendPause,
} from './support/signing-page';

test.describe.configure({ mode: 'serial' });

test('two parties sign through their links with SMS codes, the company seals, and the PDF verifies', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await createSigningCompany(request);
  const { contractId, seller, buyer, signatories } = await startSaleContract(request, company);
  const byRole = (role: number) => {
    const signatory = signatories.find((s) => s.role === role);
    if (!signatory) throw new Error(`no signatory ${role}`);
    return signatory;
  };
  await logIn(page, company.phone);
  const outbox = await context.newPage();
  await outbox.goto('/#/sandbox/sms-outbox');

  // The seller: a wrong code first (refused, nothing signed), then the right one with a drawn signature.
  let signing = await openLink(page, byRole(1));
  await expect(signing.getByTestId('signatory-row')).toHaveCount(3);
  await signing.getByRole('button', { name: '获取验证码' }).click();
  await expect(signing.getByTestId('signing-notice')).toContainText('验证码已发送至');
  const sellerCode = await readOutbox(outbox, seller.phone);
  await drawSignature(page);
  await signing.getByPlaceholder('请输入6位验证码').fill(sellerCode === '000000' ? '111111' : '000000');
  await signing.getByRole('button', { name: '确认签署' }).click();
  await expect(signing.getByTestId('signing-notice')).toContainText('验证码错误，还可尝试');
  await page.screenshot({ path: 'test-results/signing-wrong-code.png', fullPage: true });
  const afterWrong = await must(
    get<{ signedCount: number }>(request, `/sign/getSignInfo?contractId=${contractId}`, company.credentials),
    'sign info',
  );
  expect(afterWrong.signedCount).toBe(0);
  await signing.getByPlaceholder('请输入6位验证码').fill(sellerCode);
  await signing.getByRole('button', { name: '确认签署' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功');

  // Opening the same link again: already signed, no form.
  signing = await openLink(page, byRole(1), { again: true });
  await expect(signing.getByTestId('signing-notice')).toHaveText('您已签署，请勿重复签署');
  await expect(signing.getByRole('button', { name: '确认签署' })).toHaveCount(0);

  // The buyer signs with a signature generated from the name.
  signing = await openLink(page, byRole(2));
  await signing.getByRole('button', { name: '获取验证码' }).click();
  const buyerCode = await readOutbox(outbox, buyer.phone);
  await signing.getByRole('radio', { name: '按姓名生成' }).click();
  await expect(signing.getByTestId('signature-generated')).toBeVisible();
  await signing.getByPlaceholder('请输入6位验证码').fill(buyerCode);
  await page.screenshot({ path: 'test-results/signing-buyer.png', fullPage: true });
  await signing.getByRole('button', { name: '确认签署' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功');

  // The company party: its operator signs and the contract seal goes on; the contract is signed.
  signing = await openLink(page, byRole(7));
  await signing.getByPlaceholder('请输入统一社会信用代码').fill(company.corpIdentNo);
  await signing.getByPlaceholder('请输入姓名').fill(company.operator.name);
  await signing.getByPlaceholder('请输入身份证号').fill(company.operator.idNo);
  await signing.getByPlaceholder('请输入手机号').fill(company.operator.phone);
  const previousCode = await latestOutboxCode(outbox, company.operator.phone);
  await resendPause();
  await signing.getByRole('button', { name: '获取验证码' }).click();
  await expect(signing.getByTestId('signing-notice')).toContainText('验证码已发送至');
  const companyCode = await readOutbox(outbox, company.operator.phone, previousCode);
  await signing.getByPlaceholder('请输入6位验证码').fill(companyCode);
  await page.screenshot({ path: 'test-results/signing-company.png', fullPage: true });
  await signing.getByRole('button', { name: '确认签署并盖章' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功，全部签署方已签署，合同已签约');
  await expect(signing.getByTestId('pdf-pages').locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/signing-done.png', fullPage: true });
  const info = await must(
    get<{ state: number; signedCount: number }>(
      request,
      `/sign/getSignInfo?contractId=${contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  expect(info).toMatchObject({ state: 8, signedCount: 3 });

  // The finished file opens in the PDF preview; downloaded from there, it verifies.
  const opening = page.waitForEvent('popup');
  await signing.getByTestId('open-pdf-view').click();
  const preview = await opening;
  const viewer = preview.getByTestId('pdf-view-page');
  await expect(viewer.getByRole('button', { name: '打印' })).toBeVisible();
  await expect(viewer.getByTestId('pdf-pages').locator('canvas')).toHaveCount(4);
  await preview.screenshot({ path: 'test-results/signing-pdf-view.png' });
  const downloading = preview.waitForEvent('download');
  await viewer.getByTestId('pdf-download').click();
  const download = await downloading;
  const folder = mkdtempSync(join(tmpdir(), 'signing-journey-'));
  try {
    const file = join(folder, 'signed.pdf');
    await download.saveAs(file);
    const report = spawnSync('pdfsig', [file]).stdout.toString();
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const text = execFileSync('pdftotext', [file, '-']).toString('utf8');
    expect(text).toContain('签署证明');
    expect(text).toContain('张三');
    expect(text).toContain('李四');
    expect(text).toContain('盖章');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('seal management lists the seals, makes and deletes one with an SMS code, and authorises seal-free signing', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createSigningCompany(request);
  await logIn(page, company.phone);
  const outbox = await context.newPage();
  await outbox.goto('/#/sandbox/sms-outbox');
  await page.goto('/#/views/manager/seal');
  const screen = page.getByTestId('seal-page');
  await expect(screen.getByTestId('seal-card')).toHaveCount(1);
  await expect(screen.getByTestId('seal-card')).toContainText('合同专用章');
  await expect(screen).toContainText(company.corpName);

  // A finance seal made from its name; the code goes to the operator's phone.
  await screen.getByRole('button', { name: '新建印章' }).click();
  const editor = page.getByRole('dialog', { name: '新建印章' });
  await editor.getByPlaceholder('请输入印章名称').fill('财务专用章');
  await editor.getByRole('combobox', { name: '印章类型' }).click();
  await page.getByRole('option', { name: '财务专用章' }).click();
  // A number that is not a mobile number is refused on the spot, and no code goes out.
  const before = await latestOutboxCode(outbox, company.operator.phone);
  await editor.getByPlaceholder('请输入手机号').fill('1380000');
  await editor.getByRole('button', { name: '获取验证码' }).click();
  await expect(editor.getByTestId('seal-code-note')).toHaveText('手机号格式不正确');
  expect(await latestOutboxCode(outbox, '1380000')).toBeNull();
  await editor.getByPlaceholder('请输入手机号').fill(company.operator.phone);
  await resendPause();
  await editor.getByRole('button', { name: '获取验证码' }).click();
  await expect(editor.getByTestId('seal-code-note')).toHaveText('验证码已发送,请注意查收!');
  await editor
    .getByPlaceholder('请输入6位验证码')
    .fill(await readOutbox(outbox, company.operator.phone, before));
  await editor.getByRole('button', { name: '确定' }).click();
  await expect(screen.getByTestId('seal-card')).toHaveCount(2);
  await screen.getByRole('tab', { name: '财务专用章' }).click();
  await expect(screen.getByTestId('seal-card')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/seal-page.png', fullPage: true });

  await screen.getByTestId('seal-card').getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('是否确定删除该印章「财务专用章」？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(screen.getByTestId('seal-card')).toHaveCount(0);
  await screen.getByRole('tab', { name: '全部' }).click();
  await expect(screen.getByTestId('seal-card')).toHaveCount(1);

  // The seal-free window: 1260x800, one seal waiting, authorised after the confirmation.
  await screen.getByRole('button', { name: '免验证签署授权' }).click();
  const window = page.getByTestId('seal-auth-dialog');
  await expect(window.getByTestId('seal-wait-row')).toHaveCount(1);
  // Measured once the opening animation (a slight zoom) has finished.
  await expect.poll(async () => Math.round((await window.boundingBox())?.width ?? 0)).toBe(1260);
  await expect.poll(async () => Math.round((await window.boundingBox())?.height ?? 0)).toBe(800);
  await page.screenshot({ path: 'test-results/seal-auth.png' });
  await window.getByRole('button', { name: '授权所有印章' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('您确认要授权所有印章免验证吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(window.getByTestId('seal-auth-done')).toContainText('已授权 1 枚印章免验证签署，有效期至');
  await expect(window.getByTestId('seal-wait-row')).toHaveCount(0);
  await expect(window).toContainText('没有待授权的印章');
});

test("a signing link of another company is refused with the server's message", async ({ page, request }) => {
  const company = await createSigningCompany(request);
  const { signatories } = await startSaleContract(request, company);
  const link = signatories.find((s) => s.role === 1);
  if (!link) throw new Error('no seller link');
  // The demo company's manager opens it.
  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', '13800000000');
  await page.fill('#password-form input[name=password]', 'demo1234');
  await page.click('#password-form button[type=submit]');
  await expect(page).toHaveURL(/#\/layout\/index/);
  await page.goto(`/#/views/sign/to-be-signed?hash=${link.hash}`);
  await expect(page.getByTestId('signing-notice')).toHaveText('签署链接不存在');
  await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
  await expect(page.getByRole('button', { name: '获取验证码' })).toHaveCount(0);
});
