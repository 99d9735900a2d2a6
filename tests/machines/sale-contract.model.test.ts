import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { saleContractModel } from '../models/sale-contract.model';
import { saleContractMachine } from '../../machines/sale-contract.machine';
import { ledgerMessages, type LedgerSnapshot, type StateChangeResult } from '../../machines/ledger-contract';

const paths = generatePaths(saleContractModel);

describe('sale-contract machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(saleContractModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(saleContractModel, path);
    },
  );
});

describe('sale-contract machine, rules a user relies on', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  type Change = { contractId: number; state: number; remark?: string };
  const opened = async (loaded: LedgerSnapshot, change: (input: Change) => Promise<StateChangeResult>) => {
    const submitted: Change[] = [];
    const actor = createActor(
      saleContractMachine.provide({
        actors: {
          loadContract: fromPromise(async () => loaded),
          changeState: fromPromise<StateChangeResult, Change>(async ({ input }) => {
            submitted.push(input);
            return change(input);
          }),
        },
      }),
      { input: { contractId: 7 } },
    ).start();
    await flush();
    return { actor, submitted };
  };
  const at = (state: number, frozenFromState: number | null = null): LedgerSnapshot => ({
    state,
    frozenFromState,
    pendingTarget: null,
  });
  const moved = async ({ state }: Change): Promise<StateChangeResult> => ({
    state,
    needApproval: 0,
    approvalId: null,
  });

  it('does not submit a change the shown state does not allow, and says nothing (the form never offers it)', async () => {
    const { actor, submitted } = await opened(at(1), moved);
    expect(actor.getSnapshot().value).toBe('pendingHandling');
    for (const to of [1, 3, 4, 7]) {
      expect(actor.getSnapshot().can({ type: 'state.change', to, remark: '客户协商一致' })).toBe(false);
      actor.send({ type: 'state.change', to, remark: '客户协商一致' });
    }
    await flush();
    expect(actor.getSnapshot().value).toBe('pendingHandling');
    expect(actor.getSnapshot().context).toMatchObject({ state: 1, requested: null, notice: null });
    expect(submitted).toEqual([]);
  });

  it('submits an allowed change and moves the contract when no approval is needed', async () => {
    const { actor, submitted } = await opened(at(1), moved);
    actor.send({ type: 'state.change', to: 2 });
    expect(actor.getSnapshot().value).toBe('submitting');
    await flush();
    expect(submitted).toEqual([{ contractId: 7, state: 2 }]);
    expect(actor.getSnapshot().value).toBe('handling');
    expect(actor.getSnapshot().context).toMatchObject({
      state: 2,
      notice: { kind: 'success', text: ledgerMessages.changed },
    });
  });

  it('asks for a reason before 作废 or 解除 and submits the trimmed reason', async () => {
    const { actor, submitted } = await opened(at(2), moved);
    actor.send({ type: 'state.change', to: 7, remark: '  ' });
    expect(actor.getSnapshot().value).toBe('handling');
    expect(actor.getSnapshot().context.notice).toEqual({
      kind: 'error',
      text: ledgerMessages.remarkRequired,
    });
    actor.send({ type: 'state.change', to: 7, remark: ' 客户违约 ' });
    await flush();
    expect(submitted).toEqual([{ contractId: 7, state: 7, remark: '客户违约' }]);
    expect(actor.getSnapshot().value).toBe('terminated');
  });

  it('the server refusing a change made on an older state (moved elsewhere) keeps the shown state and shows its words', async () => {
    const { actor } = await opened(at(1), async () => {
      throw new Error('当前状态不允许此操作！');
    });
    actor.send({ type: 'state.change', to: 2 });
    await flush();
    expect(actor.getSnapshot().value).toBe('pendingHandling');
    expect(actor.getSnapshot().context).toMatchObject({
      state: 1,
      requested: null,
      notice: { kind: 'error', text: '当前状态不允许此操作！' },
    });
  });

  it('a frozen contract returns only to the state it was frozen from', async () => {
    const { actor, submitted } = await opened(at(5, 2), moved);
    expect(actor.getSnapshot().value).toBe('frozen');
    actor.send({ type: 'state.change', to: 3 });
    actor.send({ type: 'state.change', to: 1 });
    expect(actor.getSnapshot().value).toBe('frozen');
    actor.send({ type: 'state.change', to: 2 });
    await flush();
    expect(submitted).toEqual([{ contractId: 7, state: 2 }]);
    expect(actor.getSnapshot().value).toBe('handling');
    actor.send({ type: 'state.change', to: 5 });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ state: 5, frozenFromState: 2 });
  });

  it('a change waiting for its approval keeps the contract where it is until approved', async () => {
    const { actor } = await opened(at(2), async () => ({ state: 2, needApproval: 1, approvalId: 9 }));
    actor.send({ type: 'state.change', to: 3 });
    await flush();
    expect(actor.getSnapshot().value).toBe('awaitingApproval');
    expect(actor.getSnapshot().context).toMatchObject({ state: 2, approvalId: 9, requested: { to: 3 } });
    actor.send({ type: 'state.change', to: 5 });
    expect(actor.getSnapshot().value).toBe('awaitingApproval');
    actor.send({ type: 'approval.approved' });
    expect(actor.getSnapshot().value).toBe('handled');
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'success', text: ledgerMessages.approved });
  });

  it('a final state (完成, 作废, 解除) takes no change at all', async () => {
    for (const [state, node] of [
      [4, 'completed'],
      [6, 'voided'],
      [7, 'terminated'],
    ] as const) {
      const { actor, submitted } = await opened(at(state), moved);
      expect(actor.getSnapshot().value).toBe(node);
      for (const to of [1, 2, 3, 5]) actor.send({ type: 'state.change', to, remark: '客户协商一致' });
      await flush();
      expect(actor.getSnapshot().value).toBe(node);
      expect(actor.getSnapshot().context.notice).toBeNull();
      expect(submitted).toEqual([]);
    }
  });
});
