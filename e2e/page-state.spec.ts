/**
 * 当前页面状态不可操作 in real use (issue 17): a tab showing a record that became inoperable elsewhere
 * is disabled when the server says so, and the modal's 关闭 closes that tab. A sign contract voided by
 * someone else is found when the window comes back into view; a listing recycled by someone else is
 * found when its tab is chosen again; a contract deleted elsewhere is found when the app opens with
 * its tab saved. A change made on the page itself never brings the modal. A record shown in a dialog
 * gets the same modal and 关闭 closes the dialog: an approval withdrawn elsewhere, a ledger contract
 * voided elsewhere. An edit refused by the server's edit-state check (405, 001 section 8) because
 * someone else moved the record meanwhile disables the page the same way: a ledger state change, a
 * sign contract's delete on its detail, an approval's decision in its dialog.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { post, type Credentials } from './support/api';
import { addPrivateListing } from './support/houses';
import {
  addContract,
  approvalItem,
  changeState,
  decide,
  demo,
  demoPassword,
  login,
  openAs,
  ownCompany,
  revoke,
  setApproval,
} from './support/oa';
import { buySignCredits, signCall, signCompany, submitSale, type SignCompany } from './support/sign';

const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const modal = (page: Page) => page.getByRole('alertdialog').filter({ hasText: '当前页面状态不可操作' });

type Tab = { appType: number; appId: number; name: string; path: string; params: Record<string, string> };
const home: Tab = { appType: 999, appId: 0, name: '首页', path: '/views/index.vue', params: {} };
const keyOf = (tab: Tab) => `${tab.appType}:${tab.appId}:${tab.path}`;

/** The app opened with these tabs saved from an earlier visit (the tabs machine restores them). */
async function openWithTabs(
  page: Page,
  credentials: Credentials,
  tabs: Tab[],
  active: Tab,
  ready: string,
): Promise<void> {
  await page.addInitScript(
    ([key, saved]) => {
      if (sessionStorage.getItem('tabs-seeded')) return;
      localStorage.setItem(key, saved);
      sessionStorage.setItem('tabs-seeded', '1');
    },
    [
      `pageTabs:${credentials.token.slice(0, 24)}`,
      JSON.stringify({ tabs, activeKey: keyOf(active), visits: tabs.map(keyOf) }),
    ] as const,
  );
  await openAs(page, credentials, '/layout/index');
  // The app's pay-status gate may first remind of the expiry date; a page gone shows the modal instead.
  const gate = page.getByRole('button', { name: '知道了' });
  const shown = page.getByTestId(ready).or(modal(page)).first();
  await expect(async () => {
    if (await gate.isVisible()) await gate.click({ timeout: 1_000 });
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** The browser window comes back into view (the user returns from another window). */
async function returnToWindow(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

function signTab(contractId: number): Tab {
  return {
    appType: 6,
    appId: 0,
    name: '签约详情',
    path: '/views/sign/detail',
    params: { contractId: String(contractId) },
  };
}

/** The app opened on this contract's sign detail tab (saved from an earlier visit), the contract shown. */
async function openSignDetail(
  page: Page,
  company: SignCompany,
  contract: { contractId: number; contractNo?: string },
): Promise<void> {
  const tab = signTab(contract.contractId);
  await openWithTabs(page, company.credentials, [home, tab], tab, 'sign-detail-page');
  if (contract.contractNo)
    await expect(page.getByTestId('sign-detail-page').getByTestId('detail-contract-no')).toHaveText(
      contract.contractNo,
      { timeout: 30_000 },
    );
}

test('a contract voided elsewhere disables its open tab; 关闭 closes it', async ({ page, request }) => {
  const company = await signCompany(request);
  const first = await submitSale(request, company);
  const second = await submitSale(request, company);
  await openSignDetail(page, company, first);
  const detail = page.getByTestId('sign-detail-page');

  // Nothing changed: coming back to the window leaves the page as it is.
  await returnToWindow(page);
  await expect(detail.getByTestId('detail-contract-no')).toBeVisible();
  await expect(modal(page)).toHaveCount(0);

  // Someone voids it from another computer; the page learns it when the window is in view again.
  await signCall(request, company, '/sign/signInvalid', {
    contractId: first.contractId,
    reason: '客户放弃购买',
  });
  await returnToWindow(page);
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(modal(page)).toHaveCount(0);
  await expect(tabBar(page).getByRole('tab', { name: '签约详情', exact: true })).toHaveCount(0);
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('首页');

  // Voided on the page itself: no modal, the page shows the voided contract.
  await page.close();
  const again = await page.context().newPage();
  await openSignDetail(again, company, second);
  const own = again.getByTestId('sign-detail-page');
  await own.getByRole('button', { name: '作废', exact: true }).click();
  const voidDialog = again.getByRole('dialog', { name: '作废合同' });
  await voidDialog.getByLabel('作废原因').fill('业主不卖了');
  await voidDialog.getByRole('button', { name: '确定作废' }).click();
  await expect(own.getByText('已作废').first()).toBeVisible();
  await returnToWindow(again);
  await expect(own.getByText('已作废').first()).toBeVisible();
  await expect(modal(again)).toHaveCount(0);
});

test('a contract deleted elsewhere: its saved tab is disabled when the app opens', async ({
  page,
  request,
}) => {
  const company = await signCompany(request);
  const submitted = await submitSale(request, company);
  await signCall(request, company, '/sign/signDelete', { contractId: submitted.contractId });
  await openSignDetail(page, company, { contractId: submitted.contractId });
  await expect(modal(page)).toBeVisible({ timeout: 30_000 });
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(tabBar(page).getByRole('tab', { name: '签约详情', exact: true })).toHaveCount(0);
});

function enterListing(request: APIRequestContext, manager: Credentials): Promise<number> {
  return addPrivateListing(request, manager, { unitNo: '3单元', ownerName: '陈国平' });
}

test('a listing recycled elsewhere is disabled when its tab is chosen again', async ({ page, request }) => {
  const manager = await login(request, demo.manager, demoPassword);
  const houseId = await enterListing(request, manager);
  const listing: Tab = {
    appType: 1,
    appId: houseId,
    name: '房源详情',
    path: '/views/house/detail',
    params: { type: '1', id: String(houseId), appType: '1' },
  };
  await openWithTabs(page, manager, [home, listing], listing, 'house-detail');
  const detail = page.getByTestId('house-detail');
  await expect(detail.getByText('陈国平')).toBeVisible({ timeout: 30_000 });

  // The user goes to 首页; a colleague puts the listing in the recycle bin meanwhile.
  await tabBar(page).getByRole('tab', { name: '首页', exact: true }).click();
  const removed = await post(request, '/housing/v2/housingDelete', { houseId }, manager);
  expect(removed.code, removed.message).toBe(200);
  await tabBar(page).getByRole('tab', { name: '房源详情', exact: true }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(tabBar(page).getByRole('tab', { name: '房源详情', exact: true })).toHaveCount(0);
});

/** This approval's dialog opened, shown while it waits (审批中). */
async function openApproval(page: Page, credentials: Credentials, approvalId: number) {
  await openAs(page, credentials, `/views/office/oa/oa-pending-approval?approvalId=${approvalId}`);
  const detail = page.getByTestId('approval-detail');
  await expect(detail.getByTestId('approval-status')).toHaveText('审批中', { timeout: 30_000 });
  return detail;
}

test('an approval withdrawn or decided elsewhere while its dialog is open: 当前页面状态不可操作, 关闭 closes the dialog', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  const { contractId } = await addContract(request, company.credentials, 'sale');
  await setApproval(request, company, approvalItem('sale', 5), true);
  const { approvalId } = await changeState(request, company.credentials, 'sale', contractId, 5);
  const detail = await openApproval(page, company.credentials, approvalId!);

  // Nothing changed: coming back to the window leaves the dialog as it is.
  await returnToWindow(page);
  await expect(detail.getByTestId('approval-status')).toHaveText('审批中');
  await expect(modal(page)).toHaveCount(0);

  // The sponsor withdraws it from another computer.
  await revoke(request, company.credentials, approvalId!);
  await returnToWindow(page);
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(modal(page)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '审批详情' })).toHaveCount(0);
  await expect(detail).toHaveCount(0);

  // Another one decided by its approver elsewhere: the same.
  const other = await addContract(request, company.credentials, 'sale');
  const decided = await changeState(request, company.credentials, 'sale', other.contractId, 5);
  const again = await page.context().newPage();
  const shown = await openApproval(again, company.credentials, decided.approvalId!);
  await decide(request, company.credentials, decided.approvalId!, 'approve');
  await returnToWindow(again);
  await expect(modal(again)).toBeVisible();
  await modal(again).getByRole('button', { name: '关闭' }).click();
  await expect(shown).toHaveCount(0);
});

async function openLedgerContract(page: Page, credentials: Credentials, contractId: number): Promise<void> {
  await openAs(page, credentials, `/views/contract/index?contractType=1&contractId=${contractId}`);
  await expect(page.getByTestId('contract-detail').getByTestId('contract-state')).toHaveText('待办理', {
    timeout: 30_000,
  });
}

test('a ledger contract voided elsewhere while its detail is open is disabled; 关闭 closes the detail', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  const { contractId } = await addContract(request, company.credentials, 'sale');
  await openLedgerContract(page, company.credentials, contractId);
  await changeState(request, company.credentials, 'sale', contractId, 6);
  await returnToWindow(page);
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('contract-detail')).toHaveCount(0);
  await expect(page.getByTestId('contract-list')).toBeVisible();
});

