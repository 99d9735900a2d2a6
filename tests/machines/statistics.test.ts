import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  statisticsMachine,
  statisticsMessages,
  type StatisticsExportInput,
  type StatisticsSearch,
  type StatisticsView,
} from '../../machines/statistics.machine';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const search = (patch: Partial<StatisticsSearch> = {}): StatisticsSearch => ({
  type: 1,
  dateType: 4,
  deptIds: [],
  userIds: [],
  ...patch,
});

function started(
  load: (input: { search: StatisticsSearch; page: number }) => Promise<StatisticsView>,
  exportTable: () => Promise<unknown> = async () => null,
) {
  return createActor(
    statisticsMachine.provide({
      actors: {
        load: fromPromise<StatisticsView, { search: StatisticsSearch; page: number; pageSize: number }>(
          ({ input }) => load(input),
        ),
        exportTable: fromPromise<unknown, StatisticsExportInput>(() => exportTable()),
      },
    }),
    { input: {} },
  ).start();
}

describe('statistics machine: filters, pages, export', () => {
  it('loads the last 30 days by department first; a new filter goes back to page 1 with its search', async () => {
    const calls: { search: StatisticsSearch; page: number }[] = [];
    const actor = started(async (input) => {
      calls.push({ search: input.search, page: input.page });
      return { summary: null, rows: [], total: 40 };
    });
    await settled();
    expect(calls[0]).toEqual({ search: search(), page: 1 });
    actor.send({ type: 'page.change', page: 3 });
    await settled();
    expect(calls[1]?.page).toBe(3);
    actor.send({ type: 'filter.apply', search: search({ type: 2, deptIds: [2], userIds: [5] }) });
    await settled();
    expect(calls[2]).toEqual({ search: search({ type: 2, deptIds: [2], userIds: [5] }), page: 1 });
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('refuses to export an empty table and says so, without leaving the page', async () => {
    const actor = started(async () => ({ summary: null, rows: [], total: 0 }));
    await settled();
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.notice).toBe(statisticsMessages.nothingToExport);
  });

  it('shows the export’s progress, then 导出完成; a failed export keeps its reason until dismissed or tried again', async () => {
    let finish: (value: unknown) => void = () => {};
    let fail = false;
    const actor = started(
      async () => ({ summary: null, rows: [], total: 23 }),
      () =>
        fail
          ? Promise.reject(new Error('导出失败：网络异常'))
          : new Promise((resolve) => {
              finish = resolve;
            }),
    );
    await settled();
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().context.progress).toEqual({ done: 0, total: 23 });
    actor.send({ type: 'export.progress', done: 15, total: 23 });
    expect(actor.getSnapshot().context.progress).toEqual({ done: 15, total: 23 });
    finish(null);
    await settled();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({
      progress: null,
      notice: statisticsMessages.exported,
    });
    fail = true;
    actor.send({ type: 'export.start' });
    await settled();
    expect(actor.getSnapshot().value).toBe('exportFailed');
    expect(actor.getSnapshot().context.error).toBe('导出失败：网络异常');
    actor.send({ type: 'export.dismiss' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed load keeps its message; 重试 loads the same search again', async () => {
    let fail = true;
    const seen: StatisticsSearch[] = [];
    const actor = started(async (input) => {
      seen.push(input.search);
      if (fail) throw new Error('网络异常');
      return { summary: null, rows: [], total: 1 };
    });
    actor.send({ type: 'filter.apply', search: search({ dateType: 3 }) });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
    fail = false;
    actor.send({ type: 'retry' });
    await settled();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(seen.at(-1)).toEqual(search({ dateType: 3 }));
  });
});
