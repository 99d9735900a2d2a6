/** The pay-status gate's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import {
  payStatusGateMachine,
  type AppUseStatus,
  type PayStatusGateContext,
  type ReminderDay,
} from '../../machines/pay-status-gate.machine';
import { expiryReminderDaysLeft } from '../../domain/app-expiry-reminder';
import type { ModelSpec } from '../support/machine-model';

/** The day the model's reminder check reads; the samples' expiry dates are set against it. */
export const gateToday = '2026-11-26';

const expiredSeal = {
  sealId: 1,
  sealTitle: '安居房产经纪有限公司合同专用章',
  sealUrl: '/files/seal.png',
  sealType: 2 as const,
  expiredAt: '2026-11-01 00:00:00',
};

// expiredSeals first: path descriptions keep only the first 80 characters of a payload.
export const gateSamples = {
  // 24 days left: the reminder says so and offers 去续费.
  usableExpiringSoon: {
    type: 0,
    expiredSeals: [],
    expirationDate: '2026-12-20',
    tryDays: null,
    message: null,
  },
  // 325 days left: no reminder.
  usableExpiringLater: {
    type: 0,
    expiredSeals: [],
    expirationDate: '2027-10-17',
    tryDays: null,
    message: null,
  },
  // The end far away, but seals to authorise: the reminder lists the seals only.
  usableWithSeals: {
    type: 0,
    expiredSeals: [expiredSeal],
    expirationDate: '2027-10-17',
    tryDays: null,
    message: null,
  },
  usableForever: { type: 0, expiredSeals: [], expirationDate: null, tryDays: null, message: null },
  notActivated: {
    type: 1,
    expiredSeals: [],
    expirationDate: null,
    tryDays: null,
    message: '贵公司尚未开通该应用，请前往充值中心开通',
  },
  expired: {
    type: 2,
    expiredSeals: [],
    expirationDate: '2026-10-17',
    tryDays: null,
    message: '该应用已于 2026-10-17 到期，请续费后继续使用',
  },
  trialOffered: {
    type: 3,
    expiredSeals: [],
    expirationDate: null,
    tryDays: 7,
    message: '该应用可免费试用 7 天',
  },
  // A value the client does not know proceeds (000 section 4).
  unknown: { type: 7 as 0, expirationDate: null, tryDays: null, message: null, expiredSeals: [] },
} satisfies Record<string, AppUseStatus>;

export const reminderDays = {
  notShown: { today: gateToday, wasShown: false },
  shown: { today: gateToday, wasShown: true },
} satisfies Record<string, ReminderDay>;

/** What a reminder of this answer would be about: the seals (去授权) and whether the end is near (去续费). */
function reminderTopics(context: unknown) {
  const status = (context as PayStatusGateContext).status;
  return {
    hasSeals: (status?.expiredSeals.length ?? 0) > 0,
    isEndNear: status?.type === 0 && expiryReminderDaysLeft(status.expirationDate, gateToday) !== null,
  };
}

export const payStatusGateModel: ModelSpec = {
  machine: payStatusGateMachine,
  serializeContext: (context) => ({
    notice: (context as PayStatusGateContext).notice?.text ?? null,
    ...reminderTopics(context),
  }),
  // The browser paths need what the guards read: 去授权 is offered for seals, 去续费 for a near end.
  browserSerializeContext: reminderTopics,
  events: {
    'xstate.done.actor.checkAppUse': Object.values(gateSamples).map((output) => ({
      type: 'xstate.done.actor.checkAppUse',
      output,
    })),
    'xstate.error.actor.checkAppUse': [
      { type: 'xstate.error.actor.checkAppUse', error: new Error('网络错误') },
    ],
    'xstate.done.actor.wasReminderShownToday': Object.values(reminderDays).map((output) => ({
      type: 'xstate.done.actor.wasReminderShownToday',
      output,
    })),
    'xstate.error.actor.wasReminderShownToday': [
      { type: 'xstate.error.actor.wasReminderShownToday', error: new Error('存储不可用') },
    ],
    'xstate.done.actor.startTrial': [
      {
        type: 'xstate.done.actor.startTrial',
        output: { payStatusId: 5, tryDays: 7, expirationDate: '2026-11-28' },
      },
    ],
    'xstate.error.actor.startTrial': [
      { type: 'xstate.error.actor.startTrial', error: new Error('当前状态不允许此操作！') },
    ],
  },
};
