/**
 * The ledger under a company's own 合同基础设置 (issue 38): the state names it chose are the names the
 * ledger's list, its 合同状态 filter and the detail show; the ledger's 签约人 and the
 * approval list's 发起人 filters search the whole staff on the server (the shared StaffPick) instead of
 * offering the first hundred people.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { post } from './support/api';
import { addContract, changeState, must, openAs, ownCompany, setApproval } from './support/oa';

const named = (names: string[]) => names.map((stateName, index) => ({ state: index + 1, stateName }));

test('the ledger and the approvals name states as 合同基础设置 does, and their people filters search the staff', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  await must(
    post(
      request,
      '/contract/v2/contractSetting',
      {
        saleNumberRule: { prefix: 'XS', dateFormat: 1, digits: 3 },
        rentNumberRule: { prefix: 'ZL', dateFormat: 1, digits: 3 },
        commission: { saleRate: 2, rentRate: 100, dailiFeeA: 50, dailiFeeB: 50 },
        requiredAttachments: [],
        saleStateNames: named(['待签', '过户中', '已过户', '结案', '冻结', '作废', '解约']),
        rentStateNames: named(['正常', '解除', '作废', '完成']),
      },
      company.credentials,
    ),
    'contract setting',
  );
  const waiting = await addContract(request, company.credentials, 'sale');
  const moving = await addContract(request, company.credentials, 'sale');
  await changeState(request, company.credentials, 'sale', moving.contractId, 2);
  // 已过户 waits for the manager's approval: a record of his in the approval list.
  await setApproval(request, company, 63, true);
  await changeState(request, company.credentials, 'sale', moving.contractId, 3);

  await openAs(page, company.credentials, '/views/contract/index');
  const list = page.getByTestId('contract-list');
  const row = (contractNo: string) => list.getByRole('row').filter({ hasText: contractNo });
  await expect(row(waiting.contractNo).getByText('待签', { exact: true })).toBeVisible();
  await expect(row(moving.contractNo).getByText('过户中', { exact: true })).toBeVisible();

  const search = page.getByTestId('contract-search');
  await search.getByRole('combobox', { name: '合同状态' }).click();
  await page.getByRole('option', { name: '过户中' }).click();
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(row(moving.contractNo)).toBeVisible();
  await expect(row(waiting.contractNo)).toHaveCount(0);

  // 签约人: typed, searched on the server, chosen; 全部签约人 undoes it.
  const signatory = search.getByRole('combobox', { name: '签约人' });
  await expect(signatory).toHaveText('全部签约人');
  await signatory.click();
  await page.getByRole('textbox', { name: '搜索签约人' }).fill('测试经理');
  await page.getByRole('option', { name: /测试经理/ }).click();
  await expect(signatory).toHaveText('测试经理');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(row(moving.contractNo)).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await signatory.click();
  await page.getByRole('option', { name: '全部签约人' }).click();
  await expect(signatory).toHaveText('全部签约人');

  await row(moving.contractNo).getByRole('button', { name: '详情' }).click();
  await expect(page.getByTestId('contract-state')).toHaveText('过户中');

  await openAs(page, company.credentials, '/views/office/oa/oa-pending-approval');
  const approvals = page.getByTestId('approval-list');
  await expect(approvals).toContainText(moving.contractNo);
  const filters = page.getByTestId('approval-filters');
  const sponsor = filters.getByRole('combobox', { name: '发起人' });
  await expect(sponsor).toHaveText('全部发起人');
  await sponsor.click();
  await page.getByRole('textbox', { name: '搜索发起人' }).fill('测试');
  await page.getByRole('option', { name: /测试经理/ }).click();
  await expect(sponsor).toHaveText('测试经理');
  const asked = page.waitForRequest((request) => request.url().includes('sponsorUserId='));
  await filters.getByRole('button', { name: '查询' }).click();
  expect(new URL((await asked).url()).searchParams.get('sponsorUserId')).toBe(String(company.userId));
  await expect(approvals).toContainText(moving.contractNo);
});
