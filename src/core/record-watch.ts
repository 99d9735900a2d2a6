/**
 * 当前页面状态不可操作 in real use (000 section 2; 001 section 8, "405 on edit-state check"): a tab
 * that shows one record (a sign contract, a listing, an approval) reads the record's state again
 * when the page mounts (the tab chosen again) and when the window comes back into view. When the
 * record is gone (deleted, recycled, withdrawn: the server answers 404) or moved elsewhere into a
 * state nothing can be done in, the page is marked disabled and the shell's modal closes its tab.
 * A change the user made on this very page is never a reason: the state the page last showed is
 * remembered per tab, so only a change made elsewhere counts.
 *
 * The same happens when an edit on the page is refused by the server's edit-state check (405 with
 * the marker of domain/page-state.ts): the page's actors hand their errors to reportEditError.
 * A record shown in a dialog (an approval, a ledger contract) passes onInoperable: the dialog shows
 * the modal itself and its 关闭 closes the dialog.
 */
import { useEffect, useRef } from 'react';
import { isEditStateRefusal as isRefusal } from '../../domain/page-state';
import { ApiCodeError } from '../api/client';
import { useWorkspace } from './workspace';

/** A record's state as a page reads it: its state code, or gone. */
export type RecordState = number | 'gone';

/** The state each record page last showed, by app type and record id, for the session's tabs. */
const lastShown = new Map<string, RecordState>();

/** A record: its app type and id, and a kind where one app type holds several (sale and rent contracts). */
export type RecordRef = { appType: number; id: number; kind?: string };

function keyOf({ appType, id, kind }: RecordRef): string {
  return `${appType}:${kind ?? ''}:${id}`;
}

/** The pages watching each record, told when an edit of it is refused by the edit-state check. */
const refusalListeners = new Map<string, Set<() => void>>();

/** Whether an edit's error is the edit-state check refusing it (001 section 8: 405 disables the page). */
export function isEditStateRefusal(error: unknown): boolean {
  return isRefusal(error);
}

/**
 * The pages showing this record are disabled (当前页面状态不可操作): a machine that reached its
 * inoperable state after a refused edit calls this from its disablePage action.
 */
export function disableRecordPages(record: RecordRef): void {
  for (const listener of refusalListeners.get(keyOf(record)) ?? []) listener();
}

/** An edit of this record failed: when the edit-state check refused it, the pages showing it are disabled. */
export function reportEditError(record: RecordRef, error: unknown): void {
  if (isEditStateRefusal(error)) disableRecordPages(record);
}

/**
 * Whether a fresh read makes the page inoperable: the record is gone, or it moved into an
 * inoperable state from the operable one the page showed last. A record first seen inoperable
 * (a voided contract opened from the list) is only read, not refused; a record this page itself
 * deleted (shown as gone, e.g. a listing in the recycle bin) is not refused either.
 */
export function becameInoperable(
  last: RecordState | undefined,
  now: RecordState,
  inoperable: readonly number[],
): boolean {
  if (now === 'gone') return last !== 'gone';
  if (last === undefined || last === 'gone' || last === now) return false;
  return inoperable.includes(now) && !inoperable.includes(last);
}

/** A read that answers 404 is a record gone; any other failure leaves the page as it is. */
export async function readRecordState(read: () => Promise<number>): Promise<RecordState | null> {
  try {
    return await read();
  } catch (caught) {
    if (caught instanceof ApiCodeError && caught.code === 404) return 'gone';
    return null;
  }
}

export type RecordWatch = RecordRef & {
  /** The state the page shows now, 'gone' when this page itself deleted it (null while it has none to show). */
  shown: RecordState | null;
  /** States in which nothing can be done any more (a voided contract, a withdrawn approval). */
  inoperable: readonly number[];
  /** Reads the record's state from the server; 404 means gone. */
  read: () => Promise<number>;
  /** For a record in a dialog: called instead of disabling a tab. */
  onInoperable?: () => void;
};

export function useRecordWatch({
  appType,
  id,
  kind,
  shown,
  inoperable,
  read,
  onInoperable,
}: RecordWatch): void {
  const { disablePage } = useWorkspace();
  const disable = onInoperable ?? (() => disablePage(appType, id));
  const latest = useRef({ read, inoperable, disable });
  useEffect(() => {
    latest.current = { read, inoperable, disable };
  });
  const key = keyOf({ appType, id, ...(kind === undefined ? {} : { kind }) });

  useEffect(() => {
    if (shown !== null) lastShown.set(key, shown);
  }, [key, shown]);

  useEffect(() => {
    let isLive = true;
    const check = async () => {
      const before = lastShown.get(key);
      const now = await readRecordState(latest.current.read);
      if (!isLive || now === null) return;
      if (becameInoperable(before, now, latest.current.inoperable)) {
        lastShown.delete(key);
        latest.current.disable();
      }
    };
    void check();
    const onRefused = () => {
      lastShown.delete(key);
      latest.current.disable();
    };
    const listeners = refusalListeners.get(key) ?? new Set();
    listeners.add(onRefused);
    refusalListeners.set(key, listeners);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isLive = false;
      listeners.delete(onRefused);
      if (listeners.size === 0) refusalListeners.delete(key);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key]);
}
