/**
 * Deleting a customer follow-up (issue 38), in Chromium: the broker who wrote it deletes it from the
 * detail's 跟进 tab after 是否确定删除该跟进？, and the change record keeps the deletion with his name.
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
import { must } from './support/oa';

test('a broker deletes his follow-up after the question, and the change record keeps it', async ({
  page,
  request,
}) => {
  const company = await customerCompany(request, ['柳经纪']);
  const broker = company.staff[0]!;
  const customer = buyer({ customerAttribution: 1 });
  const phone = (customer.phones as { phone: string }[])[0]!.phone;
  const customerId = await enterCustomer(request, broker.credentials, customer);
  for (const content of ['首次电话沟通，想看三房', '第二次沟通，预算 500 万'])
    await must(
      post(
        request,
        '/customer/v2/customerfollowUp',
        { customerId, category: 1, content },
        broker.credentials,
      ),
      'customerfollowUp',
    );

  await openCustomerBook(page, broker.credentials);
  await findByPhone(page, '私客', phone.slice(-4));
  await openFirstRow(page);
  const detail = page.getByTestId('customer-detail');
  await detail.getByRole('tab', { name: '跟进' }).click();
  const rows = detail.getByTestId('customer-follow-up');
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: '第二次沟通' }).getByRole('button', { name: '删除' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('是否确定删除该跟进？');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: '第二次沟通' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('首次电话沟通');

  await detail.getByRole('tab', { name: '变更记录' }).click();
  await expect(detail.getByText('删除了一条普通跟进：第二次沟通，预算 500 万')).toBeVisible();
  await expect(detail).toContainText('柳经纪');
});
