/**
 * A list screen (the list-page kit, docs/list-page-kit.md): the query the filters make, the page and
 * page size (15 by the seed), the rows and total of the page shown, loading, failure with retry, and
 * a reload after an action that keeps the query and page. A new query goes back to page 1; a page
 * that emptied (its last row deleted elsewhere) falls back to the last page that has rows. The
 * screen provides the `load` actor; the machine lives as long as its tab, so the filters survive
 * switching tabs.
 */
import { assign, fromPromise, setup } from 'xstate';

export type ListQuery = Record<string, unknown>;
export type ListPage = { rows: unknown[]; total: number };
export type ListLoadInput = { query: ListQuery; page: number; pageSize: number };

export const defaultPageSize = 15;

export type ListEvent =
  | { type: 'query.change'; query: ListQuery }
  | { type: 'page.change'; page: number }
  | { type: 'reload' }
  | { type: 'retry' };

export type ListContext = {
  query: ListQuery;
  page: number;
  pageSize: number;
  rows: unknown[];
  total: number;
  error: string | null;
};

export type ListInput = { query?: ListQuery; page?: number; pageSize?: number };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export const listPageMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    // The assertion types the input (every field optional, so the linter sees it as a no-op).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as ListInput | undefined,
  },
  actors: {
    load: fromPromise<ListPage, ListLoadInput>(async () => {
      throw new Error('load is provided by the screen');
    }),
  },
  guards: {
    isPastLastPage: ({ context, event }) => {
      const output = (event as unknown as { output: ListPage }).output;
      return (
        output.rows.length === 0 &&
        context.page > 1 &&
        context.page > lastPage(output.total, context.pageSize)
      );
    },
  },
}).createMachine({
  id: 'listPage',
  context: ({ input }) => ({
    query: input?.query ?? {},
    page: input?.page ?? 1,
    pageSize: input?.pageSize ?? defaultPageSize,
    rows: [],
    total: 0,
    error: null,
  }),
  initial: 'loading',
  on: {
    'query.change': {
      target: '.loading',
      reenter: true,
      actions: assign({ query: ({ event }) => event.query, page: 1 }),
    },
    'page.change': {
      target: '.loading',
      reenter: true,
      actions: assign({ page: ({ event }) => Math.max(1, Math.floor(event.page)) }),
    },
    reload: { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ query: context.query, page: context.page, pageSize: context.pageSize }),
        onDone: [
          {
            guard: 'isPastLastPage',
            target: 'loading',
            reenter: true,
            actions: assign({ page: ({ context, event }) => lastPage(event.output.total, context.pageSize) }),
          },
          {
            target: 'loaded',
            actions: assign({
              rows: ({ event }) => event.output.rows,
              total: ({ event }) => event.output.total,
              error: null,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loaded: {},
    failed: { on: { retry: 'loading' } },
  },
});
