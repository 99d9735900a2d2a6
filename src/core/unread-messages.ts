/**
 * The user's unread message count for the shell's header and menu (000 section 3 "Message"): the
 * sum of /base/messageMenu's unread counts, shown as 99+ above 99. It is fetched when the shell
 * starts, every minute, when the window comes back into view, and whenever a screen reads or
 * writes messages (refreshUnread), so the badge follows without a reload.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { api, ok } from '../api/client';

/** How often the shell asks again while it stays open. */
export const unreadRefreshMs = 60_000;

let unread = 0;
const listeners = new Set<() => void>();
let pending: Promise<void> | null = null;

/** A badge shows 99+ above 99 (the seed's menu counts). */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Asks the server again; calls made while one is under way share it. A failure keeps the last count. */
export function refreshUnread(): Promise<void> {
  pending ??= ok(api.GET('/base/messageMenu'))
    .then(
      (reply) => {
        const total = (reply.data ?? []).reduce((sum, item) => sum + item.unreadCount, 0);
        if (total !== unread) {
          unread = total;
          listeners.forEach((listener) => listener());
        }
      },
      () => {},
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The unread count, kept fresh while the component that shows it is mounted. */
export function useUnreadCount(): number {
  useEffect(() => {
    void refreshUnread();
    const timer = setInterval(() => void refreshUnread(), unreadRefreshMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnread();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => unread);
}
