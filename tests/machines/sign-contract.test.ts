import { describe, expect, it, vi } from 'vitest';
import {
  approvalNotices,
  signConfirmations,
  signContractMachine,
  signDelays,
  signOaItems,
  type LoadedContract,
  type SignDetailButtons,
  type SignStateCode,
} from '../../machines/sign-contract.machine';
import { startHarness } from '../support/machine-harness';
import { editStateRefusal } from '../models/edit-refusal';

const contractId = 101;
const buttons: SignDetailButtons = {
  editState: 1,
  signOverState: 0,
  startOAState: 1,
  startSignState: 1,
  terminateState: 0,
};

function record(state: SignStateCode, more: Partial<LoadedContract> = {}): LoadedContract {
  return { contractId, state, contractType: 1, approved: false, buttons, ...more };
}

function submission(nextType: 1 | 2 | 3 | undefined, more: Record<string, unknown> = {}) {
  return {
    contractId,
    contractNo: '202611210001',
    state: 1,
    contractType: 2,
    ...(nextType === undefined ? {} : { nextType }),
    ...more,
  };
}

const request = { body: { boxid: 1, signatureType: 1, content: {} } };

async function start() {
  const disablePage = vi.fn();
  const navigateToDetail = vi.fn();
  const navigateToList = vi.fn();
  const harness = await startHarness(signContractMachine, {
    actions: { disablePage, navigateToDetail, navigateToList },
  });
  return { ...harness, disablePage, navigateToDetail, navigateToList };
}

/** A saved contract opened on its detail page, shown in the given state. */
async function openAt(state: SignStateCode, more: Partial<LoadedContract> = {}) {
  const harness = await start();
  await harness.send({ type: 'contract.load', contractId });
  await harness.done('loadContract', record(state, more));
  return harness;
}

