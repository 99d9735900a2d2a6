/**
 * The page tabs of the main area (000 section 2): menu entries open as tabs, saved per user token and
 * restored on reload; closing a tab goes to the last visited one; home is never closed; the
 * disabled-page modal 当前页面状态不可操作 closes the current page.
 *
 * The seed's navigation lock (000 section 8: a tab page is not opened by navigate, the same url
 * twice in a row is refused as locked), on the desktop: a page has one tab, so opening a page that
 * is open already selects its tab, and opening the page that is shown, with the same parameters,
 * again (a double click) is refused: nothing changes, nothing is saved, the page is not drawn anew.
 */
import { assign, fromPromise, setup } from 'xstate';

export type PageTab = {
  appType: number;
  appId: number;
  name: string;
  /** The page path without its query string, e.g. /views/sign/detail.vue */
  path: string;
  params: Record<string, string>;
};

export type SavedTabs = { tabs: PageTab[]; activeKey: string; visits: string[] };

/** A menu entry from /user/appNavigation or /base/settingMenu. */
export type MenuItem = {
  appType: number;
  appId: number;
  name: string;
  path: string;
  params?: Record<string, unknown>;
  children?: MenuItem[];
};

export type Workspace = { saved: SavedTabs | null; menu: MenuItem[]; settingMenu: MenuItem[] };

export type TabsContext = SavedTabs & {
  /** The page marked disabled while its modal is open. */
  disabledKey: string | null;
  menu: MenuItem[];
  settingMenu: MenuItem[];
};

export type TabsEvent =
  | {
      type: 'tab.open';
      entry: { appType: number; appId: number; name: string; path: string; params?: Record<string, string> };
    }
  | { type: 'tab.select'; key: string }
  | { type: 'tab.close'; key: string }
  | { type: 'tab.closeOthers' }
  | { type: 'tab.closeAll' }
  | { type: 'page.disable'; appType: number; id: number }
  | { type: 'modal.close' };

export const homeTab: PageTab = {
  appType: 999,
  appId: 0,
  name: '首页',
  path: '/views/index.vue',
  params: {},
};
export const disabledPageMessage = '当前页面状态不可操作';

export function tabKey(tab: Pick<PageTab, 'appType' | 'appId' | 'path'>): string {
  return `${tab.appType}:${tab.appId}:${tab.path}`;
}

export const homeKey = tabKey(homeTab);

/** A path may carry a query string; it is merged into the page parameters. */
export function toPageTab(entry: Extract<TabsEvent, { type: 'tab.open' }>['entry']): PageTab {
  const [path = '', query = ''] = entry.path.split('?');
  const fromQuery = Object.fromEntries(new URLSearchParams(query));
  return {
    appType: entry.appType,
    appId: entry.appId,
    name: entry.name,
    path,
    params: { ...fromQuery, ...entry.params },
  };
}

export function initialTabs(): SavedTabs {
  return { tabs: [homeTab], activeKey: homeKey, visits: [homeKey] };
}

function isSameTab(a: PageTab, b: PageTab): boolean {
  const keys = Object.keys(a.params);
  return (
    a.name === b.name &&
    keys.length === Object.keys(b.params).length &&
    keys.every((key) => a.params[key] === b.params[key])
  );
}

function visit(visits: string[], key: string): string[] {
  return [...visits.filter((k) => k !== key), key];
}

function closeTabs(context: TabsContext, shouldClose: (tab: PageTab) => boolean): Partial<TabsContext> {
  const tabs = context.tabs.filter((tab) => tabKey(tab) === homeKey || !shouldClose(tab));
  const open = new Set(tabs.map(tabKey));
  const visits = context.visits.filter((key) => open.has(key));
  const activeKey = open.has(context.activeKey) ? context.activeKey : (visits.at(-1) ?? homeKey);
  return { tabs, visits: visit(visits, activeKey), activeKey };
}

