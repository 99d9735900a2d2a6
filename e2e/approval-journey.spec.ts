/**
 * Approvals end to end in demo company A, all decisions made on screen:
 * 张经理 creates the approval 买卖合同冻结 (approver 王店长) on 审批设置; 赵经纪 (broker) records
 * three sale contracts; 孙权证 (权证专员) asks to freeze each on the contract ledger, which sends
 * them to approval instead of changing them; 王店长 approves the first (the contract becomes 冻结)
 * and rejects the second (it stays 待办理); 孙权证 revokes the third (it stays 待办理). The lists of
 * 王店长 (我已审批) and 孙权证 (我发起的) show each with its status.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addContract, demo, demoPassword, get, login, must, openAs } from './support/oa';
import type { Credentials } from './support/api';

const freezeItem = 65;

/** A retried run starts again from no definition for 买卖合同冻结. */
async function removeFreezeDefinition(request: APIRequestContext, manager: Credentials): Promise<void> {
  const groups = await must(
    get<{ approvals: { oaApprovalId: number; oaItemId: number }[] }[]>(
      request,
      '/oa/oaApprovalList',
      manager,
    ),
    'approval list',
  );
  for (const approval of groups.flatMap((group) => group.approvals))
    if (approval.oaItemId === freezeItem)
      await must(get(request, `/oa/oaApprovalDel?oaApprovalId=${approval.oaApprovalId}`, manager), 'delete');
}

