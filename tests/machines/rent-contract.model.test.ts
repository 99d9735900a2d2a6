import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { rentContractModel } from '../models/rent-contract.model';
import { rentContractMachine } from '../../machines/rent-contract.machine';
import { ledgerMessages, type LedgerSnapshot, type StateChangeResult } from '../../machines/ledger-contract';

const paths = generatePaths(rentContractModel);

describe('rent-contract machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(rentContractModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(rentContractModel, path);
    },
  );
});

describe('rent-contract machine, rules a user relies on', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  type Change = { contractId: number; state: number; remark?: string };
  const opened = async (state: number, change: (input: Change) => Promise<StateChangeResult>) => {
    const submitted: Change[] = [];
    const loaded: LedgerSnapshot = { state, frozenFromState: null, pendingTarget: null };
    const actor = createActor(
      rentContractMachine.provide({
        actors: {
          loadContract: fromPromise(async () => loaded),
          changeState: fromPromise<StateChangeResult, Change>(async ({ input }) => {
            submitted.push(input);
            return change(input);
          }),
        },
      }),
      { input: { contractId: 3 } },
    ).start();
    await flush();
    return { actor, submitted };
  };
  const moved = async ({ state }: Change): Promise<StateChangeResult> => ({
    state,
    needApproval: 0,
    approvalId: null,
  });

  it('only 正常 can change: 解除, 作废 and 完成 take no change, and 正常 is never a target', async () => {
    for (const [state, node] of [
      [2, 'terminated'],
      [3, 'voided'],
      [4, 'completed'],
    ] as const) {
      const { actor, submitted } = await opened(state, moved);
      expect(actor.getSnapshot().value).toBe(node);
      for (const to of [1, 2, 3, 4]) actor.send({ type: 'state.change', to, remark: '租客退租' });
      await flush();
      expect(actor.getSnapshot().value).toBe(node);
      expect(submitted).toEqual([]);
    }
    const { actor, submitted } = await opened(1, moved);
    expect(actor.getSnapshot().can({ type: 'state.change', to: 1, remark: '租客退租' })).toBe(false);
    actor.send({ type: 'state.change', to: 1, remark: '租客退租' });
    await flush();
    expect(actor.getSnapshot().value).toBe('normal');
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('解除 and 作废 need a reason; 完成 does not', async () => {
    const { actor, submitted } = await opened(1, moved);
    actor.send({ type: 'state.change', to: 2 });
    expect(actor.getSnapshot().context.notice).toEqual({
      kind: 'error',
      text: ledgerMessages.remarkRequired,
    });
    actor.send({ type: 'state.change', to: 3, remark: '' });
    expect(actor.getSnapshot().value).toBe('normal');
    expect(submitted).toEqual([]);
    actor.send({ type: 'state.change', to: 4 });
    await flush();
    expect(submitted).toEqual([{ contractId: 3, state: 4 }]);
    expect(actor.getSnapshot().value).toBe('completed');
  });

  it('the server refusing a change (moved elsewhere meanwhile) keeps 正常 and shows its words', async () => {
    const { actor } = await opened(1, async () => {
      throw new Error('当前状态不允许此操作！');
    });
    actor.send({ type: 'state.change', to: 3, remark: '录错' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await flush();
    expect(actor.getSnapshot().value).toBe('normal');
    expect(actor.getSnapshot().context).toMatchObject({
      requested: null,
      notice: { kind: 'error', text: '当前状态不允许此操作！' },
    });
  });

  it('a rejected or revoked approval leaves the contract 正常', async () => {
    const pending = async () => ({ state: 1, needApproval: 1 as const, approvalId: 5 });
    const rejected = await opened(1, pending);
    rejected.actor.send({ type: 'state.change', to: 2, remark: '租客退租' });
    await flush();
    expect(rejected.actor.getSnapshot().value).toBe('awaitingApproval');
    rejected.actor.send({ type: 'approval.rejected' });
    expect(rejected.actor.getSnapshot().value).toBe('normal');
    expect(rejected.actor.getSnapshot().context.notice).toEqual({
      kind: 'error',
      text: ledgerMessages.rejected,
    });
    const revoked = await opened(1, pending);
    revoked.actor.send({ type: 'state.change', to: 2, remark: '租客退租' });
    await flush();
    revoked.actor.send({ type: 'approval.revoked' });
    expect(revoked.actor.getSnapshot().value).toBe('normal');
    expect(revoked.actor.getSnapshot().context).toMatchObject({
      requested: null,
      approvalId: null,
      notice: { kind: 'success', text: ledgerMessages.revoked },
    });
  });
});
