/**
 * The filters of a list in a card, with the apply (查询 / 搜索) and 重置 buttons at the end; a
 * SearchField inside remembers its text each time the search is run. The apply button is
 * throttled like a submitting button (500 ms, 000 section 9): pressed again within 500 ms with the
 * same filters it is a repeat and dropped; changed filters run at once.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { SearchRunContext } from '../search-field';
import { TextField } from '../text-field';
import { buttonThrottleMs, createQueryThrottle } from '../input-rules';

/** What the filters read now: each field's value and each choice's shown text. */
function filtersOf(bar: HTMLElement | null): string {
  if (!bar) return '';
  const values = [...bar.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map(
    (field) => field.value,
  );
  const choices = [...bar.querySelectorAll('[role="combobox"]')].map((choice) => choice.textContent ?? '');
  return JSON.stringify([values, choices]);
}

export function FilterBar({
  children,
  onApply,
  onReset,
  applyText = '查询',
  testId,
  align = 'center',
}: {
  children: ReactNode;
  onApply: () => void;
  onReset: () => void;
  applyText?: string;
  testId?: string;
  align?: 'center' | 'end';
}) {
  // The search boxes inside remember their text when the search is run from here.
  const [runListeners] = useState(() => new Set<() => void>());
  const [onRun] = useState(() => (listener: () => void) => {
    runListeners.add(listener);
    return () => void runListeners.delete(listener);
  });
  const [mayApply] = useState(() => createQueryThrottle(buttonThrottleMs));
  const bar = useRef<HTMLDivElement>(null);
  return (
    <Card size="2">
      <Flex ref={bar} gap="3" wrap="wrap" align={align} data-testid={testId}>
        <SearchRunContext.Provider value={onRun}>{children}</SearchRunContext.Provider>
        <Flex gap="2">
          <Button
            onClick={() => {
              if (!mayApply(filtersOf(bar.current))) return;
              for (const listener of runListeners) listener();
              onApply();
            }}
          >
            {applyText}
          </Button>
          <Button variant="soft" color="gray" onClick={onReset}>
            重置
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** A from-to date pair of a filter bar (发起时间 开始 / 结束). */
export function DateRangeFilter({
  label,
  start,
  end,
  onChange,
}: {
  label: string;
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}) {
  return (
    <Flex gap="1" align="center">
      <Text size="2" color="gray">
        {label}
      </Text>
      <TextField.Root
        size="2"
        type="date"
        aria-label={`${label}开始`}
        value={start}
        onChange={(e) => onChange(e.target.value, end)}
      />
      <Text size="2" color="gray">
        至
      </Text>
      <TextField.Root
        size="2"
        type="date"
        aria-label={`${label}结束`}
        value={end}
        onChange={(e) => onChange(start, e.target.value)}
      />
    </Flex>
  );
}

/**
 * A from-to number pair of a filter bar (价格, 面积, 单价, 楼层): two short fields named for screen
 * readers (最低价格 / 最高价格), an optional visible label before them. Listings, customers and the
 * listing search's 更多条件 use it.
 */
export function RangeFilter({
  label,
  names,
  placeholders,
  min,
  max,
  onChange,
  width = 76,
}: {
  /** Shown before the pair (the pair's names say it to screen readers either way). */
  label?: string;
  names: readonly [string, string];
  placeholders: readonly [string, string];
  min: string;
  max: string;
  onChange: (min: string, max: string) => void;
  width?: number;
}) {
  return (
    <Flex gap="1" align="center">
      {label && (
        <Text size="2" color="gray">
          {label}
        </Text>
      )}
      <TextField.Root
        aria-label={names[0]}
        placeholder={placeholders[0]}
        value={min}
        onChange={(e) => onChange(e.target.value, max)}
        style={{ width }}
      />
      <Text size="1">-</Text>
      <TextField.Root
        aria-label={names[1]}
        placeholder={placeholders[1]}
        value={max}
        onChange={(e) => onChange(min, e.target.value)}
        style={{ width }}
      />
    </Flex>
  );
}
