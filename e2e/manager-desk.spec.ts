/**
 * The day's desk and 日志记录 (issue 36): the demo manager's home shows what waits for him with the
 * counts of the lists they open, and his month; 日志记录 shows the operation log and login records.
 */
import { expect, test } from '@playwright/test';
import { login } from './support/api';
import { get, openAs } from './support/oa';

test('the home page’s waiting counts are those of the lists they open', async ({ page, request }) => {
  const manager = await login(request, '13800000000', 'demo1234');
  const wait = await get<Record<string, number>>(request, '/ManagementCenter/waitCount', manager);
  const approvals = await get<unknown[]>(request, '/oa/companyOaApprovalList?type=1', manager);
  expect(wait.data['approvalCount']).toBe((approvals as unknown as { total: number }).total);
  await openAs(page, manager, '/layout/index');
  const waiting = page.getByTestId('home-waiting');
  await expect(waiting.getByTestId('wait-approvalCount')).toHaveText(String(wait.data['approvalCount']));
  await expect(waiting.getByTestId('wait-signCount')).toHaveText(String(wait.data['signCount']));
  await expect(page.getByTestId('home-month')).toContainText('本月我的业绩');
  await expect(page.getByRole('img', { name: '本月我的业绩趋势图' })).toBeVisible();
  await waiting.getByRole('button', { name: /^待我审批/ }).click();
  await expect(page.getByRole('tab', { name: /待我审批/ })).toBeVisible();
  if (wait.data['approvalCount']! > 0)
    await expect(page.getByText(`共 ${wait.data['approvalCount']} 条`).first()).toBeVisible();
  // No internal path is shown anywhere on the desk.
  await expect(page.locator('body')).not.toContainText('/views/');
});

test('日志记录 lists the operation log and the login records', async ({ page, request }) => {
  const manager = await login(request, '13800000000', 'demo1234');
  await openAs(page, manager, '/views/manager/log');
  // The demo has no audited change in the last 30 days until someone makes one.
  await expect(page.getByRole('tabpanel', { name: '操作日志' })).toContainText(/暂无操作日志|共 \d+ 条/);
  await page.getByRole('tab', { name: '登录记录' }).click();
  const logins = page.getByTestId('login-records');
  await expect(logins.locator('tbody tr').first()).toContainText('张经理');
  await page.getByRole('tab', { name: '签约记录' }).click();
  await expect(page.getByRole('tabpanel', { name: '签约记录' })).toContainText(/暂无签约记录|共 \d+ 条/);
});
