/** The customer-pick-back machine's model: payload samples for its events (vitest, Playwright and coverage). */
import {
  customerPickBackMachine,
  type CustomerPickBackContext,
} from '../../machines/customer-pick-back.machine';
import type { ModelSpec } from '../support/machine-model';

export const rooms = {
  free: { held: 0, cap: null },
  full: { held: 1, cap: 1 },
} as const;

export const customerPickBackModel: ModelSpec = {
  machine: customerPickBackMachine,
  serializeContext: (context) => {
    const c = context as CustomerPickBackContext;
    return [c.room, c.isPicked, c.notice?.kind ?? null];
  },
  browserSerializeContext: () => 0,
  events: {
    'xstate.done.actor.checkRoom': Object.values(rooms).map((output) => ({
      type: 'xstate.done.actor.checkRoom',
      output,
    })),
    'xstate.error.actor.checkRoom': [
      { type: 'xstate.error.actor.checkRoom', error: new Error('网络异常，请检查网络连接') },
    ],
    'xstate.done.actor.claim': [{ type: 'xstate.done.actor.claim', output: null }],
    'xstate.error.actor.claim': [
      { type: 'xstate.error.actor.claim', error: new Error('求购私客已达上限 1 个，不能再增加私客') },
    ],
  },
};
