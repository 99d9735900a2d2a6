import { describe, expect, it } from 'vitest';
import { readAuthSelection, writeAuthSelection } from '../../../src/features/system/auth-selection';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('权限设置 selection kept in the browser (auth selectpath and level)', () => {
  it('reads back what each user chose, and the first role of 房源 when nothing was kept', () => {
    const store = memoryStore();
    expect(readAuthSelection(store, 7)).toEqual({ selectpath: null, level: 1 });
    writeAuthSelection(store, 7, { selectpath: 12, level: 2 });
    expect(readAuthSelection(store, 7)).toEqual({ selectpath: 12, level: 2 });
    expect(readAuthSelection(store, 8)).toEqual({ selectpath: null, level: 1 });
  });

  it('ignores an app that no longer exists or a damaged entry', () => {
    const store = memoryStore();
    store.setItem('authSelection:7', JSON.stringify({ selectpath: 3, level: 42 }));
    expect(readAuthSelection(store, 7)).toEqual({ selectpath: 3, level: 1 });
    store.setItem('authSelection:7', '{');
    expect(readAuthSelection(store, 7)).toEqual({ selectpath: null, level: 1 });
  });
});
