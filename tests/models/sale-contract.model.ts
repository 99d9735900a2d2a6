/** The sale contract machine's model: payload samples for its events (the same for vitest, Playwright and coverage). */
import { saleContractMachine } from '../../machines/sale-contract.machine';
import type { LedgerContractContext } from '../../machines/ledger-contract';
import type { ModelEvent, ModelSpec } from '../support/machine-model';

export function serializeLedgerContext(context: unknown) {
  const c = context as LedgerContractContext;
  return [c.state, c.frozenFromState, c.requested?.to ?? null];
}

/**
 * The browser model: the requested target (the approval and submit outcomes branch on it) and the
 * state a frozen contract returns to. The state itself follows from the node, except while a change
 * is submitted or waits; those paths are chosen to cover every way back (e2e/support/covering-paths.ts).
 */
export function browserSerializeLedgerContext(context: unknown) {
  const c = context as LedgerContractContext;
  return [c.requested?.to ?? null, c.frozenFromState];
}

/** Shared samples for the ledger machines; the distinguishing field comes first in each payload. */
export function ledgerEvents(
  states: number[],
  loads: { state: number; pendingTarget: number | null; frozenFromState: number | null }[],
  needRemark: number[],
) {
  const events: Record<string, ModelEvent[]> = {
    'xstate.done.actor.loadContract': loads.map((output) => ({
      type: 'xstate.done.actor.loadContract',
      output,
    })),
    'xstate.error.actor.loadContract': [
      { type: 'xstate.error.actor.loadContract', error: new Error('合同不存在或已被删除') },
    ],
    'state.change': [
      ...states.map((to) => ({ type: 'state.change', to, remark: '客户协商一致' })),
      ...needRemark.map((to) => ({ type: 'state.change', to })),
    ],
    'xstate.done.actor.changeState': [
      { type: 'xstate.done.actor.changeState', output: { needApproval: 1, approvalId: 9, state: 1 } },
      { type: 'xstate.done.actor.changeState', output: { needApproval: 0, approvalId: null, state: 2 } },
    ],
    'xstate.error.actor.changeState': [
      { type: 'xstate.error.actor.changeState', error: new Error('该记录已有审批中的申请，请等待审批结束') },
    ],
  };
  return events;
}

export const saleContractModel: ModelSpec = {
  machine: saleContractMachine,
  serializeContext: serializeLedgerContext,
  browserSerializeContext: browserSerializeLedgerContext,
  events: ledgerEvents(
    [1, 2, 3, 4, 5, 6, 7],
    [
      ...[1, 2, 3, 4, 6, 7].map((state) => ({ state, pendingTarget: null, frozenFromState: null })),
      { state: 5, pendingTarget: null, frozenFromState: 2 },
      { state: 2, pendingTarget: 3, frozenFromState: null },
    ],
    [6, 7],
  ),
};
