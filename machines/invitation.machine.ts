/**
 * An invitation to join a company, as the invitee lives it on the public join page (/#/invite?code=):
 * the link is read (invited, or already cancelled or expired); the invitee confirms the mobile with
 * an SMS code and applies; the application waits for approval (applied) and ends approved or
 * rejected, or the company lets the invitee in at once (joinApprove 0: approved). While the form is
 * open, the link is read again when it is due to expire, so an expired link stops accepting.
 * The page keeps the application's ticket, so reopening the link shows the application's state.
 * The page provides the actors (the calls) and `keepApply` (writes or forgets the kept ticket).
 */
import { assign, fromPromise, setup } from 'xstate';
import { checkMobile, isCode } from '../domain/validators';

export type InviteInfo = {
  companyName: string;
  deptName: string;
  inviterName: string;
  expireTime: string;
  /** 1 有效, 2 已过期, 3 已作废 (as the server says) */
  state: 1 | 2 | 3;
  needApprove: 0 | 1;
};

export type ApplyTicket = { applyId: number; ticket: string };

/**
 * What reading the link gives: the invitation, what the page's clock says of its expiry, and the
 * application this browser made from the link before (kept by the page), if any.
 */
export type InviteRead = {
  invite: InviteInfo;
  isExpired: boolean;
  expiresInMs: number;
  kept: ApplyTicket | null;
};

export type ApplyStatus = { state: 1 | 2 | 3; rejectReason: string | null; handleTime: string | null };

export type JoinResult = ApplyTicket & { state: 1 | 2 };

export type InvitationContext = {
  inviteCode: string;
  invite: InviteRead | null;
  /** The application made from this page (or kept from an earlier visit). */
  apply: ApplyTicket | null;
  status: ApplyStatus | null;
  /** The mobile a code was last sent to from this page. */
  codeSentTo: string | null;
  error: string | null;
};

export type InvitationEvent =
  | { type: 'retry' }
  | { type: 'code.send'; mobile: string }
  | { type: 'apply'; name: string; mobile: string; code: string }
  | { type: 'refresh' };

export const invitationMessages = {
  nameRequired: '请输入姓名',
  codeRequired: '请输入 6 位验证码',
  codeSent: '验证码已发送,请注意查收!',
  applied: '申请已提交，请等待管理员审核',
} as const;

/** How often the applied page asks for the result, and the longest wait before reading the link again. */
export const statusPollMs = 10_000;
export const maxExpiryWaitMs = 24 * 60 * 60 * 1000;

const errorText = ({ event }: { event: { error: unknown } }) =>
  event.error instanceof Error ? event.error.message : String(event.error);
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

function applyProblem(event: { name: string; mobile: string; code: string }): string | null {
  if (!event.name.trim()) return invitationMessages.nameRequired;
  return checkMobile(event.mobile) ?? (isCode(event.code) ? null : invitationMessages.codeRequired);
}

