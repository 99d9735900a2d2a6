/**
 * The per-app pay-status gate (000 section 4): runs whenever a user opens an app page (contract 5,
 * sign 6, ...). It asks the server (/search/appUseSwitch) and follows the answer: 0 usable (a
 * reminder shows once per day when the expiry date is at most 30 days away, offering 去续费, or when
 * app 6 has expired seals to authorise),
 * 1 not activated (activate -> recharge centre), 2 expired (renew), 3 trial offered (try ->
 * /try/appTryout -> proceed after 2.5 s), any other value proceeds. The final state's output says
 * what the page does next.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';
import { expiryReminderDaysLeft } from '../domain/app-expiry-reminder';

export type AppUseStatus = components['schemas']['RechargeAppUseStatus'];
export type Tryout = components['schemas']['RechargeTryout'];

export type GateOutcome = 'proceed' | 'recharge' | 'authoriseSeals' | 'cancel';

export type PayStatusGateInput = { payStatusId: number };

/** Today's Beijing date (YYYY-MM-DD) and whether today's reminder of the app was already shown. */
export type ReminderDay = { today: string; wasShown: boolean };

export type PayStatusGateContext = {
  payStatusId: number;
  status: AppUseStatus | null;
  /** The days left the reminder shows (domain/app-expiry-reminder.ts); null when it lists seals only. */
  expiryDaysLeft: number | null;
  notice: { kind: 'error' | 'success' | 'info'; text: string } | null;
  outcome: GateOutcome | null;
};

export type PayStatusGateEvent =
  | { type: 'activate' }
  | { type: 'renew' }
  | { type: 'try' }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'reminder.close' }
  | { type: 'seals.authorise' };

export const trialProceedDelayMs = 2500;

export const gateMessages = {
  notActivated: '贵公司尚未开通该应用，请前往充值中心开通',
  expired: '该应用已到期，请续费后继续使用',
  trialStarted: (days: number) => `已开通 ${days} 天试用，即将进入`,
  expiresOn: (date: string, daysLeft: number) =>
    daysLeft === 0
      ? `该应用将于 ${date} 到期，今天是最后一天，请及时续费`
      : `该应用将于 ${date} 到期，还剩 ${daysLeft} 天，请及时续费`,
} as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function statusOf(event: unknown): AppUseStatus {
  return (event as { output: AppUseStatus }).output;
}

function reminderDayOf(event: unknown): ReminderDay {
  return (event as { output: ReminderDay }).output;
}

/** The days left of the reminder for the stored answer on the day the reminder check read. */
function daysLeftOf(context: PayStatusGateContext, event: unknown): number | null {
  return expiryReminderDaysLeft(context.status?.expirationDate ?? null, reminderDayOf(event).today);
}

