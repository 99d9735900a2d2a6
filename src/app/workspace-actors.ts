/** The main layout's tabs actor bound to the browser: menus from the API, tabs saved per user token. */
import { fromPromise } from 'xstate';
import { api } from '../api/client';
import { tabsMachine, type MenuItem, type SavedTabs, type Workspace } from '../../machines/tabs.machine';

function storageKey(token: string): string {
  return `pageTabs:${token.slice(0, 24)}`;
}

function readSaved(token: string): SavedTabs | null {
  try {
    const raw = localStorage.getItem(storageKey(token));
    return raw ? (JSON.parse(raw) as SavedTabs) : null;
  } catch {
    return null;
  }
}

function toMenu(
  items:
    | {
        appType: number;
        appId: number;
        name: string;
        path: string;
        params?: Record<string, unknown>;
        children?: unknown[];
      }[]
    | undefined,
): MenuItem[] {
  return (items ?? []).map((item) => ({
    appType: item.appType,
    appId: item.appId,
    name: item.name,
    path: item.path,
    ...(item.params ? { params: item.params } : {}),
    ...(item.children ? { children: toMenu(item.children as never) } : {}),
  }));
}

export function createWorkspaceMachine(token: string) {
  return tabsMachine.provide({
    actors: {
      loadWorkspace: fromPromise<Workspace>(async () => {
        const [navigation, settings] = await Promise.all([
          api.GET('/user/appNavigation'),
          api.GET('/base/settingMenu'),
        ]);
        return {
          saved: readSaved(token),
          menu: navigation.data?.code === 200 ? toMenu(navigation.data.data) : [],
          settingMenu: settings.data?.code === 200 ? toMenu(settings.data.data) : [],
        };
      }),
    },
    actions: {
      saveTabs: ({ context }) => {
        const saved: SavedTabs = { tabs: context.tabs, activeKey: context.activeKey, visits: context.visits };
        localStorage.setItem(storageKey(token), JSON.stringify(saved));
      },
    },
  });
}
