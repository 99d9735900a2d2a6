/** The "load more" list machine's model: payload samples for its events (vitest and coverage). */
import { moreListMachine, type MoreListContext } from '../../machines/more-list.machine';
import type { ModelSpec } from '../support/machine-model';

const row = (recordId: number) => ({ recordId, content: `修改了房源 ${recordId}` });

export const moreListModel: ModelSpec = {
  machine: moreListMachine,
  // Whether rows are shown and the failure said: what the screen reads (a count would grow without end).
  serializeContext: (context) => {
    const c = context as MoreListContext;
    return [c.rows.length > 0, c.error];
  },
  events: {
    'xstate.done.actor.load': [
      { type: 'xstate.done.actor.load', output: { rows: [row(1), row(2)], total: 3 } },
      { type: 'xstate.done.actor.load', output: { rows: [], total: 0 } },
    ],
    'xstate.error.actor.load': [
      { type: 'xstate.error.actor.load', error: new Error('网络异常，请检查网络连接') },
    ],
    'xstate.done.actor.loadMore': [
      { type: 'xstate.done.actor.loadMore', output: { rows: [row(3)], total: 3 } },
      { type: 'xstate.done.actor.loadMore', output: { rows: [], total: 3 } },
    ],
    'xstate.error.actor.loadMore': [
      { type: 'xstate.error.actor.loadMore', error: new Error('请求超时，请稍后再试') },
    ],
    'more.load': [{ type: 'more.load' }],
    'query.change': [{ type: 'query.change', query: { category: 1 } }],
    reload: [{ type: 'reload' }],
    retry: [{ type: 'retry' }],
  },
};
