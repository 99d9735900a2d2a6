/**
 * Issue 18's template journey in Chromium: a company's manager gives the sale template a new widget
 * field on 模板管理 › 自定义设置 (and hides 角色 on the sign list); the contract form asks for it
 * (模板约定, required), the contract is signed by every party, and the signed PDF prints the field
 * with its value. Also: deleting a template group asks first, 快捷签署审批 is switched on, and the
 * sign list filters by contract type and template, follows the display flags and keeps recent searches.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { post } from './support/api';
import { get, must, openAs } from './support/oa';
import {
  buySignCredits,
  prepareCompanySeal,
  saveSaleDraft,
  signAllParties,
  signCompany,
  submitSale,
} from './support/sign';

const customize = (page: Page) => page.getByTestId('template-customize');
const form = (page: Page) => page.getByTestId('sign-operation-page');

test('a new widget field of the sale template is asked for in the contract form and printed in the signed PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await signCompany(request);
  await buySignCredits(request, company);
  await prepareCompanySeal(request, company);

  await openAs(page, company.credentials, '/views/sign/contract-template');
  await page
    .getByTestId('template-row')
    .filter({ hasText: '二手房买卖合同' })
    .getByRole('button', { name: '自定义设置' })
    .click();
  await expect(customize(page).getByTestId('widget-field')).toHaveCount(5);
  await customize(page).getByRole('button', { name: '添加字段' }).click();
  await customize(page).getByLabel('字段名称 6').fill('车位编号');
  await customize(page).getByLabel('必填 6').click();
  await customize(page).getByRole('tab', { name: '列表显示' }).click();
  await customize(page).getByRole('checkbox', { name: '角色' }).click();
  await expect(customize(page).getByTestId('unsaved-hint')).toBeVisible();
  await customize(page).getByRole('button', { name: '保存' }).click();
  await expect(customize(page)).toContainText('已保存');
  await expect(customize(page).getByTestId('unsaved-hint')).toHaveCount(0);
  await customize(page).getByRole('button', { name: '关闭' }).click();
  await expect(customize(page)).toHaveCount(0);
  // The template's preview names the widget fields the form will ask for (templateFieldList).
  await page
    .getByTestId('template-row')
    .filter({ hasText: '二手房买卖合同' })
    .getByRole('button', { name: '预览' })
    .click();
  await expect(page.getByTestId('template-field-summary')).toContainText('车位编号（单行文本，必填）');
  await page.getByTestId('contract-text-dialog').getByRole('button', { name: '关闭' }).click();
  const other = await must(
    get<{ role: number; user: number }>(
      request,
      `/template/getTemplateOtherSettings?boxId=${company.saleBoxId}`,
      company.credentials,
    ),
    'other settings',
  );
  expect(other).toMatchObject({ role: 0, user: 1 });

  // The contract form asks for the new field before submitting (模板约定).
  const draftCode = await saveSaleDraft(request, company);
  await openAs(page, company.credentials, `/views/sign/sign-operation?draftCode=${draftCode}`);
  await form(page).getByTestId('steps').getByRole('button', { name: /提交/ }).click();
  await expect(form(page).getByTestId('custom-fields')).toContainText('车位编号');
  await form(page).getByRole('button', { name: '提交', exact: true }).click();
  await expect(form(page).getByTestId('form-error')).toHaveText('请输入车位编号');
  await form(page).getByLabel('车位编号').fill('B2-018');
  await form(page).getByRole('button', { name: '提交', exact: true }).click();
  await page.getByRole('button', { name: '立即发起签署' }).click();
  await expect(page.getByTestId('submit-done')).toContainText('签署已发起');
  const [contract] = await must(
    get<{ contractId: number }[]>(request, '/sign/signPosts?state=0', company.credentials),
    'sign list',
  );
  expect(await signAllParties(request, company, contract!.contractId)).toBe(8);

  const view = await must(
    get<{ pdfUrl: string }>(
      request,
      `/sign/signingPreviewViewContent?contractId=${contract!.contractId}`,
      company.credentials,
    ),
    'signed document',
  );
  const pdf = await (await request.get(view.pdfUrl)).body();
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, '');
  expect(text).toContain('车位编号：B2-018');
});

test('deleting a template group asks first; 快捷签署审批 is switched on with an approver', async ({
  page,
  request,
}) => {
  const company = await signCompany(request);
  await must(
    post(request, '/template/templateGroupAdd', { groupName: '车位合同' }, company.credentials),
    'group',
  );
  await openAs(page, company.credentials, '/views/sign/contract-template');
  const groups = page.getByTestId('template-groups');
  await groups.getByRole('button', { name: /车位合同/ }).click();
  await groups.getByRole('button', { name: '删除分组' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('是否确定删除该分组「车位合同」？');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(groups.getByRole('button', { name: /车位合同/ })).toBeVisible();
  await groups.getByRole('button', { name: '删除分组' }).click();
  await ask.getByRole('button', { name: '删除' }).click();
  await expect(page.getByTestId('template-notice')).toHaveText('分组已删除');
  await expect(groups.getByRole('button', { name: /车位合同/ })).toHaveCount(0);

  await page.getByRole('button', { name: '快捷签署审批' }).click();
  const dialog = page.getByTestId('file-sign-approval');
  await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('开启审批时请至少设置一级审批人');
  await dialog.getByRole('button', { name: '添加审批人' }).click();
  await dialog.getByRole('combobox', { name: '第 1 级审批成员' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toContainText('审批设置已保存');
  const setting = await must(
    get<{ oaState: number; approvers: { userId: number | null }[] }>(
      request,
      '/oa/oaApprovalFileSignDetail',
      company.credentials,
    ),
    'file-sign approval',
  );
  expect(setting.oaState).toBe(1);
  expect(setting.approvers.map((a) => a.userId)).toEqual([company.userId]);
});

test('the sign list filters by contract type and template, follows the templates’ display flags and keeps recent searches', async ({
  page,
  request,
}) => {
  const company = await signCompany(request);
  await submitSale(request, company);
  await openAs(page, company.credentials, '/views/sign/index');
  const list = page.getByTestId('sign-list-page');
  await list.getByRole('tab', { name: /全部/ }).click();
  const rows = list.getByTestId('sign-row');
  await expect(rows).toHaveCount(1);
  await expect(list.getByRole('columnheader', { name: '发起时间' })).toBeVisible();
  await expect(list.getByRole('columnheader', { name: '发起人' })).toBeVisible();

  // The sale template stops showing 发起时间 (模板管理 › 列表显示): the column goes.
  await must(
    post(
      request,
      '/template/templateOtherSettings',
      { boxId: company.saleBoxId, mainTitle: 'property.houseName', sendtime: 0 },
      company.credentials,
    ),
    'other settings',
  );
  await list.getByRole('button', { name: '搜索' }).click();
  await expect(rows).toHaveCount(1);
  await expect(list.getByRole('columnheader', { name: '发起时间' })).toHaveCount(0);
  await expect(list.getByRole('columnheader', { name: '发起人' })).toBeVisible();

  const choose = async (label: string, option: string) => {
    await list.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose('合同类型', '租赁合同');
  await list.getByRole('button', { name: '搜索' }).click();
  await expect(list.getByTestId('sign-list-empty')).toBeVisible();
  await choose('合同类型', '买卖合同');
  await choose('合同模板', '二手房买卖合同');
  await list.getByRole('button', { name: '搜索' }).click();
  await expect(rows).toHaveCount(1);

  const keyword = list.getByLabel('关键词');
  await keyword.fill('没有这个楼盘');
  await keyword.press('Enter');
  await expect(list.getByTestId('sign-list-empty')).toBeVisible();
  await keyword.fill('阳光花园');
  await list.getByRole('button', { name: '搜索' }).click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await list.getByLabel('关键词').focus();
  await expect(page.getByTestId('search-history').getByRole('option')).toHaveText([
    '阳光花园',
    '没有这个楼盘',
  ]);
});

test('a template’s own approval set on 自定义设置 is the flow 发起审批 shows and starts', async ({
  page,
  request,
}) => {
  const company = await signCompany(request);
  await openAs(page, company.credentials, '/views/sign/contract-template');
  await page
    .getByTestId('template-row')
    .filter({ hasText: '二手房买卖合同' })
    .getByRole('button', { name: '自定义设置' })
    .click();
  await customize(page).getByRole('tab', { name: '签约审批' }).click();
  await customize(page).getByRole('switch').click();
  await customize(page).getByRole('button', { name: '保存' }).click();
  await expect(customize(page).getByTestId('template-customize-error')).toHaveText(
    '开启审批时请至少设置一级审批人',
  );
  await customize(page).getByRole('button', { name: '添加审批人' }).click();
  await customize(page).getByRole('combobox', { name: '第 1 级审批成员' }).click();
  await page.getByRole('option').first().click();
  await customize(page).getByRole('button', { name: '保存' }).click();
  await expect(customize(page)).toContainText('已保存');
  await customize(page).getByRole('button', { name: '关闭' }).click();

  // A contract of the template now needs that approval (nextType 2).
  const submitted = await submitSale(request, company);
  expect(submitted.nextType).toBe(2);
  await openAs(page, company.credentials, `/views/sign/detail?contractId=${submitted.contractId}`);
  const detail = page.getByTestId('sign-detail-page');
  await detail.getByRole('button', { name: '发起审批' }).click();
  await expect(page.getByTestId('approval-flow')).toContainText(
    /审批流程（模板审批设置）：第 1 级 .+（指定成员）/,
  );
  await page.getByRole('button', { name: '确定发起' }).click();
  await expect(detail.getByTestId('detail-state')).toHaveText('待审核');
});
