/**
 * The shared shape of the sale and rent contract machines (sale-contract.machine.ts,
 * rent-contract.machine.ts), built from the state tables of contract-states.ts so the machines,
 * the server and the tables cannot disagree. One node per ledger state; `state.change` to an
 * allowed target submits (changeState); the reply either moves the contract at once or, when the
 * target's approval item has an enabled flow, waits in `awaitingApproval` until the approval is
 * approved (the contract moves on), rejected or revoked (it stays where it was).
 *
 * A change the shown state does not allow is not submitted and says nothing: the change form offers
 * only the allowed targets (the same rule, contract-states.ts). The server is the authority on the
 * contract's state now: a form showing an older state (someone else moved the contract meanwhile)
 * offers a change the server refuses (405 当前状态不允许此操作！, which disables the page), and that
 * refusal comes back as the submit's error.
 */
import { assign, fromPromise, setup } from 'xstate';

export type LedgerSnapshot = { state: number; frozenFromState: number | null; pendingTarget: number | null };
export type StateChangeResult = { state: number; needApproval: 0 | 1; approvalId: number | null };

export type LedgerContractEvent =
  | { type: 'state.change'; to: number; remark?: string }
  | { type: 'approval.approved' }
  | { type: 'approval.rejected' }
  | { type: 'approval.revoked' }
  | { type: 'contract.reload' };

export type LedgerContractContext = {
  contractId: number;
  state: number | null;
  frozenFromState: number | null;
  requested: { to: number; remark: string | null } | null;
  approvalId: number | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
};

export type LedgerMachineSpec = {
  id: string;
  /** Ledger state -> state node name. */
  nodes: Record<number, string>;
  canChange: (from: number, to: number, frozenFrom: number | null) => boolean;
  needsRemark: readonly number[];
  /** Ledger states that can be left (states with no way out are never a 'from'). */
  fromStates: readonly number[];
  /** Ledger states a change can lead to. */
  targetStates: readonly number[];
  /** The state a contract remembers when it moves into it (sale 冻结 remembers where it was). */
  freezeState?: number;
};

