/**
 * Issue 14's journey through the real customer book, in a company of its own (its upper limit
 * changes nothing elsewhere) with a broker and a colleague: the broker enters a buy customer (the
 * same phone again is refused naming the holder), finds the matching listing on its detail, writes a
 * visit follow-up, marks the deal after the confirmation, cancels it and turns the customer public;
 * the colleague picks it back and is refused once past the upper limit; the manager assigns a public
 * customer to the broker.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshPhone, post, type Credentials } from './support/api';
import { must } from './support/oa';
import {
  buyer,
  customerCompany,
  enterCustomer,
  findByPhone,
  openCustomerBook,
  openFirstRow,
  settingWith,
} from './support/customers';

async function pageAs(browser: Browser, credentials: Credentials): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openCustomerBook(page, credentials);
  return page;
}

const alert = (page: Page) => page.getByRole('alertdialog');

/** The one customer with this phone in a tab, not a row of the list read before (the row shows the phone's last 4 digits). */
async function findOne(page: Page, tab: '私客' | '公客', phone: string): Promise<void> {
  await findByPhone(page, tab, phone);
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('customer-row')).toContainText(phone.slice(-4));
}

async function confirm(page: Page, question: string): Promise<void> {
  await expect(alert(page)).toContainText(question);
  await alert(page).getByRole('button', { name: '确定' }).click();
  await expect(alert(page)).toHaveCount(0);
}

