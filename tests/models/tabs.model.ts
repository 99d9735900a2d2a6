/** The tabs machine's model: payload samples (the same for vitest, Playwright and coverage). */
import { homeKey, tabKey, tabsMachine, type PageTab, type TabsContext } from '../../machines/tabs.machine';
import type { ModelSpec } from '../support/machine-model';

/** The real menu entry 在线签约 of /user/appNavigation (the browser test clicks it). */
export const signListEntry = { appType: 6, appId: 0, name: '在线签约', path: '/views/sign/index.vue' };
export const signDetailEntry = {
  appType: 6,
  appId: 2,
  name: '签约详情',
  path: '/views/sign/detail.vue?contractId=12&type=1',
};
export const signListKey = tabKey(signListEntry);
export const signDetailKey = tabKey({ ...signDetailEntry, path: '/views/sign/detail.vue' });

const home: PageTab = { appType: 999, appId: 0, name: '首页', path: '/views/index.vue', params: {} };
const signList: PageTab = { ...signListEntry, params: {} };

export const tabsModel: ModelSpec = {
  machine: tabsMachine,
  serializeContext: (context) => {
    const c = context as TabsContext;
    return { tabs: c.tabs.map(tabKey), active: c.activeKey };
  },
  // The disabled-page guard needs to know which page is active.
  browserSerializeContext: (context) => (context as TabsContext).activeKey,
  events: {
    'xstate.done.actor.loadWorkspace': [
      {
        type: 'xstate.done.actor.loadWorkspace',
        output: { saved: null, menu: [signListEntry], settingMenu: [] },
      },
      {
        type: 'xstate.done.actor.loadWorkspace',
        output: {
          saved: { tabs: [home, signList], activeKey: signListKey, visits: [homeKey, signListKey] },
          menu: [signListEntry],
          settingMenu: [],
        },
      },
    ],
    'xstate.error.actor.loadWorkspace': [
      { type: 'xstate.error.actor.loadWorkspace', error: new Error('菜单加载失败') },
    ],
    'tab.open': [
      { type: 'tab.open', entry: signListEntry },
      { type: 'tab.open', entry: signDetailEntry },
    ],
    'tab.select': [
      { type: 'tab.select', key: homeKey },
      { type: 'tab.select', key: signListKey },
    ],
    'tab.close': [
      { type: 'tab.close', key: homeKey },
      { type: 'tab.close', key: signListKey },
      { type: 'tab.close', key: signDetailKey },
    ],
    'page.disable': [
      { type: 'page.disable', appType: 6, id: 12 },
      { type: 'page.disable', appType: 5, id: 99 },
    ],
  },
};
