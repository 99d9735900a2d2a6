/**
 * Issue 39's proof, in Chromium through the real flow: a three-party sale contract (the seller, the
 * buyer, the brokerage as 居间方 signing by its operator with its seal) is signed on the
 * awaiting-signature page with SMS codes from the sandbox outbox, the completed file is downloaded
 * from the PDF preview, and the outside tools check it: `pdfsig` reports every signature valid,
 * each naming its own signer, the last (签署证明) covering the whole file; `openssl ts -verify`
 * accepts each signature's timestamp token against the sandbox TSA's chain (/sandbox/tsa/chain.pem)
 * and refuses it for another digest. The file carries its validation data (DSS with CRLs: B-LT).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { get, must } from './support/oa';
import { createSigningCompany, startSaleContract, type Signatory } from './support/signing';
import {
  drawSignature,
  latestOutboxCode,
  logIn,
  openLink,
  readOutbox,
  resendPause,
} from './support/signing-page';
import { hasPadesTools, readPadesReport } from '../tests/support/pades-report';
import { readDss } from '../server/areas/signing/dss';

test('three parties sign in the browser; pdfsig and openssl ts -verify accept the downloaded file', async ({
  page,
  context,
  request,
}) => {
  test.skip(
    !hasPadesTools(),
    'pdfsig (poppler-utils) or openssl is not installed: the file cannot be checked',
  );
  test.setTimeout(240_000);
  const company = await createSigningCompany(request);
  const { contractId, seller, buyer, signatories } = await startSaleContract(request, company);
  const byRole = (role: number): Signatory => {
    const signatory = signatories.find((s) => s.role === role);
    if (!signatory) throw new Error(`no signatory ${role}`);
    return signatory;
  };
  await logIn(page, company.phone);
  const outbox = await context.newPage();
  await outbox.goto('/#/sandbox/sms-outbox');

  // The seller draws a signature.
  let signing = await openLink(page, byRole(1));
  await expect(signing.getByTestId('signatory-row')).toHaveCount(3);
  await signing.getByRole('button', { name: '获取验证码' }).click();
  await drawSignature(page);
  await signing.getByPlaceholder('请输入6位验证码').fill(await readOutbox(outbox, seller.phone));
  await signing.getByRole('button', { name: '确认签署' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功');

  // The buyer signs with a signature generated from the name.
  signing = await openLink(page, byRole(2));
  await signing.getByRole('button', { name: '获取验证码' }).click();
  const buyerCode = await readOutbox(outbox, buyer.phone);
  await signing.getByRole('radio', { name: '按姓名生成' }).click();
  await signing.getByPlaceholder('请输入6位验证码').fill(buyerCode);
  await signing.getByRole('button', { name: '确认签署' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功');

  // The brokerage: its operator signs and the contract seal goes on; the contract is complete.
  signing = await openLink(page, byRole(7));
  await signing.getByPlaceholder('请输入统一社会信用代码').fill(company.corpIdentNo);
  await signing.getByPlaceholder('请输入姓名').fill(company.operator.name);
  await signing.getByPlaceholder('请输入身份证号').fill(company.operator.idNo);
  await signing.getByPlaceholder('请输入手机号').fill(company.operator.phone);
  const previousCode = await latestOutboxCode(outbox, company.operator.phone);
  await resendPause();
  await signing.getByRole('button', { name: '获取验证码' }).click();
  await signing
    .getByPlaceholder('请输入6位验证码')
    .fill(await readOutbox(outbox, company.operator.phone, previousCode));
  await signing.getByRole('button', { name: '确认签署并盖章' }).click();
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功，全部签署方已签署，合同已签约');
  const info = await must(
    get<{ state: number; signedCount: number }>(
      request,
      `/sign/getSignInfo?contractId=${contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  expect(info).toMatchObject({ state: 8, signedCount: 3 });

  // The completed file, downloaded from the PDF preview as a party would.
  const opening = page.waitForEvent('popup');
  await signing.getByTestId('open-pdf-view').click();
  const preview = await opening;
  const viewer = preview.getByTestId('pdf-view-page');
  await expect(viewer.getByTestId('pdf-pages').locator('canvas').first()).toBeVisible();
  const downloading = preview.waitForEvent('download');
  await viewer.getByTestId('pdf-download').click();
  const download = await downloading;
  const folder = mkdtempSync(join(tmpdir(), 'three-party-'));
  try {
    const file = join(folder, 'signed.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);

    const chainPem = await (await request.get('/sandbox/tsa/chain.pem')).text();
    const [tsa, root] =
      chainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];
    expect(tsa && root, 'the sandbox TSA certificate and the root').toBeTruthy();
    const { report, signatures, tokens } = readPadesReport(pdf, { tsa: tsa!, root: root! });
    // One signature per signing: 张三, 李四, the operator for the brokerage, then 签署证明 with the
    // company's certificate, which names the company as registered in the product (createSigningCompany
    // registers it as 签署房产 and the phone's last four digits).
    const signers = [seller.name, buyer.name, company.operator.name, `签署房产${company.phone.slice(-4)}`];
    expect(signatures, report).toHaveLength(signers.length);
    signatures.forEach((signature, index) => {
      expect(signature).toContain('Signature is Valid.');
      expect(signature).toContain('Signature Type: ETSI.CAdES.detached');
      expect(signature).toContain(`Signer Certificate Common Name: ${signers[index]}`);
      expect(signature).toContain(
        index === signatures.length - 1 ? 'Total document signed' : 'Not total document signed',
      );
    });
    expect(tokens).toHaveLength(signers.length);
    for (const token of tokens) {
      expect(token.verified).toContain('Verification: OK');
      expect(token.otherDigest).not.toContain('Verification: OK');
    }
    const dss = await readDss(pdf);
    expect(dss.certificates.length).toBeGreaterThanOrEqual(5);
    expect(dss.crls).toHaveLength(2);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