export const ledgerMessages = {
  remarkRequired: '请填写变更原因',
  changed: '合同状态已变更',
  submitted: '已提交审批，审批通过后变更',
  approved: '审批已通过，合同状态已变更',
  rejected: '审批被拒绝，合同状态未变更',
  revoked: '审批已撤回，合同状态未变更',
} as const;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createLedgerContractMachine(spec: LedgerMachineSpec) {
  const root = `#${spec.id}`;
  const backTo = (from: number) => ({
    guard: { type: 'stateIs' as const, params: { state: from } },
    target: `${root}.${spec.nodes[from]!}`,
  });
  const toTarget = (to: number, notice: string) => ({
    guard: { type: 'requestedIs' as const, params: { state: to } },
    target: `${root}.${spec.nodes[to]!}`,
    actions: [
      { type: 'moveTo' as const, params: { state: to } },
      { type: 'notify' as const, params: { kind: 'success' as const, text: notice } },
    ],
  });

  const needsRemarkFrom = (from: number) =>
    spec.needsRemark.some((to) =>
      [null, ...spec.fromStates].some((frozenFrom) => spec.canChange(from, to, frozenFrom)),
    );
  const ledgerNodes = Object.fromEntries(
    Object.entries(spec.nodes).map(([state, name]) => [
      name,
      spec.fromStates.includes(Number(state))
        ? {
            on: {
              'state.change': [
                {
                  guard: 'isAllowedChange' as const,
                  target: `${root}.submitting`,
                  actions: 'keepRequest' as const,
                },
                // Only where a change that needs a reason can start (冻结 returns without one).
                ...(needsRemarkFrom(Number(state))
                  ? [
                      {
                        guard: 'isMissingRemark' as const,
                        actions: {
                          type: 'notify' as const,
                          params: { kind: 'error' as const, text: ledgerMessages.remarkRequired },
                        },
                      },
                    ]
                  : []),
              ],
            },
          }
        : {},
    ]),
  );

  return setup({
    types: {
      context: {} as LedgerContractContext,
      events: {} as LedgerContractEvent,
      input: {} as { contractId: number } | undefined,
    },
    actors: {
      loadContract: fromPromise<LedgerSnapshot, { contractId: number }>(async () => {
        throw new Error('loadContract is provided by the app');
      }),
      changeState: fromPromise<StateChangeResult, { contractId: number; state: number; remark?: string }>(
        async () => {
          throw new Error('changeState is provided by the app');
        },
      ),
    },
    guards: {
      stateIs: ({ context }, params: { state: number }) => context.state === params.state,
      requestedIs: ({ context }, params: { state: number }) => context.requested?.to === params.state,
      loadedIs: ({ event }, params: { state: number }) =>
        (event as unknown as { output: LedgerSnapshot }).output.state === params.state,
      loadedPending: ({ event }) =>
        (event as unknown as { output: LedgerSnapshot }).output.pendingTarget !== null,
      needsApproval: ({ event }) =>
        (event as unknown as { output: StateChangeResult }).output.needApproval === 1,
      isAllowedChange: ({ context, event }) =>
        event.type === 'state.change' &&
        context.state !== null &&
        spec.canChange(context.state, event.to, context.frozenFromState) &&
        (!spec.needsRemark.includes(event.to) || (event.remark ?? '').trim() !== ''),
      isMissingRemark: ({ context, event }) =>
        event.type === 'state.change' &&
        context.state !== null &&
        spec.canChange(context.state, event.to, context.frozenFromState) &&
        spec.needsRemark.includes(event.to),
    },
    actions: {
      moveTo: assign(({ context }, params: { state: number }) => ({
        state: params.state,
        frozenFromState:
          spec.freezeState !== undefined && params.state === spec.freezeState ? context.state : null,
        requested: null,
        approvalId: null,
      })),
      keepRequest: assign({
        requested: ({ event }) =>
          event.type === 'state.change' ? { to: event.to, remark: event.remark?.trim() || null } : null,
      }),
      clearRequest: assign({ requested: null, approvalId: null }),
      notify: assign({ notice: (_args, notice: NonNullable<LedgerContractContext['notice']>) => notice }),
      showActorError: assign({
        notice: ({ event }) => ({
          kind: 'error' as const,
          text: errorText((event as unknown as { error: unknown }).error),
        }),
      }),
      keepLoaded: assign(({ event }) => {
        const output = (event as unknown as { output: LedgerSnapshot }).output;
        return {
          state: output.state,
          frozenFromState: output.frozenFromState,
          requested: output.pendingTarget === null ? null : { to: output.pendingTarget, remark: null },
        };
      }),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => ({
      contractId: input?.contractId ?? 0,
      state: null,
      frozenFromState: null,
      requested: null,
      approvalId: null,
      notice: null,
    }),
    initial: 'loading',
    on: { 'contract.reload': `.loading` },
    states: {
      loading: {
        invoke: {
          id: 'loadContract',
          src: 'loadContract',
          input: ({ context }) => ({ contractId: context.contractId }),
          onDone: [
            { guard: 'loadedPending', target: 'awaitingApproval', actions: 'keepLoaded' },
            ...Object.entries(spec.nodes).map(([state, name]) => ({
              guard: { type: 'loadedIs' as const, params: { state: Number(state) } },
              target: name,
              actions: 'keepLoaded' as const,
            })),
          ],
          onError: { target: 'loadFailed', actions: 'showActorError' },
        },
      },
      loadFailed: {},
      ...ledgerNodes,
      submitting: {
        invoke: {
          id: 'changeState',
          src: 'changeState',
          input: ({ context }) => ({
            contractId: context.contractId,
            state: context.requested?.to ?? 0,
            ...(context.requested?.remark ? { remark: context.requested.remark } : {}),
          }),
          onDone: [
            {
              guard: 'needsApproval',
              target: 'awaitingApproval',
              actions: [
                assign({ approvalId: ({ event }) => event.output.approvalId }),
                { type: 'notify', params: { kind: 'success', text: ledgerMessages.submitted } },
              ],
            },
            ...spec.targetStates.map((to) => toTarget(to, ledgerMessages.changed)),
          ],
          onError: spec.fromStates.map((from) => ({
            ...backTo(from),
            actions: ['showActorError' as const, 'clearRequest' as const],
          })),
        },
      },
      /** The change waits for its approval; the contract keeps its state meanwhile. */
      awaitingApproval: {
        on: {
          'approval.approved': spec.targetStates.map((to) => toTarget(to, ledgerMessages.approved)),
          'approval.rejected': spec.fromStates.map((from) => ({
            ...backTo(from),
            actions: [
              'clearRequest' as const,
              { type: 'notify' as const, params: { kind: 'error' as const, text: ledgerMessages.rejected } },
            ],
          })),
          'approval.revoked': spec.fromStates.map((from) => ({
            ...backTo(from),
            actions: [
              'clearRequest' as const,
              { type: 'notify' as const, params: { kind: 'success' as const, text: ledgerMessages.revoked } },
            ],
          })),
        },
      },
    },
  });
}
