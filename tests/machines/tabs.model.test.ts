import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { signDetailEntry, signDetailKey, signListEntry, signListKey, tabsModel } from '../models/tabs.model';
import {
  disabledPageMessage,
  homeKey,
  homeTab,
  tabKey,
  tabsMachine,
  type SavedTabs,
  type Workspace,
} from '../../machines/tabs.machine';

const paths = generatePaths(tabsModel);

const menu = [{ appType: 6, appId: 0, name: '在线签约', path: '/views/sign/index.vue' }];
const settingMenu = [{ appType: 7, appId: 0, name: '角色权限', path: '/views/setting/role.vue' }];

async function startedTabs(saved: SavedTabs | null = null, saveTabs: () => void = () => {}) {
  const actor = createActor(
    tabsMachine.provide({
      actors: { loadWorkspace: fromPromise<Workspace>(async () => ({ saved, menu, settingMenu })) },
      actions: { saveTabs },
    }),
  ).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return actor;
}

describe('tabs machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(tabsModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(tabsModel, path);
    },
  );
});

describe('tabs machine, rules a user relies on', () => {
  it('merges the query string of a menu path into the page parameters', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    const tab = actor.getSnapshot().context.tabs.find((t) => t.path === '/views/sign/detail.vue');
    expect(tab?.params).toEqual({ contractId: '12', type: '1' });
    expect(actor.getSnapshot().context.activeKey).toBe(signDetailKey);
  });

  it('the navigation lock: the page shown, opened again with the same parameters, changes nothing', async () => {
    const saveTabs = vi.fn();
    const actor = await startedTabs(null, saveTabs);
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    const shown = actor.getSnapshot().context;
    saveTabs.mockClear();
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    expect(actor.getSnapshot().context).toBe(shown);
    expect(saveTabs).not.toHaveBeenCalled();
    // Another contract's detail is another page for the same tab: it replaces the one shown.
    actor.send({
      type: 'tab.open',
      entry: { ...signDetailEntry, path: '/views/sign/detail.vue?contractId=13' },
    });
    expect(actor.getSnapshot().context.tabs.filter((t) => tabKey(t) === signDetailKey)).toHaveLength(1);
    expect(actor.getSnapshot().context.tabs.find((t) => tabKey(t) === signDetailKey)?.params).toEqual({
      contractId: '13',
    });
    expect(saveTabs).toHaveBeenCalledTimes(1);
  });

  it('a page open in a tab already is not opened twice: opening it selects its tab', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.select', key: homeKey });
    actor.send({ type: 'tab.open', entry: signListEntry });
    expect(actor.getSnapshot().context.tabs.map(tabKey)).toEqual([homeKey, signListKey]);
    expect(actor.getSnapshot().context.activeKey).toBe(signListKey);
  });

  it('goes back to the last visited tab when the current one closes', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'tab.select', key: signListKey });
    actor.send({ type: 'tab.select', key: signDetailKey });
    actor.send({ type: 'tab.close', key: signDetailKey });
    expect(actor.getSnapshot().context.activeKey).toBe(signListKey);
  });

  it('never closes home, not even with close all', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.close', key: homeKey });
    actor.send({ type: 'tab.closeAll' });
    expect(actor.getSnapshot().context.tabs.map((t) => t.path)).toEqual(['/views/index.vue']);
    expect(actor.getSnapshot().context.activeKey).toBe(homeKey);
  });

  it('restores saved tabs and ignores a saved set without home', async () => {
    const restored = await startedTabs({
      tabs: [
        { appType: 999, appId: 0, name: '首页', path: '/views/index.vue', params: {} },
        { ...signListEntry, params: {} },
      ],
      activeKey: signListKey,
      visits: [homeKey, signListKey],
    });
    expect(restored.getSnapshot().context.activeKey).toBe(signListKey);
    const broken = await startedTabs({
      tabs: [{ ...signListEntry, params: {} }],
      activeKey: signListKey,
      visits: [],
    });
    expect(broken.getSnapshot().context.tabs.map((t) => t.path)).toEqual(['/views/index.vue']);
  });

  it('shows 当前页面状态不可操作 only when the disabled id matches the current page, and closing it closes the page', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'page.disable', appType: 6, id: 13 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'page.disable', appType: 6, id: 12 });
    expect(actor.getSnapshot().matches({ ready: 'disabledModal' })).toBe(true);
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().context.tabs.some((t) => t.path === '/views/sign/detail.vue')).toBe(false);
  });

  it('home is the first tab, named 首页, and a restored workspace keeps the menus', async () => {
    const actor = await startedTabs();
    const { context } = actor.getSnapshot();
    expect(context.tabs).toEqual([homeTab]);
    expect(homeTab.name).toBe('首页');
    expect(context.visits).toEqual([homeKey]);
    expect(context.menu).toEqual(menu);
    expect(context.settingMenu).toEqual(settingMenu);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('falls back to home alone when the workspace cannot be read', async () => {
    const actor = createActor(
      tabsMachine.provide({
        actors: {
          loadWorkspace: fromPromise<Workspace>(() => Promise.reject(new Error('offline'))),
        },
      }),
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.tabs).toEqual([homeTab]);
    expect(actor.getSnapshot().context.activeKey).toBe(homeKey);
  });

  it('restores a saved active tab that is gone as home, and forgets visits of closed tabs', async () => {
    const actor = await startedTabs({
      tabs: [homeTab, { ...signListEntry, params: {} }],
      activeKey: signDetailKey,
      visits: [signDetailKey, signListKey, homeKey],
    });
    const { context } = actor.getSnapshot();
    expect(context.activeKey).toBe(homeKey);
    expect(context.visits).toEqual([signListKey, homeKey]);
    expect(context.tabs.map((t) => t.path)).toEqual(['/views/index.vue', '/views/sign/index.vue']);
  });

  it('opening a tab already open selects it and updates its parameters instead of adding a second one', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.open', entry: { ...signDetailEntry, params: { type: '2' } } });
    const { context } = actor.getSnapshot();
    expect(context.tabs.map(tabKey)).toEqual([homeKey, signDetailKey, signListKey]);
    expect(context.tabs[1]?.params).toEqual({ contractId: '12', type: '2' });
    expect(context.tabs[2]?.params).toEqual({});
    expect(context.activeKey).toBe(signDetailKey);
    expect(context.visits).toEqual([homeKey, signListKey, signDetailKey]);
  });

  it('selecting a tab that is not open changes nothing; selecting an open one moves it last in the visits', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.select', key: signDetailKey });
    expect(actor.getSnapshot().context.activeKey).toBe(signListKey);
    actor.send({ type: 'tab.select', key: homeKey });
    expect(actor.getSnapshot().context.activeKey).toBe(homeKey);
    expect(actor.getSnapshot().context.visits).toEqual([signListKey, homeKey]);
  });

  it('closing a tab that is not the current one keeps the current tab; closing an unknown key changes nothing', async () => {
    const saved = vi.fn();
    const actor = await startedTabs(null, saved);
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    saved.mockClear();
    actor.send({ type: 'tab.close', key: '6:9:/views/sign/other.vue' });
    expect(actor.getSnapshot().context.tabs).toHaveLength(3);
    expect(saved).not.toHaveBeenCalled();
    actor.send({ type: 'tab.close', key: signListKey });
    const { context } = actor.getSnapshot();
    expect(context.tabs.map(tabKey)).toEqual([homeKey, signDetailKey]);
    expect(context.activeKey).toBe(signDetailKey);
    expect(context.visits).toEqual([homeKey, signDetailKey]);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('关闭其他 keeps home and the current tab; 关闭全部 keeps home only', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'tab.select', key: signListKey });
    actor.send({ type: 'tab.closeOthers' });
    expect(actor.getSnapshot().context.tabs.map(tabKey)).toEqual([homeKey, signListKey]);
    expect(actor.getSnapshot().context.activeKey).toBe(signListKey);
    expect(actor.getSnapshot().context.visits).toEqual([homeKey, signListKey]);
    actor.send({ type: 'tab.closeAll' });
    expect(actor.getSnapshot().context.tabs.map(tabKey)).toEqual([homeKey]);
    expect(actor.getSnapshot().context.visits).toEqual([homeKey]);
  });

  it('saves the tabs after every change the user makes', async () => {
    const saved = vi.fn();
    const actor = await startedTabs(null, saved);
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.select', key: homeKey });
    actor.send({ type: 'tab.close', key: signListKey });
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'tab.closeOthers' });
    actor.send({ type: 'tab.closeAll' });
    expect(saved).toHaveBeenCalledTimes(6);
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'page.disable', appType: 6, id: 12 });
    actor.send({ type: 'modal.close' });
    expect(saved).toHaveBeenCalledTimes(8);
  });

  it('当前页面状态不可操作 matches the page by its own id, an id or contractId parameter, and the same app type', async () => {
    expect(disabledPageMessage).toBe('当前页面状态不可操作');
    const byAppId = await startedTabs();
    byAppId.send({
      type: 'tab.open',
      entry: { appType: 5, appId: 31, name: '房源详情', path: '/views/house/detail.vue' },
    });
    byAppId.send({ type: 'page.disable', appType: 6, id: 31 });
    expect(byAppId.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    byAppId.send({ type: 'page.disable', appType: 5, id: 31 });
    expect(byAppId.getSnapshot().matches({ ready: 'disabledModal' })).toBe(true);

    const byIdParameter = await startedTabs();
    byIdParameter.send({
      type: 'tab.open',
      entry: { appType: 5, appId: 1, name: '客源详情', path: '/views/customer/detail.vue?id=44' },
    });
    byIdParameter.send({ type: 'page.disable', appType: 5, id: 45 });
    expect(byIdParameter.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    byIdParameter.send({ type: 'page.disable', appType: 5, id: 44 });
    expect(byIdParameter.getSnapshot().matches({ ready: 'disabledModal' })).toBe(true);
    expect(byIdParameter.getSnapshot().context.disabledKey).toBe(
      tabKey({ appType: 5, appId: 1, path: '/views/customer/detail.vue' }),
    );

    const notCurrent = await startedTabs();
    notCurrent.send({ type: 'tab.open', entry: signDetailEntry });
    notCurrent.send({ type: 'tab.select', key: homeKey });
    notCurrent.send({ type: 'page.disable', appType: 6, id: 12 });
    expect(notCurrent.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('closing 当前页面状态不可操作 closes that page and goes back to the page visited before it', async () => {
    const actor = await startedTabs();
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'page.disable', appType: 6, id: 12 });
    actor.send({ type: 'modal.close' });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context.tabs.map(tabKey)).toEqual([homeKey, signListKey]);
    expect(context.activeKey).toBe(signListKey);
    expect(context.disabledKey).toBeNull();
  });

  it('closing the current tab goes back to the one visited last of those still open', async () => {
    const actor = await startedTabs();
    const house = { appType: 5, appId: 3, name: '房源详情', path: '/views/house/detail.vue' };
    actor.send({ type: 'tab.open', entry: signListEntry });
    actor.send({ type: 'tab.open', entry: signDetailEntry });
    actor.send({ type: 'tab.open', entry: house });
    actor.send({ type: 'tab.select', key: signListKey });
    actor.send({ type: 'tab.close', key: signListKey });
    expect(actor.getSnapshot().context.activeKey).toBe(tabKey(house));
    expect(actor.getSnapshot().context.visits).toEqual([homeKey, signDetailKey, tabKey(house)]);
  });
});
