import { describe, expect, it, vi } from 'vitest';
import {
  invitationMachine,
  invitationMessages,
  maxExpiryWaitMs,
  statusPollMs,
  type ApplyStatus,
} from '../../machines/invitation.machine';
import { startHarness } from '../support/machine-harness';
import { read } from '../models/invitation.model';

const kept = { applyId: 31, ticket: 't'.repeat(32) };
const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
const status = (state: 1 | 2 | 3): ApplyStatus => ({
  state,
  rejectReason: state === 3 ? '暂不招聘' : null,
  handleTime: state === 1 ? null : '2026-11-22 10:00:00',
});
const form = { type: 'apply', name: '孙新人', mobile: '13612345678', code: '123456' } as const;

async function openLink(inviteRead = read(1), keepApply = vi.fn()) {
  const harness = await startHarness(invitationMachine, {
    input: { inviteCode: 'AB12CD' },
    actions: { keepApply },
  });
  await harness.done('loadInvite', inviteRead);
  return harness;
}

async function applied(keepApply = vi.fn()) {
  const harness = await openLink(read(1), keepApply);
  await harness.send(form);
  await harness.done('join', { ...kept, state: 1 });
  return harness;
}

describe('invitation machine, rules a user relies on', () => {
  it('reads the link the page was opened with and shows a valid invitation as the form', async () => {
    const harness = await startHarness(invitationMachine, { input: { inviteCode: 'AB12CD' } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadInvite')?.input).toStrictEqual({ inviteCode: 'AB12CD' });
    await harness.done('loadInvite', read(1));
    expect(harness.value()).toEqual({ invited: 'editing' });
    expect(harness.context()).toStrictEqual({
      inviteCode: 'AB12CD',
      invite: read(1),
      apply: null,
      status: null,
      codeSentTo: null,
      error: null,
    });

    const withoutCode = await startHarness(invitationMachine);
    expect(withoutCode.lastCall('loadInvite')?.input).toStrictEqual({ inviteCode: '' });
    expect(withoutCode.context()).toStrictEqual({
      inviteCode: '',
      invite: null,
      apply: null,
      status: null,
      codeSentTo: null,
      error: null,
    });
  });

  it('a cancelled link shows 已作废 and an expired one 已过期, and neither offers the form', async () => {
    const cancelled = await openLink(read(3));
    expect(cancelled.value()).toBe('cancelled');
    expect(cancelled.context()['invite']).toStrictEqual(read(3));
    expect(cancelled.actor.getSnapshot().status).toBe('done');
    expect(cancelled.can({ type: 'code.send', mobile: '13612345678' })).toBe(false);

    // Cancelled wins over the page's clock saying it is past its expiry too.
    const cancelledAndPast = await openLink(read(3, { isExpired: true }));
    expect(cancelledAndPast.value()).toBe('cancelled');

    const expiredByServer = await openLink(read(2));
    expect(expiredByServer.value()).toBe('expired');
    expect(expiredByServer.context()['invite']).toStrictEqual(read(2));
    expect(expiredByServer.actor.getSnapshot().status).toBe('done');

    const expiredByClock = await openLink(read(1, { isExpired: true, expiresInMs: 0 }));
    expect(expiredByClock.value()).toBe('expired');
    expect(expiredByClock.can({ ...form })).toBe(false);
  });

  it('an application made from this browser before is shown whatever became of the link', async () => {
    for (const state of [1, 2, 3] as const) {
      const inviteRead = read(state, { kept });
      const harness = await openLink(inviteRead);
      expect(harness.value()).toBe('checking');
      expect(harness.context()['invite']).toStrictEqual(inviteRead);
      expect(harness.context()['apply']).toStrictEqual(kept);
      expect(harness.lastCall('readStatus')?.input).toStrictEqual(kept);
    }
  });

  it('a link that cannot be read shows the message, and 重试 reads it again', async () => {
    const harness = await startHarness(invitationMachine, { input: { inviteCode: 'AB12CD' } });
    await harness.fail('loadInvite', failure(0, '网络异常，请检查网络连接'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['error']).toBe('网络异常，请检查网络连接');
    await harness.send({ type: 'retry' });
    expect(harness.value()).toBe('loading');
    expect(harness.context()['error']).toBeNull();
    expect(harness.calls.filter((call) => call.src === 'loadInvite')).toHaveLength(2);
    await harness.fail('loadInvite', '超时');
    expect(harness.context()['error']).toBe('超时');
  });

  it('the open form reads the link again when it is due to expire, and at least once a day', async () => {
    const harness = await openLink(read(1, { expiresInMs: 5_000 }));
    await harness.advance(4_999);
    expect(harness.value()).toEqual({ invited: 'editing' });
    await harness.send({ type: 'code.send', mobile: '13612345678' });
    await harness.advance(1);
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadInvite')).toHaveLength(2);
    await harness.done('loadInvite', read(2));
    expect(harness.value()).toBe('expired');

    expect(maxExpiryWaitMs).toBe(86_400_000);
    const farOff = await openLink(read(1, { expiresInMs: 3 * maxExpiryWaitMs }));
    await farOff.advance(maxExpiryWaitMs - 1);
    expect(farOff.value()).toEqual({ invited: 'editing' });
    await farOff.advance(1);
    expect(farOff.value()).toBe('loading');
  });

  it('a code is sent only to a valid mobile; a refused send shows why and forgets the mobile', async () => {
    const harness = await openLink();
    await harness.send({ type: 'code.send', mobile: '1361234' });
    expect(harness.value()).toEqual({ invited: 'editing' });
    expect(harness.context()['error']).toBe('手机号格式不正确');
    expect(harness.context()['codeSentTo']).toBeNull();
    expect(harness.lastCall('sendCode')).toBeUndefined();

    await harness.send({ type: 'code.send', mobile: '13612345678' });
    expect(harness.value()).toEqual({ invited: 'sendingCode' });
    expect(harness.context()['error']).toBeNull();
    expect(harness.context()['codeSentTo']).toBe('13612345678');
    expect(harness.lastCall('sendCode')?.input).toStrictEqual({ mobile: '13612345678' });
    await harness.fail('sendCode', failure(405, '请 3 秒后再获取验证码'));
    expect(harness.value()).toEqual({ invited: 'editing' });
    expect(harness.context()['error']).toBe('请 3 秒后再获取验证码');
    expect(harness.context()['codeSentTo']).toBeNull();

    await harness.send({ type: 'code.send', mobile: '13612345678' });
    await harness.done('sendCode');
    expect(harness.value()).toEqual({ invited: 'editing' });
    expect(harness.context()['codeSentTo']).toBe('13612345678');
    expect(harness.context()['error']).toBeNull();
  });

  it('applying needs a name, a valid mobile and the 6-digit code, checked in that order', async () => {
    expect(invitationMessages).toStrictEqual({
      nameRequired: '请输入姓名',
      codeRequired: '请输入 6 位验证码',
      codeSent: '验证码已发送,请注意查收!',
      applied: '申请已提交，请等待管理员审核',
    });
    const harness = await openLink();
    for (const [patch, problem] of [
      [{ name: ' ', mobile: '1361234', code: '12' }, '请输入姓名'],
      [{ mobile: '1361234', code: '12' }, '手机号格式不正确'],
      [{ code: '12345' }, '请输入 6 位验证码'],
      [{ code: '12345a' }, '请输入 6 位验证码'],
    ] as const) {
      await harness.send({ ...form, ...patch });
      expect(harness.value()).toEqual({ invited: 'editing' });
      expect(harness.context()['error']).toBe(problem);
    }
    expect(harness.lastCall('join')).toBeUndefined();

    await harness.send({ ...form, name: '  孙新人 ' });
    expect(harness.value()).toBe('applying');
    expect(harness.context()['error']).toBeNull();
    expect(harness.lastCall('join')?.input).toStrictEqual({
      inviteCode: 'AB12CD',
      name: '孙新人',
      mobile: '13612345678',
      code: '123456',
    });
  });

  it('an application waiting for approval is kept by the page and shown as applied', async () => {
    const keepApply = vi.fn();
    const harness = await applied(keepApply);
    expect(harness.value()).toBe('applied');
    expect(harness.context()['apply']).toStrictEqual(kept);
    expect(harness.context()['status']).toStrictEqual({ state: 1, rejectReason: null, handleTime: null });
    expect(keepApply).toHaveBeenCalledTimes(1);
    expect(keepApply.mock.calls[0]?.[0]).toMatchObject({ context: { apply: kept } });
  });

  it('a company that needs no approval lets the invitee in at once, and the page keeps it', async () => {
    const keepApply = vi.fn();
    const harness = await openLink(read(1), keepApply);
    await harness.send(form);
    await harness.done('join', { ...kept, state: 2 });
    expect(harness.value()).toBe('approved');
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.context()['apply']).toStrictEqual(kept);
    expect(harness.context()['status']).toStrictEqual({ state: 2, rejectReason: null, handleTime: null });
    expect(keepApply).toHaveBeenCalledTimes(1);
    expect(keepApply.mock.calls[0]?.[0]).toMatchObject({ context: { apply: kept } });
  });

  it('a refused application shows why and keeps the form; a link gone meanwhile is read again', async () => {
    const refused = await openLink();
    await refused.send(form);
    await refused.fail('join', failure(405, '验证码错误'));
    expect(refused.value()).toEqual({ invited: 'editing' });
    expect(refused.context()['error']).toBe('验证码错误');
    expect(refused.context()['apply']).toBeNull();

    const gone = await openLink();
    await gone.send(form);
    await gone.fail('join', failure(409, '邀请链接已过期或已作废'));
    expect(gone.value()).toBe('loading');
    expect(gone.context()['error']).toBeNull();
    expect(gone.calls.filter((call) => call.src === 'loadInvite')).toHaveLength(2);
    await gone.done('loadInvite', read(3));
    expect(gone.value()).toBe('cancelled');
  });

  it('the applied page asks for the result every 10 s and on 刷新, with the kept ticket', async () => {
    expect(statusPollMs).toBe(10_000);
    const harness = await applied();
    await harness.advance(9_999);
    expect(harness.value()).toBe('applied');
    await harness.advance(1);
    expect(harness.value()).toBe('checking');
    expect(harness.lastCall('readStatus')?.input).toStrictEqual(kept);
    await harness.done('readStatus', status(1));
    expect(harness.value()).toBe('applied');
    expect(harness.context()['status']).toStrictEqual(status(1));

    await harness.send({ type: 'refresh' });
    expect(harness.value()).toBe('checking');
    expect(harness.calls.filter((call) => call.src === 'readStatus')).toHaveLength(2);
  });

  it('a decision ends the wait: approved, or rejected with the reason', async () => {
    for (const [state, shown] of [
      [2, 'approved'],
      [3, 'rejected'],
    ] as const) {
      const harness = await applied();
      await harness.send({ type: 'refresh' });
      await harness.fail('readStatus', failure(0, '网络异常，请检查网络连接'));
      expect(harness.value()).toBe('applied');
      expect(harness.context()['error']).toBe('网络异常，请检查网络连接');
      expect(harness.context()['apply']).toStrictEqual(kept);
      await harness.send({ type: 'refresh' });
      await harness.done('readStatus', status(state));
      expect(harness.value()).toBe(shown);
      expect(harness.actor.getSnapshot().status).toBe('done');
      expect(harness.context()['status']).toStrictEqual(status(state));
      expect(harness.context()['error']).toBeNull();
    }
    const stillWaiting = await applied();
    await stillWaiting.send({ type: 'refresh' });
    await stillWaiting.fail('readStatus', '超时');
    expect(stillWaiting.context()['error']).toBe('超时');
    await stillWaiting.send({ type: 'refresh' });
    await stillWaiting.done('readStatus', status(1));
    expect(stillWaiting.context()['error']).toBeNull();
  });

  it('a kept application the server does not know is forgotten and the link read again', async () => {
    const keepApply = vi.fn();
    const harness = await openLink(read(1, { kept }), keepApply);
    await harness.fail('readStatus', failure(404, '申请不存在或已被删除'));
    expect(harness.value()).toBe('loading');
    expect(harness.context()['apply']).toBeNull();
    expect(harness.context()['status']).toBeNull();
    expect(keepApply).toHaveBeenCalledTimes(1);
    expect(keepApply.mock.calls[0]?.[0]).toMatchObject({ context: { apply: null } });
    expect(harness.calls.filter((call) => call.src === 'loadInvite')).toHaveLength(2);
    await harness.done('loadInvite', read(1));
    expect(harness.value()).toEqual({ invited: 'editing' });
  });
});
