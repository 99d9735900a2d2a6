/** The portal-push machine's model: payload samples for its events (vitest and coverage). */
import { portalPushMachine, type PortalPushContext } from '../../machines/portal-push.machine';
import type { ModelSpec } from '../support/machine-model';

const answer = (state: number, message: string | null = null) => ({ state, message });

export const portalPushModel: ModelSpec = {
  machine: portalPushMachine,
  serializeContext: (context) => {
    const c = context as PortalPushContext;
    return [c.state, c.error !== null];
  },
  events: {
    'push.submit': [{ type: 'push.submit' }],
    'push.offline': [{ type: 'push.offline', reason: '业主暂不出售' }],
    'push.online': [{ type: 'push.online' }],
    'push.remove': [{ type: 'push.remove', reason: '房源信息有误' }],
    'xstate.done.actor.submitPush': [{ type: 'xstate.done.actor.submitPush', output: answer(1) }],
    'xstate.error.actor.submitPush': [
      {
        type: 'xstate.error.actor.submitPush',
        error: new Error('幸福里推广名额已用完（50 套），请前往充值中心购买营销版套餐'),
      },
    ],
    'xstate.after.3000.portalPush.pending': [{ type: 'xstate.after.3000.portalPush.pending' }],
    'xstate.done.actor.readPushState': [
      { type: 'xstate.done.actor.readPushState', output: answer(1) },
      { type: 'xstate.done.actor.readPushState', output: answer(2) },
      { type: 'xstate.done.actor.readPushState', output: answer(3, '业主暂不出售') },
      { type: 'xstate.done.actor.readPushState', output: answer(4, '房天下：房天下服务暂不可用') },
      {
        type: 'xstate.done.actor.readPushState',
        output: answer(5, '房源图片不足 3 张，请补充实拍图后再推送'),
      },
      { type: 'xstate.done.actor.readPushState', output: answer(6, '房源已售出') },
      { type: 'xstate.done.actor.readPushState', output: answer(0) },
    ],
    'xstate.error.actor.readPushState': [
      { type: 'xstate.error.actor.readPushState', error: new Error('网络异常，请检查网络连接') },
    ],
    'xstate.done.actor.requestChange': [{ type: 'xstate.done.actor.requestChange', output: answer(2) }],
    'xstate.error.actor.requestChange': [
      { type: 'xstate.error.actor.requestChange', error: new Error('该房源正在与渠道同步，请稍后再试') },
    ],
  },
};
