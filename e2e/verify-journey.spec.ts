/**
 * 文件验签 in the browser, signed out: a sale contract is signed by its parties and sealed through
 * the API (as signing-link.model does), its file is chosen on /#/verify from the keyboard and shows
 * its signers as valid with the contract's 签署证明 trail; a copy with one byte changed is then
 * dropped on the page and reported as changed. The login page links to the page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { post } from './support/api';
import { get, must } from './support/oa';
import { codeAfter, createSigningCompany, startSaleContract } from './support/signing';
import { strokePng } from '../tests/support/test-data';

test('the verification page shows the signers of a signed contract, then reports a one-byte change', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const company = await createSigningCompany(request);
  const { seller, buyer, signatories } = await startSaleContract(request, company);
  const { credentials } = company;
  let previewUrl = '';
  for (const role of [1, 2, 7]) {
    const signatory = signatories.find((s) => s.role === role);
    if (!signatory) throw new Error(`no signatory ${role}`);
    if (role === 7) {
      const phone = company.operator.phone;
      const verificationCode = await codeAfter(request, phone, () =>
        get(request, `/sign/Verification?mobileNo=${phone}&scene=2`, credentials),
      );
      const response = await request.post('/api/sign/VerificationCode', {
        headers: credentials,
        form: {
          hash: signatory.hash,
          type: 1,
          verificationCode,
          name: company.operator.name,
          idNo: company.operator.idNo,
          mobileNo: phone,
          company: signatory.name,
          orgCode: company.corpIdentNo,
        },
      });
      const signed = (await response.json()) as {
        code: number;
        message: string;
        data: { state: number; previewUrl: string };
      };
      expect(signed.code, signed.message).toBe(200);
      expect(signed.data.state).toBe(8);
      previewUrl = signed.data.previewUrl;
    } else {
      const phone = role === 1 ? seller.phone : buyer.phone;
      const verificationCode = await codeAfter(request, phone, () =>
        get(request, `/sign/signLinkCode?hash=${signatory.hash}`, credentials),
      );
      await must(
        post(
          request,
          '/sign/signByHash',
          {
            hash: signatory.hash,
            verificationCode,
            signatureKind: 1,
            signatureImage: `data:image/png;base64,${strokePng().toString('base64')}`,
          },
          credentials,
        ),
        `sign as ${role}`,
      );
    }
  }
  const signedPdf = await (await request.get(previewUrl)).body();

  // Signed out: the login page links to 文件验签.
  await page.goto('/#/layout/login');
  await page.getByRole('link', { name: '文件验签' }).click();
  await expect(page).toHaveURL(/#\/verify$/);
  const screen = page.getByTestId('verify-page');
  await expect(screen.getByRole('heading', { name: '安居签 · 文件验签' })).toBeVisible();

  // The drop area is a button reachable from the keyboard; the file goes in through its labelled input.
  await screen.getByTestId('verify-drop').focus();
  await expect(screen.getByTestId('verify-drop')).toBeFocused();
  await screen
    .getByLabel('验签文件')
    .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: signedPdf });
  const cards = screen.getByTestId('verify-signature');
  await expect(screen.getByTestId('verify-summary')).toContainText('均有效');
  await expect(cards.first()).toBeVisible();
  // Each party's signing is its own signature with its own certificate (seller, buyer, the company's
  // signer with its seal), then the 签署证明 seal with the company's certificate covers the whole file.
  await expect(cards).toHaveCount(4);
  await expect(screen.getByTestId('verify-status')).toHaveText(Array(4).fill('有效'));
  await expect(screen.getByRole('heading', { level: 3, name: `签名 1：${seller.name}` })).toBeVisible();
  await expect(screen.getByRole('heading', { level: 3, name: `签名 2：${buyer.name}` })).toBeVisible();
  await expect(
    screen.getByRole('heading', { level: 3, name: `签名 3：${company.operator.name}` }),
  ).toBeVisible();
  await expect(cards.last()).toContainText('签名覆盖整个文档');
  await expect(screen).toContainText('安居签签署人证书签发机构');
  await expect(screen).toContainText('安居签电子签约根证书');
  const trail = screen.getByTestId('verify-contract');
  await expect(trail).toContainText('签署证明：二手房买卖合同');
  await expect(trail).toContainText('数字签名封存');
  await expect(trail).toContainText('与平台封存的文件完全一致');
  expect(
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze(),
  ).toMatchObject({ violations: [] });
  await page.screenshot({ path: 'test-results/verify-signed.png', fullPage: true });

  // One byte changed inside the signed range, dropped on the page.
  const tampered = Buffer.from(signedPdf);
  const at = tampered.indexOf('/Producer');
  tampered[at + 2] = tampered[at + 2]! ^ 0x01;
  const transfer = await page.evaluateHandle(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'changed.pdf', { type: 'application/pdf' }));
      return data;
    },
    [...tampered],
  );
  await screen.getByTestId('verify-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(screen.getByTestId('verify-file-name')).toHaveText('changed.pdf');
  await expect(screen.getByTestId('verify-summary')).toContainText('被修改');
  await expect(screen.getByTestId('verify-status').first()).toHaveText('已被修改');
  await expect(screen).toContainText('签名后文档被修改');
  await expect(screen.getByTestId('verify-contract')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/verify-changed.png', fullPage: true });

  // Not a PDF: the server's message, on the page.
  await screen.getByLabel('验签文件').setInputFiles({
    name: 'note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a pdf'),
  });
  await expect(screen.getByTestId('verify-error')).toHaveText('不是有效的PDF文件');
});
