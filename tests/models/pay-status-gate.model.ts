/** The pay-status gate's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import {
  payStatusGateMachine,
  type AppUseStatus,
  type PayStatusGateContext,
} from '../../machines/pay-status-gate.machine';
import type { ModelSpec } from '../support/machine-model';

const expiredSeal = {
  sealId: 1,
  sealTitle: '安居房产经纪有限公司合同专用章',
  sealUrl: '/files/seal.png',
  sealType: 2 as const,
  expiredAt: '2026-11-01 00:00:00',
};

// expiredSeals first: path descriptions keep only the first 80 characters of a payload.
export const gateSamples = {
  usableWithExpiry: { type: 0, expiredSeals: [], expirationDate: '2027-10-17', tryDays: null, message: null },
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

export const payStatusGateModel: ModelSpec = {
  machine: payStatusGateMachine,
  serializeContext: (context) => {
    const c = context as PayStatusGateContext;
    return { notice: c.notice?.text ?? null, hasSeals: (c.status?.expiredSeals.length ?? 0) > 0 };
  },
  // The browser paths need the seals only: 去授权 is offered when the reminder lists expired seals.
  browserSerializeContext: (context) =>
    ((context as PayStatusGateContext).status?.expiredSeals.length ?? 0) > 0,
  events: {
    'xstate.done.actor.checkAppUse': Object.values(gateSamples).map((output) => ({
      type: 'xstate.done.actor.checkAppUse',
      output,
    })),
    'xstate.error.actor.checkAppUse': [
      { type: 'xstate.error.actor.checkAppUse', error: new Error('网络错误') },
    ],
    'xstate.done.actor.wasReminderShownToday': [
      { type: 'xstate.done.actor.wasReminderShownToday', output: false },
      { type: 'xstate.done.actor.wasReminderShownToday', output: true },
    ],
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
