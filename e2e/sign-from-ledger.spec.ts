/**
 * A deal already in the contract ledger becomes a sign contract without typing it twice: 发起电子签约
 * on the ledger detail opens the sign form with only sale templates offered, and the chosen
 * template's form comes prefilled with the parties, the house and the price (getContractSellData).
 */
import { expect, test } from '@playwright/test';
import { addContract, openAs, passPayStatusGate } from './support/oa';
import { createSigningCompany } from './support/signing';

test('发起电子签约 on a ledger sale contract prefills the sign form', async ({ page, request }) => {
  const company = await createSigningCompany(request);
  const { contractNo } = await addContract(request, company.credentials, 'sale');

  await openAs(page, company.credentials, '/views/contract/index?contractType=1');
  await page
    .getByTestId('contract-row')
    .filter({ hasText: contractNo })
    .getByRole('button', { name: '详情' })
    .click();
  await page.getByTestId('contract-detail').getByRole('button', { name: '发起电子签约' }).click();
  // The sign app has its own gate: a company that never opened it is offered the free trial first.
  await passPayStatusGate(page, '/views/sign/sign-operation');

  const chooser = page.getByTestId('template-chooser');
  await expect(chooser.getByTestId('template-chooser-notice')).toContainText('已从合同台账导入');
  await expect(chooser.getByRole('button', { name: /房屋租赁合同/ })).toHaveCount(0);
  await chooser.getByRole('button', { name: /二手房买卖合同/ }).click();

  await expect(page.getByLabel('甲方姓名', { exact: true })).toHaveValue('王建国');
  await expect(page.getByLabel('乙方姓名', { exact: true })).toHaveValue('林晓燕');
  await page.getByRole('button', { name: '2. 房屋信息' }).click();
  await expect(page.getByLabel('楼盘名称', { exact: true })).toHaveValue('桃源居');
  await expect(page.getByLabel('房号', { exact: true })).toHaveValue('1203');
  await page.getByRole('button', { name: '3. 交易信息' }).click();
  await expect(page.getByLabel('成交价', { exact: true })).toHaveValue('5600000');
});
