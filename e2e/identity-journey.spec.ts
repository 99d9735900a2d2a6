/**
 * Identity and corporate registration in the browser: a new company's manager opens 企业认证 on
 * the seal management page, is refused a bad unified social credit code by the field's name (and the
 * missing face check), verifies the legal representative's face on the sandbox provider's page — a
 * failed check first, then a passed one — and registers the company, which is then listed as
 * 已认证 and shown in the company's e-sign summary. On the awaiting-signature page the company party
 * signs with its seal after 人脸核身 instead of the SMS code (a failed check first, then a passed
 * one), and a signer whose identity is wrong is shown the 400020 modal and is back at the form.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { e2ePassword, registerCompany } from './support/api';
import { get, must, openAs } from './support/oa';
import { createSigningCompany, startSaleContract, type SigningCompany } from './support/signing';
import { idCard } from '../tests/support/test-data';

/** A one-pixel white PNG: the licence picture. */
const licencePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG0Vk7wAAAABJRU5ErkJggg==',
  'base64',
);

async function logIn(page: Page, phone: string) {
  await page.goto('/#/layout/login');
  await page.fill('#password-form input[name=userName]', phone);
  await page.fill('#password-form input[name=password]', e2ePassword);
  await page.click('#password-form button[type=submit]');
  await expect(page).toHaveURL(/#\/layout\/index/);
}

/** Starts a face check from the dialog and decides it on the provider's page that opens. */
async function faceCheck(context: BrowserContext, dialog: Locator, start: string, decision: string) {
  const opened = context.waitForEvent('page');
  await dialog.getByRole('button', { name: start }).click();
  const provider = await opened;
  await provider.waitForLoadState();
  await expect(provider).toHaveURL(/#\/sandbox\/face\?faceId=F[0-9a-f]{24}$/);
  const card = provider.getByTestId('sandbox-face');
  await expect(card.getByTestId('face-status')).toHaveText('待核身');
  await card.getByRole('button', { name: decision, exact: true }).click();
  await expect(card.getByTestId('face-done')).toBeVisible();
  await provider.close();
}

test('a manager registers the company after a failed and a passed face check of the legal representative', async ({
  page,
  context,
  request,
}) => {
  const phone = await registerCompany(request, '认证房产');
  await logIn(page, phone);
  await page.goto('/#/views/manager/seal');
  const section = page.getByTestId('company-registration');
  await expect(section.getByTestId('no-bodies')).toBeVisible();
  await expect(section.getByTestId('company-info')).toContainText('未认证');
  await expect(section.getByTestId('no-selectable')).toBeVisible();

  await section.getByRole('button', { name: '注册企业签约主体' }).click();
  const dialog = page.getByTestId('registration-dialog');
  await dialog.locator('input[name=corpName]').fill('认证房产经纪有限公司');
  await dialog.locator('input[name=corpIdentNo]').fill('9144030OMA5F000001');
  await dialog.locator('input[name=legalRepName]').fill('周法人');
  await dialog.locator('input[name=legalPhone]').fill('13700000001');
  await dialog.locator('input[name=legalRepIdNo]').fill(idCard('44030419800101123'));
  await dialog.locator('input[type=file][aria-label="营业执照图片"]').setInputFiles({
    name: 'licence.png',
    mimeType: 'image/png',
    buffer: licencePng,
  });

  // A bad code and no face check: refused by field name, nothing sent.
  await dialog.getByRole('button', { name: '提交认证' }).click();
  await expect(dialog.getByTestId('error-corpIdentNo')).toHaveText(
    '统一社会信用代码格式不正确（18 位统一社会信用代码或 15 位营业执照注册号）',
  );
  await expect(dialog.getByTestId('error-face')).toHaveText('请先完成法定代表人实名认证（人脸核身）');
  await page.screenshot({ path: 'test-results/identity-registration.png' });
  await dialog.locator('input[name=corpIdentNo]').fill('91440300MA5F000001');
  await expect(dialog.getByTestId('error-corpIdentNo')).toHaveCount(0);

  // The provider's page says no: the screen learns it by polling getFaceStatus.
  await faceCheck(context, dialog, '发起人脸核身', '核身不通过');
  await dialog.getByRole('button', { name: '我已完成核身' }).click();
  await expect(dialog.getByTestId('face-state')).toHaveText('未通过');
  await expect(dialog.getByTestId('face-notice')).toHaveText('人脸核身未通过：人脸比对未通过，请重新核身');
  await dialog.getByRole('button', { name: '提交认证' }).click();
  await expect(dialog.getByTestId('error-face')).toBeVisible();

  // Again, passed: found by the 5-second poll without asking.
  await faceCheck(context, dialog, '重新核身', '核身通过');
  await expect(dialog.getByTestId('face-state')).toHaveText('已通过', { timeout: 12_000 });
  await expect(dialog.getByTestId('error-face')).toHaveCount(0);

  await dialog.getByRole('button', { name: '提交认证' }).click();
  await expect(dialog).toHaveCount(0);
  const row = section.getByTestId('reg-body-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('认证房产经纪有限公司');
  await expect(row).toContainText('91440300MA5F000001');
  await expect(row).toContainText('法定代表人认证');
  await expect(row).toContainText('已认证');
  await expect(section.getByTestId('company-info')).toContainText('已认证');
  await page.screenshot({ path: 'test-results/identity-registered.png' });
  // A verified body makes seals possible on the same page.
  await expect(page.getByTestId('seal-page').getByRole('button', { name: '新建印章' })).toBeEnabled();
});

let signingCompany: Promise<SigningCompany> | null = null;

/** The company party's link of a fresh sale contract, opened by the company's manager. */
async function openCompanyLink(page: Page, request: APIRequestContext) {
  signingCompany ??= createSigningCompany(request);
  const company = await signingCompany;
  const contract = await startSaleContract(request, company);
  const link = contract.signatories.find((s) => s.role === 7);
  if (!link) throw new Error('no company signatory');
  await openAs(page, company.credentials, `/views/sign/to-be-signed?hash=${link.hash}`);
  const screen = page.getByTestId('to-be-signed-page');
  await expect(screen.getByRole('heading', { name: '二手房买卖合同' })).toBeVisible();
  const linkStatus = async () => {
    const info = await must(
      get<{ signatories: { role: number; signStatus: number }[] }>(
        request,
        `/sign/getSignInfo?contractId=${contract.contractId}`,
        company.credentials,
      ),
      'sign info',
    );
    return info.signatories.find((s) => s.role === 7)?.signStatus;
  };
  return { company, screen, linkStatus };
}

async function fillSigner(screen: Locator, company: SigningCompany, name: string) {
  await screen.getByPlaceholder('请输入统一社会信用代码').fill(company.corpIdentNo);
  await screen.getByPlaceholder('请输入姓名').fill(name);
  await screen.getByPlaceholder('请输入身份证号').fill(company.operator.idNo);
  await screen.getByPlaceholder('请输入手机号').fill(company.operator.phone);
  await screen.getByRole('radio', { name: '人脸核身' }).click();
  await expect(screen.getByRole('button', { name: '获取验证码' })).toBeHidden();
}

test('the company party signs with its seal after 人脸核身 instead of the SMS code', async ({
  page,
  context,
  request,
}) => {
  const { company, screen, linkStatus } = await openCompanyLink(page, request);
  await fillSigner(screen, company, company.operator.name);
  const face = screen.getByTestId('face-verification');
  const submit = screen.getByRole('button', { name: '确认签署并盖章' });

  // A failed check verifies nothing: the seal cannot be applied yet.
  await faceCheck(context, face, '发起人脸核身', '核身不通过');
  await face.getByRole('button', { name: '我已完成核身' }).click();
  await expect(face.getByTestId('face-state')).toHaveText('未通过');
  await expect(submit).toBeDisabled();

  await faceCheck(context, face, '重新核身', '核身通过');
  await face.getByRole('button', { name: '我已完成核身' }).click();
  await expect(face.getByTestId('face-state')).toHaveText('已通过');
  await expect(screen.getByTestId('signing-notice')).toHaveText('人脸核身已通过，可以确认签署');
  await submit.click();
  await expect(screen.getByTestId('signing-notice')).toHaveText('签署成功');
  await expect(screen.getByTestId('signatory-row').filter({ hasText: '本链接' })).toContainText('已签');
  expect(await linkStatus()).toBe(1);
});

test('a signer whose identity is wrong sees the 400020 modal and is back at the form', async ({
  page,
  context,
  request,
}) => {
  const { company, screen, linkStatus } = await openCompanyLink(page, request);
  // Neither the legal representative nor the registered agent of the signing body.
  await fillSigner(screen, company, '赵六');
  const face = screen.getByTestId('face-verification');
  await faceCheck(context, face, '发起人脸核身', '核身通过');
  await face.getByRole('button', { name: '我已完成核身' }).click();
  await expect(face.getByTestId('face-state')).toHaveText('已通过');
  await screen.getByRole('button', { name: '确认签署并盖章' }).click();

  const modal = page.getByRole('alertdialog');
  await expect(modal).toContainText('赵六 身份信息填写错误 请填写正确信息再提交');
  await modal.getByRole('button', { name: '去修改' }).click();
  await expect(modal).toHaveCount(0);
  await expect(screen.getByTestId('signing-notice')).toHaveText('赵六 身份信息填写错误 请填写正确信息再提交');
  expect(await linkStatus()).toBe(0);
  // Back at the form: correcting the name undoes the check, which is made again for the right person.
  await screen.getByPlaceholder('请输入姓名').fill(company.operator.name);
  await expect(face.getByTestId('face-state')).toHaveText('未认证');
  await expect(face.getByRole('button', { name: '发起人脸核身' })).toBeVisible();
});
