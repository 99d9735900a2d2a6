/** The collect-save machine's model: payload samples for its events (vitest and coverage). */
import { collectSaveMachine, type CollectSaveContext } from '../../machines/collect-save.machine';
import type { ModelSpec } from '../support/machine-model';

const duplicate = Object.assign(
  new Error('该房源已存在（房源编号 CS2026112100321，维护人 赵经纪），不能重复录入'),
  { data: { duplicate: 1, houseId: 321 } },
);

export const collectSaveModel: ModelSpec = {
  machine: collectSaveMachine,
  serializeContext: (context) => {
    const c = context as CollectSaveContext;
    return [c.notice?.kind ?? null, c.duplicate ? c.duplicate.houseId : null];
  },
  events: {
    'gather.save': [{ type: 'gather.save', gatherId: 9_822_440_301, houseType: 1 }],
    'xstate.done.actor.saveGathered': [
      {
        type: 'xstate.done.actor.saveGathered',
        output: { gatherId: 9_822_440_301, houseId: 400, houseNo: 'CS2026112100400' },
      },
    ],
    'xstate.error.actor.saveGathered': [
      { type: 'xstate.error.actor.saveGathered', error: duplicate },
      {
        type: 'xstate.error.actor.saveGathered',
        error: new Error('云采集房源每人每日最多转入 1 条，您今日已达上限'),
      },
    ],
    'duplicate.view': [{ type: 'duplicate.view' }],
    'duplicate.dismiss': [{ type: 'duplicate.dismiss' }],
    'notice.dismiss': [{ type: 'notice.dismiss' }],
  },
};
