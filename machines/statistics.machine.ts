/**
 * A statistics page (房源统计, 客源统计, 聚合统计; 001 sections 2 and 7): the filters (dimension, time
 * range, departments, people), loading the figures and the table's page for them together (the chart
 * and the table always show the same search), failing with 重试, and exporting the whole table to a
 * workbook with its progress on screen, failing with the reason. The page provides the `load` and
 * `exportTable` actors; export progress is sent by the page as `export.progress` while it runs.
 */
import { assign, fromPromise, setup } from 'xstate';

export type StatisticsSearch = {
  type: 1 | 2;
  dateType: number;
  startDate?: string;
  endDate?: string;
  deptIds: number[];
  userIds: number[];
};

export type StatisticsView = { summary: unknown; rows: unknown[]; total: number };

export type StatisticsContext = {
  search: StatisticsSearch;
  page: number;
  pageSize: number;
  view: StatisticsView | null;
  error: string | null;
  progress: { done: number; total: number } | null;
  notice: string | null;
};

export type StatisticsEvent =
  | { type: 'filter.apply'; search: StatisticsSearch }
  | { type: 'page.change'; page: number }
  | { type: 'retry' }
  | { type: 'export.start' }
  | { type: 'export.progress'; done: number; total: number }
  | { type: 'export.dismiss' };

/** What an export works from: the search shown, its row count and its figures (the range for the title). */
export type StatisticsExportInput = { search: StatisticsSearch; total: number; summary: unknown };

export type StatisticsInput = { search?: StatisticsSearch; pageSize?: number };

export const defaultStatisticsSearch: StatisticsSearch = { type: 1, dateType: 4, deptIds: [], userIds: [] };

export const statisticsMessages = {
  exported: '导出完成',
  nothingToExport: '没有可导出的数据',
} as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const statisticsMachine = setup({
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    // The assertion types the input (every field optional, so the linter sees it as a no-op).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as StatisticsInput | undefined,
  },
  actors: {
    load: fromPromise<StatisticsView, { search: StatisticsSearch; page: number; pageSize: number }>(
      async () => {
        throw new Error('load is provided by the page');
      },
    ),
    exportTable: fromPromise<unknown, StatisticsExportInput>(async () => {
      throw new Error('exportTable is provided by the page');
    }),
  },
  guards: {
    hasRows: ({ context }) => (context.view?.total ?? 0) > 0,
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => ({
    search: input?.search ?? defaultStatisticsSearch,
    page: 1,
    pageSize: input?.pageSize ?? 15,
    view: null,
    error: null,
    progress: null,
    notice: null,
  }),
  initial: 'loading',
  on: {
    'filter.apply': {
      target: '.loading',
      reenter: true,
      actions: assign({ search: ({ event }) => event.search, page: 1, notice: null }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ search: context.search, page: context.page, pageSize: context.pageSize }),
        onDone: { target: 'loaded', actions: assign({ view: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loaded: {
      on: {
        'page.change': {
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page, notice: null }),
        },
        'export.start': [
          {
            guard: 'hasRows',
            target: 'exporting',
            actions: assign({
              progress: ({ context }) => ({ done: 0, total: context.view?.total ?? 0 }),
              notice: null,
            }),
          },
          { actions: assign({ notice: statisticsMessages.nothingToExport }) },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    exporting: {
      invoke: {
        id: 'exportTable',
        src: 'exportTable',
        input: ({ context }) => ({
          search: context.search,
          total: context.view?.total ?? 0,
          summary: context.view?.summary ?? null,
        }),
        onDone: {
          target: 'loaded',
          actions: assign({ progress: null, notice: statisticsMessages.exported }),
        },
        onError: {
          target: 'exportFailed',
          actions: assign({ progress: null, error: ({ event }) => messageOf(event.error) }),
        },
      },
      on: {
        'export.progress': {
          actions: assign({ progress: ({ event }) => ({ done: event.done, total: event.total }) }),
        },
      },
    },
    exportFailed: {
      on: {
        'export.start': {
          target: 'exporting',
          actions: assign({
            progress: ({ context }) => ({ done: 0, total: context.view?.total ?? 0 }),
            error: null,
          }),
        },
        'export.dismiss': { target: 'loaded', actions: assign({ error: null }) },
      },
    },
  },
});
