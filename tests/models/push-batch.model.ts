/** The push-batch machine's model: payload samples for its events (vitest and coverage). */
import { pushBatchMachine, type BatchRow, type PushBatchContext } from '../../machines/push-batch.machine';
import type { ModelSpec } from '../support/machine-model';

const row = (houseId: number, state: number, stateName: string, message: string | null = null): BatchRow => ({
  houseId,
  state,
  stateName,
  message,
});

export const pushBatchModel: ModelSpec = {
  machine: pushBatchMachine,
  serializeContext: (context) => {
    const c = context as PushBatchContext;
    return [c.houseIds.length, c.rows.map((r) => r.state), c.error !== null];
  },
  events: {
    'batch.push': [
      { type: 'batch.push', houseIds: [11, 12] },
      { type: 'batch.push', houseIds: [] },
    ],
    'xstate.done.actor.submitBatch': [
      { type: 'xstate.done.actor.submitBatch', output: [row(11, 1, '推送中'), row(12, 1, '推送中')] },
      {
        type: 'xstate.done.actor.submitBatch',
        output: [row(11, 2, '已上架'), row(12, 0, '未推送', '房源状态不是有效，不能推广')],
      },
    ],
    'xstate.error.actor.submitBatch': [
      {
        type: 'xstate.error.actor.submitBatch',
        error: new Error('幸福里推广名额已用完（50 套），请前往充值中心购买营销版套餐'),
      },
    ],
    'xstate.after.1500.pushBatch.watching': [{ type: 'xstate.after.1500.pushBatch.watching' }],
    'xstate.done.actor.readBatch': [
      { type: 'xstate.done.actor.readBatch', output: [row(11, 2, '已上架'), row(12, 1, '推送中')] },
      {
        type: 'xstate.done.actor.readBatch',
        output: [row(11, 2, '已上架'), row(12, 5, '审核未通过', '房源图片不足 3 张，请补充实拍图后再推送')],
      },
    ],
    'xstate.error.actor.readBatch': [
      { type: 'xstate.error.actor.readBatch', error: new Error('网络异常，请检查网络连接') },
    ],
  },
};
