/** The tabs machine's model driven through the real main layout, signed in as the demo manager. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generatePaths } from '../tests/support/machine-model';
import { signDetailKey, signListKey, tabsModel } from '../tests/models/tabs.model';
import { homeKey, type TabsContext } from '../machines/tabs.machine';
import {
  browserModel,
  runPathInBrowser,
  sendThroughInspector,
  type BrowserExecutors,
  type StepContext,
} from './support/run-browser-path';
import { login, post, type Credentials } from './support/api';
import { get } from './support/oa';
import { saleContent } from './support/sign';

const spec = browserModel(tabsModel);
const paths = generatePaths(spec);

const tabNames: Record<string, string> = {
  [homeKey]: '首页',
  [signListKey]: '在线签约',
  [signDetailKey]: '签约详情',
};
const tabBar = (page: Page) => page.getByRole('tablist', { name: '已打开的页面' });

async function clickTab(page: Page, name: string): Promise<boolean> {
  const tab = tabBar(page).getByRole('tab', { name, exact: true });
  if (!(await tab.isVisible())) return false;
  await tab.click();
  return true;
}

/** The contract the sign detail tab shows: a real one of the demo manager, new for each new tab. */
type Fixture = { credentials: Credentials | null; contractId: number | null };

async function submitContract(c: StepContext<Fixture>): Promise<number> {
  const credentials = c.fixture.credentials!;
  const templates = await get<{ boxId: number; contractType: number }[]>(
    c.request,
    '/sign/templatePostsV2',
    credentials,
  );
  const boxid = templates.data.find((template) => template.contractType === 1)!.boxId;
  const submitted = await post<{ contractId: number }>(
    c.request,
    '/sign/contractSubmissionV2501',
    { boxid, content: saleContent(`${Date.now()}`.slice(-11)), signatureType: 1 },
    credentials,
  );
  expect(submitted.code, submitted.message).toBe(200);
  return submitted.data.contractId;
}

