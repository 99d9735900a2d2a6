/**
 * 权限设置 keeps where the user left it (000 section 3: "auth selectpath and level" persisted
 * locally): the chosen role (selectpath) and app tab (level), per user, so a reload or a later visit
 * opens the same permissions again.
 */
import { authApps, type AuthAppType } from './auth-role-actors';

export type AuthSelection = { selectpath: number | null; level: AuthAppType };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function authSelectionKey(userId: number): string {
  return `authSelection:${userId}`;
}

function isAppType(value: unknown): value is AuthAppType {
  return authApps.some((app) => app.appType === value);
}

export function readAuthSelection(store: KeyValueStore, userId: number | null): AuthSelection {
  const fallback: AuthSelection = { selectpath: null, level: 1 };
  if (userId === null) return fallback;
  try {
    const parsed = JSON.parse(
      store.getItem(authSelectionKey(userId)) ?? 'null',
    ) as Partial<AuthSelection> | null;
    return {
      selectpath: typeof parsed?.selectpath === 'number' ? parsed.selectpath : null,
      level: isAppType(parsed?.level) ? parsed.level : 1,
    };
  } catch {
    return fallback;
  }
}

export function writeAuthSelection(
  store: KeyValueStore,
  userId: number | null,
  selection: AuthSelection,
): void {
  if (userId !== null) store.setItem(authSelectionKey(userId), JSON.stringify(selection));
}
