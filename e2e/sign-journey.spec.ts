/**
 * The sign journey of issue 5 in the real app against the real server: a broker of the demo company
 * (step-by-step signing) starts a sale contract from the shipped template on
 * /views/sign/sign-operation, gets a bad ID number refused with the party named, leaves a draft that
 * survives a reload, submits, accepts the nextType offer to start signing, and the contract moves
 * 待签字 → 已签约 (the parties sign through their links on the server, the company seals by itself
 * with its seal-free authorisation) → 已完成; the detail's operation log shows every step, and another
 * company's manager opening the same address sees nothing of it.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support/api';
import { demo, demoPassword, openAs } from './support/oa';
import { partiesOf, prepareCompanySeal, signAllParties, type SignCompany } from './support/sign';

const form = (page: Page) => page.getByTestId('sign-operation-page');
const detail = (page: Page) => page.getByTestId('sign-detail-page');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await form(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a broker fills a sale contract, keeps the draft over a reload, submits and follows it to 已签约 and 已完成', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const [broker, manager] = await Promise.all([
    login(request, demo.broker, demoPassword),
    login(request, demo.manager, demoPassword),
  ]);
  // The company signs by seal: its manager registers it and authorises seal-free signing once.
  const company: SignCompany = {
    credentials: manager,
    phone: demo.manager,
    userId: 0,
    saleBoxId: 0,
    groupId: null,
  };
  await prepareCompanySeal(request, company);
  // Phones of this run: the parties' SMS codes are read back from the sandbox outbox.
  const { seller, buyer } = partiesOf(`${Date.now()}`.slice(-11));
  const houseName = `翠湖花园${Date.now() % 10000}`;

  await openAs(page, broker, '/layout/index');
  await page.getByRole('button', { name: '在线签约', exact: true }).first().click();
  // The app's pay-status gate may first remind of the expiry date.
  const gate = page.getByRole('button', { name: '知道了' });
  const list = page.getByTestId('sign-list-page');
  await expect(list.or(gate)).toBeVisible();
  if (await gate.isVisible()) await gate.click();
  await list.getByRole('button', { name: '发起签约' }).click();
  await page
    .getByTestId('template-chooser')
    .getByRole('button', { name: /二手房买卖合同/ })
    .click();

  // 1. Parties: a wrong ID number is refused, naming the party.
  await expect(form(page)).toBeVisible();
  await form(page).getByLabel('甲方姓名').fill(seller.name);
  await form(page).getByLabel('甲方证件号码').fill('110105194912310021');
  await form(page).getByLabel('甲方手机号').fill(seller.phone);
  await form(page).getByLabel('乙方姓名').fill(buyer.name);
  await form(page).getByLabel('乙方证件号码').fill(buyer.certNo.toLowerCase());
  await form(page).getByLabel('乙方手机号').fill(buyer.phone);
  await form(page).getByRole('button', { name: '下一步' }).click();
  await expect(form(page).getByTestId('form-error')).toHaveText('甲方：身份证号码格式不正确');
  // Typed in lower case, the ID number is upper-cased (its check letter X).
  await form(page).getByLabel('甲方证件号码').fill(seller.certNo.toLowerCase());
  await expect(form(page).getByLabel('甲方证件号码')).toHaveValue(seller.certNo);
  await form(page).getByRole('button', { name: '下一步' }).click();
  await expect(form(page).getByTestId('form-error')).toHaveCount(0);

  // 2. The house: once the house name is in, the draft is saved (已保存 for 3 seconds).
  await form(page).getByRole('combobox', { name: '省' }).click();
  await page.getByRole('option', { name: '广东省' }).click();
  await form(page).getByRole('combobox', { name: '市' }).click();
  await page.getByRole('option', { name: '深圳市' }).click();
  await form(page).getByRole('combobox', { name: '区县' }).click();
  await page.getByRole('option', { name: '福田区' }).click();
  await form(page).getByLabel('房屋坐落').fill('福华路 88 号');
  await form(page).getByLabel('楼盘名称').fill(houseName);
  await form(page).getByLabel('楼栋号').fill('3');
  await form(page).getByLabel('房号').fill('1202');
  await form(page).getByLabel('房屋所有权证号').fill('粤(2020)深圳市不动产权第0012345号');
  await form(page).getByLabel('建筑面积').fill('89.5');
  await expect(form(page).getByTestId('draft-indicator')).toHaveText('已保存');

  // The draft survives a reload: the tab comes back with the form as it was.
  await page.reload();
  await expect(form(page)).toBeVisible();
  await expect(form(page).getByLabel('甲方证件号码')).toHaveValue(seller.certNo);
  await expect(form(page).getByLabel('乙方证件号码')).toHaveValue(buyer.certNo);
  await form(page).getByRole('button', { name: '2. 房屋信息' }).click();
  await expect(form(page).getByLabel('楼盘名称')).toHaveValue(houseName);
  await expect(form(page).getByLabel('建筑面积')).toHaveValue('89.5');
  await form(page).getByRole('button', { name: '下一步' }).click();

  // 3. The transaction.
  await form(page).getByLabel('成交价').fill('3200000');
  await choose(page, '付款方式', '商业贷款');
  await form(page).getByLabel('过户日期').fill('2026-12-20');
  await form(page).getByLabel('交房日期').fill('2027-01-10');
  await form(page).getByRole('button', { name: '下一步' }).click();
  // 4. Other terms: nothing required.
  await form(page).getByRole('button', { name: '下一步' }).click();
  // 5. Submit: the template's own required field first.
  await form(page).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(page).getByTestId('form-error')).toHaveText('请选择房屋产权年限');
  await choose(page, '房屋产权年限', '70年');
  await form(page).getByRole('button', { name: '提交', exact: true }).click();

  // nextType 1: the offer to start signing.
  const offer = page.getByRole('alertdialog');
  await expect(offer).toContainText('合同已提交，是否立即发起签署？');
  await offer.getByRole('button', { name: '立即发起签署' }).click();
  await expect(form(page).getByTestId('submit-done')).toContainText('签署已发起');
  await expect(detail(page).getByTestId('detail-state')).toHaveText('待签字', { timeout: 15_000 });
  const contractNo = (await detail(page).getByTestId('detail-contract-no').textContent()) ?? '';
  expect(contractNo).not.toBe('');

  // The parties sign through their links; the company seals by itself after the last of them.
  const found = await request.get(`/api/sign/signPosts?pageindex=1&pagesize=15&state=7&key=${contractNo}`, {
    headers: broker,
  });
  const rows = ((await found.json()) as { data: { contractId: number; contractNo: string }[] }).data;
  const contractId = rows.find((c) => c.contractNo === contractNo)?.contractId ?? 0;
  expect(contractId).toBeGreaterThan(0);
  expect(await signAllParties(request, company, contractId, { seller, buyer })).toBe(8);

  await detail(page).getByRole('button', { name: '刷新' }).click();
  await expect(detail(page).getByTestId('detail-state')).toHaveText('已签约');
  await detail(page).getByRole('button', { name: '签约完成' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('您确认要签约完成吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail(page).getByTestId('detail-state')).toHaveText('已完成');
  await expect(detail(page).getByTestId('detail-notice')).toHaveText('签约已完成');

  // The signed contract reads as the broker chose: labels, not codes, and the price in capitals.
  const print = await request.get(`/api/sign/signViewPrint?contractId=${contractId}`, { headers: broker });
  const { pdfUrl } = ((await print.json()) as { data: { pdfUrl: string } }).data;
  const pdf = await (await request.get(pdfUrl)).body();
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, '');
  expect(text).toContain('付款方式：商业贷款');
  expect(text).toContain('（大写：叁佰贰拾万元整）');
  expect(text).toContain('该房屋土地使用权（产权）年限为70年');

  // Every step is in the operation log, newest first.
  const logs = detail(page).getByTestId('operation-logs');
  await expect(logs.getByTestId('log-row')).toHaveCount(4);
  await expect(logs.getByTestId('log-row').nth(0)).toContainText('签约完成');
  await expect(logs.getByTestId('log-row').nth(1)).toContainText('已签约');
  await expect(logs.getByTestId('log-row').nth(2)).toContainText('发起签署');
  await expect(logs.getByTestId('log-row').nth(3)).toContainText('提交');

  // Another company's manager, given the same address, sees nothing of it.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await openAs(
    otherPage,
    await login(request, '13900000000', demoPassword),
    `/views/sign/detail?contractId=${contractId}`,
  );
  await expect(detail(otherPage).getByTestId('detail-notice')).not.toBeEmpty();
  // A record it cannot see is gone for it: the page-state rule's modal covers the page.
  await expect(otherPage.getByText('当前页面状态不可操作')).toBeVisible();
  await expect(detail(otherPage).getByTestId('detail-state')).toHaveCount(0);
  await expect(detail(otherPage)).not.toContainText(houseName);
  await other.close();
});
