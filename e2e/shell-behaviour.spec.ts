/**
 * The shell between screens (issue 38, 000 sections 2 and 8), in Chromium as the demo manager: a call
 * made once the session is gone from this browser says 您还没有登录，请先登录！ and reaches login after
 * 1.5 s; a saved tab whose page is gone shows the not-found page; 返回 above a page opened from
 * another page goes back to where the user was, and on a page opened by its address to the main
 * layout; the PDF preview downloads its file through the request layer (its failure said, a download
 * left behind cancelled without an error).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login, type Credentials } from './support/api';
import { demoPassword, openAs } from './support/oa';
import { addPrivateListing } from './support/houses';

const homeKey = '999:0:/views/index.vue';
const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });
const activePage = (page: Page) => page.getByTestId('active-page');

async function signIn(page: Page, credentials: Credentials, savedTabs?: unknown): Promise<void> {
  await page.addInitScript(
    ([value, key, saved]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      localStorage.setItem('userToken', value);
      if (saved) localStorage.setItem(key, saved);
      sessionStorage.setItem('e2e-seeded', '1');
    },
    [
      JSON.stringify(credentials),
      `pageTabs:${credentials.token.slice(0, 24)}`,
      savedTabs ? JSON.stringify(savedTabs) : '',
    ] as const,
  );
}

/** A one-page PDF small enough to write out (pdf.js rebuilds the cross-reference table itself). */
const tinyPdf = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

test('a call made after this browser lost the session says 您还没有登录，请先登录！ and goes to login after 1.5 s', async ({
  page,
  request,
}) => {
  await signIn(page, await login(request, '13800000000', demoPassword));
  await page.goto('/#/layout/index');
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('首页');
  // When the toast appears and when login is shown, taken in the page: the unread counts read on a
  // timer may make the first call without a session before the click below does.
  await page.evaluate(() => {
    const marks = window as unknown as { toastAt?: number; loginAt?: number };
    const note = () => {
      if (marks.toastAt === undefined && document.body.innerText.includes('您还没有登录，请先登录！'))
        marks.toastAt = performance.now();
      if (marks.loginAt === undefined && location.hash.startsWith('#/layout/login'))
        marks.loginAt = performance.now();
    };
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    window.addEventListener('hashchange', note);
    // Another window of this browser signed out: the stored session is gone.
    localStorage.removeItem('userToken');
  });
  const sent: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/base/remindPosts')) sent.push(call.url());
  });
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '消息' })
    .click({ timeout: 10_000 })
    .catch(() => undefined); // a timer's call got there first: login may already be on its way
  await expect(page).toHaveURL(/#\/layout\/login$/);
  const { toastAt, loginAt } = await page.evaluate(() => {
    const seen = window as unknown as { toastAt?: number; loginAt?: number };
    return { toastAt: seen.toastAt, loginAt: seen.loginAt };
  });
  // The toast first, login more than a second later (the layer waits 1.5 s).
  expect(toastAt).toBeDefined();
  expect(loginAt! - toastAt!).toBeGreaterThan(1000);
  await expect(page.locator('#password-form')).toBeVisible();
  // The request layer sent nothing without a session.
  expect(sent).toEqual([]);
});

