/** The invitation machine's model: payload samples for its events (vitest, Playwright and coverage). */
import {
  invitationMachine,
  type ApplyStatus,
  type InvitationContext,
  type InviteRead,
  type JoinResult,
} from '../../machines/invitation.machine';
import type { ModelSpec } from '../support/machine-model';

export const weekMs = 7 * 24 * 60 * 60 * 1000;

export const read = (state: 1 | 2 | 3, patch: Partial<InviteRead> = {}): InviteRead => ({
  invite: {
    companyName: '安居房产经纪有限公司',
    deptName: '人民路店',
    inviterName: '张经理',
    expireTime: '2026-11-28 09:00:00',
    state,
    needApprove: 1,
  },
  isExpired: state === 2,
  expiresInMs: state === 1 ? weekMs : 0,
  kept: null,
  ...patch,
});

const joined = (state: 1 | 2): JoinResult => ({ applyId: 31, ticket: 't'.repeat(32), state });
const status = (state: 1 | 2 | 3): ApplyStatus => ({
  state,
  rejectReason: state === 3 ? '暂不招聘' : null,
  handleTime: state === 1 ? null : '2026-11-22 10:00:00',
});
const failure = (code: number, message: string) => Object.assign(new Error(message), { code });

export const invitationModel: ModelSpec = {
  machine: invitationMachine,
  serializeContext: (context) => {
    const c = context as InvitationContext;
    return [c.error === null ? 0 : 1, c.codeSentTo === null ? 0 : 1];
  },
  browserSerializeContext: () => 0,
  events: {
    'xstate.done.actor.loadInvite': [
      { type: 'xstate.done.actor.loadInvite', output: read(1) },
      { type: 'xstate.done.actor.loadInvite', output: read(3) },
      // Past its expiry by the page's clock (the server says 2 only once its own clock gets there).
      { type: 'xstate.done.actor.loadInvite', output: read(1, { isExpired: true, expiresInMs: 0 }) },
      {
        type: 'xstate.done.actor.loadInvite',
        output: read(1, { kept: { applyId: 31, ticket: 't'.repeat(32) } }),
      },
    ],
    'xstate.error.actor.loadInvite': [
      { type: 'xstate.error.actor.loadInvite', error: failure(0, '网络异常，请检查网络连接') },
    ],
    'code.send': [
      { type: 'code.send', mobile: '13612345678' },
      { type: 'code.send', mobile: '1361234' },
    ],
    'xstate.error.actor.sendCode': [
      { type: 'xstate.error.actor.sendCode', error: failure(405, '请 3 秒后再获取验证码') },
    ],
    apply: [
      { type: 'apply', name: '孙新人', mobile: '13612345678', code: '123456' },
      { type: 'apply', name: ' ', mobile: '13612345678', code: '123456' },
    ],
    'xstate.done.actor.join': [
      { type: 'xstate.done.actor.join', output: joined(1) },
      { type: 'xstate.done.actor.join', output: joined(2) },
    ],
    'xstate.error.actor.join': [
      { type: 'xstate.error.actor.join', error: failure(405, '验证码错误') },
      { type: 'xstate.error.actor.join', error: failure(409, '邀请链接已过期或已作废') },
    ],
    'xstate.done.actor.readStatus': [
      { type: 'xstate.done.actor.readStatus', output: status(1) },
      { type: 'xstate.done.actor.readStatus', output: status(2) },
      { type: 'xstate.done.actor.readStatus', output: status(3) },
    ],
    'xstate.error.actor.readStatus': [
      { type: 'xstate.error.actor.readStatus', error: failure(0, '网络异常，请检查网络连接') },
      { type: 'xstate.error.actor.readStatus', error: failure(404, '申请不存在或已被删除') },
    ],
  },
};
