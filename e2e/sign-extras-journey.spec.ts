/**
 * Issue 18's journeys through the real sign pages and server: a company signs with the finance seal
 * it chose at submission and the signed PDF carries that seal; a contract is printed twice and shows
 * the count.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { get, must, openAs } from './support/oa';
import {
  buySignCredits,
  prepareCompanySeal,
  registerSignBody,
  saleContent,
  signCall,
  saveSaleDraft,
  signAllParties,
  signCompany,
  submitSale,
} from './support/sign';
import { post } from './support/api';
import { idCard } from '../tests/support/test-data';

const form = (page: Page) => page.getByTestId('sign-operation-page');

test('a company signs with the finance seal chosen at submission and the signed PDF shows that seal', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await signCompany(request);
  await buySignCredits(request, company);
  await registerSignBody(request, company, {
    index: 0,
    seals: [
      [2, '合同专用章'],
      [3, '财务专用章'],
    ],
  });
  // Both seals sign without a code: the company seals by itself once the parties have signed.
  await must(post(request, '/seal/sealAuthFreeSign', {}, company.credentials), 'seal-free signing');
  const draftCode = await saveSaleDraft(request, company);

  await openAs(page, company.credentials, `/views/sign/sign-operation?draftCode=${draftCode}`);
  await form(page).getByTestId('steps').getByRole('button', { name: /提交/ }).click();
  const choice = form(page).getByTestId('seal-choice');
  await expect(choice.getByRole('combobox', { name: '印章' })).toHaveText('合同专用章');
  await choice.getByRole('combobox', { name: '印章' }).click();
  await page.getByRole('option', { name: '财务专用章' }).click();
  await form(page).getByRole('button', { name: '提交', exact: true }).click();
  await page.getByRole('button', { name: '立即发起签署' }).click();
  await expect(page.getByTestId('submit-done')).toContainText('签署已发起');
  const [contract] = await must(
    get<{ contractId: number }[]>(request, '/sign/signPosts?state=0', company.credentials),
    'sign list',
  );
  const contractId = contract!.contractId;

  await openAs(page, company.credentials, `/views/sign/detail?contractId=${contractId}`);
  const detail = page.getByTestId('sign-detail-page');
  await expect(detail.getByTestId('detail-state')).toHaveText('待签字');
  await expect(detail.getByTestId('detail-seal')).toContainText('财务专用章');

  expect(await signAllParties(request, company, contractId)).toBe(8);
  await detail.getByRole('button', { name: '刷新' }).click();
  await expect(detail.getByTestId('detail-state')).toHaveText('已签约');
  await expect(detail.getByTestId('detail-seal')).toContainText('财务专用章');

  const view = await must(
    get<{ pdfUrl: string }>(
      request,
      `/sign/signingPreviewViewContent?contractId=${contractId}`,
      company.credentials,
    ),
    'signed document',
  );
  const pdf = await (await request.get(view.pdfUrl)).body();
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, '');
  expect(text).toContain('自动加盖财务专用章「财务专用章」');
});

test('a contract is printed, printed again after a request, and shows the count', async ({
  page,
  request,
}) => {
  const company = await signCompany(request);
  const { contractId } = await submitSale(request, company, { paper: true });
  // The PDF opens in a new window for the browser to print; the journey stays on the detail.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openAs(page, company.credentials, `/views/sign/detail?contractId=${contractId}`);
  const panel = page.getByTestId('sign-print');
  await expect(panel.getByTestId('print-count')).toHaveText(/已打印 0 次/);
  await panel.getByRole('button', { name: '打印合同' }).click();
  await panel.getByRole('button', { name: '已打印' }).click();
  await expect(panel.getByTestId('print-count')).toContainText('已打印 1 次');

  await panel.getByRole('button', { name: '申请重新打印' }).click();
  await panel.getByLabel('重新打印原因').fill('客户要求多留一份');
  await panel.getByRole('button', { name: '提交申请' }).click();
  await panel.getByRole('button', { name: '打印合同' }).click();
  await panel.getByRole('button', { name: '已打印' }).click();
  await expect(panel.getByTestId('print-count')).toContainText('已打印 2 次');
  // The server keeps the count: the detail read again says the same.
  await page.reload();
  await expect(page.getByTestId('sign-print').getByTestId('print-count')).toContainText('已打印 2 次');
  const detail = await must(
    get<{ printCount: number }>(request, `/sign/signDetailV3?contractId=${contractId}`, company.credentials),
    'detail',
  );
  expect(detail.printCount).toBe(2);
});

test('the sign detail shows 签字记录 3 a page with the progress, the contract text, an earlier version and the audit trail', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const company = await signCompany(request);
  await buySignCredits(request, company);
  await prepareCompanySeal(request, company);
  const { contractId } = await submitSale(request, company);
  // An edit keeps the version it replaced; the buyer has a co-owner, so four parties sign.
  const content = saleContent(company.phone);
  const coOwner = {
    name: '王五',
    certType: 1,
    certNo: idCard('11010119800101123'),
    phone: `137${company.phone.slice(-8)}`,
  };
  await signCall(request, company, '/sign/contractEditV2501', {
    contractId,
    boxid: company.saleBoxId,
    content: {
      ...content,
      partyB: { ...content.partyB, coOwners: [coOwner] },
      property: { ...content.property, houseName: '星河湾' },
    },
    signatureType: 1,
  });
  await signCall(request, company, '/sign/contractStart', { contractId, type: 2 });
  expect(await signAllParties(request, company, contractId, undefined, { 6: coOwner.phone })).toBe(8);

  await openAs(page, company.credentials, `/views/sign/detail?contractId=${contractId}`);
  const detail = page.getByTestId('sign-detail-page');
  await detail.getByRole('tab', { name: '签字记录' }).click();
  await expect(detail.getByTestId('sign-progress')).toContainText('已签 4 / 4 方');
  const records = detail.getByTestId('sign-record');
  await expect(records).toHaveCount(3);
  await expect(detail.getByText(/第 1 \/ \d+ 页/)).toBeVisible();
  await detail.getByRole('button', { name: '下一页' }).click();
  await expect(detail.getByText(/第 2 \/ \d+ 页/)).toBeVisible();
  await expect(records.first()).toBeVisible();

  await detail.getByRole('tab', { name: '合同文本' }).click();
  await expect(detail.getByTestId('contract-current-text')).toContainText('星河湾');
  await expect(
    detail.getByTestId('signing-document').getByRole('link', { name: '查看签署文件' }),
  ).toBeVisible();

  await detail.getByRole('tab', { name: '历史版本' }).click();
  await detail.getByTestId('history-row').first().getByRole('button', { name: '查看' }).click();
  const version = page.getByTestId('contract-text-dialog');
  await expect(version).toContainText('阳光花园');
  await expect(version).not.toContainText('星河湾');
  await version.getByRole('button', { name: '关闭' }).click();

  await detail.getByRole('tab', { name: '审计记录' }).click();
  await expect(detail.getByTestId('audit-trail')).toContainText('签署');
});
