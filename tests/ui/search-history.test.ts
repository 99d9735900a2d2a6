import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCredentials, writeCredentials } from '../../src/api/credentials';
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

  // 000 section 3 lists the todos history (this recently-used history) among what is persisted
  // locally, beside the user: signing out ends the session, not the user's history.
  it('outlives signing out: the token and user go, each user’s history stays for the next sign-in', () => {
    const store = memoryStore();
    vi.stubGlobal('localStorage', store);
    writeCredentials({ token: 't', sessionid: 's' });
    store.setItem('userInfo', '{"userId":7}');
    rememberSearch(store, 7, 'house', '桃源居');
    clearCredentials();
    expect(store.getItem('userToken')).toBeNull();
    expect(store.getItem('userInfo')).toBeNull();
    expect(readSearchHistory(store, 7, 'house')).toEqual(['桃源居']);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
