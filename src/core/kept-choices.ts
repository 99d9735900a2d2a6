/**
 * Choices the browser keeps per user (000 section 3, "stored in the browser" / "persisted locally"),
 * so that a screen opens again where the user left it: the listings' house type with its
 * description (houseType: 全部 0, 出售 1, 出租 2, 其他 3) and the message centre's category
 * (categoryTag). Kept in localStorage under `<name>:<userId>`; a value that is missing, unreadable
 * or no longer valid reads as the screen's default. (权限设置's selectpath and level, the search
 * history and lastVersion are kept by their own modules.)
 */
import { useState } from 'react';
import { useSessionSnapshot } from './use-session';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export type KeptChoice = 'houseType' | 'categoryTag';

export function keptChoiceKey(name: KeptChoice, userId: number): string {
  return `${name}:${userId}`;
}

export function readKeptChoice<T>(
  store: KeyValueStore,
  name: KeptChoice,
  userId: number | null,
  isValid: (value: unknown) => value is T,
): T | null {
  if (userId === null) return null;
  try {
    const value: unknown = JSON.parse(store.getItem(keptChoiceKey(name, userId)) ?? 'null');
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeKeptChoice<T>(
  store: KeyValueStore,
  name: KeptChoice,
  userId: number | null,
  value: T,
): void {
  if (userId !== null) store.setItem(keptChoiceKey(name, userId), JSON.stringify(value));
}

/** A screen's choice that the browser keeps for the signed-in user: starts from the kept one. */
export function useKeptChoice<T>(
  name: KeptChoice,
  fallback: T,
  isValid: (value: unknown) => value is T,
): [T, (value: T) => void] {
  const userId = useSessionSnapshot().context.user?.userId ?? null;
  const [value, setValue] = useState<T>(
    () => readKeptChoice(localStorage, name, userId, isValid) ?? fallback,
  );
  return [
    value,
    (next: T) => {
      setValue(next);
      writeKeptChoice(localStorage, name, userId, next);
    },
  ];
}

/** The listings' house type as kept: its code and the description shown for it. */
export type HouseTypeChoice = { type: 0 | 1 | 2 | 3; description: string };

export const houseTypeDescriptions: Record<HouseTypeChoice['type'], string> = {
  0: '全部',
  1: '出售',
  2: '出租',
  3: '其他',
};

export function isHouseTypeChoice(value: unknown): value is HouseTypeChoice {
  if (typeof value !== 'object' || value === null) return false;
  const { type, description } = value as { type?: unknown; description?: unknown };
  return (
    (type === 0 || type === 1 || type === 2 || type === 3) && description === houseTypeDescriptions[type]
  );
}