async function pick(page: Page, combobox: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

async function requestFreeze(page: Page, contractNo: string): Promise<void> {
  const list = page.getByTestId('contract-list');
  await list.getByTestId('contract-row').filter({ hasText: contractNo }).getByRole('button').first().click();
  const detail = page.getByTestId('contract-detail');
  await expect(detail.getByTestId('contract-state')).toHaveText('待办理');
  await detail.getByRole('combobox', { name: '目标状态' }).click();
  await page.getByRole('option', { name: '冻结', exact: true }).click();
  await detail.getByRole('button', { name: '提交变更' }).click();
  await expect(detail.getByTestId('pending-approval')).toBeVisible();
  await expect(detail.getByTestId('contract-state')).toHaveText('待办理');
}

async function search(page: Page, contractNo: string): Promise<void> {
  await page.getByLabel('关键字').fill(contractNo);
  await page.getByTestId('contract-search').getByRole('button', { name: '搜索' }).click();
  await expect(page.getByTestId('contract-row')).toHaveCount(1);
  await expect(page.getByTestId('contract-row')).toContainText(contractNo);
}

function approvalRow(page: Page, contractNo: string) {
  return page.getByTestId('approval-list').getByTestId('approval-row').filter({ hasText: contractNo });
}

test('an approval is set up, and contracts sent to it are approved, rejected and revoked on screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [manager, broker, certificate, storeManager] = await Promise.all([
    login(request, demo.manager, demoPassword),
    login(request, demo.broker, demoPassword),
    login(request, demo.certificate, demoPassword),
    login(request, demo.storeManager, demoPassword),
  ]);
  await removeFreezeDefinition(request, manager);

  // 张经理 sets up 买卖合同冻结 with 王店长 as the approver.
  const managerPage = await browser.newPage();
  await openAs(managerPage, manager, '/views/office/oa/oa-setting');
  const setting = managerPage.getByTestId('oa-setting-page');
  await expect(setting.getByTestId('oa-group').first()).toBeVisible();
  await setting.getByRole('button', { name: '新建审批' }).click();
  const form = managerPage.getByTestId('definition-form');
  // 分组 offers the groups as groupList lists them, the first one chosen.
  const firstGroup = (await setting.getByTestId('oa-group-name').first().textContent()) ?? '';
  await expect(form.getByRole('combobox', { name: '审批分组' })).toHaveText(firstGroup);
  await pick(managerPage, '审批项', '买卖合同冻结');
  await expect(form.getByLabel('审批名称')).toHaveValue('买卖合同冻结');
  // The approver is searched among the whole staff: 王店长 found by his phone number.
  await form.getByRole('combobox', { name: '第 1 级审批成员' }).click();
  await managerPage.getByLabel('搜索第 1 级审批成员').fill('13800000001');
  await expect(managerPage.getByRole('option')).toHaveCount(1);
  await managerPage.getByRole('option', { name: /^王店长/ }).click();
  await expect(form.getByRole('combobox', { name: '第 1 级审批成员' })).toHaveText('王店长');
  await managerPage.getByRole('button', { name: '保存' }).click();
  const definition = setting.getByTestId('oa-definition').filter({ hasText: '买卖合同冻结' });
  await expect(definition).toBeVisible();
  await expect(definition).toContainText('王店长');
  await managerPage.close();

  // 赵经纪 records three sale contracts.
  const contracts = [];
  for (let i = 0; i < 3; i += 1) contracts.push(await addContract(request, broker, 'sale'));
  const [approved, rejected, revoked] = contracts.map((c) => c.contractNo) as [string, string, string];

  // 孙权证 asks to freeze each: they go to approval instead of changing.
  const certificatePage = await browser.newPage();
  await openAs(certificatePage, certificate, '/views/contract/index?contractType=1');
  await pick(certificatePage, '搜索类型', '合同编号');
  for (const contractNo of [approved, rejected, revoked]) {
    await search(certificatePage, contractNo);
    await requestFreeze(certificatePage, contractNo);
    await certificatePage.keyboard.press('Escape');
  }

  // 王店长 approves the first and rejects the second.
  const approverPage = await browser.newPage();
  await openAs(approverPage, storeManager, '/views/office/oa/oa-pending-approval');
  for (const [contractNo, button] of [
    [approved, '通过'],
    [rejected, '拒绝'],
  ] as const) {
    await approvalRow(approverPage, contractNo).getByRole('button').first().click();
    const detail = approverPage.getByTestId('approval-detail');
    await expect(detail.getByTestId('approval-status')).toHaveText('审批中');
    await detail.getByLabel('审批意见').fill(button === '通过' ? '同意冻结' : '资料不全');
    await detail.getByRole('button', { name: button }).click();
    await expect(detail.getByTestId('approval-status')).toHaveText(button === '通过' ? '已通过' : '已拒绝');
    await approverPage.keyboard.press('Escape');
  }
  await approverPage.getByRole('tab', { name: '我已审批' }).click();
  await expect(approvalRow(approverPage, approved)).toContainText('已通过');
  await expect(approvalRow(approverPage, rejected)).toContainText('已拒绝');
  await approverPage.close();

  // 孙权证 revokes the third, and sees all three with their outcome.
  await openAs(certificatePage, certificate, '/views/office/oa/oa-pending-approval');
  await certificatePage.getByRole('tab', { name: '我发起的' }).click();
  await approvalRow(certificatePage, revoked).getByRole('button').first().click();
  const detail = certificatePage.getByTestId('approval-detail');
  await detail.getByRole('button', { name: '撤回' }).click();
  await expect(certificatePage.getByRole('alertdialog')).toContainText('您确认要撤回此条审批记录吗？');
  await certificatePage.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(detail.getByTestId('approval-status')).toHaveText('已撤回');
  await certificatePage.keyboard.press('Escape');
  await certificatePage.reload();
  await certificatePage.getByRole('tab', { name: '我发起的' }).click();
  await expect(approvalRow(certificatePage, approved)).toContainText('已通过');
  await expect(approvalRow(certificatePage, rejected)).toContainText('已拒绝');
  await expect(approvalRow(certificatePage, revoked)).toContainText('已撤回');

  // The ledger: only the approved one is frozen.
  await openAs(certificatePage, certificate, '/views/contract/index?contractType=1');
  await pick(certificatePage, '搜索类型', '合同编号');
  for (const [contractNo, state] of [
    [approved, '冻结'],
    [rejected, '待办理'],
    [revoked, '待办理'],
  ] as const) {
    await search(certificatePage, contractNo);
    await expect(certificatePage.getByTestId('contract-row')).toContainText(state);
  }
  await certificatePage.close();
});
