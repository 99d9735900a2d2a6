/**
 * One approval record (000 sections 3, 4, 7 "OA"): loaded from companyOaApprovalDetail, then
 * pending while its steps are walked (approve / reject by the current step's approver, approvalBtn;
 * an approve that is not the last step stays pending for the next approver), or revoked by its
 * sponsor after the confirmation 您确认要撤回此条审批记录吗？ (approvalRevoke). Finished records
 * are approved, rejected or revoked. Whether the user may act comes from the server's canApprove /
 * canRevoke flags; the server enforces them again. A decision or revoke refused by the server's
 * edit-state check (405 with the marker of domain/page-state.ts: decided or withdrawn elsewhere)
 * leaves the record inoperable: the page showing it is disabled (001 section 8, the 405 rule).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';
import { isEditStateRefusal } from '../domain/page-state';

export type ApprovalRecord = Pick<
  components['schemas']['OaInstanceDetail'],
  'status' | 'canApprove' | 'canRevoke' | 'approvalId'
>;

export const approvalMessages = {
  revokeConfirm: '您确认要撤回此条审批记录吗？',
  remarkRequired: '请填写拒绝的审批意见',
  approved: '已通过',
  rejected: '已拒绝',
  revoked: '审批已撤回',
} as const;

export type ApprovalEvent =
  | { type: 'approval.approve'; remark?: string }
  | { type: 'approval.reject'; remark: string }
  | { type: 'approval.revoke' }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' }
  | { type: 'approval.reload' };

export type ApprovalContext = {
  approvalId: number;
  record: ApprovalRecord | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const isStatus =
  (status: number) =>
  ({ event }: { event: unknown }) =>
    (event as { output: ApprovalRecord }).output.status === status;

export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    input: {} as { approvalId: number } | undefined,
  },
  actors: {
    loadApproval: fromPromise<ApprovalRecord, { approvalId: number }>(async () => {
      throw new Error('loadApproval is provided by the app');
    }),
    decideApproval: fromPromise<
      ApprovalRecord,
      { approvalId: number; result: 'approve' | 'reject'; remark?: string }
    >(async () => {
      throw new Error('decideApproval is provided by the app');
    }),
    revokeApproval: fromPromise<void, { approvalId: number }>(async () => {
      throw new Error('revokeApproval is provided by the app');
    }),
  },
  guards: {
    isPending: isStatus(0),
    isApproved: isStatus(1),
    isRejected: isStatus(2),
    canApprove: ({ context }) => context.record?.canApprove === 1,
    canRejectWithRemark: ({ context, event }) =>
      context.record?.canApprove === 1 && event.type === 'approval.reject' && event.remark.trim() !== '',
    canRevoke: ({ context }) => context.record?.canRevoke === 1,
    isEditStateRefused: ({ event }) => isEditStateRefusal((event as { error?: unknown }).error),
  },
  actions: {
    keepRecord: assign({ record: ({ event }) => (event as unknown as { output: ApprovalRecord }).output }),
    showActorError: assign({
      notice: ({ event }) => ({
        kind: 'error' as const,
        text: errorText((event as unknown as { error: unknown }).error),
      }),
    }),
    notify: assign({ notice: (_args, notice: NonNullable<ApprovalContext['notice']>) => notice }),
    /** Mark the page (or dialog) showing the record disabled: 当前页面状态不可操作 (src/ provides it). */
    disablePage: () => {},
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ approvalId: input?.approvalId ?? 0, record: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadApproval',
        src: 'loadApproval',
        input: ({ context }) => ({ approvalId: context.approvalId }),
        onDone: [
          { guard: 'isPending', target: 'pending', actions: 'keepRecord' },
          { guard: 'isApproved', target: 'approved', actions: 'keepRecord' },
          { guard: 'isRejected', target: 'rejected', actions: 'keepRecord' },
          { target: 'revoked', actions: 'keepRecord' },
        ],
        onError: { target: 'loadFailed', actions: 'showActorError' },
      },
    },
    loadFailed: {
      on: { 'approval.reload': 'loading' },
    },
    pending: {
      initial: 'idle',
      on: { 'approval.reload': '#approval.loading' },
      states: {
        idle: {
          on: {
            'approval.approve': { guard: 'canApprove', target: 'approving' },
            'approval.reject': [
              { guard: 'canRejectWithRemark', target: 'rejecting' },
              {
                actions: { type: 'notify', params: { kind: 'error', text: approvalMessages.remarkRequired } },
              },
            ],
            'approval.revoke': { guard: 'canRevoke', target: 'confirmingRevoke' },
          },
        },
        /** The modal 您确认要撤回此条审批记录吗？ with confirm and cancel. */
        confirmingRevoke: {
          on: { 'revoke.confirm': 'revoking', 'revoke.cancel': 'idle' },
        },
        approving: {
          invoke: {
            id: 'approve',
            src: 'decideApproval',
            input: ({ context, event }) => ({
              approvalId: context.approvalId,
              result: 'approve' as const,
              ...(event.type === 'approval.approve' && event.remark ? { remark: event.remark } : {}),
            }),
            onDone: [
              // Not the last step: the record waits for the next approver.
              {
                guard: 'isPending',
                target: 'idle',
                actions: [
                  'keepRecord',
                  { type: 'notify', params: { kind: 'success', text: approvalMessages.approved } },
                ],
              },
              {
                target: '#approval.approved',
                actions: [
                  'keepRecord',
                  { type: 'notify', params: { kind: 'success', text: approvalMessages.approved } },
                ],
              },
            ],
            onError: [
              { guard: 'isEditStateRefused', target: '#approval.inoperable', actions: 'showActorError' },
              { target: 'idle', actions: 'showActorError' },
            ],
          },
        },
        rejecting: {
          invoke: {
            id: 'reject',
            src: 'decideApproval',
            input: ({ context, event }) => ({
              approvalId: context.approvalId,
              result: 'reject' as const,
              remark: event.type === 'approval.reject' ? event.remark : '',
            }),
            onDone: {
              target: '#approval.rejected',
              actions: [
                'keepRecord',
                { type: 'notify', params: { kind: 'success', text: approvalMessages.rejected } },
              ],
            },
            onError: [
              { guard: 'isEditStateRefused', target: '#approval.inoperable', actions: 'showActorError' },
              { target: 'idle', actions: 'showActorError' },
            ],
          },
        },
        revoking: {
          invoke: {
            id: 'revokeApproval',
            src: 'revokeApproval',
            input: ({ context }) => ({ approvalId: context.approvalId }),
            onDone: {
              target: '#approval.revoked',
              actions: [
                assign({
                  record: ({ context }) =>
                    context.record ? { ...context.record, status: 3, canApprove: 0, canRevoke: 0 } : null,
                }),
                { type: 'notify', params: { kind: 'success', text: approvalMessages.revoked } },
              ],
            },
            onError: [
              { guard: 'isEditStateRefused', target: '#approval.inoperable', actions: 'showActorError' },
              { target: 'idle', actions: 'showActorError' },
            ],
          },
        },
      },
    },
    approved: { on: { 'approval.reload': 'loading' } },
    rejected: { on: { 'approval.reload': 'loading' } },
    revoked: { on: { 'approval.reload': 'loading' } },
    /** Refused by the edit-state check: the page is disabled and nothing more is offered. */
    inoperable: { entry: 'disablePage' },
  },
});
