/**
 * axe-core's WCAG 2.0/2.1 A and AA rules on what e2e/accessibility.spec.ts cannot open bare (issue
 * 38): every page of the route table that takes parameters, opened by its address with a real id
 * (a listing, a customer, a ledger contract of the demo company; a sign contract, its signing link
 * and its file from a signing company made for the test), the pages that spec leaves out, and the
 * main screens' dialogs and popovers open (录入房源, 录入客户, 更多条件, the staff picker, 分类管理
 * being edited, the role list).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { post, type Credentials } from './support/api';
import { demo, demoPassword, get, login, must, openAs } from './support/oa';
import { createSigningCompany, startSaleContract } from './support/signing';

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

async function expectClean(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('加载中', { exact: false }), what).toHaveCount(0, { timeout: 30_000 });
  expect(await violationsOf(page), what).toEqual([]);
}

async function firstRow<T>(credentials: Credentials, path: string, request: Parameters<typeof post>[0]) {
  const answer = await post<T[]>(request, path, { pageindex: 1, pagesize: 1 }, credentials);
  expect(answer.code, path).toBe(200);
  return answer.data[0]!;
}

test('pages with parameters of the demo company have no WCAG 2.1 AA violation', async ({ page, request }) => {
  test.setTimeout(240_000);
  const manager = await login(request, demo.manager, demoPassword);
  const house = await firstRow<{ houseId: number; type: number }>(
    manager,
    '/housing/v2/housingPosts',
    request,
  );
  const customer = await firstRow<{ customerId: number }>(manager, '/customer/v2/customerPosts', request);
  const contract = await firstRow<{ contractId: number }>(manager, '/contract/v2/contractSalePosts', request);
  const addresses = [
    `/views/house/detail?type=${house.type}&id=${house.houseId}&appType=1`,
    `/views/customer/index?customerId=${customer.customerId}`,
    `/views/contract/index?contractType=1&contractId=${contract.contractId}`,
    `/views/contract/index?contractType=${house.type}&houseId=${house.houseId}`,
    '/views/manager/job/job-set?tab=2',
    '/views/manager/organizational/organizational-structure?tab=2',
    '/views/system/layout?path=/views/system/fp-auth-role',
    `/views/public/web-view?title=${encodeURIComponent('帮助中心')}&url=${encodeURIComponent('/#/layout/login')}`,
  ];
  for (const address of addresses) {
    await openAs(page, manager, address);
    await expectClean(page, address);
  }
  // 推广 as the demo company sees it (its app has expired: the pay-status gate's 应用已到期), and the
  // page a later release builds.
  await page.goto('/#/views/promotion/index');
  await expect(page.getByText('应用已到期').or(page.getByTestId('promotion-page')).first()).toBeVisible();
  await expectClean(page, '/views/promotion/index');
  await page.goto('/#/views/demo/test12');
  await expectClean(page, '/views/demo/test12');
});

test('the main screens with their dialogs and popovers open have no WCAG 2.1 AA violation', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const manager = await login(request, demo.manager, demoPassword);

  await openAs(page, manager, '/views/house/index');
  await expect(page.getByTestId('house-row').first()).toBeVisible();
  await page.getByRole('button', { name: '录入房源' }).click();
  await expect(page.getByRole('dialog', { name: '录入房源' })).toBeVisible();
  await expectClean(page, '录入房源');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '更多条件' }).click();
  await expectClean(page, '更多条件');
  await page.keyboard.press('Escape');

  await openAs(page, manager, '/views/customer/index');
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  await page.getByRole('button', { name: '录入客户' }).click();
  await expect(page.getByRole('dialog', { name: '录入客户' })).toBeVisible();
  await expectClean(page, '录入客户');

  // The staff picker open with its results (审批设置's 新建审批, the first approver), over the dialog.
  await openAs(page, manager, '/views/office/oa/oa-setting');
  const setting = page.getByTestId('oa-setting-page');
  await expect(setting.getByTestId('oa-group').first()).toBeVisible();
  await setting.getByRole('button', { name: '新建审批' }).click();
  await expectClean(page, '新建审批');
  await page.getByTestId('definition-form').getByRole('combobox', { name: '第 1 级审批成员' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectClean(page, 'staff picker');

  // 分类管理 being edited: a new tag typed and added, not saved yet.
  await openAs(page, manager, '/views/system/setting/fp-house-setting');
  const categories = page.getByTestId('house-categories');
  await categories.getByLabel('新标签名称').fill('待保存标签');
  await categories.getByRole('button', { name: '添加' }).click();
  await expectClean(page, '分类管理 editing');

  // 角色与权限设置 with a role chosen (its rows carry 删除 beside the name).
  await openAs(page, manager, '/views/system/fp-auth-role');
  await page
    .getByRole('list', { name: '角色' })
    .getByRole('button', { name: /^经纪人/ })
    .click();
  await expectClean(page, '角色与权限设置');
});

test('the sign pages with parameters have no WCAG 2.1 AA violation', async ({ page, request }) => {
  test.setTimeout(240_000);
  const company = await createSigningCompany(request);
  const { contractId, signatories } = await startSaleContract(request, company);
  const info = await must(
    get<{ previewUrl?: string | null }>(
      request,
      `/sign/getSignInfo?contractId=${contractId}`,
      company.credentials,
    ),
    'sign info',
  );
  const addresses = [
    `/views/sign/detail?contractId=${contractId}`,
    `/views/sign/sign-operation?boxId=${company.saleBoxId}`,
    `/views/sign/contract-operation?boxId=${company.saleBoxId}`,
    `/views/sign/components/fp-contract-dialog`,
    `/views/sign/components/fp-contract-party?boxId=${company.saleBoxId}`,
    `/views/sign/to-be-signed?hash=${signatories[0]!.hash}`,
    ...(info.previewUrl
      ? [
          `/views/public/pdf-view?name=${encodeURIComponent('合同')}&url=${encodeURIComponent(info.previewUrl)}`,
        ]
      : []),
  ];
  for (const address of addresses) {
    await openAs(page, company.credentials, address);
    await expectClean(page, address);
  }
});
