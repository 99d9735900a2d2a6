import { describe, expect, it } from 'vitest';
import { rentContractMachine } from '../../machines/rent-contract.machine';
import { saleContractMachine } from '../../machines/sale-contract.machine';
import type { LedgerSnapshot, StateChangeResult } from '../../machines/ledger-contract';
import { startHarness } from '../support/machine-harness';

/** Both machines come from createLedgerContractMachine, so they share one type. */
type Ledger = typeof saleContractMachine;

const at = (
  state: number,
  frozenFromState: number | null = null,
  pendingTarget: number | null = null,
): LedgerSnapshot => ({
  state,
  frozenFromState,
  pendingTarget,
});
const moved = (state: number): StateChangeResult => ({ state, needApproval: 0, approvalId: null });
const waiting = (state: number, approvalId: number): StateChangeResult => ({
  state,
  needApproval: 1,
  approvalId,
});

/** The contract page opened on contract 7, its detail read as the server answered it. */
async function opened(machine: Ledger, loaded: LedgerSnapshot) {
  const harness = await startHarness(machine, { input: { contractId: 7 } });
  await harness.done('loadContract', loaded);
  return harness;
}

describe('contract ledger machines (sale and rent), rules a user relies on', () => {
  it('reads the contract it was opened on and shows its state', async () => {
    const harness = await startHarness(saleContractMachine, { input: { contractId: 7 } });
    expect(harness.value()).toBe('loading');
    expect(harness.lastCall('loadContract')?.input).toStrictEqual({ contractId: 7 });
    await harness.done('loadContract', at(3));
    expect(harness.value()).toBe('handled');
    expect(harness.context()).toStrictEqual({
      contractId: 7,
      state: 3,
      frozenFromState: null,
      requested: null,
      approvalId: null,
      notice: null,
    });
  });

  it('opens every sale and rent state on its own node', async () => {
    const saleNodes = [
      'pendingHandling',
      'handling',
      'handled',
      'completed',
      'frozen',
      'voided',
      'terminated',
    ];
    for (const [index, node] of saleNodes.entries()) {
      expect((await opened(saleContractMachine, at(index + 1, index === 4 ? 2 : null))).value()).toBe(node);
    }
    const rentNodes = ['normal', 'terminated', 'voided', 'completed'];
    for (const [index, node] of rentNodes.entries()) {
      expect((await opened(rentContractMachine, at(index + 1))).value()).toBe(node);
    }
  });

  it('a contract that cannot be read shows why and offers no change', async () => {
    const harness = await startHarness(saleContractMachine, { input: { contractId: 7 } });
    await harness.fail('loadContract', new Error('合同不存在或已被删除'));
    expect(harness.value()).toBe('loadFailed');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '合同不存在或已被删除' });
    expect(harness.can({ type: 'state.change', to: 2 })).toBe(false);
  });

  it('刷新 reads the contract again and shows the state someone else moved it to', async () => {
    const harness = await opened(saleContractMachine, at(1));
    await harness.send({ type: 'contract.reload' });
    expect(harness.value()).toBe('loading');
    expect(harness.calls.filter((call) => call.src === 'loadContract')).toHaveLength(2);
    await harness.done('loadContract', at(2));
    expect(harness.value()).toBe('handling');
    expect(harness.context()['state']).toBe(2);
  });

  it('a contract read while its change waits for approval waits, and moves to that target when approved', async () => {
    const harness = await opened(saleContractMachine, at(2, null, 3));
    expect(harness.value()).toBe('awaitingApproval');
    expect(harness.context()).toMatchObject({ state: 2, requested: { to: 3, remark: null } });
    expect(harness.can({ type: 'state.change', to: 3 })).toBe(false);
    await harness.send({ type: 'approval.approved' });
    expect(harness.value()).toBe('handled');
    expect(harness.context()).toMatchObject({
      state: 3,
      requested: null,
      approvalId: null,
      notice: { kind: 'success', text: '审批已通过，合同状态已变更' },
    });
  });

  it('submits exactly the contract, the target and a reason only when one was given', async () => {
    const harness = await opened(saleContractMachine, at(1));
    await harness.send({ type: 'state.change', to: 2, remark: '  ' });
    expect(harness.value()).toBe('submitting');
    expect(harness.context()['requested']).toStrictEqual({ to: 2, remark: null });
    expect(harness.lastCall('changeState')?.input).toStrictEqual({ contractId: 7, state: 2 });
    await harness.done('changeState', moved(2));
    expect(harness.value()).toBe('handling');
    expect(harness.context()).toStrictEqual({
      contractId: 7,
      state: 2,
      frozenFromState: null,
      requested: null,
      approvalId: null,
      notice: { kind: 'success', text: '合同状态已变更' },
    });
    await harness.send({ type: 'state.change', to: 6, remark: ' 录入错误 ' });
    expect(harness.lastCall('changeState')?.input).toStrictEqual({
      contractId: 7,
      state: 6,
      remark: '录入错误',
    });
  });

  it('作废 from 待办理 needs a reason; 冻结 does not', async () => {
    const harness = await opened(saleContractMachine, at(1));
    await harness.send({ type: 'state.change', to: 6 });
    expect(harness.value()).toBe('pendingHandling');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '请填写变更原因' });
    expect(harness.calls.filter((call) => call.src === 'changeState')).toEqual([]);
    await harness.send({ type: 'state.change', to: 5 });
    expect(harness.value()).toBe('submitting');
  });

  it('freezing remembers where the contract was, and any other change forgets it', async () => {
    const harness = await opened(saleContractMachine, at(3));
    await harness.send({ type: 'state.change', to: 5 });
    await harness.done('changeState', moved(5));
    expect(harness.value()).toBe('frozen');
    expect(harness.context()).toMatchObject({ state: 5, frozenFromState: 3 });
    // A frozen contract changed without a reason says nothing: only its way back is offered.
    await harness.send({ type: 'state.change', to: 6 });
    expect(harness.value()).toBe('frozen');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'success', text: '合同状态已变更' });
    await harness.send({ type: 'state.change', to: 3 });
    await harness.done('changeState', moved(3));
    expect(harness.value()).toBe('handled');
    expect(harness.context()).toMatchObject({ state: 3, frozenFromState: null });
  });

  it('a contract frozen from 待办理 returns to 待办理', async () => {
    const harness = await opened(saleContractMachine, at(5, 1));
    expect(harness.can({ type: 'state.change', to: 2 })).toBe(false);
    await harness.send({ type: 'state.change', to: 1 });
    expect(harness.lastCall('changeState')?.input).toStrictEqual({ contractId: 7, state: 1 });
    await harness.done('changeState', moved(1));
    expect(harness.value()).toBe('pendingHandling');
    expect(harness.context()).toMatchObject({ state: 1, frozenFromState: null });
  });

  it('a change sent for approval says so and waits with the approval it opened', async () => {
    const harness = await opened(saleContractMachine, at(3));
    await harness.send({ type: 'state.change', to: 7, remark: '买方违约' });
    await harness.done('changeState', waiting(3, 12));
    expect(harness.value()).toBe('awaitingApproval');
    expect(harness.context()).toMatchObject({
      state: 3,
      approvalId: 12,
      requested: { to: 7, remark: '买方违约' },
      notice: { kind: 'success', text: '已提交审批，审批通过后变更' },
    });
    await harness.send({ type: 'approval.approved' });
    expect(harness.value()).toBe('terminated');
    expect(harness.context()).toMatchObject({ state: 7, approvalId: null, requested: null });
  });

  it('a rejected approval leaves a sale contract where it was, with the rejection shown', async () => {
    const harness = await opened(saleContractMachine, at(3));
    await harness.send({ type: 'state.change', to: 4 });
    await harness.done('changeState', waiting(3, 12));
    await harness.send({ type: 'approval.rejected' });
    expect(harness.value()).toBe('handled');
    expect(harness.context()).toStrictEqual({
      contractId: 7,
      state: 3,
      frozenFromState: null,
      requested: null,
      approvalId: null,
      notice: { kind: 'error', text: '审批被拒绝，合同状态未变更' },
    });
  });

  it('a revoked approval leaves a frozen contract frozen', async () => {
    const harness = await opened(saleContractMachine, at(5, 2));
    await harness.send({ type: 'state.change', to: 2 });
    await harness.done('changeState', waiting(5, 4));
    await harness.send({ type: 'approval.revoked' });
    expect(harness.value()).toBe('frozen');
    expect(harness.context()).toMatchObject({
      state: 5,
      frozenFromState: 2,
      requested: null,
      approvalId: null,
      notice: { kind: 'success', text: '审批已撤回，合同状态未变更' },
    });
  });

  it('a refused change keeps the sale contract in the state it was shown in', async () => {
    const harness = await opened(saleContractMachine, at(2));
    await harness.send({ type: 'state.change', to: 3 });
    await harness.fail('changeState', new Error('该记录已有审批中的申请，请等待审批结束'));
    expect(harness.value()).toBe('handling');
    expect(harness.context()).toMatchObject({
      state: 2,
      requested: null,
      notice: { kind: 'error', text: '该记录已有审批中的申请，请等待审批结束' },
    });
  });

  it('a failure that is not an Error is shown as its text', async () => {
    const harness = await opened(rentContractMachine, at(1));
    await harness.send({ type: 'state.change', to: 4 });
    await harness.fail('changeState', '网络异常');
    expect(harness.value()).toBe('normal');
    expect(harness.context()['notice']).toStrictEqual({ kind: 'error', text: '网络异常' });
  });

  it('a rent contract moves only to its own targets: 解除, 作废, 完成', async () => {
    for (const [to, node] of [
      [2, 'terminated'],
      [3, 'voided'],
      [4, 'completed'],
    ] as const) {
      const harness = await opened(rentContractMachine, at(1));
      await harness.send({ type: 'state.change', to, remark: '租客退租' });
      await harness.done('changeState', moved(to));
      expect(harness.value()).toBe(node);
      expect(harness.context()).toMatchObject({ state: to, frozenFromState: null });
    }
  });
});
