/**
 * The pay-status gate bound to the browser: the server's answer (/search/appUseSwitch), the trial
 * (/try/appTryout) and the once-per-day expiry reminder, remembered in localStorage per user, app
 * and Beijing date (the date the reminder's 30-day window counts from, as the server's dates are).
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../api/client';
import { normalizePagePath } from './pages';
import { beijingDateOf } from '../../domain/app-expiry-reminder';
import {
  payStatusGateMachine,
  type AppUseStatus,
  type ReminderDay,
  type Tryout,
} from '../../machines/pay-status-gate.machine';

/** The apps whose pages pass the gate: house 1, customer 2, estate 3, contract 5, sign 6, promotion 21. */
const gatedApps = [1, 2, 3, 5, 6, 21] as const;
type GatedApp = (typeof gatedApps)[number];

export function isGatedApp(appType: number): appType is GatedApp {
  return (gatedApps as readonly number[]).includes(appType);
}

/** An app page opened as a tab; the settings pages of an app (/views/system/...) are not the app itself. */
export function isGatedPage(tab: { appType: number; path: string }): boolean {
  return isGatedApp(tab.appType) && !normalizePagePath(tab.path).startsWith('/views/system/');
}

/** The app a page belongs to by its address, for a page opened straight from it (a link, the address bar). */
const appOfFolder: Record<string, GatedApp> = {
  house: 1,
  customer: 2,
  estate: 3,
  contract: 5,
  sign: 6,
  promotion: 21,
};

/** The gated app of a page address, or null for the pages of no app (home, profile, settings, ...). */
export function appTypeOfPath(path: string): GatedApp | null {
  const page = normalizePagePath(path);
  // The awaiting-signature page is the signatory's, reached by the link sent to them.
  if (page === '/views/sign/to-be-signed') return null;
  const folder = /^\/views\/([^/]+)\//.exec(page)?.[1];
  return (folder && appOfFolder[folder]) || null;
}

function reminderKey(userId: number, payStatusId: number): string {
  return `payReminder:${userId}:${payStatusId}`;
}

function today(): string {
  return beijingDateOf(Date.now());
}

export function createPayStatusGateMachine(userId: number) {
  return payStatusGateMachine.provide({
    actors: {
      checkAppUse: fromPromise<AppUseStatus, { payStatusId: number }>(async ({ input }) => {
        if (!isGatedApp(input.payStatusId)) throw new Error('该应用无需检查付费状态');
        const result = await ok(
          api.GET('/search/appUseSwitch', { params: { query: { payStatusId: input.payStatusId } } }),
        );
        if (!result.data) throw new Error('付费状态为空');
        return result.data;
      }),
      wasReminderShownToday: fromPromise<ReminderDay, { payStatusId: number }>(async ({ input }) => {
        const day = today();
        return { today: day, wasShown: localStorage.getItem(reminderKey(userId, input.payStatusId)) === day };
      }),
      startTrial: fromPromise<Tryout, { payStatusId: number }>(async ({ input }) => {
        if (!isGatedApp(input.payStatusId)) throw new Error('该应用不提供试用');
        const result = await ok(api.POST('/try/appTryout', { body: { payStatusId: input.payStatusId } }));
        if (!result.data) throw new Error('试用开通结果为空');
        return result.data;
      }),
    },
    actions: {
      markReminderShown: ({ context }) => {
        try {
          localStorage.setItem(reminderKey(userId, context.payStatusId), today());
        } catch {
          // Storage full or blocked: the reminder shows again next time, nothing worse.
        }
      },
    },
  });
}
