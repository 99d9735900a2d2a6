import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { signDetailEntry, signDetailKey, signListEntry, signListKey, tabsModel } from '../models/tabs.model';
import { homeKey, tabsMachine, type SavedTabs, type Workspace } from '../../machines/tabs.machine';

const paths = generatePaths(tabsModel);

async function startedTabs(saved: SavedTabs | null = null) {
  const actor = createActor(
    tabsMachine.provide({
      actors: { loadWorkspace: fromPromise<Workspace>(async () => ({ saved, menu: [], settingMenu: [] })) },
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
});
