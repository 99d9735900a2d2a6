/**
 * Quick file-based signing in the browser: a new company's manager opens 快速签署, a wrong file type
 * is refused, a DOCX goes up (converted on the server) and is replaced by a PDF, a personal and a
 * corporate party are added, the page is left and opened
 * again (继续 restores the parties; later the settings and boxes too), the boxes are dragged onto the rendered page, an empty contract
 * name is refused (请输入合同名称), and the contract is saved and sent for signing; the server then
 * holds the boxes where they were dragged; both parties sign through their links (the person with an
 * SMS code, a drawn signature and their own ID card, as the initiator left it to them, then the company operator with the seal) and the downloaded PDF
 * passes pdfsig with the watermark and the operator's name in it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { e2ePassword } from './support/api';
import { get, must, passPayStatusGate } from './support/oa';
import { createSigningCompany } from './support/signing';
import { idCard } from '../tests/support/test-data';

test.describe.configure({ mode: 'serial' });

async function logIn(page: Page, phone: string) {
  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', phone);
  await page.fill('#password-form input[name=password]', e2ePassword);
  await page.click('#password-form button[type=submit]');
  await expect(page).toHaveURL(/#\/layout\/index/);
}

async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('House lease agreement', { x: 60, y: 760, size: 20, font });
  return Buffer.from(await doc.save());
}

/** Drags a box on the rendered page from (x, y) by (width, height), in page pixels. */
async function dragBox(page: Page, x: number, y: number, width: number, height: number) {
  const target = page.getByTestId('quick-page').first();
  await expect(target.locator('canvas')).toBeVisible();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + x + width / 2, box.y + y + height / 2, { steps: 4 });
  await page.mouse.move(box.x + x + width, box.y + y + height, { steps: 4 });
  await page.mouse.up();
}

/** The newest code to this phone, as a person reads it on the sandbox outbox page. */
async function readOutbox(outbox: Page, phone: string): Promise<string> {
  let code = '';
  await expect(async () => {
    await outbox.getByRole('button', { name: '刷新' }).click();
    const row = outbox.getByTestId('sms-row').filter({ hasText: phone }).first();
    code = /验证码为 (\d{6})/.exec((await row.textContent({ timeout: 1000 })) ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 15_000 });
  return code;
}

async function drawSignature(page: Page) {
  // Drawn where the signer sees it: the pad is scrolled into view first (the page is taller than the window).
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1)
    await page.mouse.move(box.x + 40 + step * 18, box.y + 90 + Math.sin(step / 2) * 40, { steps: 2 });
  await page.mouse.up();
}

