/**
 * 当前页面状态不可操作 in real use (issue 17): a tab showing a record that became inoperable elsewhere
 * is disabled when the server says so, and the modal's 关闭 closes that tab. A sign contract voided by
 * someone else is found when the window comes back into view; a listing recycled by someone else is
 * found when its tab is chosen again; a contract deleted elsewhere is found when the app opens with
 * its tab saved. A change made on the page itself never brings the modal.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshPhone, post, type Credentials } from './support/api';
import { demo, demoPassword, get, login, openAs } from './support/oa';
import { signCall, signCompany, submitSale } from './support/sign';

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

test('a contract voided elsewhere disables its open tab; 关闭 closes it', async ({ page, request }) => {
  const company = await signCompany(request);
  const first = await submitSale(request, company);
  const second = await submitSale(request, company);
  await openWithTabs(
    page,
    company.credentials,
    [home, signTab(first.contractId)],
    signTab(first.contractId),
    'sign-detail-page',
  );
  const detail = page.getByTestId('sign-detail-page');
  await expect(detail.getByTestId('detail-contract-no')).toHaveText(first.contractNo, { timeout: 30_000 });

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
  await expect(tabBar(page).getByRole('button', { name: '签约详情', exact: true })).toHaveCount(0);
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('首页');

  // Voided on the page itself: no modal, the page shows the voided contract.
  await page.close();
  const again = await page.context().newPage();
  await openWithTabs(
    again,
    company.credentials,
    [home, signTab(second.contractId)],
    signTab(second.contractId),
    'sign-detail-page',
  );
  const own = again.getByTestId('sign-detail-page');
  await expect(own.getByTestId('detail-contract-no')).toHaveText(second.contractNo, { timeout: 30_000 });
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
  await openWithTabs(
    page,
    company.credentials,
    [home, signTab(submitted.contractId)],
    signTab(submitted.contractId),
    'sign-detail-page',
  );
  await expect(modal(page)).toBeVisible({ timeout: 30_000 });
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(tabBar(page).getByRole('button', { name: '签约详情', exact: true })).toHaveCount(0);
});

async function enterListing(request: APIRequestContext, manager: Credentials): Promise<number> {
  const communities = await get<{ communityId: number }[]>(
    request,
    '/community/communityPosts?key=天健世纪花园',
    manager,
  );
  const added = await post<{ houseId: number }>(
    request,
    '/housing/v2/housingAdd',
    {
      type: 1,
      attribution: 2,
      communityId: communities.data[0]!.communityId,
      buildingNo: `${(Date.now() % 40) + 20}栋`,
      unitNo: '3单元',
      roomNo: String(Date.now() % 100000),
      room: 2,
      hall: 1,
      bath: 1,
      area: 88,
      price: 560,
      ownerName: '陈国平',
      ownerPhone: freshPhone(),
    },
    manager,
  );
  expect(added.code, added.message).toBe(200);
  return added.data.houseId;
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
  await tabBar(page).getByRole('button', { name: '首页', exact: true }).click();
  const removed = await post(request, '/housing/v2/housingDelete', { houseId }, manager);
  expect(removed.code, removed.message).toBe(200);
  await tabBar(page).getByRole('button', { name: '房源详情', exact: true }).click();
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: '关闭' }).click();
  await expect(tabBar(page).getByRole('button', { name: '房源详情', exact: true })).toHaveCount(0);
});
