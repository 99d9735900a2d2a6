/**
 * Opening a listing (/views/house/detail, 001 sections 3 and 8): the detail loads; when the user has
 * viewed protected key information and written no follow-up since, the server answers 4001001 and
 * the page asks with the server's message: 去跟进 opens the follow-up form and, once it is saved,
 * the listing opens; 取消 leaves it closed. On the open listing a protected field (owner phone,
 * room number …) is revealed on request (getHouseInfoProtection), which the server may refuse
 * (daily view limit, no permission) with a message; a follow-up can be written at any time.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../openapi/generated/api';

type Schemas = components['schemas'];
export type HouseDetail = Schemas['HouseDetail'];
export type HouseProtectedInfo = Schemas['HouseProtectedInfo'];
export type HouseFollowUpInput = Schemas['HouseFollowUpInput'];

export const followUpRequiredCode = 4001001;

/** A failed call: the server's code (4001001, 403, 405 …) when it answered, and its message. */
export type CallFailure = { code: number | null; message: string };

export type HouseOpenEvent =
  | { type: 'followUp.start' }
  | { type: 'followUp.cancel' }
  | { type: 'followUp.save'; value: HouseFollowUpInput }
  | { type: 'open.cancel' }
  | { type: 'reveal'; protectionType: number }
  | { type: 'reload' }
  | { type: 'retry' };

export type HouseOpenContext = {
  houseId: number;
  detail: HouseDetail | null;
  /** Revealed key information by protection type. */
  revealed: Record<number, HouseProtectedInfo>;
  protectionType: number | null;
  /** The server's message of 4001001, shown in the confirmation. */
  question: string | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
  error: string | null;
};

export function failureOf(error: unknown): CallFailure {
  if (error && typeof error === 'object' && 'message' in error) {
    const code = 'code' in error && typeof error.code === 'number' ? error.code : null;
    return { code, message: String(error.message) };
  }
  return { code: null, message: String(error) };
}

const errorOf = (event: unknown) => failureOf((event as { error: unknown }).error);

export const houseOpenMachine = setup({
  types: {
    context: {} as HouseOpenContext,
    events: {} as HouseOpenEvent,
    input: {} as { houseId: number } | undefined,
  },
  actors: {
    loadHouse: fromPromise<HouseDetail, { houseId: number }>(async () => {
      throw new Error('loadHouse is provided by the app');
    }),
    revealInfo: fromPromise<HouseProtectedInfo, { houseId: number; protectionType: number }>(async () => {
      throw new Error('revealInfo is provided by the app');
    }),
    saveFollowUp: fromPromise<unknown, { value: HouseFollowUpInput }>(async () => {
      throw new Error('saveFollowUp is provided by the app');
    }),
  },
  guards: {
    needsFollowUp: ({ event }) => errorOf(event).code === followUpRequiredCode,
    isOpen: ({ context }) => context.detail !== null,
  },
}).createMachine({
  id: 'houseOpen',
  context: ({ input }) => ({
    houseId: input?.houseId ?? 0,
    detail: null,
    revealed: {},
    protectionType: null,
    question: null,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHouse',
        src: 'loadHouse',
        input: ({ context }) => ({ houseId: context.houseId }),
        onDone: {
          target: 'shown',
          actions: assign({ detail: ({ event }) => event.output, error: null, question: null }),
        },
        onError: [
          {
            guard: 'needsFollowUp',
            target: 'followUpRequired',
            actions: assign({ question: ({ event }) => errorOf(event).message }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => errorOf(event).message }) },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    followUpRequired: {
      on: {
        'followUp.start': 'writingFollowUp',
        'open.cancel': 'closed',
      },
    },
    closed: { on: { retry: 'loading' } },
    shown: {
      on: {
        reveal: {
          target: 'revealing',
          actions: assign({ protectionType: ({ event }) => event.protectionType, notice: null }),
        },
        'followUp.start': { target: 'writingFollowUp', actions: assign({ notice: null }) },
        reload: 'loading',
      },
    },
    revealing: {
      invoke: {
        id: 'revealInfo',
        src: 'revealInfo',
        input: ({ context }) => ({ houseId: context.houseId, protectionType: context.protectionType ?? 1 }),
        onDone: {
          target: 'shown',
          actions: assign({
            revealed: ({ context, event }) => ({ ...context.revealed, [event.output.type]: event.output }),
          }),
        },
        onError: {
          target: 'shown',
          actions: assign({
            notice: ({ event }) => ({ kind: 'error' as const, text: errorOf(event).message }),
          }),
        },
      },
    },
    writingFollowUp: {
      on: {
        'followUp.cancel': [{ guard: 'isOpen', target: 'shown' }, { target: 'followUpRequired' }],
        'followUp.save': 'savingFollowUp',
      },
    },
    savingFollowUp: {
      invoke: {
        id: 'saveFollowUp',
        src: 'saveFollowUp',
        input: ({ event }) => ({
          value: (event as Extract<HouseOpenEvent, { type: 'followUp.save' }>).value,
        }),
        onDone: {
          target: 'loading',
          actions: assign({ notice: { kind: 'success' as const, text: '跟进已保存' } }),
        },
        onError: {
          target: 'writingFollowUp',
          actions: assign({
            notice: ({ event }) => ({ kind: 'error' as const, text: errorOf(event).message }),
          }),
        },
      },
    },
  },
});
