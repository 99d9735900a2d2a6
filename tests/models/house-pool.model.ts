/** The house-pool machine's model: payload samples for its events (vitest, Playwright and coverage). */
import { housePoolMachine, type HousePoolContext } from '../../machines/house-pool.machine';
import type { ModelSpec } from '../support/machine-model';

const refused = (message: string) => new Error(message);

export const housePoolModel: ModelSpec = {
  machine: housePoolMachine,
  serializeContext: (context) => {
    const c = context as HousePoolContext;
    return [c.flags, c.notice?.kind ?? null];
  },
  browserSerializeContext: (context) => (context as HousePoolContext).flags.attribution,
  events: {
    sync: [
      { type: 'sync', flags: { attribution: 2, isLock: 0, isSeal: 0, isTop: 0 } },
      { type: 'sync', flags: { attribution: 1, isLock: 0, isSeal: 0, isTop: 0 } },
    ],
    operate: [
      { type: 'operate', operate: 1 },
      { type: 'operate', operate: 2 },
    ],
    'xstate.done.actor.toPublic': [{ type: 'xstate.done.actor.toPublic', output: null }],
    'xstate.error.actor.toPublic': [
      {
        type: 'xstate.error.actor.toPublic',
        error: refused('只有维护人或有手动将他人私盘转公盘权限的人可以转为公盘'),
      },
    ],
    'xstate.done.actor.toPrivate': [{ type: 'xstate.done.actor.toPrivate', output: null }],
    'xstate.error.actor.toPrivate': [
      {
        type: 'xstate.error.actor.toPrivate',
        error: refused('您的私盘已达上限（10 条），请先处理已有私盘房源'),
      },
    ],
    'xstate.done.actor.operate': [{ type: 'xstate.done.actor.operate', output: null }],
    'xstate.error.actor.operate': [
      { type: 'xstate.error.actor.operate', error: refused('您没有权限，请联系管理员设置相关权限') },
    ],
    'xstate.done.actor.remove': [{ type: 'xstate.done.actor.remove', output: null }],
    'xstate.error.actor.remove': [{ type: 'xstate.error.actor.remove', error: refused('当前状态不可操作!') }],
    'xstate.done.actor.restore': [{ type: 'xstate.done.actor.restore', output: null }],
    'xstate.error.actor.restore': [
      {
        type: 'xstate.error.actor.restore',
        error: refused('已录入相同的房源（房源编号 CS2026112400012），不能还原'),
      },
    ],
    'xstate.done.actor.purge': [{ type: 'xstate.done.actor.purge', output: null }],
    'xstate.error.actor.purge': [{ type: 'xstate.error.actor.purge', error: refused('回收站中没有该房源') }],
  },
};