const executors: BrowserExecutors<Fixture> = {
  events: {
    'xstate.init': async (c) => {
      const credentials = await login(c.request, '13800000000', 'demo1234');
      c.fixture.credentials = credentials;
      const next = c.next?.event as unknown as { type: string; output?: { saved: unknown } } | undefined;
      await c.page.addInitScript(
        ([value, saved, key]) => {
          if (sessionStorage.getItem('e2e-seeded')) return;
          localStorage.setItem('inspector', '1');
          localStorage.setItem('userToken', value);
          if (saved) localStorage.setItem(key, saved);
          sessionStorage.setItem('e2e-seeded', '1');
        },
        [
          JSON.stringify(credentials),
          next?.output?.saved ? JSON.stringify(next.output.saved) : '',
          `pageTabs:${credentials.token.slice(0, 24)}`,
        ] as const,
      );
      if (next?.type === 'xstate.error.actor.loadWorkspace') {
        await c.page.route('**/api/user/appNavigation', (route) => route.abort('failed'));
      }
      await c.page.goto('/#/layout/index');
    },
    'xstate.done.actor.loadWorkspace': async () => {},
    'xstate.error.actor.loadWorkspace': async () => {},
    'tab.open': async (c) => {
      const entry = (c.step.event as unknown as { entry: { name: string; path: string } }).entry;
      if (entry.path.includes('?')) {
        // No menu entry carries a query string; a developer opens it from the inspector, here on a
        // real contract of the manager (a new one when the tab is not open yet).
        const isOpen = (c.step.previous.context as TabsContext).tabs.some(
          (tab) => `${tab.appType}:${tab.appId}:${tab.path}` === signDetailKey,
        );
        if (!isOpen || c.fixture.contractId === null) c.fixture.contractId = await submitContract(c);
        const path = entry.path.replace(/contractId=\d+/, `contractId=${c.fixture.contractId}`);
        await sendThroughInspector(c.page, 'tabs', { ...c.step.event, entry: { ...entry, path } });
      } else {
        await c.page
          .getByRole('navigation', { name: '主菜单' })
          .getByRole('button', { name: entry.name, exact: true })
          .click();
      }
    },
    'tab.select': async (c) => {
      const key = (c.step.event as unknown as { key: string }).key;
      // A tab that is not open: no screen offers it, and the machine ignores it (isOpenTab).
      if (!(await clickTab(c.page, tabNames[key] ?? key)))
        await expect(
          tabBar(c.page).getByRole('tab', { name: tabNames[key] ?? key, exact: true }),
        ).toHaveCount(0);
    },
    'tab.close': async (c) => {
      const key = (c.step.event as unknown as { key: string }).key;
      const close = c.page.getByTestId(`close-tab-${tabNames[key] ?? key}`);
      // 首页 has no close button, nor has a tab that is not open: the machine ignores those (isClosable).
      if (key === homeKey) await expect(close).toHaveCount(0);
      else if (await close.isVisible()) await close.click();
      else await expect(close).toHaveCount(0);
    },
    'tab.closeOthers': async (c) => {
      await c.page.getByRole('button', { name: '标签操作' }).click();
      await c.page.getByRole('menuitem', { name: '关闭其他' }).click();
    },
    'tab.closeAll': async (c) => {
      await c.page.getByRole('button', { name: '标签操作' }).click();
      await c.page.getByRole('menuitem', { name: '全部关闭' }).click();
    },
    'page.disable': async (c) => {
      if (!c.step.state.matches({ ready: 'disabledModal' })) {
        // A disable for a page that is not the one shown: no screen sends one, and the machine
        // ignores it (isCurrentPageDisabled); nothing to do.
        return;
      }
      // The contract on the open detail tab is voided elsewhere; the page finds out when the window
      // comes back into view and the real server says so.
      // The app's pay-status gate may first remind of the expiry date, once a day.
      const gate = c.page.getByRole('button', { name: '知道了' });
      await expect(async () => {
        if (await gate.isVisible()) await gate.click({ timeout: 1_000 });
        await expect(c.page.getByTestId('detail-contract-no')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      const voided = await post(
        c.request,
        '/sign/signInvalid',
        { contractId: c.fixture.contractId, reason: '客户放弃购买' },
        c.fixture.credentials!,
      );
      expect(voided.code, voided.message).toBe(200);
      await c.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    },
    'modal.close': async (c) => c.page.getByRole('alertdialog').getByRole('button', { name: '关闭' }).click(),
  },
  states: {
    'tabs.restoring': async (c) => expect(c.page.locator('#root > *').first()).toBeVisible(),
    'tabs.ready.idle': async (c) => {
      const context = c.step.state.context as TabsContext;
      await expect(tabBar(c.page).getByRole('tab')).toHaveText(
        context.tabs.map((tab) => new RegExp(`^${tab.name}`)),
      );
      const active = context.tabs.find(
        (tab) => `${tab.appType}:${tab.appId}:${tab.path}` === context.activeKey,
      );
      await expect(tabBar(c.page).getByRole('tab', { selected: true })).toContainText(active?.name ?? '');
      await expect(c.page.getByRole('alertdialog')).toHaveCount(0);
    },
    'tabs.ready.disabledModal': async (c) =>
      expect(c.page.getByRole('alertdialog')).toContainText('当前页面状态不可操作'),
  },
};

test.describe('tabs machine through the real main layout', () => {
  for (const path of paths) {
    test(path.description, async ({ page, request }) => {
      await runPathInBrowser(spec, path, executors, {
        page,
        request,
        fixture: { credentials: null, contractId: null },
      });
    });
  }
});

test('open tabs survive a reload', async ({ page, request }) => {
  const credentials = await login(request, '13800000000', 'demo1234');
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('userToken', value);
    sessionStorage.setItem('seeded', '1');
  }, JSON.stringify(credentials));
  await page.goto('/#/layout/index');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('button', { name: '合同', exact: true }).click();
  await menu.getByRole('button', { name: '充值中心', exact: true }).click();
  await tabBar(page).getByRole('tab', { name: '合同', exact: true }).click();
  await page.reload();
  await expect(tabBar(page).getByRole('tab')).toHaveText([/^首页/, /^合同/, /^充值中心/]);
  await expect(tabBar(page).getByRole('tab', { selected: true })).toContainText('合同');
});

test('the open pages are a tablist worked from the keyboard, with no WCAG 2.1 AA violation', async ({
  page,
  request,
}) => {
  const credentials = await login(request, '13800000000', 'demo1234');
  await page.addInitScript((value) => localStorage.setItem('userToken', value), JSON.stringify(credentials));
  await page.goto('/#/layout/index');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('button', { name: '合同', exact: true }).click();
  await menu.getByRole('button', { name: '充值中心', exact: true }).click();
  const selected = tabBar(page).getByRole('tab', { selected: true });
  await expect(selected).toContainText('充值中心');
  // The tab bar and the page it controls, with three tabs open (close marks and all).
  const axe = await new AxeBuilder({ page })
    .include('.tab-bar')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await expect(page.getByRole('tabpanel', { name: '充值中心' })).toBeVisible();

  // Only the chosen tab is in the Tab order; the arrows choose, Delete closes, focus stays on the bar.
  await expect(tabBar(page).locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await selected.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(selected).toContainText('合同');
  await expect(selected).toBeFocused();
  await page.keyboard.press('End');
  await expect(selected).toContainText('充值中心');
  await page.keyboard.press('Delete');
  await expect(tabBar(page).getByRole('tab')).toHaveText([/^首页/, /^合同/]);
  await expect(selected).toBeFocused();
  await page.keyboard.press('Home');
  await expect(selected).toContainText('首页');
  // 首页 cannot be closed.
  await page.keyboard.press('Delete');
  await expect(tabBar(page).getByRole('tab')).toHaveText([/^首页/, /^合同/]);
});
