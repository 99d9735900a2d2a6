/** The customer-pool machine's model: payload samples for its events (vitest, Playwright and coverage). */
import { customerPoolMachine, type CustomerPoolContext } from '../../machines/customer-pool.machine';
import type { ModelSpec } from '../support/machine-model';

const refused = (message: string) => new Error(message);

/** The page's reads: a customer of the pool, the user's own, a colleague's, and dealt ones. */
export const standings = {
  public: { attribution: 2, isMine: false, dealStatus: 0 },
  private: { attribution: 1, isMine: true, dealStatus: 0 },
  assigned: { attribution: 1, isMine: false, dealStatus: 0 },
  dealt: { attribution: 1, isMine: true, dealStatus: 1 },
  /** Dealt and moved to the pool by the deal rule of the settings. */
  dealtPublic: { attribution: 2, isMine: false, dealStatus: 1 },
} as const;

/** The machine's user is 0 in the model (no input); the browser maps 0 to the signed-in manager. */
export const assignees = {
  me: { userId: 0, name: '张经理' },
  colleague: { userId: 4, name: '赵经纪' },
} as const;

export const customerPoolModel: ModelSpec = {
  machine: customerPoolMachine,
  serializeContext: (context) => {
    const c = context as CustomerPoolContext;
    return [c.standing, c.assignee?.userId ?? null, c.notice?.kind ?? null];
  },
  browserSerializeContext: (context) => {
    const c = context as CustomerPoolContext;
    return [c.standing, c.assignee?.userId ?? null];
  },
  events: {
    sync: Object.values(standings).map((standing) => ({ type: 'sync', standing })),
    'pickBack.done': [
      { type: 'pickBack.done', isPicked: true },
      { type: 'pickBack.done', isPicked: false },
    ],
    'assign.choose': Object.values(assignees).map((assignee) => ({ type: 'assign.choose', assignee })),
    'xstate.done.actor.toPublic': [{ type: 'xstate.done.actor.toPublic', output: null }],
    'xstate.error.actor.toPublic': [
      { type: 'xstate.error.actor.toPublic', error: refused('该客户已是公客') },
    ],
    'xstate.done.actor.deal': [{ type: 'xstate.done.actor.deal', output: null }],
    'xstate.error.actor.deal': [{ type: 'xstate.error.actor.deal', error: refused('该客户已成交') }],
    'xstate.done.actor.cancelDeal': [{ type: 'xstate.done.actor.cancelDeal', output: null }],
    'xstate.error.actor.cancelDeal': [
      { type: 'xstate.error.actor.cancelDeal', error: refused('该客户未成交') },
    ],
    'xstate.done.actor.assign': [{ type: 'xstate.done.actor.assign', output: null }],
    'xstate.error.actor.assign': [
      { type: 'xstate.error.actor.assign', error: refused('客户陈思远不是私客') },
    ],
    'xstate.done.actor.remove': [{ type: 'xstate.done.actor.remove', output: null }],
    'xstate.error.actor.remove': [{ type: 'xstate.error.actor.remove', error: refused('该客户不是私客') }],
  },
};
