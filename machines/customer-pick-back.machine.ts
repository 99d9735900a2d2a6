/**
 * Picking a public customer back into one's private customers (拣入私客, 001 sections 4 and 8) against
 * the per-person upper limit of the customer book settings: first the room is checked (how many
 * private customers of this kind the person holds, and the cap); a full book is told at once with the
 * limit, without asking. Otherwise 是否确定拣入私客 is asked, and the server may still refuse (the
 * limit reached meanwhile, or the former maintainer within the takeBack days): its message is shown.
 * The flow ends picked or not; its output says which.
 */
import { assign, fromPromise, setup } from 'xstate';
import { customerConfirmations, upperLimitMessage } from '../domain/customer-rules';

/** Private customers of the kind the person holds, and the cap (null: no limit). */
export type PickBackRoom = { held: number; cap: number | null };

export type CustomerPickBackContext = {
  customerId: number;
  customerType: number;
  room: PickBackRoom | null;
  notice: { kind: 'error' | 'success'; text: string } | null;
  isPicked: boolean;
};

export type CustomerPickBackEvent =
  { type: 'confirm' } | { type: 'cancel' } | { type: 'close' } | { type: 'retry' };

export const customerPickBackMessages = {
  confirm: customerConfirmations.toPrivate,
  picked: '已拣入私客',
} as const;

const errorText = ({ event }: { event: unknown }) => {
  const error = (event as { error: unknown }).error;
  return { kind: 'error' as const, text: error instanceof Error ? error.message : String(error) };
};

export const customerPickBackMachine = setup({
  types: {
    context: {} as CustomerPickBackContext,
    events: {} as CustomerPickBackEvent,
    input: {} as { customerId: number; customerType: number } | undefined,
    output: {} as { isPicked: boolean },
  },
  actors: {
    checkRoom: fromPromise<PickBackRoom, { customerType: number }>(async () => {
      throw new Error('checkRoom is provided by the app');
    }),
    claim: fromPromise<unknown, { customerId: number }>(async () => {
      throw new Error('claim is provided by the app');
    }),
  },
  guards: {
    hasRoom: ({ event }) => {
      const room = (event as unknown as { output: PickBackRoom }).output;
      return room.cap === null || room.held < room.cap;
    },
  },
}).createMachine({
  id: 'customerPickBack',
  context: ({ input }) => ({
    customerId: input?.customerId ?? 0,
    customerType: input?.customerType ?? 1,
    room: null,
    notice: null,
    isPicked: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkRoom',
        src: 'checkRoom',
        input: ({ context }) => ({ customerType: context.customerType }),
        onDone: [
          {
            guard: 'hasRoom',
            target: 'confirming',
            actions: assign({ room: ({ event }) => event.output, notice: null }),
          },
          {
            target: 'full',
            actions: assign({
              room: ({ event }) => event.output,
              notice: ({ context, event }) => ({
                kind: 'error' as const,
                text: upperLimitMessage(context.customerType, event.output.cap ?? 0),
              }),
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ notice: errorText }) },
      },
    },
    failed: { on: { retry: 'checking', close: 'notPicked' } },
    full: { on: { close: 'notPicked' } },
    confirming: { on: { confirm: 'claiming', cancel: 'notPicked' } },
    claiming: {
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: {
          target: 'picked',
          actions: assign({
            isPicked: true,
            notice: { kind: 'success' as const, text: customerPickBackMessages.picked },
          }),
        },
        onError: { target: 'refused', actions: assign({ notice: errorText }) },
      },
    },
    refused: { on: { close: 'notPicked' } },
    picked: { type: 'final' },
    notPicked: { type: 'final' },
  },
  output: ({ context }) => ({ isPicked: context.isPicked }),
});