test('a manager uploads a PDF, adds a person and a company, places their boxes and starts; both parties sign and the PDF verifies', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await createSigningCompany(request);
  await logIn(page, company.phone);
  await page.goto('/#/views/sign/quick-signing');
  await passPayStatusGate(page);
  const wizard = page.getByTestId('quick-signing');
  await expect(wizard.getByText('选择一个合同文件')).toBeVisible();

  const chooser = wizard.getByLabel('合同文件');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('quick-notice')).toHaveText(
    '仅支持 doc、docx、pdf、png、jpg、jpeg、webp、gif 格式的文件',
  );
  // A Word file first (converted to PDF by LibreOffice on the server), then replaced by the PDF.
  const work = mkdtempSync(join(tmpdir(), 'quick-sign-docx-'));
  writeFileSync(join(work, 'draft.txt'), 'House lease draft\n');
  execFileSync('soffice', [
    '--headless',
    `-env:UserInstallation=file://${join(work, 'profile')}`,
    '--convert-to',
    'docx',
    '--outdir',
    work,
    join(work, 'draft.txt'),
  ]);
  const docx = readFileSync(join(work, 'draft.docx'));
  rmSync(work, { recursive: true, force: true });
  await chooser.setInputFiles({
    name: '租赁合同草稿.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await expect(wizard.getByRole('button', { name: '添加签署方' })).toBeVisible({ timeout: 30_000 });
  await wizard.getByRole('button', { name: '上一步' }).click();
  await expect(wizard.getByText('当前文件：租赁合同草稿.docx（1 页）')).toBeVisible();
  await wizard.getByLabel('合同文件').setInputFiles({
    name: '房屋租赁合同.pdf',
    mimeType: 'application/pdf',
    buffer: await contractPdf(),
  });

  await expect(wizard.getByRole('button', { name: '添加签署方' })).toBeVisible();
  await wizard.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByTestId('quick-notice')).toHaveText('请添加签署方');

  await wizard.getByLabel('姓名').fill('陈一');
  await wizard.getByLabel('手机号').fill('13711112222');
  await wizard.getByRole('button', { name: '添加签署方' }).click();
  await expect(wizard.getByTestId('quick-actor-row')).toHaveCount(1);
  await wizard.getByRole('radio', { name: '企业签署方' }).click();
  await wizard.getByLabel('企业名称').fill('深圳市好房置业有限公司');
  await wizard.getByLabel('经办人姓名').fill('王经办');
  await wizard.getByLabel('手机号').fill('13722223333');
  await wizard.getByRole('button', { name: '添加签署方' }).click();
  await expect(wizard.getByTestId('quick-actor-row')).toHaveCount(2);
  await expect(wizard.getByTestId('quick-actor-row').nth(1)).toContainText('深圳市好房置业有限公司');

  // Leaving and coming back: 继续 restores the record with its parties.
  await page.reload();
  await passPayStatusGate(page);
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('有未完成的快速签署');
  await dialog.getByRole('button', { name: '继续' }).click();
  // The record stopped before its boxes: the wizard resumes there, with the file and both parties.
  await expect(page.getByTestId('quick-page').first().locator('canvas')).toBeVisible();
  await wizard.getByRole('button', { name: '上一步' }).click();
  await expect(wizard.getByTestId('quick-actor-row')).toHaveCount(2);
  await wizard.getByRole('button', { name: '下一步' }).click();

  // The person's signature box, then the company's seal box, dragged on page 1.
  await dragBox(page, 60, 300, 150, 80);
  await wizard.getByRole('combobox', { name: '选择签署方' }).click();
  await page.getByRole('option', { name: /深圳市好房置业有限公司/ }).click();
  await wizard.getByRole('radio', { name: '盖章' }).click();
  await dragBox(page, 330, 500, 120, 120);
  await expect(wizard.getByTestId('quick-box')).toHaveCount(2);
  await wizard.getByRole('button', { name: '下一步' }).click();

  const name = wizard.getByLabel('合同名称');
  // Named after the first file chosen.
  await expect(name).toHaveValue('租赁合同草稿');
  await name.fill('');
  await wizard.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByTestId('quick-notice')).toHaveText('请输入合同名称');
  await name.fill('快速签署租赁合同');
  await wizard.getByLabel('水印内容').fill('仅供签约使用');
  await wizard.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByTestId('quick-review')).toContainText('签署期限 7 天，有序签署');

  // Leaving again at the last step: 继续 restores the settings and the boxes (kept as the draft).
  await page.reload();
  await passPayStatusGate(page);
  await page.getByRole('alertdialog').getByRole('button', { name: '继续' }).click();
  await expect(wizard.getByLabel('合同名称')).toHaveValue('快速签署租赁合同');
  await expect(wizard.getByLabel('水印内容')).toHaveValue('仅供签约使用');
  await wizard.getByRole('button', { name: '上一步' }).click();
  await expect(wizard.getByTestId('quick-box')).toHaveCount(2);
  await wizard.getByRole('button', { name: '下一步' }).click();
  await wizard.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByTestId('quick-review')).toContainText('签署期限 7 天，有序签署');
  await wizard.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('quick-notice')).toHaveText('保存成功');
  const contractsysId = (await wizard.getAttribute('data-sysid')) ?? '';
  await wizard.getByRole('button', { name: '发起签署' }).click();
  await expect(page.getByTestId('quick-notice')).toHaveText('已发起签署，已短信通知签署方');

  // The server holds the boxes where they were dragged (page 1 is 841.89 pt high; 1 px = 1 pt).
  const state = await must(
    get<{ state: number; record: unknown }>(request, '/fileSign/fileSignContractState', company.credentials),
    'state',
  );
  expect(state.state).toBe(0);
  const list = await must(
    get<{ contractId: number; state: number; boxName: string }[]>(
      request,
      '/sign/signPosts?state=7&pageindex=1&pagesize=15',
      company.credentials,
    ),
    'sign list',
  );
  const contract = list.find((item) => item.boxName === '快速签署租赁合同');
  expect(contract?.state).toBe(7);
  const info = await must(
    get<{ signatories: { role: number; name: string }[] }>(
      request,
      `/sign/getSignInfo?contractId=${contract!.contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  expect(info.signatories.map((s) => [s.role, s.name])).toEqual([
    [8, '陈一'],
    [8, '深圳市好房置业有限公司'],
  ]);
  const record = await must(
    get<{
      positions: {
        actorId: number;
        pageNo: number;
        positionType: number;
        x: number;
        y: number;
        width: number;
        height: number;
      }[];
    }>(request, `/fileSign/getFileSignContract?contractsysId=${contractsysId}`, company.credentials),
    'record',
  );
  const [personBox, sealBox] = record.positions;
  expect(personBox).toMatchObject({ pageNo: 1, positionType: 1 });
  expect(Math.abs(personBox!.x - 60)).toBeLessThan(3);
  expect(Math.abs(personBox!.y - (841.89 - 300 - 80))).toBeLessThan(3);
  expect(Math.abs(personBox!.width - 150)).toBeLessThan(3);
  expect(sealBox).toMatchObject({ pageNo: 1, positionType: 2 });
  expect(Math.abs(sealBox!.x - 330)).toBeLessThan(3);
  expect(Math.abs(sealBox!.height - 120)).toBeLessThan(3);
  // The detail page opens after the start.
  await expect(page.getByText('签约详情').first()).toBeVisible({ timeout: 10_000 });

  // Both parties sign through their links, in order: the person, then the company's operator.
  const links = await must(
    get<{ signatories: { hash: string }[] }>(
      request,
      `/sign/getSignInfo?contractId=${contract!.contractId}`,
      company.credentials,
    ),
    'links',
  );
  const outbox = await context.newPage();
  await outbox.goto('/#/sandbox/sms-outbox');
  await page.goto(`/#/views/sign/to-be-signed?hash=${links.signatories[0]!.hash}`);
  let signing = page.getByTestId('to-be-signed-page');
  await expect(signing.getByTestId('pdf-pages').locator('canvas').first()).toBeVisible();
  await signing.getByRole('button', { name: '获取验证码' }).click();
  await expect(signing.getByTestId('signing-notice')).toContainText('验证码已发送至');
  const personCode = await readOutbox(outbox, '13711112222');
  await drawSignature(page);
  await signing.getByPlaceholder('请输入6位验证码').fill(personCode);
  // Added as 由签署方自行填写证件: the person gives their own certificate before signing.
  await expect(signing.getByTestId('own-identity')).toBeVisible();
  const ownId = idCard('11010519491231002');
  await signing
    .getByPlaceholder('请输入证件号码')
    .fill(`${ownId.slice(0, 17)}${ownId.endsWith('0') ? '1' : '0'}`);
  await expect(signing.getByTestId('identity-error')).toHaveText('居民身份证号码格式不正确');
  await expect(signing.getByRole('button', { name: '确认签署' })).toBeDisabled();
  await signing.getByPlaceholder('请输入证件号码').fill(ownId.toLowerCase());
  await expect(signing.getByTestId('identity-error')).toHaveCount(0);
  await signing.getByRole('button', { name: '确认签署' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功');

  await page.goto(`/#/views/sign/to-be-signed?hash=${links.signatories[1]!.hash}`);
  signing = page.getByTestId('to-be-signed-page');
  await expect(signing.getByTestId('pdf-pages').locator('canvas').first()).toBeVisible();
  await signing.getByPlaceholder('请输入统一社会信用代码').fill('91440300MA5F000002');
  await signing.getByPlaceholder('请输入姓名').fill('王经办');
  await signing.getByPlaceholder('请输入身份证号').fill(idCard('44030419850101123'));
  await signing.getByPlaceholder('请输入手机号').fill('13722223333');
  await signing.getByRole('button', { name: '获取验证码' }).click();
  await expect(signing.getByTestId('signing-notice')).toContainText('验证码已发送至');
  const operatorCode = await readOutbox(outbox, '13722223333');
  await signing.getByPlaceholder('请输入6位验证码').fill(operatorCode);
  await signing.getByRole('button', { name: '确认签署并盖章' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功，全部签署方已签署，合同已签约');

  const downloading = page.waitForEvent('download');
  await signing.getByTestId('download-pdf').click();
  const download = await downloading;
  const folder = mkdtempSync(join(tmpdir(), 'quick-sign-journey-'));
  try {
    const file = join(folder, 'signed.pdf');
    await download.saveAs(file);
    const report = spawnSync('pdfsig', [file]).stdout.toString();
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const text = execFileSync('pdftotext', ['-raw', file, '-']).toString('utf8');
    expect(text).toContain('签署证明');
    expect(text).toContain('仅供签约使用');
    expect(text).toContain('王经办');
    expect(text).toContain('签署方自行填写证件：居民身份证');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
