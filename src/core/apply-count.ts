/**
 * The application counts of 000 section 9 (待处理的（n）, 我添加的（n）) for the signed-in user, shared
 * by the menu badge and the organisation page: read when a reader mounts, every minute and when the
 * window comes back into view, and whenever a screen changes an application (refreshApplyCount).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api, ok } from '../api/client';
import { readCredentials } from '../api/credentials';

export type ApplyCount = { pendingCount: number; myApplyCount: number };

let current: { token: string; count: ApplyCount | null } = { token: '', count: null };
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(token: string, count: ApplyCount | null): void {
  current = { token, count };
  for (const listener of listeners) listener();
}

/** Reads the counts again (after an approval, a rejection, an addition that waits for review). */
export function refreshApplyCount(): void {
  const token = readCredentials()?.token ?? '';
  if (!token) return;
  const read = ok(api.GET('/org/v2/applyCount'))
    .then((result) => publish(token, result.data ?? { pendingCount: 0, myApplyCount: 0 }))
    .catch(() => {
      // The request layer has said what went wrong; the last counts stay shown.
    })
    .finally(() => {
      if (reading === read) reading = null;
    });
  reading = read;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How often a shown count is read again (an invitee may apply at any time). */
export const applyCountRefreshMs = 60_000;

/** The counts, or null until read; read when a reader mounts, every minute and when the window comes back. */
export function useApplyCount(enabled = true): ApplyCount | null {
  const snapshot = useSyncExternalStore(subscribe, () => current);
  const token = readCredentials()?.token ?? '';
  useEffect(() => {
    if (!enabled || !token) return undefined;
    refreshApplyCount();
    const timer = setInterval(refreshApplyCount, applyCountRefreshMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshApplyCount();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, token]);
  return snapshot.token === token ? snapshot.count : null;
}
