/**
 * One deal through the areas (issue 41): the demo broker opens his sale listing, presses 发起签约,
 * finds the house, the price and the owner already in the form, picks the buyer from his customers
 * (by the last digits of the phone), completes what the listing lacks and submits; the parties sign
 * through their signing links and the company seals by itself; after 签约完成 the listing shows 成交
 * with the contract, and the customer shows 成交 with the same contract.
 */
import { expect, test, type Page } from '@playwright/test';
import { login } from './support/api';
import { demo, demoPassword, must, get, openAs } from './support/oa';
import { addPrivateListing } from './support/houses';
import {
  buyer as buyerBody,
  enterCustomer,
  findByPhone,
  openCustomerBook,
  openFirstRow,
} from './support/customers';
import { partiesOf, prepareCompanySeal, signAllParties, type SignCompany } from './support/sign';

const form = (page: Page) => page.getByTestId('sign-operation-page');
const detail = (page: Page) => page.getByTestId('sign-detail-page');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await form(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a listing and a customer become one signed contract, and both show the deal', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const [broker, manager] = await Promise.all([
    login(request, demo.broker, demoPassword),
    login(request, demo.manager, demoPassword),
  ]);
  const company: SignCompany = {
    credentials: manager,
    phone: demo.manager,
    userId: 0,
    saleBoxId: 0,
    groupId: null,
  };
  await prepareCompanySeal(request, company);
  const { seller, buyer } = partiesOf(`${Date.now()}`.slice(-11));
  // His own sale listing and his own customer, entered for this run so no other test touches them.
  const houseId = await addPrivateListing(request, broker, {
    ownerName: seller.name,
    ownerPhone: seller.phone,
    area: 88,
    price: 560,
  });
  const customerName = '周晓梅';
  await enterCustomer(request, broker, buyerBody({ name: customerName, phones: [{ phone: buyer.phone }] }));

  await openAs(page, broker, `/views/house/detail?type=1&id=${houseId}&appType=1`);
  const house = page.getByTestId('house-detail');
  await expect(house).toBeVisible();
  await house.getByRole('button', { name: '发起签约' }).click();

  const chooser = page.getByTestId('template-chooser');
  await expect(chooser.getByTestId('template-chooser-notice')).toContainText('已从房源导入');
  await expect(chooser.getByRole('button', { name: /房屋租赁合同/ })).toHaveCount(0);
  await chooser.getByRole('button', { name: /二手房买卖合同/ }).click();

  // 1. Parties: the owner is 甲方 (his phone is protected on the listing: the broker types it).
  await expect(form(page).getByLabel('甲方姓名', { exact: true })).toHaveValue(seller.name);
  await form(page).getByLabel('甲方证件号码').fill(seller.certNo);
  await form(page).getByLabel('甲方手机号').fill(seller.phone);
  // 乙方 from the customer book, found by the last four digits of the phone.
  await form(page).getByTestId('party-b').getByRole('button', { name: '从客源选择' }).click();
  const picker = page.getByRole('dialog', { name: '从客源选择乙方' });
  await picker.getByLabel('客户姓名或手机号后几位').fill(buyer.phone.slice(-4));
  await picker.getByRole('button', { name: '搜索' }).click();
  await picker
    .getByTestId('party-customer-row')
    .filter({ hasText: customerName })
    .getByRole('button', { name: '选择' })
    .click();
  await expect(form(page).getByLabel('乙方姓名', { exact: true })).toHaveValue(customerName);
  await expect(form(page).getByLabel('乙方手机号', { exact: true })).toHaveValue(buyer.phone);
  await expect(form(page).getByTestId('party-customer-picker')).toContainText(`已关联客户：${customerName}`);
  await form(page).getByLabel('乙方证件号码').fill(buyer.certNo);
  await form(page).getByRole('button', { name: '下一步' }).click();

  // 2. The house: community, building, room and area come from the listing.
  await expect(form(page).getByLabel('楼盘名称', { exact: true })).toHaveValue('天健世纪花园');
  await expect(form(page).getByLabel('建筑面积', { exact: true })).toHaveValue('88');
  const district = form(page).getByRole('combobox', { name: '区县', exact: true });
  if (!/区/.test((await district.textContent()) ?? '')) {
    await choose(page, '省', '广东省');
    await choose(page, '市', '深圳市');
    await choose(page, '区县', '福田区');
  }
  const address = form(page).getByLabel('房屋坐落', { exact: true });
  if ((await address.inputValue()) === '') await address.fill('深南大道 6011 号');
  await form(page).getByLabel('房屋所有权证号').fill('粤(2020)深圳市不动产权第0012345号');
  await form(page).getByRole('button', { name: '下一步' }).click();

  // 3. The price of the listing (万元) as the contract's 成交价 in 元.
  await expect(form(page).getByLabel('成交价', { exact: true })).toHaveValue('5600000');
  await choose(page, '付款方式', '商业贷款');
  await form(page).getByLabel('过户日期').fill('2026-12-20');
  await form(page).getByLabel('交房日期').fill('2027-01-10');
  await form(page).getByRole('button', { name: '下一步' }).click();
  await form(page).getByRole('button', { name: '下一步' }).click();
  await choose(page, '房屋产权年限', '70年');
  await form(page).getByRole('button', { name: '提交', exact: true }).click();

  const offer = page.getByRole('alertdialog');
  await expect(offer).toContainText('合同已提交，是否立即发起签署？');
  await offer.getByRole('button', { name: '立即发起签署' }).click();
  await expect(detail(page).getByTestId('detail-state')).toHaveText('待签字', { timeout: 15_000 });
  const contractNo = (await detail(page).getByTestId('detail-contract-no').textContent()) ?? '';
  await expect(detail(page).getByTestId('detail-house')).toContainText('天健世纪花园');
  await expect(detail(page).getByTestId('detail-customer')).toContainText(customerName);

  // The parties sign through their links; the company seals by itself after the last of them.
  const rows = await must(
    get<{ contractId: number; contractNo: string }[]>(
      request,
      `/sign/signPosts?pageindex=1&pagesize=15&state=7&key=${contractNo}`,
      broker,
    ),
    'contracts',
  );
  const contractId = rows.find((row) => row.contractNo === contractNo)?.contractId ?? 0;
  expect(contractId).toBeGreaterThan(0);
  expect(await signAllParties(request, company, contractId, { seller, buyer })).toBe(8);

  await detail(page).getByRole('button', { name: '刷新' }).click();
  await expect(detail(page).getByTestId('detail-state')).toHaveText('已签约');
  await detail(page).getByRole('button', { name: '签约完成' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail(page).getByTestId('detail-state')).toHaveText('已完成');
  await expect(detail(page).getByTestId('detail-house')).toContainText('成交');
  await expect(detail(page).getByTestId('detail-customer')).toContainText('成交');

  // The listing: 成交 (我售) and the contract among its contracts.
  await detail(page).getByRole('button', { name: '查看房源' }).click();
  await expect(house).toBeVisible();
  await page.reload();
  await expect(house.getByText('我售', { exact: true })).toBeVisible();
  await house.getByRole('tab', { name: '签约合同' }).click();
  await expect(house.getByTestId('deal-contract-row').filter({ hasText: contractNo })).toContainText(
    '已完成',
  );

  // The customer: 成交 and the same contract.
  await openCustomerBook(page, broker);
  await findByPhone(page, '私客', buyer.phone);
  await openFirstRow(page);
  const customer = page.getByTestId('customer-detail');
  await expect(customer.getByTestId('customer-deal')).toBeVisible();
  await customer.getByRole('tab', { name: '签约合同' }).click();
  await expect(customer.getByTestId('deal-contract-row').filter({ hasText: contractNo })).toContainText(
    '已完成',
  );
});
