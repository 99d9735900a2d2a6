/**
 * Customer phones protected like owners' phones (issue 38), in Chromium: a broker opens a public
 * customer and sees the phone masked, views it (查看电话), writes the follow-up, and the manager sees
 * the view in the customer's change record with the broker's name; with the role's limit at ten views
 * a day, the eleventh is refused.
 */
import { expect, test } from '@playwright/test';
import { post } from './support/api';
import {
  buyer,
  customerCompany,
  enterCustomer,
  findByPhone,
  openCustomerBook,
  openFirstRow,
} from './support/customers';
import { expectToast, get, must } from './support/oa';

test('a broker views a masked customer phone with a follow-up; the manager sees the view; the 11th view is refused', async ({
  page,
  request,
  browser,
}) => {
  const company = await customerCompany(request, ['卫经纪']);
  const broker = company.staff[0]!;
  const roles = await must(
    get<{ roleId: number; roleName: string }[]>(request, '/org/v2/roleList', company.manager),
    'roleList',
  );
  const brokerRole = roles.find((role) => role.roleName === '经纪人')!;
  await must(
    post(
      request,
      '/base/updateRoleAuth',
      { roleId: brokerRole.roleId, appType: 2, authData: [{ authId: 207, selected: 1, count: 10 }] },
      company.manager,
    ),
    'updateRoleAuth',
  );
  const first = buyer({ customerAttribution: 2 });
  const phone = (first.phones as { phone: string }[])[0]!.phone;
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
  const firstId = await enterCustomer(request, company.manager, first);

  await openCustomerBook(page, broker.credentials);
  await findByPhone(page, '公客', phone.slice(-4));
  await expect(page.getByTestId('customer-row')).toContainText(masked);
  await expect(page.getByTestId('customer-row')).not.toContainText(phone);
  await openFirstRow(page);
  const detail = page.getByTestId('customer-detail');
  await expect(detail.getByTestId('customer-phone')).toHaveText(masked);
  await detail.getByRole('button', { name: '查看电话' }).click();
  await expect(detail.getByTestId('customer-phone')).toHaveText(phone);
  await expect(detail.getByTestId('customer-phone-note')).toContainText('今日还可查看 9 次');
  await detail.getByTestId('customer-phone-note').getByRole('button', { name: '写跟进' }).click();
  const dialog = page.getByRole('dialog', { name: '写跟进' });
  await dialog.getByLabel('跟进内容').fill('已电话联系，约周六看房');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  const records = await must(
    get<{ typeName: string; content: string; userName: string }[]>(
      request,
      `/customer/v2/customerChangeRecord?customerId=${firstId}&pageindex=1&pagesize=20`,
      company.manager,
    ),
    'customerChangeRecord',
  );
  expect(records.find((row) => row.typeName === '查看电话')).toMatchObject({
    content: '查看了客户电话',
    userName: '卫经纪',
  });

  // Nine more views today through the API (one per customer), then the eleventh in the browser.
  for (let view = 0; view < 9; view += 1) {
    const id = await enterCustomer(request, company.manager, buyer({ customerAttribution: 2 }));
    await must(
      post(request, '/customer/v2/customerPhoneView', { customerId: id }, broker.credentials),
      'view',
    );
  }
  const last = buyer({ customerAttribution: 2 });
  const lastPhone = (last.phones as { phone: string }[])[0]!.phone;
  await enterCustomer(request, company.manager, last);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await findByPhone(page, '公客', lastPhone.slice(-4));
  await openFirstRow(page);
  await page.getByTestId('customer-detail').getByRole('button', { name: '查看电话' }).click();
  await expectToast(page, '今日查看客户电话的次数已达上限（10 次），请明天再查看');
  await expect(page.getByTestId('customer-detail').getByTestId('customer-phone')).toHaveText(
    `${lastPhone.slice(0, 3)}****${lastPhone.slice(7)}`,
  );

  // The manager sees the broker's view in the change record on screen.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await openCustomerBook(managerPage, company.manager);
  await findByPhone(managerPage, '公客', phone.slice(-4));
  await openFirstRow(managerPage);
  await managerPage.getByRole('tab', { name: '变更记录' }).click();
  // Who and when: the record's time, then 查看电话 and the broker's name.
  await expect(managerPage.getByTestId('customer-records')).toContainText(
    /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s*查看电话\s*卫经纪：查看了客户电话/,
  );
  await managerContext.close();
});