test('a ledger state change refused by the edit-state check (405) disables the detail', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  const { contractId } = await addContract(request, company.credentials, 'sale');
  await openLedgerContract(page, company.credentials, contractId);
  // A colleague moves it to 办理中 meanwhile; this page still shows 待办理 and offers 办理中.
  await changeState(request, company.credentials, 'sale', contractId, 2);
  const detail = page.getByTestId('contract-detail');
  await detail.getByRole('combobox', { name: '目标状态' }).click();
  await page.getByRole('option', { name: '办理中', exact: true }).click();
  await detail.getByRole('button', { name: '提交变更' }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('contract-detail')).toHaveCount(0);

  // The same change made on a page that shows the contract as it is goes through, no modal.
  const other = await addContract(request, company.credentials, 'sale');
  const again = await page.context().newPage();
  await openLedgerContract(again, company.credentials, other.contractId);
  const own = again.getByTestId('contract-detail');
  await own.getByRole('combobox', { name: '目标状态' }).click();
  await again.getByRole('option', { name: '办理中', exact: true }).click();
  await own.getByRole('button', { name: '提交变更' }).click();
  await expect(own.getByTestId('contract-state')).toHaveText('办理中');
  await expect(modal(again)).toHaveCount(0);
});

test('a sign contract moved elsewhere: its delete is refused by the edit-state check (405) and the tab is disabled', async ({
  page,
  request,
}) => {
  const company = await signCompany(request);
  await buySignCredits(request, company);
  const contract = await submitSale(request, company);
  await openSignDetail(page, company, contract);
  const detail = page.getByTestId('sign-detail-page');
  await expect(detail.getByTestId('detail-state')).toHaveText('待发起');
  // A colleague starts signing meanwhile (7 待签字, not a state the page watches for); this page still offers 删除.
  await signCall(request, company, '/sign/contractStart', { contractId: contract.contractId, type: 2 });
  await detail.getByTestId('detail-actions').getByRole('button', { name: '删除', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(tabBar(page).getByRole('tab', { name: '签约详情', exact: true })).toHaveCount(0);
});

test('an approval decided elsewhere: a decision in its dialog is refused (405) and the dialog is disabled', async ({
  page,
  request,
}) => {
  const company = await ownCompany(request);
  const { contractId } = await addContract(request, company.credentials, 'sale');
  await setApproval(request, company, approvalItem('sale', 5), true);
  const { approvalId } = await changeState(request, company.credentials, 'sale', contractId, 5);
  const detail = await openApproval(page, company.credentials, approvalId!);
  // Approved from another computer; this dialog still offers 通过.
  await decide(request, company.credentials, approvalId!, 'approve');
  await detail.getByLabel('审批意见').fill('同意');
  await detail.getByRole('button', { name: '通过' }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(detail).toHaveCount(0);
});
