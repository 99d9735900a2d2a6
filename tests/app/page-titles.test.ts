/**
 * A page's title is the menu's name for it wherever it is opened (issue 38): the tab of a page opened
 * from the main menu, the settings menu, the management centre or by its address reads the same.
 */
import { describe, expect, it } from 'vitest';
import { pageDefinitions } from '../../src/app/pages';
import { mainMenuDefinitions, settingMenuDefinitions } from '../../server/areas/auth/menus';
import { managerEntries } from '../../src/features/manager/manager-index-page';

type Definition = { name: string; path?: string; children?: readonly Definition[] };

function leaves(definitions: readonly Definition[]): { name: string; path: string }[] {
  return definitions.flatMap((definition) => [
    ...(definition.path && !definition.children ? [{ name: definition.name, path: definition.path }] : []),
    ...leaves(definition.children ?? []),
  ]);
}

const pagePath = (path: string) => path.replace(/\.vue$/, '');

describe('page titles', () => {
  it('every menu entry opens a page whose title is the entry’s name', () => {
    const entries = [
      ...leaves(mainMenuDefinitions),
      ...leaves(settingMenuDefinitions),
      ...managerEntries.map((entry) => ({ name: entry.name, path: entry.path })),
    ];
    const mismatches = entries
      .filter((entry) => pageDefinitions[pagePath(entry.path)]?.title !== entry.name)
      .map((entry) => `${entry.name} → ${pageDefinitions[pagePath(entry.path)]?.title ?? '(no page)'}`);
    expect(mismatches).toEqual([]);
  });
});
