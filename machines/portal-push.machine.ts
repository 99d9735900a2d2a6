/**
 * One listing's life on one portal (issue 37): 未推送 (draft) → submitted to the server's queue →
 * 推送中 (pending, read again every 3 s until the portal has answered) → 已上架 (online), 审核未通过
 * (rejected, with the portal's reason) or 推送失败 (failed, the portal could not be reached; push
 * again); online and offline go down, up or off the portal (removed) through the same queue. The
 * server decides every outcome; the machine only follows it (domain/promotion.ts PushStates).
 */
import { assign, fromPromise, setup } from 'xstate';
import { PushStates } from '../domain/promotion';

/** Where the listing is when the screen opens it (nothing: never pushed). */
export type PortalPushInput = { state: number; message: string | null };

export type PortalPushContext = { state: number; message: string | null; error: string | null };

/** What the server says of the listing on the portal now. */
export type PortalPushAnswer = { state: number; message: string | null };

export type PortalPushEvent =
  | { type: 'push.submit' }
  | { type: 'push.offline'; reason: string }
  | { type: 'push.online' }
  | { type: 'push.remove'; reason: string };

export type PortalChange = { action: 'offline' | 'online' | 'remove'; reason: string | null };

export const pollMs = 3000;

type Done = { output: PortalPushAnswer };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const portalPushMachine = setup({
  types: {
    context: {} as PortalPushContext,
    events: {} as PortalPushEvent,
    input: {} as PortalPushInput | undefined,
  },
  actors: {
    submitPush: fromPromise<PortalPushAnswer>(async () => {
      throw new Error('submitPush is provided by the app');
    }),
    readPushState: fromPromise<PortalPushAnswer>(async () => {
      throw new Error('readPushState is provided by the app');
    }),
    requestChange: fromPromise<PortalPushAnswer, PortalChange>(async () => {
      throw new Error('requestChange is provided by the app');
    }),
  },
  guards: {
    isPending: ({ context }) => context.state === PushStates.pending,
    isOnline: ({ context }) => context.state === PushStates.online,
    isOffline: ({ context }) => context.state === PushStates.offline,
    isFailed: ({ context }) => context.state === PushStates.failed,
    isRejected: ({ context }) => context.state === PushStates.rejected,
    isRemoved: ({ context }) => context.state === PushStates.removed,
  },
  actions: {
    keepAnswer: assign(({ event }) => ({
      state: (event as unknown as Done).output.state,
      message: (event as unknown as Done).output.message,
      error: null,
    })),
  },
}).createMachine({
  id: 'portalPush',
  context: ({ input }) => ({
    state: input?.state ?? PushStates.none,
    message: input?.message ?? null,
    error: null,
  }),
  initial: 'draft',
  states: {
    /**
     * 未推送; also where every answer of the server lands first: the state it gave (or the one the
     * screen opened with) moves the listing on at once.
     */
    draft: {
      always: [
        { guard: 'isPending', target: 'pending' },
        { guard: 'isOnline', target: 'online' },
        { guard: 'isOffline', target: 'offline' },
        { guard: 'isFailed', target: 'failed' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isRemoved', target: 'removed' },
      ],
      on: { 'push.submit': 'submitting' },
    },
    submitting: {
      invoke: {
        id: 'submitPush',
        src: 'submitPush',
        onDone: { target: 'draft', actions: 'keepAnswer' },
        // Refused (no permission, 406 quota, another company's listing): the listing stays as it was.
        onError: { target: 'draft', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    pending: { after: { [pollMs]: 'checking' } },
    checking: {
      invoke: {
        id: 'readPushState',
        src: 'readPushState',
        onDone: { target: 'draft', actions: 'keepAnswer' },
        // A read that failed is tried again at the next poll.
        onError: { target: 'pending', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    online: {
      on: {
        'push.offline': { target: 'changing', actions: assign({ error: null }) },
        'push.remove': { target: 'changing', actions: assign({ error: null }) },
      },
    },
    offline: {
      on: {
        'push.online': { target: 'changing', actions: assign({ error: null }) },
        'push.remove': { target: 'changing', actions: assign({ error: null }) },
      },
    },
    /** Down, up or off the portal: queued on the server, then followed like a push. */
    changing: {
      invoke: {
        id: 'requestChange',
        src: 'requestChange',
        input: ({ event }): PortalChange =>
          event.type === 'push.offline'
            ? { action: 'offline', reason: event.reason }
            : event.type === 'push.remove'
              ? { action: 'remove', reason: event.reason }
              : { action: 'online', reason: null },
        onDone: { target: 'pending', actions: 'keepAnswer' },
        onError: { target: 'draft', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    rejected: { on: { 'push.submit': 'submitting' } },
    failed: { on: { 'push.submit': 'submitting' } },
    removed: { on: { 'push.submit': 'submitting' } },
  },
});
