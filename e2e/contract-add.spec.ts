/**
 * The contract ledger's 新增 through the real page and server (issue 18): 赵经纪, whom the add flags
 * allow (getContractAddOperateAuth), records a sale contract signed offline — a wrong ID number is
 * refused by the server with the party named, the corrected one is kept and opens in the ledger —
 * and the rent tab offers 新增租赁合同; 钱财务, whom the flags do not allow, sees the ledger without 新增.
 */
import { expect, test, type Page } from '@playwright/test';
import { idCard } from '../tests/support/test-data';
import { post } from './support/api';
import { demo, demoPassword, get, login, must, openAs } from './support/oa';

const finance = '13800000004';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a broker records a sale contract through 新增; finance, without the add flags, has no 新增', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const broker = await login(request, demo.broker, demoPassword);
  const flags = await must(
    get<{ newAddBtn: number; saleContractNewAdd: number }>(
      request,
      '/base/getContractAddOperateAuth',
      broker,
    ),
    'flags',
  );
  expect(flags).toMatchObject({ newAddBtn: 1, saleContractNewAdd: 1 });
  const houseName = `新增花园${Date.now() % 100000}`;

  await openAs(page, broker, '/views/contract/index?contractType=1');
  const ledger = page.getByTestId('contract-page');
  await expect(ledger.getByTestId('contract-row').first()).toBeVisible();
  await ledger.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增买卖合同' });
  const form = dialog.getByTestId('contract-add-form');

  // Nothing is sent before the form has what the ledger needs.
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('请选择签约日期');

  await form.getByRole('textbox', { name: '签约日期' }).fill('2026-11-20');
  await choose(page, '省份', '广东省');
  await choose(page, '城市', '深圳市');
  await choose(page, '区县', '南山区');
  await form.getByRole('textbox', { name: '小区名称' }).fill(houseName);
  await form.getByRole('textbox', { name: '楼栋号' }).fill('6');
  await form.getByRole('textbox', { name: '房号' }).fill('1801');
  await form.getByRole('textbox', { name: '甲方（出卖人）姓名' }).fill('王建国');
  await form.getByRole('textbox', { name: '甲方（出卖人）身份证号' }).fill('110105194912310021');
  await form.getByRole('textbox', { name: '甲方（出卖人）手机号' }).fill('13612345678');
  await form.getByRole('textbox', { name: '乙方（买受人）姓名' }).fill('林晓燕');
  await form.getByRole('textbox', { name: '乙方（买受人）身份证号' }).fill(idCard('44030419900101123'));
  await form.getByRole('textbox', { name: '乙方（买受人）手机号' }).fill('13712345678');
  await form.getByRole('spinbutton', { name: '成交价（元）' }).fill('5600000');
  await choose(page, '付款方式', '商业贷款');

  // The server's check of the parties (001 section 5), the party named.
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toContainText('身份证号码格式不正确');
  await expect(dialog).toBeVisible();

  await form
    .getByRole('textbox', { name: '甲方（出卖人）身份证号' })
    .fill(idCard('11010519491231002').toLowerCase());
  await form.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  const detail = page.getByRole('dialog', { name: '买卖合同详情' });
  await expect(detail.getByTestId('contract-detail')).toContainText(houseName);

  const [kept] = await must(
    post<{ contractId: number; contractNo: string; state: number }[]>(
      request,
      '/contract/v2/contractSalePosts',
      { searchKey: { type: 1, key: houseName }, sort: 1 },
      broker,
    ),
    'ledger',
  );
  expect(kept).toMatchObject({ state: 1 });
  await expect(detail).toContainText(kept!.contractNo);
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // The rent tab has its own form.
  await ledger.getByRole('tab', { name: '租赁合同' }).click();
  await ledger.getByRole('button', { name: '新增', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: '新增租赁合同' }).getByRole('spinbutton', { name: '月租金（元）' }),
  ).toBeVisible();

  // Finance sees the ledger but no 新增.
  const accountant = await login(request, finance, demoPassword);
  const none = await must(
    get<{ newAddBtn: number }>(request, '/base/getContractAddOperateAuth', accountant),
    'flags',
  );
  expect(none.newAddBtn).toBe(0);
  const other = await page.context().browser()!.newPage();
  await openAs(other, accountant, '/views/contract/index?contractType=1');
  await expect(other.getByTestId('contract-page')).toBeVisible();
  // The ledger has loaded (rows, or none) before the button is looked for.
  await expect(other.getByTestId('contract-row').first().or(other.getByText('暂无合同'))).toBeVisible();
  await expect(
    other.getByTestId('contract-page').getByRole('button', { name: '新增', exact: true }),
  ).toHaveCount(0);
  await other.close();
});
