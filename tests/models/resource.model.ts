/** The resource machine's model: payload samples for its events (vitest and coverage). */
import { resourceMachine, type ResourceContext } from '../../machines/resource.machine';
import type { ModelSpec } from '../support/machine-model';

export const resourceModel: ModelSpec = {
  machine: resourceMachine,
  // Whether a value is shown and the message of the last failure: what the screens read.
  serializeContext: (context) => {
    const c = context as ResourceContext;
    return [c.data !== null, c.error];
  },
  events: {
    'xstate.done.actor.load': [{ type: 'xstate.done.actor.load', output: [{ categoryId: 1, name: '收据' }] }],
    'xstate.error.actor.load': [
      { type: 'xstate.error.actor.load', error: new Error('网络异常，请检查网络连接') },
    ],
    reload: [{ type: 'reload' }],
    retry: [{ type: 'retry' }],
    save: [{ type: 'save', value: [{ name: '补充协议' }, { categoryId: 1, name: '收据' }] }],
    'xstate.done.actor.save': [
      {
        type: 'xstate.done.actor.save',
        output: [
          { categoryId: 2, name: '补充协议' },
          { categoryId: 1, name: '收据' },
        ],
      },
    ],
    'xstate.error.actor.save': [
      { type: 'xstate.error.actor.save', error: new Error('分类下还有图片，不能删除：收据') },
    ],
  },
};
