/**
 * Signing through the links with the keyboard alone (issue 38): the seller and the buyer each ask
 * for the SMS code with Enter, type it, choose 按姓名生成 (the keyboard's way to a signature; the
 * handwriting pad needs a pointer) with the arrows and Space, and confirm with Enter; the company
 * party types its identity (信用代码, 签署人, 身份证号, 手机号), asks for its code and confirms
 * 确认签署并盖章. No mouse is used; every control Tab stops on shows its focus; the contract ends
 * 已签约.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, noteSent, waitForResend } from './support/api';
import { get, must } from './support/oa';
import { createSigningCompany, startSaleContract } from './support/signing';
import { expectFocusOn, focused, tabTo, typeInto } from './support/keyboard';

async function openLink(page: Page, hash: string) {
  await page.goto(`/#/views/sign/to-be-signed?hash=${hash}`);
  const signing = page.getByTestId('to-be-signed-page');
  await expect(signing.getByRole('heading', { name: '二手房买卖合同' })).toBeVisible();
  await expect(signing.getByRole('button', { name: '获取验证码' })).toBeVisible();
  return signing;
}

/** Asks for the code with the keyboard (focus on 获取验证码) and reads it from the sandbox outbox. */
async function askForCode(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  const before = await latestCode(request, phone);
  await waitForResend(phone);
  await tabTo(page, '获取验证码');
  await page.keyboard.press('Enter');
  noteSent(phone);
  await expect(page.getByTestId('signing-notice')).toContainText('验证码已发送至');
  let code: string | null = null;
  await expect(async () => {
    code = await latestCode(request, phone);
    expect(code).not.toBeNull();
    expect(code).not.toBe(before);
  }).toPass({ timeout: 15_000 });
  return code!;
}

async function signAsPerson(page: Page, request: APIRequestContext, hash: string, phone: string) {
  const signing = await openLink(page, hash);
  const code = await askForCode(page, request, phone);
  // Back to the code field, which sits before the button.
  await tabTo(page, '短信验证码', { backwards: true });
  await page.keyboard.type(code);
  // The signature: from 手写签名 the arrow moves to 按姓名生成, Space chooses it.
  await tabTo(page, '手写签名');
  await page.keyboard.press('ArrowRight');
  await expectFocusOn(page, '按姓名生成');
  await page.keyboard.press('Space');
  await expect(signing.getByTestId('signature-generated')).toBeVisible();
  await tabTo(page, '确认签署');
  await page.keyboard.press('Enter');
  // Signing writes the signed PDF: slow on a loaded machine.
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功', { timeout: 60_000 });
}

test('the parties sign through their links with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const company = await createSigningCompany(request);
  const { contractId, seller, buyer, signatories } = await startSaleContract(request, company);
  const hashOf = (role: number) => signatories.find((signatory) => signatory.role === role)!.hash;
  // Signed in as the company (as in signing-journey), without touching the login form.
  await page.addInitScript(
    (value) => localStorage.setItem('userToken', value),
    JSON.stringify(company.credentials),
  );

  await signAsPerson(page, request, hashOf(1), seller.phone);
  await signAsPerson(page, request, hashOf(2), buyer.phone);

  // The company party types who signs for it, then its code.
  const signing = await openLink(page, hashOf(7));
  const operator = company.operator;
  await tabTo(page, '统一社会信用代码');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(company.corpIdentNo);
  await typeInto(page, '签署人姓名（法定代表人或经办人）', operator.name);
  await typeInto(page, '签署人身份证号', operator.idNo);
  await typeInto(page, '签署人手机号', operator.phone);
  // The operator's phone may have had a code moments ago (the company's registration): wait out the resend interval.
  noteSent(operator.phone);
  const code = await askForCode(page, request, operator.phone);
  await tabTo(page, '短信验证码', { backwards: true });
  await page.keyboard.type(code);
  await tabTo(page, '确认签署并盖章');
  await page.keyboard.press('Enter');
  await expect(signing.getByTestId('signing-notice')).toHaveText('签署成功，全部签署方已签署，合同已签约', {
    timeout: 60_000,
  });

  const info = await must(
    get<{ state: number; signedCount: number }>(
      request,
      `/sign/getSignInfo?contractId=${contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  expect(info).toMatchObject({ state: 8, signedCount: 3 });
});

test('the contract on a signing link is a named region that Tab reaches and the arrows scroll', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await createSigningCompany(request);
  const { signatories } = await startSaleContract(request, company);
  await page.addInitScript(
    (value) => localStorage.setItem('userToken', value),
    JSON.stringify(company.credentials),
  );
  await openLink(page, signatories.find((signatory) => signatory.role === 1)!.hash);
  const region = page.getByRole('region', { name: '合同文件' });
  await expect(region.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  // The box scrolls only when the contract is taller than it; the test needs that to mean anything.
  await expect
    .poll(() => region.evaluate((box) => box.scrollHeight - box.clientHeight), { timeout: 30_000 })
    .toBeGreaterThan(100);
  await page.locator('body').focus();
  await tabTo(page, '合同文件');
  expect((await focused(page)).role).toBe('region');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => region.evaluate((box) => box.scrollTop)).toBeGreaterThan(50);
});
