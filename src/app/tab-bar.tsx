/**
 * The bar of open pages as a WAI-ARIA tablist: each open page is one tab (a button with role tab, the
 * chosen one selected and the only one in the Tab order), the arrow keys, Home and End move between
 * tabs, Delete closes the focused tab. Closing is no button inside the tab (a tab's children are
 * presentational, so a nested button is lost to assistive technology): the × is drawn for the mouse,
 * Delete does it from the keyboard, and 标签操作 (outside the tablist) closes this, the others or all.
 */
import { useRef, type KeyboardEvent } from 'react';
import { Box, Button, DropdownMenu } from '@radix-ui/themes';
import { homeKey, tabKey, type PageTab } from '../../machines/tabs.machine';

/** The ids that tie a tab to the page it shows (aria-controls, aria-labelledby). */
export const tabId = (index: number) => `page-tab-${index}`;
export const panelId = (index: number) => `page-panel-${index}`;

type Props = {
  tabs: readonly PageTab[];
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
};

export function TabBar({ tabs, activeKey, onSelect, onClose, onCloseOthers, onCloseAll }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const focusTab = (index: number) => {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    if (!buttons || buttons.length === 0) return;
    const target = buttons[(index + buttons.length) % buttons.length];
    target?.focus();
    target?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number, key: string) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      focusTab(next);
    } else if (event.key === 'Delete' && key !== homeKey) {
      event.preventDefault();
      onClose(key);
      // Focus follows to the tab the machine shows next, once it is drawn.
      requestAnimationFrame(() =>
        list.current?.querySelector<HTMLButtonElement>('[role="tab"][aria-selected="true"]')?.focus(),
      );
    }
  };
  const activeIndex = tabs.findIndex((tab) => tabKey(tab) === activeKey);

  return (
    <div className="tab-bar">
      <div className="tab-list" role="tablist" aria-label="已打开的页面" ref={list}>
        {tabs.map((tab, index) => {
          const key = tabKey(tab);
          const isActive = index === activeIndex;
          return (
            <button
              key={key}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={isActive}
              aria-controls={isActive ? panelId(index) : undefined}
              tabIndex={isActive ? 0 : -1}
              className={`page-tab${isActive ? ' active' : ''}`}
              onClick={() => onSelect(key)}
              onKeyDown={(event) => onKeyDown(event, index, key)}
            >
              {tab.name}
              {key !== homeKey && (
                // The mouse's close; the keyboard's is Delete on the tab (or 标签操作 › 关闭当前).
                <span
                  className="page-tab-close"
                  aria-hidden="true"
                  data-testid={`close-tab-${tab.name}`}
                  title={`关闭 ${tab.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onClose(key);
                  }}
                >
                  ×
                </span>
              )}
            </button>
          );
        })}
      </div>
      <Box flexGrow="1" />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button size="1" variant="ghost" color="gray">
            标签操作
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <DropdownMenu.Item disabled={activeKey === homeKey} onSelect={() => onClose(activeKey)}>
            关闭当前
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onCloseOthers}>关闭其他</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onCloseAll}>全部关闭</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}
