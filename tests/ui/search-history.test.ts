import { describe, expect, it } from 'vitest';
import {
  addSearch,
  clearSearchHistory,
  readSearchHistory,
  rememberSearch,
  searchHistoryKey,
} from '../../src/ui/search-history';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('recently used searches (000 section 9)', () => {
  it('keeps the newest first, moves a repeated search to the front and ignores blank ones', () => {
    expect(addSearch(['桃源居', '天健'], ' 天健 ')).toEqual(['天健', '桃源居']);
    expect(addSearch(['桃源居'], '   ')).toEqual(['桃源居']);
  });

  it('keeps 10 entries per search box, dropping the oldest', () => {
    const store = memoryStore();
    for (let i = 1; i <= 12; i += 1) rememberSearch(store, 7, 'house', `小区${i}`);
    const entries = readSearchHistory(store, 7, 'house');
    expect(entries).toHaveLength(10);
    expect(entries[0]).toBe('小区12');
    expect(entries.at(-1)).toBe('小区3');
  });

  it('keeps each user’s and each box’s history apart', () => {
    const store = memoryStore();
    rememberSearch(store, 7, 'house', '桃源居');
    rememberSearch(store, 8, 'house', '天健');
    rememberSearch(store, 7, 'customer', '王先生');
    expect(readSearchHistory(store, 7, 'house')).toEqual(['桃源居']);
    expect(readSearchHistory(store, 8, 'house')).toEqual(['天健']);
    expect(readSearchHistory(store, 7, 'customer')).toEqual(['王先生']);
    clearSearchHistory(store, 7, 'house');
    expect(readSearchHistory(store, 7, 'house')).toEqual([]);
    expect(readSearchHistory(store, 8, 'house')).toEqual(['天健']);
  });

  it('reads a damaged entry as no history', () => {
    const store = memoryStore();
    store.setItem(searchHistoryKey(7, 'house'), '{not json');
    expect(readSearchHistory(store, 7, 'house')).toEqual([]);
    store.setItem(searchHistoryKey(7, 'house'), JSON.stringify(['桃源居', 3, null]));
    expect(readSearchHistory(store, 7, 'house')).toEqual(['桃源居']);
  });
});
