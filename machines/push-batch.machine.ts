/**
 * 推送房源 (issue 37): the listings chosen are pushed to one portal in one request (each becomes a
 * job in the server's queue), then their state is read again every 1.5 s while any is still 推送中,
 * until every listing has its answer (已上架, 审核未通过 with the portal's reason, 推送失败, or the
 * reason it was not queued). A refused request (no permission, 406 quota) keeps the choice. One
 * listing's later life on the portal is machines/portal-push.machine.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PushStates } from '../domain/promotion';

/** One listing of the batch as the server answers it. */
export type BatchRow = { houseId: number; state: number; stateName: string; message: string | null };

export type PushBatchContext = { houseIds: number[]; rows: BatchRow[]; error: string | null };

export type PushBatchEvent = { type: 'batch.push'; houseIds: number[] };

export const batchPollMs = 1500;
export const pushBatchMessages = { nothingChosen: '请选择要推送的房源' } as const;

type Done = { output: BatchRow[] };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const pushBatchMachine = setup({
  types: { context: {} as PushBatchContext, events: {} as PushBatchEvent },
  actors: {
    submitBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async () => {
      throw new Error('submitBatch is provided by the app');
    }),
    readBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async () => {
      throw new Error('readBatch is provided by the app');
    }),
  },
  guards: {
    hasChoice: ({ event }) => event.houseIds.length > 0,
    isSettled: ({ context }) => context.rows.every((row) => row.state !== PushStates.pending),
  },
  actions: {
    keepRows: assign(({ event }) => ({ rows: (event as unknown as Done).output, error: null })),
  },
}).createMachine({
  id: 'pushBatch',
  context: { houseIds: [], rows: [], error: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'batch.push': [
          {
            guard: 'hasChoice',
            target: 'submitting',
            actions: assign({ houseIds: ({ event }) => event.houseIds, error: null }),
          },
          { actions: assign({ error: pushBatchMessages.nothingChosen }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitBatch',
        src: 'submitBatch',
        input: ({ context }) => ({ houseIds: context.houseIds }),
        onDone: { target: 'watching', actions: 'keepRows' },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    /** Some listing is still 推送中: read the batch again after a moment. */
    watching: {
      always: { guard: 'isSettled', target: 'done' },
      after: { [batchPollMs]: 'reading' },
    },
    reading: {
      invoke: {
        id: 'readBatch',
        src: 'readBatch',
        input: ({ context }) => ({ houseIds: context.houseIds }),
        onDone: { target: 'watching', actions: 'keepRows' },
        // A read that failed is tried again at the next poll; the message says why meanwhile.
        onError: { target: 'watching', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    done: { type: 'final' },
  },
});
