/**
 * A search box that offers the user's last 10 searches in it when focused (000 section 9). A
 * search is remembered when it is run: Enter in the box, the filter bar's apply button, or picking
 * a remembered one (which runs it at once).
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useSessionSnapshot } from '../core/use-session';
import { clearSearchHistory, readSearchHistory, rememberSearch } from './search-history';
import { TextField } from './text-field';

/** A filter bar tells its search boxes when its apply button runs the search. */
export const SearchRunContext = createContext<((listener: () => void) => () => void) | null>(null);

type Props = {
  /** One history per box: 'house', 'customer', 'contract' … */
  historyKey: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Runs the search with this text (a remembered search picked, or Enter). */
  onSearch?: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  width?: number;
};

export function SearchField({
  historyKey,
  label,
  value,
  onChange,
  onSearch,
  placeholder,
  maxLength,
  width,
}: Props) {
  const userId = useSessionSnapshot().context.user?.userId ?? null;
  const [entries, setEntries] = useState<string[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const onRun = useContext(SearchRunContext);
  const latest = useRef({ value, userId });
  useEffect(() => {
    latest.current = { value, userId };
  });
  useEffect(
    () =>
      onRun?.(() => {
        const { value: text, userId: user } = latest.current;
        if (user !== null) setEntries(rememberSearch(localStorage, user, historyKey, text));
      }),
    [onRun, historyKey],
  );

  const remember = (text: string) => {
    if (userId !== null) setEntries(rememberSearch(localStorage, userId, historyKey, text));
  };

  const open = () => {
    if (userId !== null) setEntries(readSearchHistory(localStorage, userId, historyKey));
    setIsOpen(true);
  };
  const typed = value.trim();
  const shown = typed ? entries.filter((entry) => entry.includes(typed) && entry !== typed) : entries;

  return (
    <Box
      ref={box}
      position="relative"
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget)) setIsOpen(false);
      }}
    >
      <TextField.Root
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        style={width ? { width } : undefined}
        onFocus={open}
        onChange={(event) => {
          onChange(event.target.value);
          setIsOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setIsOpen(false);
          if (event.key !== 'Enter') return;
          remember(value);
          setIsOpen(false);
          onSearch?.(value);
        }}
      />
      {isOpen && shown.length > 0 && (
        <Box
          role="listbox"
          aria-label="最近搜索"
          data-testid="search-history"
          p="1"
          style={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            left: 0,
            minWidth: '100%',
            zIndex: 10,
            background: 'var(--color-panel-solid)',
            boxShadow: 'var(--shadow-4)',
            borderRadius: 'var(--radius-3)',
          }}
        >
          <Box px="2" py="1">
            <Text size="1" color="gray">
              最近搜索
            </Text>
          </Box>
          {shown.map((entry) => (
            <Box
              key={entry}
              role="option"
              aria-selected={false}
              tabIndex={-1}
              px="2"
              py="1"
              className="search-history-entry"
              style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onChange(entry);
                remember(entry);
                setIsOpen(false);
                onSearch?.(entry);
              }}
            >
              <Text size="2">{entry}</Text>
            </Box>
          ))}
          <Flex justify="end" px="1" pt="1">
            <Button
              size="1"
              variant="ghost"
              color="gray"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (userId !== null) clearSearchHistory(localStorage, userId, historyKey);
                setEntries([]);
              }}
            >
              清空记录
            </Button>
          </Flex>
        </Box>
      )}
    </Box>
  );
}
