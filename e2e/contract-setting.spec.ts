/**
 * 合同基础设置 (issue 38): a company's manager sets the sale number rule, the commission split, a
 * required attachment and a state name; the page's own check refuses an empty state name, the save
 * is reported and survives a reload, axe finds no WCAG 2.1 AA violation, and the ledger numbers a
 * contract recorded without a number by the new rule.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { get, must, openAs, ownCompany } from './support/oa';

test('the manager keeps the contract settings, and the ledger numbers by them', async ({ page, request }) => {
  const company = await ownCompany(request);
  await openAs(page, company.credentials, '/views/system/setting/fp-contract-setting');
  const settings = page.getByTestId('contract-setting-page');
  await expect(settings.getByRole('heading', { name: '合同基础设置' })).toBeVisible();

  const prefix = settings.getByLabel('买卖合同编号前缀');
  await expect(prefix).toHaveValue('XS');
  await prefix.fill('ht-9');
  await expect(prefix).toHaveValue('HT9');
  await settings.getByRole('combobox', { name: '买卖合同编号日期格式' }).click();
  await page.getByRole('option', { name: '年月（如 202601）' }).click();
  await settings.getByRole('combobox', { name: '买卖合同编号流水号位数' }).click();
  await page.getByRole('option', { name: '4 位流水号' }).click();
  await expect(settings.getByTestId('contract-no-example').first()).toHaveText(/^示例：HT9\d{6}0001$/);

  await settings.getByLabel('甲方承担').fill('30');
  await expect(settings.getByTestId('commission-share-b')).toHaveText('乙方承担 70%');

  await settings.getByLabel('附件名称').fill('房产证');
  await settings.getByRole('button', { name: '添加' }).click();
  await expect(settings.getByRole('list', { name: '必备附件' })).toContainText('房产证');

  const first = settings.getByLabel('待办理');
  await first.fill('');
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByRole('status')).toHaveText('买卖合同状态名称不能为空');
  await first.fill('待签');
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings.getByRole('status')).toHaveText('合同基础设置已保存');

  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  await page.reload();
  await expect(settings.getByLabel('买卖合同编号前缀')).toHaveValue('HT9');
  await expect(settings.getByLabel('待办理')).toHaveValue('待签');
  await expect(settings.getByTestId('commission-share-b')).toHaveText('乙方承担 70%');
  await expect(settings.getByRole('list', { name: '必备附件' })).toContainText('房产证');

  const suggestion = await must(
    get<{ contractNo: string }>(
      request,
      '/contract/v2/contractNoSuggest?contractType=1&signDate=2026-11-20',
      company.credentials,
    ),
    'suggestion',
  );
  expect(suggestion.contractNo).toBe('HT92026110001');
});