export const tabsMachine = setup({
  types: {
    context: {} as TabsContext,
    events: {} as TabsEvent,
  },
  actors: {
    /** The saved tabs of this user's token, and the menus. */
    loadWorkspace: fromPromise<Workspace>(async () => ({ saved: null, menu: [], settingMenu: [] })),
  },
  actions: {
    /** Persist tabs, active tab and visit order under the user's token (src/ provides it). */
    saveTabs: () => {},
  },
  guards: {
    /** Not the page already shown with the same parameters (the navigation lock). */
    isNotShownAlready: ({ context, event }) => {
      if (event.type !== 'tab.open') return false;
      const tab = toPageTab(event.entry);
      const key = tabKey(tab);
      const shown = context.tabs.find((t) => tabKey(t) === key);
      return key !== context.activeKey || shown === undefined || !isSameTab(shown, tab);
    },
    isClosable: ({ context, event }) =>
      event.type === 'tab.close' &&
      event.key !== homeKey &&
      context.tabs.some((tab) => tabKey(tab) === event.key),
    isOpenTab: ({ context, event }) =>
      event.type === 'tab.select' && context.tabs.some((tab) => tabKey(tab) === event.key),
    isCurrentPageDisabled: ({ context, event }) => {
      if (event.type !== 'page.disable') return false;
      const current = context.tabs.find((tab) => tabKey(tab) === context.activeKey);
      return (
        current !== undefined &&
        current.appType === event.appType &&
        (current.appId === event.id ||
          current.params['id'] === String(event.id) ||
          current.params['contractId'] === String(event.id))
      );
    },
  },
}).createMachine({
  id: 'tabs',
  context: { ...initialTabs(), disabledKey: null, menu: [], settingMenu: [] },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'loadWorkspace',
        src: 'loadWorkspace',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const { saved, menu, settingMenu } = event.output;
            if (!saved || !saved.tabs.some((tab) => tabKey(tab) === homeKey))
              return { ...initialTabs(), menu, settingMenu };
            const keys = new Set(saved.tabs.map(tabKey));
            const activeKey = keys.has(saved.activeKey) ? saved.activeKey : homeKey;
            return {
              tabs: saved.tabs,
              activeKey,
              visits: saved.visits.filter((key) => keys.has(key)),
              menu,
              settingMenu,
            };
          }),
        },
        onError: { target: 'ready', actions: assign(() => initialTabs()) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'tab.open': {
              guard: 'isNotShownAlready',
              actions: [
                assign(({ context, event }) => {
                  const tab = toPageTab(event.entry);
                  const key = tabKey(tab);
                  const exists = context.tabs.some((t) => tabKey(t) === key);
                  const tabs = exists
                    ? context.tabs.map((t) => (tabKey(t) === key ? tab : t))
                    : [...context.tabs, tab];
                  return { tabs, activeKey: key, visits: visit(context.visits, key) };
                }),
                'saveTabs',
              ],
            },
            'tab.select': {
              guard: 'isOpenTab',
              actions: [
                assign(({ context, event }) => ({
                  activeKey: event.key,
                  visits: visit(context.visits, event.key),
                })),
                'saveTabs',
              ],
            },
            'tab.close': {
              guard: 'isClosable',
              actions: [
                assign(({ context, event }) => closeTabs(context, (tab) => tabKey(tab) === event.key)),
                'saveTabs',
              ],
            },
            'tab.closeOthers': {
              actions: [
                assign(({ context }) => closeTabs(context, (tab) => tabKey(tab) !== context.activeKey)),
                'saveTabs',
              ],
            },
            'tab.closeAll': {
              actions: [assign(({ context }) => closeTabs(context, () => true)), 'saveTabs'],
            },
            'page.disable': {
              guard: 'isCurrentPageDisabled',
              target: 'disabledModal',
              actions: assign(({ context }) => ({ disabledKey: context.activeKey })),
            },
          },
        },
        /** 当前页面状态不可操作, with a close button that closes the page. */
        disabledModal: {
          on: {
            'modal.close': {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  ...closeTabs(context, (tab) => tabKey(tab) === context.disabledKey),
                  disabledKey: null,
                })),
                'saveTabs',
              ],
            },
          },
        },
      },
    },
  },
});
