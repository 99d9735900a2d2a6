/**
 * The list machine of one screen (machines/list-page.machine.ts) with the screen's loader: the rows
 * and total of the page shown, its state, and the events a view sends (query, page, reload, retry).
 */
import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  defaultPageSize,
  listPageMachine,
  type ListPage,
  type ListQuery,
} from '../../../machines/list-page.machine';
import { inspect } from '../../inspector/inspection-store';

export type LoadPage<Row, Query extends ListQuery> = (
  query: Query,
  page: number,
  pageSize: number,
) => Promise<{ rows: Row[]; total: number }>;

export type ListPageView<Row, Query extends ListQuery> = {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  query: Query;
  status: 'loading' | 'loaded' | 'failed';
  /** Rows of an earlier load stay shown while the next page loads. */
  hasLoaded: boolean;
  error: string | null;
  setQuery: (query: Query) => void;
  setPage: (page: number) => void;
  reload: () => void;
  retry: () => void;
};

export function useListPage<Row, Query extends ListQuery>(options: {
  load: LoadPage<Row, Query>;
  query: Query;
  page?: number;
  pageSize?: number;
}): ListPageView<Row, Query> {
  const [machine] = useState(() =>
    listPageMachine.provide({
      actors: {
        load: fromPromise<ListPage, { query: ListQuery; page: number; pageSize: number }>(async ({ input }) =>
          options.load(input.query as Query, input.page, input.pageSize),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, {
    inspect,
    input: { query: options.query, page: options.page ?? 1, pageSize: options.pageSize ?? defaultPageSize },
  });
  const [hasLoaded, setHasLoaded] = useState(false);
  const status = state.matches('failed') ? 'failed' : state.matches('loaded') ? 'loaded' : 'loading';
  if (status === 'loaded' && !hasLoaded) setHasLoaded(true);
  return {
    rows: state.context.rows as Row[],
    total: state.context.total,
    page: state.context.page,
    pageSize: state.context.pageSize,
    query: state.context.query as Query,
    status,
    hasLoaded,
    error: state.context.error,
    setQuery: (query) => send({ type: 'query.change', query }),
    setPage: (page) => send({ type: 'page.change', page }),
    reload: () => send({ type: 'reload' }),
    retry: () => send({ type: 'retry' }),
  };
}

/** Draft filters: edited freely, applied to the list on 查询 / 搜索, emptied on 重置. */
export function useFilterDraft<Filters extends Record<string, string>>(empty: Filters) {
  const [draft, setDraft] = useState<Filters>(empty);
  const set = (patch: Partial<Filters>) => setDraft((current) => ({ ...current, ...patch }));
  const reset = () => {
    setDraft(empty);
    return empty;
  };
  return { draft, set, reset };
}

/**
 * Reads a detail's list again when the detail says it changed (`version`, e.g. the record read
 * again after a follow-up was written); the first render reads nothing extra.
 */
export function useReloadWhenChanged(reload: () => void, version: unknown): void {
  const shown = useRef(version);
  useEffect(() => {
    if (Object.is(shown.current, version)) return;
    shown.current = version;
    reload();
  }, [version, reload]);
}