test('a customer from entry to deal, the public pool, pick-back past the limit, and assignment', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await customerCompany(request, ['周经纪', '吴经纪']);
  const [broker, colleague] = company.staff as [(typeof company.staff)[0], (typeof company.staff)[0]];
  // Each broker may hold one private buy customer.
  await must(
    post(request, '/customer/v2/customerSetting', settingWith({ selected: 1, sell: 1 }), company.manager),
    'setting',
  );
  // A listing that fits: 天健世纪花园, three rooms, 96 ㎡, 650 万.
  const found = await request.post('/api/intensiveFarming/new/getCommunityList', {
    form: { cityId: '4403', keyword: '天健世纪花园' },
    headers: company.manager,
  });
  const community = ((await found.json()) as { data: { communityId: number }[] }).data[0]!;
  await must(
    post(
      request,
      '/housing/v2/housingAdd',
      {
        type: 1,
        attribution: 1,
        communityId: community.communityId,
        buildingNo: '3栋',
        roomNo: '1201',
        room: 3,
        hall: 2,
        bath: 1,
        area: 96,
        property: 1,
        price: 650,
        ownerName: '林业主',
        ownerPhone: freshPhone(),
      },
      company.manager,
    ),
    'listing',
  );
  // Another public customer, for the colleague's second pick and the manager's assignment.
  const other = buyer({ customerAttribution: 2, name: '孙另客' });
  await enterCustomer(request, company.manager, other);
  const otherPhone = (other.phones as { phone: string }[])[0]!.phone;

  // The broker enters a buy customer.
  const phone = freshPhone();
  const page = await pageAs(browser, broker.credentials);
  await page.getByRole('button', { name: '录入客户' }).click();
  const form = page.getByRole('dialog', { name: '录入客户' });
  await form.getByLabel('客户姓名').fill('陈思远');
  await form.getByLabel('客户电话', { exact: true }).fill(phone);
  await form.getByLabel('意向价格下限').fill('500');
  await form.getByLabel('意向价格上限').fill('700');
  await form.getByLabel('意向面积下限').fill('80');
  await form.getByLabel('意向面积上限').fill('110');
  await form.getByText('三室', { exact: true }).click();
  await form.getByLabel('意向小区').fill('天健世纪花园');
  await form.getByLabel('物业类型').click();
  await page.getByRole('option', { name: '住宅' }).click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  const detail = page.getByTestId('customer-detail');
  await expect(detail.getByRole('heading', { name: '陈思远' })).toBeVisible();
  await expect(detail.getByTestId('customer-holder')).toContainText(broker.name);
  await page.keyboard.press('Escape');

  // The same phone again is refused, naming the customer and its holder; nothing is saved.
  await page.getByRole('button', { name: '录入客户' }).click();
  await form.getByLabel('客户姓名').fill('陈先生');
  await form.getByLabel('客户电话', { exact: true }).fill(phone);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toContainText('客户电话重复：已有客户陈思远');
  await expect(form.getByRole('alert')).toContainText(`维护人${broker.name}`);
  await form.getByRole('button', { name: '取消' }).click();

  // Its detail lists the fitting listing first.
  await findOne(page, '私客', phone);
  await openFirstRow(page);
  await detail.getByRole('tab', { name: '匹配房源' }).click();
  const firstMatch = detail.getByTestId('customer-match').first();
  await expect(firstMatch).toContainText('天健世纪花园');
  await expect(firstMatch).toContainText('100 分');
  await expect(firstMatch).toContainText('意向小区价格符合面积符合户型符合物业类型符合');

  // A visit follow-up naming that listing.
  await detail.getByRole('button', { name: '写跟进' }).click();
  const follow = page.getByRole('dialog', { name: '写跟进' });
  await follow.getByLabel('跟进方式').click();
  await page.getByRole('option', { name: '带看' }).click();
  await follow.getByText(/天健世纪花园 3室2厅/).click();
  await follow.getByLabel('跟进内容').fill('带看天健世纪花园三房，客户满意采光');
  await follow.getByRole('button', { name: '保存' }).click();
  await expect(follow).toHaveCount(0);
  await detail.getByRole('button', { name: '带看', exact: true }).click();
  const visit = detail.getByTestId('customer-follow-up').first();
  await expect(visit).toContainText('带看天健世纪花园三房');
  await expect(visit).toContainText('带看：天健世纪花园');

  // Deal after 是否确定成交?, then 取消成交?, then 是否确定转为公客？.
  await detail.getByRole('button', { name: '成交', exact: true }).click();
  await confirm(page, '是否确定成交?');
  await expect(detail.getByTestId('customer-deal')).toBeVisible();
  await detail.getByRole('button', { name: '取消成交' }).click();
  await confirm(page, '取消成交?');
  await expect(detail.getByTestId('customer-deal')).toHaveCount(0);
  await detail.getByRole('button', { name: '转公客' }).click();
  await confirm(page, '是否确定转为公客？');
  await expect(detail.getByTestId('customer-pool')).toHaveText('公客');
  await expect(detail.getByTestId('customer-holder')).toHaveText('公客池');
  await detail.getByRole('tab', { name: '变更记录' }).click();
  await expect(detail.getByTestId('customer-records')).toContainText('私客转为公客');
  await expect(detail.getByTestId('customer-records')).toContainText('取消成交');

  // The colleague picks it back; a second pick is past the limit of one.
  const colleaguePage = await pageAs(browser, colleague.credentials);
  await findOne(colleaguePage, '公客', phone);
  await colleaguePage.getByTestId('customer-row').getByRole('button', { name: '拣入私客' }).click();
  await confirm(colleaguePage, '是否确定拣入私客');
  await expect(colleaguePage.getByTestId('customer-row')).toHaveCount(0);
  await findOne(colleaguePage, '公客', otherPhone);
  await colleaguePage.getByTestId('customer-row').getByRole('button', { name: '拣入私客' }).click();
  await expect(alert(colleaguePage)).toContainText('求购私客已达上限 1 个，不能再增加私客');
  await alert(colleaguePage).getByRole('button', { name: '关闭' }).click();
  await expect(colleaguePage.getByTestId('customer-row')).toHaveCount(1);
  await findOne(colleaguePage, '私客', phone);
  await expect(colleaguePage.getByTestId('customer-row')).toContainText(colleague.name);

  // The manager assigns the other public customer to the broker.
  const managerPage = await pageAs(browser, company.manager);
  await findOne(managerPage, '公客', otherPhone);
  await openFirstRow(managerPage);
  const managerDetail = managerPage.getByTestId('customer-detail');
  await expect(managerDetail.getByRole('heading', { name: '孙另客' })).toBeVisible();
  await expect(managerDetail.getByTestId('customer-pool')).toHaveText('公客');
  await managerDetail.getByRole('button', { name: '分配' }).click();
  const assign = managerPage.getByRole('dialog', { name: '分配客户' });
  await assign.getByLabel('搜索同事').fill(broker.name);
  await assign.getByRole('button', { name: new RegExp(`^${broker.name}`) }).click();
  await assign.getByRole('button', { name: '确定' }).click();
  await expect(managerDetail.getByRole('status')).toContainText(`已分配给${broker.name}`);
  await expect(managerDetail.getByTestId('customer-holder')).toContainText(broker.name);
  await expect(managerDetail.getByTestId('customer-pool')).toHaveText('私客');
});
