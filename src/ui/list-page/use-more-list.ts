/**
 * The "load more" list of the list-page kit (machines/more-list.machine.ts) with the screen's loader:
 * the rows so far, whether the first page is loading or failed, and the state of the list's bottom
 * for MoreListFooter.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ListLoadInput, ListPage, ListQuery } from '../../../machines/list-page.machine';
import { moreListMachine, morePageSize } from '../../../machines/more-list.machine';
import { inspect } from '../../inspector/inspection-store';
import type { LoadPage } from './use-list-page';

/** What the bottom of the list shows: 加载更多, loading, a failed page with 重试, or 没有更多了. */
export type MoreListBottom = 'more' | 'loading' | 'failed' | 'ended';

export type MoreListView<Row> = {
  rows: Row[];
  status: 'loading' | 'failed' | 'shown';
  bottom: MoreListBottom;
  error: string | null;
  loadMore: () => void;
  reload: () => void;
  retry: () => void;
  setQuery: (query: ListQuery) => void;
};

export function useMoreList<Row, Query extends ListQuery>(options: {
  load: LoadPage<Row, Query>;
  query: Query;
  pageSize?: number;
}): MoreListView<Row> {
  const [machine] = useState(() =>
    moreListMachine.provide({
      actors: {
        load: fromPromise<ListPage, ListLoadInput>(async ({ input }) =>
          options.load(input.query as Query, input.page, input.pageSize),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    inspect,
    input: { query: options.query, pageSize: options.pageSize ?? morePageSize },
  });
  return {
    rows: state.context.rows as Row[],
    status: state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'shown',
    bottom: state.matches('ended')
      ? 'ended'
      : state.matches('moreFailed')
        ? 'failed'
        : state.matches('loadingMore')
          ? 'loading'
          : 'more',
    error: state.context.error,
    loadMore: () => send({ type: 'more.load' }),
    reload: () => send({ type: 'reload' }),
    retry: () => send({ type: 'retry' }),
    setQuery: (query) => send({ type: 'query.change', query }),
  };
}