type DoneOf<T> = { output: T };
const outputOf = <T>(event: unknown) => (event as DoneOf<T>).output;

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as { inviteCode: string } | undefined,
  },
  actors: {
    loadInvite: fromPromise<InviteRead, { inviteCode: string }>(async () => {
      throw new Error('loadInvite is provided by the page');
    }),
    sendCode: fromPromise<void, { mobile: string }>(async () => {
      throw new Error('sendCode is provided by the page');
    }),
    join: fromPromise<JoinResult, { inviteCode: string; name: string; mobile: string; code: string }>(
      async () => {
        throw new Error('join is provided by the page');
      },
    ),
    readStatus: fromPromise<ApplyStatus, ApplyTicket>(async () => {
      throw new Error('readStatus is provided by the page');
    }),
  },
  actions: {
    /** The page keeps (or forgets) the application for this link; provided by the page. */
    keepApply: () => {},
  },
  guards: {
    hasKeptApply: ({ event }) => outputOf<InviteRead>(event).kept !== null,
    isCancelled: ({ event }) => outputOf<InviteRead>(event).invite.state === 3,
    isExpired: ({ event }) => outputOf<InviteRead>(event).isExpired,
    canSendCode: ({ event }) => event.type === 'code.send' && checkMobile(event.mobile) === null,
    isApplyComplete: ({ event }) => event.type === 'apply' && applyProblem(event) === null,
    isWaiting: ({ event }) => outputOf<JoinResult>(event).state === 1,
    isLinkGone: ({ event }) => errorCode((event as { error?: unknown }).error) === 409,
    isApproved: ({ event }) => outputOf<ApplyStatus>(event).state === 2,
    isRejected: ({ event }) => outputOf<ApplyStatus>(event).state === 3,
    isUnknownApply: ({ event }) => errorCode((event as { error?: unknown }).error) === 404,
  },
  delays: {
    inviteExpiry: ({ context }) => Math.max(0, Math.min(context.invite?.expiresInMs ?? 0, maxExpiryWaitMs)),
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({
    inviteCode: input?.inviteCode ?? '',
    invite: null,
    apply: null,
    status: null,
    codeSentTo: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvite',
        src: 'loadInvite',
        input: ({ context }) => ({ inviteCode: context.inviteCode }),
        onDone: [
          // An application made before is shown whatever became of the link since.
          {
            guard: 'hasKeptApply',
            target: 'checking',
            actions: assign({ invite: ({ event }) => event.output, apply: ({ event }) => event.output.kept }),
          },
          {
            guard: 'isCancelled',
            target: 'cancelled',
            actions: assign({ invite: ({ event }) => event.output }),
          },
          { guard: 'isExpired', target: 'expired', actions: assign({ invite: ({ event }) => event.output }) },
          { target: 'invited', actions: assign({ invite: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: errorText }) },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    /** The link is valid: the invitee fills in name, mobile and the SMS code. */
    invited: {
      initial: 'editing',
      after: { inviteExpiry: 'loading' },
      states: {
        editing: {
          on: {
            'code.send': [
              {
                guard: 'canSendCode',
                target: 'sendingCode',
                actions: assign({ error: null, codeSentTo: ({ event }) => event.mobile }),
              },
              { actions: assign({ error: ({ event }) => checkMobile(event.mobile) }) },
            ],
            apply: [
              { guard: 'isApplyComplete', target: '#invitation.applying', actions: assign({ error: null }) },
              { actions: assign({ error: ({ event }) => applyProblem(event) }) },
            ],
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ mobile: context.codeSentTo ?? '' }),
            onDone: 'editing',
            onError: { target: 'editing', actions: assign({ error: errorText, codeSentTo: null }) },
          },
        },
      },
    },
    applying: {
      invoke: {
        id: 'join',
        src: 'join',
        input: ({ context, event }) => {
          const apply = event as Extract<InvitationEvent, { type: 'apply' }>;
          return {
            inviteCode: context.inviteCode,
            name: apply.name.trim(),
            mobile: apply.mobile,
            code: apply.code,
          };
        },
        onDone: [
          {
            guard: 'isWaiting',
            target: 'applied',
            actions: [
              assign({
                apply: ({ event }) => ({ applyId: event.output.applyId, ticket: event.output.ticket }),
                status: { state: 1, rejectReason: null, handleTime: null },
              }),
              'keepApply',
            ],
          },
          {
            target: 'approved',
            actions: [
              assign({
                apply: ({ event }) => ({ applyId: event.output.applyId, ticket: event.output.ticket }),
                status: { state: 2, rejectReason: null, handleTime: null },
              }),
              'keepApply',
            ],
          },
        ],
        onError: [
          // Cancelled or expired meanwhile: read the link again, which says which.
          { guard: 'isLinkGone', target: 'loading' },
          { target: 'invited', actions: assign({ error: errorText }) },
        ],
      },
    },
    /** Waiting for a decision; asked again every 10 s or on 刷新. */
    applied: {
      after: { [statusPollMs]: 'checking' },
      on: { refresh: 'checking' },
    },
    checking: {
      invoke: {
        id: 'readStatus',
        src: 'readStatus',
        input: ({ context }) => context.apply ?? { applyId: 0, ticket: '' },
        onDone: [
          {
            guard: 'isApproved',
            target: 'approved',
            actions: assign({ status: ({ event }) => event.output, error: null }),
          },
          {
            guard: 'isRejected',
            target: 'rejected',
            actions: assign({ status: ({ event }) => event.output, error: null }),
          },
          { target: 'applied', actions: assign({ status: ({ event }) => event.output, error: null }) },
        ],
        onError: [
          // A kept application the server does not know (another browser's, or removed): start again.
          {
            guard: 'isUnknownApply',
            target: 'loading',
            actions: [assign({ apply: null, status: null }), 'keepApply'],
          },
          { target: 'applied', actions: assign({ error: errorText }) },
        ],
      },
    },
    approved: { type: 'final' },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
  },
});
