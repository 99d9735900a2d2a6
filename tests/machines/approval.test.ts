import { describe, expect, it, vi } from 'vitest';
import { approvalMachine, approvalMessages } from '../../machines/approval.machine';
import { startHarness } from '../support/machine-harness';
import { approvalRecord } from '../models/approval.model';
import { editStateRefusal } from '../models/edit-refusal';

const pendingRecord = approvalRecord(0, 1, 1);

async function openApproval(record = pendingRecord, disablePage = vi.fn()) {
  const harness = await startHarness(approvalMachine, { input: { approvalId: 7 }, actions: { disablePage } });
  await harness.done('loadApproval', { ...record, approvalId: 7 });
  return harness;
}

describe('approval machine, rules a user relies on', () => {
  it('reads the approval the page was opened for and shows it by its status', async () => {
    const shown = [];
    for (const status of [0, 1, 2, 3] as const) {
      const harness = await startHarness(approvalMachine, { input: { approvalId: 7 } });
      expect(harness.value()).toBe('loading');
      expect(harness.lastCall('loadApproval')?.input).toStrictEqual({ approvalId: 7 });
      await harness.done('loadApproval', approvalRecord(status, 0, 0));
      expect(harness.context()['record']).toEqual(approvalRecord(status, 0, 0));
      shown.push(harness.value());
    }
    expect(shown).toEqual([{ pending: 'idle' }, 'approved', 'rejected', 'revoked']);
    const withoutId = await startHarness(approvalMachine);
    expect(withoutId.lastCall('loadApproval')?.input).toStrictEqual({ approvalId: 0 });
    expect(withoutId.context()).toStrictEqual({ approvalId: 0, record: null, notice: null });
  });

  it('a failed read shows its message, and 重新加载 reads again', async () => {
    const harness = await startHarness(approvalMachine, { input: { approvalId: 7 } });
    await harness.fail('loadApproval', new Error('审批记录不存在或已被删除'));
    expect(harness.value()).toBe('loadFailed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '审批记录不存在或已被删除' });
    await harness.send({ type: 'approval.reload' });
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadApproval')).toHaveLength(2);
    await harness.fail('loadApproval', '网络异常');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常' });
  });

  it('a finished approval is read again on 重新加载; a pending one too', async () => {
    for (const status of [0, 1, 2, 3] as const) {
      const harness = await openApproval(approvalRecord(status, 0, 0));
      await harness.send({ type: 'approval.reload' });
      expect(harness.value()).toBe('loading');
      expect(harness.running()).toEqual(['loadApproval']);
    }
  });

  it('only the current approver may approve; the remark goes with it when there is one', async () => {
    const notApprover = await openApproval(approvalRecord(0, 0, 1));
    expect(notApprover.can({ type: 'approval.approve' })).toBe(false);
    await notApprover.send({ type: 'approval.approve' });
    expect(notApprover.value()).toEqual({ pending: 'idle' });
    expect(notApprover.lastCall('decideApproval')).toBeUndefined();

    const approver = await openApproval();
    await approver.send({ type: 'approval.approve', remark: '同意' });
    expect(approver.value()).toEqual({ pending: 'approving' });
    expect(approver.lastCall('decideApproval')).toMatchObject({
      id: 'approve',
      input: { approvalId: 7, result: 'approve', remark: '同意' },
    });
    const withoutRemark = await openApproval();
    await withoutRemark.send({ type: 'approval.approve' });
    expect(withoutRemark.lastCall('decideApproval')?.input).toStrictEqual({
      approvalId: 7,
      result: 'approve',
    });
    const emptyRemark = await openApproval();
    await emptyRemark.send({ type: 'approval.approve', remark: '' });
    expect(emptyRemark.lastCall('decideApproval')?.input).toStrictEqual({ approvalId: 7, result: 'approve' });
  });

  it('an approve that is not the last step leaves the record pending for the next approver', async () => {
    const harness = await openApproval();
    await harness.send({ type: 'approval.approve' });
    await harness.done('approve', approvalRecord(0, 0, 1));
    expect(harness.value()).toEqual({ pending: 'idle' });
    expect(harness.context()['record']).toEqual(approvalRecord(0, 0, 1));
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已通过' });
    expect(harness.can({ type: 'approval.approve' })).toBe(false);

    const last = await openApproval();
    await last.send({ type: 'approval.approve' });
    await last.done('approve', approvalRecord(1, 0, 0));
    expect(last.value()).toBe('approved');
    expect(last.context()['record']).toEqual(approvalRecord(1, 0, 0));
    expect(last.context()['notice']).toStrictEqual({ kind: 'success', text: approvalMessages.approved });
  });

  it('rejecting needs a remark that is not blank, and only the current approver may reject', async () => {
    expect(approvalMessages.remarkRequired).toBe('请填写拒绝的审批意见');
    const blank = await openApproval();
    await blank.send({ type: 'approval.reject', remark: '  ' });
    expect(blank.value()).toEqual({ pending: 'idle' });
    expect(blank.context()['notice']).toStrictEqual({ kind: 'error', text: '请填写拒绝的审批意见' });
    expect(blank.lastCall('decideApproval')).toBeUndefined();
    await blank.send({ type: 'approval.reject', remark: '' });
    expect(blank.lastCall('decideApproval')).toBeUndefined();

    const notApprover = await openApproval(approvalRecord(0, 0, 1));
    await notApprover.send({ type: 'approval.reject', remark: '资料不全' });
    expect(notApprover.value()).toEqual({ pending: 'idle' });
    expect(notApprover.lastCall('decideApproval')).toBeUndefined();

    const harness = await openApproval();
    await harness.send({ type: 'approval.reject', remark: '资料不全' });
    expect(harness.value()).toEqual({ pending: 'rejecting' });
    expect(harness.lastCall('decideApproval')).toMatchObject({
      id: 'reject',
      input: { approvalId: 7, result: 'reject', remark: '资料不全' },
    });
    await harness.done('reject', approvalRecord(2, 0, 0));
    expect(harness.value()).toBe('rejected');
    expect(harness.context()['record']).toEqual(approvalRecord(2, 0, 0));
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已拒绝' });
  });

  it('a decision the server refuses shows its message and lets the approver try again', async () => {
    for (const [event, id] of [
      [{ type: 'approval.approve' }, 'approve'],
      [{ type: 'approval.reject', remark: '资料不全' }, 'reject'],
    ] as const) {
      const disablePage = vi.fn();
      const harness = await openApproval(pendingRecord, disablePage);
      await harness.send(event);
      await harness.fail(id, new Error('您不是当前节点的审批人'));
      expect(harness.value()).toEqual({ pending: 'idle' });
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '您不是当前节点的审批人' });
      expect(harness.context()['record']).toEqual({ ...pendingRecord, approvalId: 7 });
      expect(disablePage).not.toHaveBeenCalled();
    }
  });

  it('a decision or revoke refused by the edit-state check disables the page and offers nothing more', async () => {
    for (const [events, id] of [
      [[{ type: 'approval.approve' }], 'approve'],
      [[{ type: 'approval.reject', remark: '资料不全' }], 'reject'],
      [[{ type: 'approval.revoke' }, { type: 'revoke.confirm' }], 'revokeApproval'],
    ] as const) {
      const disablePage = vi.fn();
      const harness = await openApproval(pendingRecord, disablePage);
      for (const event of events) await harness.send(event);
      await harness.fail(id, editStateRefusal('该审批已结束，不能再操作'));
      expect(harness.value()).toBe('inoperable');
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '该审批已结束，不能再操作' });
      expect(disablePage).toHaveBeenCalledTimes(1);
      expect(harness.can({ type: 'approval.reload' })).toBe(false);
      expect(harness.can({ type: 'approval.approve' })).toBe(false);
    }
  });

  it('only the sponsor may revoke, after confirming; cancelling keeps the approval pending', async () => {
    expect(approvalMessages.revokeConfirm).toBe('您确认要撤回此条审批记录吗？');
    const notSponsor = await openApproval(approvalRecord(0, 1, 0));
    await notSponsor.send({ type: 'approval.revoke' });
    expect(notSponsor.value()).toEqual({ pending: 'idle' });

    const harness = await openApproval();
    await harness.send({ type: 'approval.revoke' });
    expect(harness.value()).toEqual({ pending: 'confirmingRevoke' });
    await harness.send({ type: 'revoke.cancel' });
    expect(harness.value()).toEqual({ pending: 'idle' });
    expect(harness.lastCall('revokeApproval')).toBeUndefined();
    await harness.send({ type: 'approval.revoke' });
    await harness.send({ type: 'revoke.confirm' });
    expect(harness.value()).toEqual({ pending: 'revoking' });
    expect(harness.lastCall('revokeApproval')?.input).toStrictEqual({ approvalId: 7 });
    await harness.done('revokeApproval');
    expect(harness.value()).toBe('revoked');
    expect(harness.context()['record']).toStrictEqual({ ...approvalRecord(3, 0, 0), approvalId: 7 });
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '审批已撤回' });
  });

  it('a failed revoke shows its message and keeps the approval pending', async () => {
    const harness = await openApproval();
    await harness.send({ type: 'approval.revoke' });
    await harness.send({ type: 'revoke.confirm' });
    await harness.fail('revokeApproval', new Error('网络异常，请稍后再试'));
    expect(harness.value()).toEqual({ pending: 'idle' });
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常，请稍后再试' });
    expect(harness.context()['record']).toEqual({ ...pendingRecord, approvalId: 7 });
  });
});
