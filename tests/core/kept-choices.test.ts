import { describe, expect, it } from 'vitest';
import {
  isHouseTypeChoice,
  keptChoiceKey,
  readKeptChoice,
  writeKeptChoice,
} from '../../src/core/kept-choices';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const isCategory = (value: unknown): value is 1 | 2 | 3 => value === 1 || value === 2 || value === 3;

describe('choices the browser keeps per user (000 section 3)', () => {
  it('keeps the house type with its description and the message category, per user', () => {
    const store = memoryStore();
    writeKeptChoice(store, 'houseType', 7, { type: 2, description: '出租' });
    writeKeptChoice(store, 'categoryTag', 7, 3);
    expect(readKeptChoice(store, 'houseType', 7, isHouseTypeChoice)).toEqual({
      type: 2,
      description: '出租',
    });
    expect(readKeptChoice(store, 'categoryTag', 7, isCategory)).toBe(3);
    expect(keptChoiceKey('houseType', 7)).toBe('houseType:7');
    // Another user of the same browser has none; nobody signed in keeps nothing.
    expect(readKeptChoice(store, 'houseType', 8, isHouseTypeChoice)).toBeNull();
    writeKeptChoice(store, 'categoryTag', null, 2);
    expect(readKeptChoice(store, 'categoryTag', null, isCategory)).toBeNull();
  });

  it('reads a missing, unreadable or no longer valid value as none', () => {
    const store = memoryStore();
    store.setItem('houseType:7', '{not json');
    expect(readKeptChoice(store, 'houseType', 7, isHouseTypeChoice)).toBeNull();
    store.setItem('houseType:7', JSON.stringify({ type: 5, description: '车位' }));
    expect(readKeptChoice(store, 'houseType', 7, isHouseTypeChoice)).toBeNull();
    store.setItem('houseType:7', JSON.stringify({ type: 1, description: '出租' }));
    expect(readKeptChoice(store, 'houseType', 7, isHouseTypeChoice)).toBeNull();
    store.setItem('categoryTag:7', '9');
    expect(readKeptChoice(store, 'categoryTag', 7, isCategory)).toBeNull();
  });
});