export const payStatusGateMachine = setup({
  types: {
    context: {} as PayStatusGateContext,
    events: {} as PayStatusGateEvent,
    input: {} as PayStatusGateInput,
    output: {} as { outcome: GateOutcome | null },
  },
  actors: {
    checkAppUse: fromPromise<AppUseStatus, { payStatusId: number }>(async () => {
      throw new Error('checkAppUse is provided by the app');
    }),
    /**
     * Today's date and whether today's reminder of this app was already shown (src/ keeps the day
     * per app): the gate's only clock, so the once-per-day rule and the 30-day window share a day.
     */
    wasReminderShownToday: fromPromise<ReminderDay, { payStatusId: number }>(async () => {
      throw new Error('wasReminderShownToday is provided by the app');
    }),
    startTrial: fromPromise<Tryout, { payStatusId: number }>(async () => {
      throw new Error('startTrial is provided by the app');
    }),
  },
  actions: {
    /** Remember that today's reminder of context.payStatusId was shown. */
    markReminderShown: () => {},
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    storeStatus: assign({ status: ({ event }) => statusOf(event), notice: null }),
    storeExpiryDaysLeft: assign({ expiryDaysLeft: ({ context, event }) => daysLeftOf(context, event) }),
    finish: assign({ outcome: (_args, outcome: GateOutcome) => outcome }),
  },
  guards: {
    /** Usable with something to remind of: an expiry date (whether it is due, today decides) or seals. */
    mayNeedReminder: ({ event }) => {
      const status = statusOf(event);
      return status.type === 0 && (status.expirationDate !== null || status.expiredSeals.length > 0);
    },
    isUsable: ({ event }) => statusOf(event).type === 0,
    isNotActivated: ({ event }) => statusOf(event).type === 1,
    isExpired: ({ event }) => statusOf(event).type === 2,
    isTrialOffered: ({ event }) => statusOf(event).type === 3,
    wasReminderShown: ({ event }) => reminderDayOf(event).wasShown,
    isReminderDue: ({ context, event }) =>
      (context.status?.expiredSeals.length ?? 0) > 0 || daysLeftOf(context, event) !== null,
    hasExpiredSeals: ({ context }) => (context.status?.expiredSeals.length ?? 0) > 0,
    isExpiryNear: ({ context }) => context.expiryDaysLeft !== null,
  },
}).createMachine({
  id: 'payStatusGate',
  // Model-based tests start the machine without input.
  context: ({ input }) => ({
    payStatusId: (input as PayStatusGateInput | undefined)?.payStatusId ?? 0,
    status: null,
    expiryDaysLeft: null,
    notice: null,
    outcome: null,
  }),
  initial: 'checking',
  output: ({ context }) => ({ outcome: context.outcome }),
  states: {
    checking: {
      invoke: {
        id: 'checkAppUse',
        src: 'checkAppUse',
        input: ({ context }) => ({ payStatusId: context.payStatusId }),
        onDone: [
          { guard: 'mayNeedReminder', target: 'checkingReminder', actions: 'storeStatus' },
          { guard: 'isUsable', target: 'passed', actions: 'storeStatus' },
          { guard: 'isNotActivated', target: 'notActivated', actions: 'storeStatus' },
          { guard: 'isExpired', target: 'expired', actions: 'storeStatus' },
          { guard: 'isTrialOffered', target: 'trialOffered', actions: 'storeStatus' },
          // Any other value proceeds (000 section 4).
          { target: 'passed', actions: 'storeStatus' },
        ],
        onError: { target: 'failed', actions: 'showActorError' },
      },
    },
    /** The check itself failed (network): the page offers 重试 or leaves. */
    failed: {
      on: {
        retry: 'checking',
        cancel: 'cancelled',
      },
    },
    checkingReminder: {
      invoke: {
        id: 'wasReminderShownToday',
        src: 'wasReminderShownToday',
        input: ({ context }) => ({ payStatusId: context.payStatusId }),
        onDone: [
          { guard: 'wasReminderShown', target: 'passed' },
          {
            guard: 'isReminderDue',
            target: 'reminding',
            actions: ['storeExpiryDaysLeft', 'markReminderShown'],
          },
          // The end is more than 30 days away and no seals: nothing to remind of and nothing marked,
          // so the reminder shows on the first day the end comes within 30 days.
          { target: 'passed' },
        ],
        // A reminder is never worth blocking the page for.
        onError: 'passed',
      },
    },
    /**
     * 0 with the end at most 30 days away (去续费 leads to the recharge centre as 2's does) and/or,
     * for app 6, expired seals (去授权): shown once per day, then the page opens.
     */
    reminding: {
      on: {
        'reminder.close': 'passed',
        renew: { guard: 'isExpiryNear', target: 'goingToRecharge' },
        'seals.authorise': { guard: 'hasExpiredSeals', target: 'authorisingSeals' },
      },
    },
    /** 1: prompt to activate, which leads to the recharge centre. */
    notActivated: {
      on: {
        activate: 'goingToRecharge',
        cancel: 'cancelled',
      },
    },
    /** 2: prompt to renew. */
    expired: {
      on: {
        renew: 'goingToRecharge',
        cancel: 'cancelled',
      },
    },
    /** 3: try for N days. */
    trialOffered: {
      on: {
        try: 'startingTrial',
        cancel: 'cancelled',
      },
    },
    startingTrial: {
      invoke: {
        id: 'startTrial',
        src: 'startTrial',
        input: ({ context }) => ({ payStatusId: context.payStatusId }),
        onDone: {
          target: 'trialStarted',
          actions: assign({
            notice: ({ event }) => ({
              kind: 'success' as const,
              text: gateMessages.trialStarted(event.output.tryDays),
            }),
          }),
        },
        onError: { target: 'trialOffered', actions: 'showActorError' },
      },
    },
    trialStarted: {
      after: { [trialProceedDelayMs]: 'passed' },
    },
    passed: { type: 'final', entry: { type: 'finish', params: 'proceed' } },
    goingToRecharge: { type: 'final', entry: { type: 'finish', params: 'recharge' } },
    authorisingSeals: { type: 'final', entry: { type: 'finish', params: 'authoriseSeals' } },
    cancelled: { type: 'final', entry: { type: 'finish', params: 'cancel' } },
  },
});
