/**
 * The public join page's calls (no session): the invitation, an SMS code, applying, and the
 * application's result by its ticket. The page keeps the ticket per link in localStorage, so the
 * invitee who opens the link again sees the application instead of a new form.
 */
import { fromPromise } from 'xstate';
import { api, ok } from '../../api/client';
import type { ApplyStatus, ApplyTicket, InviteRead, JoinResult } from '../../../machines/invitation.machine';

const keptKey = (inviteCode: string) => `invite-apply:${inviteCode}`;

function readKept(inviteCode: string): ApplyTicket | null {
  try {
    const value = JSON.parse(localStorage.getItem(keptKey(inviteCode)) ?? 'null') as ApplyTicket | null;
    return value && typeof value.applyId === 'number' && typeof value.ticket === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function keepApply(inviteCode: string, apply: ApplyTicket | null): void {
  if (apply) localStorage.setItem(keptKey(inviteCode), JSON.stringify(apply));
  else localStorage.removeItem(keptKey(inviteCode));
}

/** The wire's Beijing time (YYYY-MM-DD HH:mm:ss) as a moment. */
function beijingTime(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}+08:00`);
}

export const joinActors = {
  loadInvite: fromPromise<InviteRead, { inviteCode: string }>(async ({ input }) => {
    const result = await ok(
      api.GET('/org/v2/inviteDetail', { params: { query: { inviteCode: input.inviteCode } } }),
    );
    const invite = result.data!;
    const expiresInMs = beijingTime(invite.expireTime) - Date.now();
    return {
      invite,
      isExpired: invite.state === 2 || (invite.state === 1 && expiresInMs <= 0),
      expiresInMs,
      kept: readKept(input.inviteCode),
    };
  }),
  sendCode: fromPromise<void, { mobile: string }>(async ({ input }) => {
    await ok(api.POST('/user/validate/sendVerifyCode', { body: { userName: input.mobile } }));
  }),
  join: fromPromise<JoinResult, { inviteCode: string; name: string; mobile: string; code: string }>(
    async ({ input }) => {
      const result = await ok(api.POST('/org/v2/inviteJoin', { body: input }));
      const data = result.data!;
      return { applyId: data.applyId, ticket: data.ticket, state: data.state === 1 ? 1 : 2 };
    },
  ),
  readStatus: fromPromise<ApplyStatus, ApplyTicket>(async ({ input }) => {
    const result = await ok(
      api.GET('/org/v2/applyStatus', { params: { query: { applyId: input.applyId, ticket: input.ticket } } }),
    );
    const data = result.data!;
    return { state: data.state, rejectReason: data.rejectReason, handleTime: data.handleTime };
  }),
};
