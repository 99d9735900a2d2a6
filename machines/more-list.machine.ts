/**
 * A list that grows downward (the list-page kit's "load more" list, for records and logs read page
 * by page): the first page, then 加载更多 for the next one appended below; 000 section 4's rule that
 * an infinite list marks its bottom when an empty page returns (没有更多了, and no more loading).
 * A failure of the first page offers 重试 in place of the list; a failure of a later page keeps the
 * rows shown and retries that page. A new query or a reload starts again from the first page. The
 * screen provides the `load` actor.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ListLoadInput, ListPage, ListQuery } from './list-page.machine';

export const morePageSize = 15;

export type MoreListEvent =
  { type: 'more.load' } | { type: 'query.change'; query: ListQuery } | { type: 'reload' } | { type: 'retry' };

export type MoreListContext = {
  query: ListQuery;
  /** The last page appended (0 before the first arrives). */
  page: number;
  pageSize: number;
  rows: unknown[];
  total: number;
  error: string | null;
};

export type MoreListInput = { query?: ListQuery; pageSize?: number };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const restart = { query: {}, page: 0, rows: [], total: 0, error: null };

export const moreListMachine = setup({
  types: {
    context: {} as MoreListContext,
    events: {} as MoreListEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as MoreListInput | undefined,
  },
  actors: {
    load: fromPromise<ListPage, ListLoadInput>(async () => {
      throw new Error('load is provided by the screen');
    }),
  },
  guards: {
    isEmptyPage: ({ event }) => (event as unknown as { output: ListPage }).output.rows.length === 0,
  },
}).createMachine({
  id: 'moreList',
  context: ({ input }) => ({
    ...restart,
    query: input?.query ?? {},
    pageSize: input?.pageSize ?? morePageSize,
  }),
  initial: 'loading',
  on: {
    'query.change': {
      target: '.loading',
      reenter: true,
      actions: assign({ ...restart, query: ({ event }) => event.query }),
    },
    reload: {
      target: '.loading',
      reenter: true,
      actions: assign({ ...restart, query: ({ context }) => context.query }),
    },
  },
  states: {
    /** The first page. */
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ query: context.query, page: 1, pageSize: context.pageSize }),
        onDone: [
          { guard: 'isEmptyPage', target: 'ended', actions: assign({ page: 1, total: 0, error: null }) },
          {
            target: 'more',
            actions: assign({
              page: 1,
              rows: ({ event }) => event.output.rows,
              total: ({ event }) => event.output.total,
              error: null,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    /** Rows shown, the next page may hold more. */
    more: { on: { 'more.load': 'loadingMore' } },
    loadingMore: {
      invoke: {
        id: 'loadMore',
        src: 'load',
        input: ({ context }) => ({
          query: context.query,
          page: context.page + 1,
          pageSize: context.pageSize,
        }),
        onDone: [
          { guard: 'isEmptyPage', target: 'ended', actions: assign({ error: null }) },
          {
            target: 'more',
            actions: assign({
              page: ({ context }) => context.page + 1,
              rows: ({ context, event }) => [...context.rows, ...event.output.rows],
              total: ({ event }) => event.output.total,
              error: null,
            }),
          },
        ],
        onError: { target: 'moreFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    /** A later page failed: the rows stay, 重试 asks for that page again. */
    moreFailed: { on: { retry: 'loadingMore' } },
    /** The first page failed. */
    failed: { on: { retry: 'loading' } },
    /** An empty page came back: the bottom is marked, nothing more is asked. */
    ended: {},
  },
});
