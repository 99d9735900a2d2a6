/** The list-page machine's model: payload samples for its events (vitest and coverage). */
import { listPageMachine, type ListContext } from '../../machines/list-page.machine';
import type { ModelSpec } from '../support/machine-model';

export const listPageModel: ModelSpec = {
  machine: listPageMachine,
  // The page and whether rows are shown: what the fall-back guard and the screen read.
  serializeContext: (context) => {
    const c = context as ListContext;
    return [c.page, c.rows.length > 0];
  },
  events: {
    'xstate.done.actor.load': [
      { type: 'xstate.done.actor.load', output: { rows: [{ id: 1 }], total: 20 } },
      // Page 2 emptied elsewhere: 15 rows are left, one page (the pager steps one page at a time).
      { type: 'xstate.done.actor.load', output: { rows: [], total: 15 } },
      { type: 'xstate.done.actor.load', output: { rows: [], total: 0 } },
    ],
    'xstate.error.actor.load': [
      { type: 'xstate.error.actor.load', error: new Error('网络异常，请检查网络连接') },
    ],
    'query.change': [{ type: 'query.change', query: { key: '天健' } }],
    'page.change': [{ type: 'page.change', page: 2 }],
    reload: [{ type: 'reload' }],
    retry: [{ type: 'retry' }],
  },
};
