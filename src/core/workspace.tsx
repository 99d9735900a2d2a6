/**
 * What a page may ask of the main layout: open another page as a tab, close a tab, go back, mark
 * itself disabled, read the menu, draw another page inside itself.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { MenuItem, TabsEvent } from '../../machines/tabs.machine';

/** What every page gets: its path, its parameters (a query string in the path merged in) and its title. */
export type PageProps = { path: string; params: Record<string, string>; title: string };

export type Workspace = {
  menu: MenuItem[];
  openPage: (entry: Extract<TabsEvent, { type: 'tab.open' }>['entry']) => void;
  /** Closes the tab with this key (tabKey of machines/tabs.machine.ts). */
  closePage: (key: string) => void;
  /**
   * The back action (000 section 2): leaves the page shown for the one the user came from — in the
   * main layout the tab closes and the last visited tab shows; a page opened by its address goes
   * back in the browser, or to / when it is the only page on the stack.
   */
  goBack: () => void;
  disablePage: (appType: number, id: number) => void;
  /** Draws another page inside this one (the system settings show a setting page beside their menu). */
  renderPage?: (path: string, params?: Record<string, string>) => ReactNode;
};

export const WorkspaceContext = createContext<Workspace>({
  menu: [],
  openPage: () => {},
  closePage: () => {},
  goBack: () => {},
  disablePage: () => {},
});

export function useWorkspace(): Workspace {
  return useContext(WorkspaceContext);
}
