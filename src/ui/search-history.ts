/**
 * Recently used searches (000 section 9: 10 entries per key), kept in the browser per user and per
 * search box, newest first. A repeated search moves to the front instead of appearing twice.
 */
export const searchHistorySize = 10;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function searchHistoryKey(userId: number, box: string): string {
  return `searchHistory:${userId}:${box}`;
}

/** The history with `text` added at the front, at most 10 entries; blank text changes nothing. */
export function addSearch(entries: readonly string[], text: string): string[] {
  const search = text.trim();
  if (!search) return [...entries];
  return [search, ...entries.filter((entry) => entry !== search)].slice(0, searchHistorySize);
}

export function readSearchHistory(store: KeyValueStore, userId: number, box: string): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(searchHistoryKey(userId, box)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is string => typeof entry === 'string').slice(0, searchHistorySize)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(store: KeyValueStore, userId: number, box: string, text: string): string[] {
  const entries = addSearch(readSearchHistory(store, userId, box), text);
  store.setItem(searchHistoryKey(userId, box), JSON.stringify(entries));
  return entries;
}

export function clearSearchHistory(store: KeyValueStore, userId: number, box: string): void {
  store.removeItem(searchHistoryKey(userId, box));
}