describe('sign contract machine, rules a user relies on', () => {
  it('starts on the empty form, and opening a saved contract reads it by its id', async () => {
    const harness = await start();
    expect(harness.value()).toBe('editing');
    expect(harness.context()).toStrictEqual({
      contractId: null,
      contractType: null,
      state: null,
      nextType: null,
      oaItemId: null,
      buttons: null,
      request: null,
      notice: null,
      house: null,
      prefill: null,
      houseWarning: null,
    });
    await harness.send({ type: 'contract.load', contractId });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadContract')).toStrictEqual({
      src: 'loadContract',
      id: 'loadContract',
      input: { contractId },
    });
  });

  it('shows a loaded contract by its state, with its type, state and buttons', async () => {
    const shown: unknown[] = [];
    for (const state of [1, 2, 3, 4, 6, 7, 8] as const) {
      const harness = await openAt(state, { contractType: 2 });
      expect(harness.context()).toMatchObject({ contractId, contractType: 2, state, buttons });
      shown.push(harness.value());
    }
    expect(shown).toEqual([
      { toStart: 'idle' },
      { pendingApproval: 'idle' },
      { rejected: 'idle' },
      { voided: 'idle' },
      'completed',
      { awaitingSignature: 'idle' },
      { signed: 'idle' },
    ]);
  });

  it('a failed read shows its message and code, and 刷新 reads again without it', async () => {
    const harness = await start();
    await harness.send({ type: 'contract.load', contractId });
    await harness.fail('loadContract', Object.assign(new Error('合同不存在'), { code: 404 }));
    expect(harness.value()).toBe('loadFailed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '合同不存在', code: 404 });
    await harness.send({ type: 'contract.refresh' });
    expect(harness.value()).toBe('loading');
    expect(harness.context()['notice']).toBeNull();
    expect(harness.calls.filter((call) => call.src === 'loadContract')).toHaveLength(2);
    await harness.fail('loadContract', '网络异常');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常', code: null });
    await harness.send({ type: 'contract.refresh' });
    await harness.fail('loadContract', Object.assign(new Error('服务繁忙'), { code: '500' }));
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '服务繁忙', code: null });
    await harness.send({ type: 'contract.refresh' });
    await harness.fail('loadContract', null);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: 'null', code: null });
  });

  it('submits the form as it was sent and remembers what the server answered', async () => {
    const harness = await start();
    await harness.send({ type: 'contract.submit', request });
    expect(harness.value()).toBe('submitting');
    expect(harness.context()['request']).toStrictEqual(request);
    expect(harness.lastCall('submitContract')).toStrictEqual({
      src: 'submitContract',
      id: 'submitContract',
      input: request,
    });
    await harness.done('submitContract', submission(1));
    expect(harness.value()).toBe('offerSigning');
    expect(harness.context()).toMatchObject({
      contractId,
      contractType: 2,
      state: 1,
      nextType: 1,
      oaItemId: null,
      notice: null,
    });
  });

  it('nextType 2 offers the approval with the server’s item; 3 or none opens the detail 300 ms later', async () => {
    const approval = await start();
    await approval.send({ type: 'contract.submit', request });
    await approval.done('submitContract', submission(2, { oaItemId: 47 }));
    expect(approval.value()).toBe('offerApproval');
    expect(approval.context()).toMatchObject({ nextType: 2, oaItemId: 47 });

    for (const nextType of [3, undefined] as const) {
      const harness = await start();
      await harness.send({ type: 'contract.submit', request });
      await harness.done('submitContract', submission(nextType));
      expect(harness.value()).toBe('openingDetail');
      expect(harness.context()['nextType']).toBe(3);
      await harness.advance(signDelays.toDetail - 1);
      expect(harness.value()).toBe('openingDetail');
      expect(harness.navigateToDetail).not.toHaveBeenCalled();
      await harness.advance(1);
      expect(harness.value()).toBe('loading');
      expect(harness.navigateToDetail).toHaveBeenCalledTimes(1);
      expect(harness.lastCall('loadContract')?.input).toStrictEqual({ contractId });
    }
  });

  it('a failed submission goes back to the form with its message; one the edit-state check refused disables the page', async () => {
    const harness = await start();
    await harness.send({ type: 'contract.submit', request });
    await harness.fail('submitContract', Object.assign(new Error('请填写房屋信息'), { code: 405 }));
    expect(harness.value()).toBe('editing');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请填写房屋信息', code: 405 });
    expect(harness.disablePage).not.toHaveBeenCalled();

    const refused = await openAt(1);
    await refused.send({ type: 'contract.edit', request: { contractId, body: request.body } });
    await refused.fail('submitContract', editStateRefusal('当前状态不允许此操作！'));
    expect(refused.value()).toBe('inoperable');
    expect(refused.disablePage).toHaveBeenCalledTimes(1);
    expect(refused.context()['notice']).toStrictEqual({
      kind: 'error',
      text: '当前状态不允许此操作！',
      code: 405,
    });
  });

  it('an accepted signing offer starts signing; a declined one opens the detail', async () => {
    const harness = await start();
    await harness.send({ type: 'contract.submit', request });
    await harness.done('submitContract', submission(1));
    await harness.send({ type: 'offer.accept' });
    expect(harness.value()).toBe('startingSigning');
    expect(harness.lastCall('startContract')).toStrictEqual({
      src: 'startContract',
      id: 'startSigning',
      input: { contractId, type: 2 },
    });

    const declined = await start();
    await declined.send({ type: 'contract.submit', request });
    await declined.done('submitContract', submission(1));
    await declined.send({ type: 'offer.decline' });
    expect(declined.value()).toBe('openingDetail');
    expect(declined.lastCall('startContract')).toBeUndefined();
  });

  it('an accepted approval offer starts the approval with the item; a declined one opens the detail', async () => {
    const harness = await start();
    await harness.send({ type: 'contract.submit', request });
    await harness.done('submitContract', submission(2, { oaItemId: 47 }));
    await harness.send({ type: 'offer.accept' });
    expect(harness.value()).toBe('startingApproval');
    expect(harness.lastCall('startContract')).toStrictEqual({
      src: 'startContract',
      id: 'startApproval',
      input: { contractId, type: 1, oaParam: { oaItemId: 47 } },
    });

    const declined = await start();
    await declined.send({ type: 'contract.submit', request });
    await declined.done('submitContract', submission(2, { oaItemId: 47 }));
    await declined.send({ type: 'offer.decline' });
    expect(declined.value()).toBe('openingDetail');
    expect(declined.lastCall('startContract')).toBeUndefined();
  });

  it('starting signing from 1 待发起 sends the deadline when one is chosen, then opens the detail 2500 ms later', async () => {
    const harness = await openAt(1);
    await harness.send({ type: 'sign.start', signDeadline: 7 });
    expect(harness.value()).toBe('startingSigning');
    expect(harness.lastCall('startContract')?.input).toStrictEqual({ contractId, type: 2, signDeadline: 7 });
    await harness.done('startSigning', { contractId, state: 7 });
    expect(harness.value()).toBe('started');
    expect(harness.context()['state']).toBe(7);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '签署已发起', code: null });
    await harness.advance(signDelays.afterStart - 1);
    expect(harness.value()).toBe('started');
    expect(harness.navigateToDetail).not.toHaveBeenCalled();
    await harness.advance(1);
    expect(harness.value()).toBe('loading');
    expect(harness.navigateToDetail).toHaveBeenCalledTimes(1);

    const withoutDeadline = await openAt(1);
    await withoutDeadline.send({ type: 'sign.start' });
    expect(withoutDeadline.lastCall('startContract')?.input).toStrictEqual({ contractId, type: 2 });
  });

  it('starting the approval names the item of the contract type, with the remark when there is one', async () => {
    for (const contractType of [1, 2, 3] as const) {
      const harness = await openAt(1, { contractType });
      await harness.send({ type: 'approval.start', remark: '请审批' });
      expect(harness.value()).toBe('startingApproval');
      expect(harness.lastCall('startContract')?.input).toStrictEqual({
        contractId,
        type: 1,
        oaParam: { oaItemId: signOaItems[contractType], oaReamrk: '请审批' },
      });
    }
    expect(signOaItems).toStrictEqual({ 1: 45, 2: 47, 3: 49 });
    const blank = await openAt(3, { contractType: 2 });
    await blank.send({ type: 'approval.start', remark: '' });
    expect(blank.lastCall('startContract')?.input).toStrictEqual({
      contractId,
      type: 1,
      oaParam: { oaItemId: 47 },
    });
    await blank.done('startApproval', { contractId, state: 2 });
    expect(blank.value()).toBe('started');
    expect(blank.context()['state']).toBe(2);
    expect(blank.context()['notice']).toStrictEqual({ kind: 'success', text: '审批已发起', code: null });
  });

  it('a refused start shows its message and reads the contract again; the edit-state check disables the page', async () => {
    for (const [event, id] of [
      [{ type: 'sign.start' }, 'startSigning'],
      [{ type: 'approval.start' }, 'startApproval'],
    ] as const) {
      const harness = await openAt(1);
      await harness.send(event);
      await harness.fail(id, Object.assign(new Error('签约份数不足'), { code: 406 }));
      expect(harness.value()).toBe('loading');
      expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '签约份数不足', code: 406 });
      expect(harness.disablePage).not.toHaveBeenCalled();

      const refused = await openAt(1);
      await refused.send(event);
      await refused.fail(id, editStateRefusal('当前状态不允许此操作！'));
      expect(refused.value()).toBe('inoperable');
      expect(refused.disablePage).toHaveBeenCalledTimes(1);
      expect(refused.context()['notice']).toMatchObject({ kind: 'error', code: 405 });
    }
  });

  it('editing a saved contract submits the edit with its contract id, from 1 待发起 and 3 被拒绝', async () => {
    for (const state of [1, 3] as const) {
      const harness = await openAt(state);
      const edit = { contractId, body: request.body };
      await harness.send({ type: 'contract.edit', request: edit });
      expect(harness.value()).toBe('submitting');
      expect(harness.context()['request']).toStrictEqual(edit);
      expect(harness.lastCall('submitContract')?.input).toStrictEqual(edit);
    }
    for (const state of [2, 4, 6, 7, 8] as const) {
      const harness = await openAt(state);
      expect(harness.can({ type: 'contract.edit', request })).toBe(false);
    }
  });

  it('offers each state only its own actions', async () => {
    const events = [
      { type: 'sign.start' },
      { type: 'approval.start' },
      { type: 'contract.terminate' },
      { type: 'contract.complete' },
      { type: 'contract.void', reason: '客户放弃' },
      { type: 'void.revoke' },
      { type: 'contract.delete' },
    ] as const;
    const offered: Record<number, string[]> = {};
    for (const state of [1, 2, 3, 4, 6, 7, 8] as const) {
      const harness = await openAt(state);
      offered[state] = events.filter((event) => harness.can(event)).map((event) => event.type);
    }
    expect(offered).toStrictEqual({
      1: ['sign.start', 'approval.start', 'contract.complete', 'contract.void', 'contract.delete'],
      2: ['contract.terminate'],
      3: ['approval.start', 'contract.void', 'contract.delete'],
      4: ['void.revoke', 'contract.delete'],
      6: [],
      7: ['contract.terminate', 'contract.complete', 'contract.void'],
      8: ['contract.complete', 'contract.void'],
    });
  });

  it('刷新 reads the contract again in every state', async () => {
    for (const state of [1, 3, 4, 6, 7, 8] as const) {
      const harness = await openAt(state);
      await harness.send({ type: 'contract.refresh' });
      expect(harness.value()).toBe('loading');
      expect(harness.running()).toEqual(['loadContract']);
    }
    const pending = await openAt(2);
    await pending.send({ type: 'contract.refresh' });
    expect(pending.value()).toBe('checkingApproval');
    expect(pending.lastCall('loadContract')).toStrictEqual({
      src: 'loadContract',
      id: 'checkApproval',
      input: { contractId },
    });
  });

  it('terminating asks 您确认要终止合同吗？ first, in 2 待审核 and 7 待签字', async () => {
    expect(signConfirmations.terminate).toBe('您确认要终止合同吗？');
    for (const [state, shown] of [
      [2, 'pendingApproval'],
      [7, 'awaitingSignature'],
    ] as const) {
      const harness = await openAt(state);
      await harness.send({ type: 'contract.terminate' });
      expect(harness.value()).toEqual({ [shown]: 'confirmTerminate' });
      await harness.send({ type: 'confirm.no' });
      expect(harness.value()).toEqual({ [shown]: 'idle' });
      expect(harness.lastCall('terminateContract')).toBeUndefined();
      await harness.send({ type: 'contract.terminate' });
      await harness.send({ type: 'confirm.yes' });
      expect(harness.value()).toBe('terminating');
      expect(harness.lastCall('terminateContract')?.input).toStrictEqual({ contractId });
      await harness.done('terminateContract', { contractId, state: 1 });
      expect(harness.value()).toBe('loading');
      expect(harness.context()['state']).toBe(1);
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '合同已终止', code: null });
    }
  });

  it('completing asks 您确认要签约完成吗？ first, in 1 待发起, 7 待签字 and 8 已签约', async () => {
    expect(signConfirmations.complete).toBe('您确认要签约完成吗？');
    for (const [state, shown] of [
      [1, 'toStart'],
      [7, 'awaitingSignature'],
      [8, 'signed'],
    ] as const) {
      const harness = await openAt(state);
      await harness.send({ type: 'contract.complete' });
      expect(harness.value()).toEqual({ [shown]: 'confirmComplete' });
      await harness.send({ type: 'confirm.no' });
      expect(harness.value()).toEqual({ [shown]: 'idle' });
      expect(harness.lastCall('completeContract')).toBeUndefined();
      await harness.send({ type: 'contract.complete' });
      await harness.send({ type: 'confirm.yes' });
      expect(harness.value()).toBe('completing');
      expect(harness.lastCall('completeContract')?.input).toStrictEqual({ contractId });
      await harness.done('completeContract', { contractId, state: 6 });
      expect(harness.value()).toBe('loading');
      expect(harness.context()['state']).toBe(6);
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '签约已完成', code: null });
    }
  });

  it('deleting asks 是否确定删除该合同？ first, then goes back to the list 1500 ms after 删除成功', async () => {
    expect(signConfirmations.remove).toBe('是否确定删除该合同？');
    for (const [state, shown] of [
      [1, 'toStart'],
      [3, 'rejected'],
      [4, 'voided'],
    ] as const) {
      const harness = await openAt(state);
      await harness.send({ type: 'contract.delete' });
      expect(harness.value()).toEqual({ [shown]: 'confirmDelete' });
      await harness.send({ type: 'confirm.no' });
      expect(harness.value()).toEqual({ [shown]: 'idle' });
      expect(harness.lastCall('deleteContract')).toBeUndefined();
      await harness.send({ type: 'contract.delete' });
      await harness.send({ type: 'confirm.yes' });
      expect(harness.value()).toBe('deleting');
      expect(harness.lastCall('deleteContract')?.input).toStrictEqual({ contractId });
      await harness.done('deleteContract');
      expect(harness.value()).toBe('deleted');
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '删除成功', code: null });
      await harness.advance(signDelays.afterDelete - 1);
      expect(harness.value()).toBe('deleted');
      expect(harness.navigateToList).not.toHaveBeenCalled();
      await harness.advance(1);
      expect(harness.value()).toBe('closed');
      expect(harness.actor.getSnapshot().status).toBe('done');
      expect(harness.navigateToList).toHaveBeenCalledTimes(1);
    }
  });

  it('voiding sends the reason given, from 1 待发起, 3 被拒绝, 7 待签字 and 8 已签约', async () => {
    for (const state of [1, 3, 7, 8] as const) {
      const harness = await openAt(state);
      await harness.send({ type: 'contract.void', reason: '客户放弃' });
      expect(harness.value()).toBe('voiding');
      expect(harness.lastCall('voidContract')?.input).toStrictEqual({ contractId, reason: '客户放弃' });
      await harness.done('voidContract', { contractId, state: 4 });
      expect(harness.value()).toBe('loading');
      expect(harness.context()['state']).toBe(4);
      expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '合同已作废', code: null });
    }
  });

  it('a void can be revoked from 4 已作废', async () => {
    const harness = await openAt(4);
    await harness.send({ type: 'void.revoke' });
    expect(harness.value()).toBe('revokingVoid');
    expect(harness.lastCall('revokeVoid')?.input).toStrictEqual({ contractId });
    await harness.done('revokeVoid', { contractId, state: 1 });
    expect(harness.value()).toBe('loading');
    expect(harness.context()['state']).toBe(1);
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '已撤销作废', code: null });
  });

  it('a refused action shows its message and reads the contract again; the edit-state check disables the page', async () => {
    const actions = [
      [1, [{ type: 'contract.complete' }, { type: 'confirm.yes' }], 'completeContract'],
      [7, [{ type: 'contract.terminate' }, { type: 'confirm.yes' }], 'terminateContract'],
      [8, [{ type: 'contract.void', reason: '客户放弃' }], 'voidContract'],
      [4, [{ type: 'void.revoke' }], 'revokeVoid'],
      [4, [{ type: 'contract.delete' }, { type: 'confirm.yes' }], 'deleteContract'],
    ] as const;
    for (const [state, events, id] of actions) {
      const harness = await openAt(state);
      for (const event of events) await harness.send(event);
      await harness.fail(id, Object.assign(new Error('当前状态不允许此操作！'), { code: 409 }));
      expect(harness.value()).toBe('loading');
      expect(harness.context()['notice']).toStrictEqual({
        kind: 'error',
        text: '当前状态不允许此操作！',
        code: 409,
      });
      expect(harness.disablePage).not.toHaveBeenCalled();
      // The message stays shown with the contract as read again.
      await harness.done('loadContract', record(state));
      expect(harness.context()['notice']).toMatchObject({ text: '当前状态不允许此操作！' });

      const refused = await openAt(state);
      for (const event of events) await refused.send(event);
      await refused.fail(id, editStateRefusal('当前状态不允许此操作！'));
      expect(refused.value()).toBe('inoperable');
      expect(refused.disablePage).toHaveBeenCalledTimes(1);
      expect(refused.context()['notice']).toMatchObject({ kind: 'error', code: 405 });
    }
  });

  it('2 待审核 read again shows what the approvers decided', async () => {
    const cases = [
      [record(2), { pendingApproval: 'idle' }, null],
      [record(7, { approved: true }), { awaitingSignature: 'idle' }, '审批已通过，已自动发起签署'],
      [record(1, { approved: true }), { toStart: 'idle' }, '审批已通过，签约份数不足，请充值后发起签署'],
      [record(3), { rejected: 'idle' }, '审批未通过'],
    ] as const;
    expect(Object.values(approvalNotices)).toEqual(cases.slice(1).map(([, , text]) => text));
    for (const [decided, shown, text] of cases) {
      const harness = await openAt(2);
      await harness.send({ type: 'contract.refresh' });
      await harness.done('checkApproval', { ...decided, buttons: { ...buttons, terminateState: 1 } });
      expect(harness.value()).toEqual(shown);
      expect(harness.context()).toMatchObject({ state: decided.state, buttons: { terminateState: 1 } });
      expect(harness.context()['notice']).toStrictEqual(
        text === null ? null : { kind: 'success', text, code: null },
      );
      expect(harness.running()).toEqual([]);
    }
  });

  it('2 待审核 read again as withdrawn or moved on is shown like any other load', async () => {
    for (const decided of [record(1), record(4, { approved: true }), record(8, { approved: true })]) {
      const harness = await openAt(2);
      await harness.send({ type: 'contract.refresh' });
      await harness.done('checkApproval', decided);
      expect(harness.value()).toBe('loading');
      expect(harness.context()['state']).toBe(decided.state);
      expect(harness.context()['notice']).toBeNull();
      expect(harness.lastCall('loadContract')).toMatchObject({ id: 'loadContract', input: { contractId } });
    }
    const failed = await openAt(2);
    await failed.send({ type: 'contract.refresh' });
    await failed.fail('checkApproval', new Error('网络异常'));
    expect(failed.value()).toBe('loadFailed');
    expect(failed.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常', code: null });
  });
});