test('a saved tab whose page is gone shows 页面不存在 with its name; its 返回 closes it', async ({
  page,
  request,
}) => {
  const gone = { appType: 6, appId: 9, name: '旧版签约', path: '/views/sign/old-sign.vue', params: {} };
  const goneKey = `6:9:${gone.path}`;
  const home = { appType: 999, appId: 0, name: '首页', path: '/views/index.vue', params: {} };
  await signIn(page, await login(request, '13800000000', demoPassword), {
    tabs: [home, gone],
    activeKey: goneKey,
    visits: [homeKey, goneKey],
  });
  await page.goto('/#/layout/index');
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('旧版签约');
  await expect(activePage(page).getByTestId('not-found')).toHaveText('页面 「旧版签约」 不存在');
  await expect(activePage(page)).not.toContainText('/views');
  await expect(activePage(page).getByTestId('not-built-yet')).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .include('[data-testid="active-page"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await activePage(page).getByRole('button', { name: '返回' }).click();
  await expect(tabBar(page).getByRole('tab')).toHaveText([/^首页/]);
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('首页');
});

test('返回 above a page opened from another page goes back to the tab the user was on', async ({
  page,
  request,
}) => {
  await signIn(page, await login(request, '13800000000', demoPassword));
  await page.goto('/#/layout/index');
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('button', { name: '合同', exact: true })
    .click();
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('合同');
  // The system's line under the menu comes from /base/systemInfo.
  await expect(page.getByTestId('system-info')).toHaveText('电子合同 5.0');
  // A page of the menu has no 返回.
  await expect(activePage(page).getByTestId('back-bar')).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('个人信息');
  await activePage(page).getByTestId('back-bar').getByRole('button', { name: '返回' }).click();
  await expect(tabBar(page).getByRole('tab')).toHaveText([/^首页/, /^合同/]);
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('合同');
});

test('the PDF preview downloads its file through the request layer: shown, failure said, left without an error', async ({
  page,
  request,
}) => {
  await signIn(page, await login(request, '13800000000', demoPassword));
  await page.route('**/files/e2e-tiny.pdf', (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: tinyPdf }),
  );
  await page.route('**/files/e2e-broken.pdf', (route) => route.abort('failed'));
  // Never answered: the download is under way when the user leaves.
  await page.route('**/files/e2e-slow.pdf', () => {});

  await page.goto('/#/views/public/pdf-view?url=/files/e2e-tiny.pdf&type=pdf');
  await expect(page.getByTestId('pdf-pages')).toHaveAttribute('data-pages', '1');

  await page.goto('/#/views/public/pdf-view?url=/files/e2e-broken.pdf&type=pdf');
  await expect(page.getByTestId('toast').filter({ hasText: '网络异常，文件下载失败' })).toBeVisible();
  await expect(page.getByText('合同文件加载失败')).toBeVisible();

  // Opened by its address as the only page: 返回 goes to / and on to the main layout; the download
  // it leaves is cancelled, which is no error.
  const fresh = await page.context().newPage();
  await fresh.route('**/files/e2e-slow.pdf', () => {});
  await fresh.goto('/#/views/public/pdf-view?url=/files/e2e-slow.pdf&type=pdf');
  await expect(fresh.getByText('合同文件加载中...')).toBeVisible();
  await fresh.getByTestId('back-bar').getByRole('button', { name: '返回' }).click();
  await expect(fresh).toHaveURL(/#\/layout\/index$/);
  await expect(tabBar(fresh).getByRole('tab', { selected: true })).toContainText('首页');
  await fresh.waitForTimeout(500);
  await expect(fresh.getByTestId('toast')).toHaveCount(0);
});

test('a listing’s 操作记录 reads on with 加载更多 and marks its end with 没有更多了 when an empty page comes back', async ({
  page,
  request,
}) => {
  const broker = await login(request, '13800000003', demoPassword);
  const houseId = await addPrivateListing(request, broker, {
    room: 2,
    hall: 1,
    bath: 1,
    area: 88,
    price: 560,
    ownerName: '邵雨涵',
  });
  await openAs(page, broker, `/views/house/detail?type=1&id=${houseId}&appType=1`);
  const detail = page.getByTestId('house-detail');
  await detail.getByRole('tab', { name: '操作记录' }).click();
  const records = detail.getByTestId('house-records');
  await expect(records).toContainText('：');
  await expect(records.getByTestId('list-end')).toHaveCount(0);
  await records.getByRole('button', { name: '加载更多' }).click();
  await expect(records.getByTestId('list-end')).toHaveText('没有更多了');
  await expect(records.getByRole('button', { name: '加载更多' })).toHaveCount(0);
});
