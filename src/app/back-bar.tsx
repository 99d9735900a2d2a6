/**
 * The general back action (000 section 2) above a page opened from another page: a detail, a
 * signing step, a preview. It asks the workspace to go back (useWorkspace().goBack), which the main
 * layout and a page opened by its address each answer their way.
 */
import { Button, Flex } from '@radix-ui/themes';
import { useWorkspace } from '../core/workspace';
import { homeKey, tabKey, type MenuItem, type PageTab } from '../../machines/tabs.machine';
import { normalizePagePath } from './pages';

function isInMenu(items: readonly MenuItem[], path: string): boolean {
  return items.some((item) => normalizePagePath(item.path) === path || isInMenu(item.children ?? [], path));
}

/**
 * Whether a tab shows a page opened from another page, which offers 返回: not home and not a menu
 * entry's page (the seed's tab pages, which the menu opens and which have no back).
 */
export function isOpenedFromPage(tab: PageTab, menu: readonly MenuItem[]): boolean {
  return tabKey(tab) !== homeKey && !isInMenu(menu, normalizePagePath(tab.path));
}

export function BackBar() {
  const { goBack } = useWorkspace();
  return (
    <Flex px="5" pt="3" data-testid="back-bar">
      <Button size="1" variant="soft" onClick={goBack}>
        <span aria-hidden>←</span> 返回
      </Button>
    </Flex>
  );
}
