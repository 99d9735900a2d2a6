import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  defaultPageSize,
  listPageMachine,
  type ListInput,
  type ListLoadInput,
  type ListPage,
} from '../../machines/list-page.machine';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { listPageModel } from '../models/list-page.model';

const paths = generatePaths(listPageModel);

describe('list-page machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(listPageModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(listPageModel, path);
    },
  );
});

describe('list-page machine, rules a user relies on', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** A list of `total` rows; each load is recorded. */
  function started(total: () => number, input?: ListInput, fail?: () => unknown) {
    const loads: ListLoadInput[] = [];
    const actor = createActor(
      listPageMachine.provide({
        actors: {
          load: fromPromise<ListPage, ListLoadInput>(async ({ input: load }) => {
            loads.push(load);
            const failure = fail?.();
            if (failure !== undefined) throw failure;
            const from = (load.page - 1) * load.pageSize;
            const count = Math.max(0, Math.min(load.pageSize, total() - from));
            return { rows: Array.from({ length: count }, (_, i) => from + i + 1), total: total() };
          }),
        },
      }),
      { input },
    ).start();
    return { actor, loads };
  }

  it('starts on page 1 of 15 rows with no filter, or where the tab left it', async () => {
    expect(defaultPageSize).toBe(15);
    const fresh = started(() => 40);
    await flush();
    expect(fresh.loads).toEqual([{ query: {}, page: 1, pageSize: 15 }]);
    expect(fresh.actor.getSnapshot().value).toBe('loaded');
    expect(fresh.actor.getSnapshot().context).toMatchObject({ total: 40, error: null });
    expect(fresh.actor.getSnapshot().context.rows).toHaveLength(15);
    const kept = started(() => 40, { query: { keyword: '南山' }, page: 2, pageSize: 20 });
    await flush();
    expect(kept.loads).toEqual([{ query: { keyword: '南山' }, page: 2, pageSize: 20 }]);
  });

  it('a new query goes back to page 1; a page number is whole and at least 1', async () => {
    const { actor, loads } = started(() => 100, { page: 3 });
    await flush();
    actor.send({ type: 'query.change', query: { status: 1 } });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(loads.at(-1)).toEqual({ query: { status: 1 }, page: 1, pageSize: 15 });
    actor.send({ type: 'page.change', page: 2.7 });
    await flush();
    expect(loads.at(-1)?.page).toBe(2);
    actor.send({ type: 'page.change', page: 0 });
    await flush();
    expect(loads.at(-1)?.page).toBe(1);
    actor.send({ type: 'page.change', page: -3 });
    await flush();
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('a page emptied elsewhere falls back to the last page that has rows', async () => {
    let total = 45;
    const { actor, loads } = started(() => total, { page: 3 });
    await flush();
    expect(actor.getSnapshot().context.rows).toHaveLength(15);
    total = 30;
    actor.send({ type: 'reload' });
    await flush();
    await flush();
    expect(loads.map((l) => l.page)).toEqual([3, 3, 2]);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({ page: 2, total: 30 });
    expect(actor.getSnapshot().context.rows).toHaveLength(15);
  });

  it('an empty list stays on page 1, and a list emptied entirely falls back to page 1', async () => {
    let total = 0;
    const empty = started(() => total);
    await flush();
    expect(empty.loads).toHaveLength(1);
    expect(empty.actor.getSnapshot().value).toBe('loaded');
    total = 20;
    const emptied = started(() => total, { page: 2 });
    await flush();
    total = 0;
    emptied.actor.send({ type: 'reload' });
    await flush();
    await flush();
    expect(emptied.loads.map((l) => l.page)).toEqual([2, 2, 1]);
    expect(emptied.actor.getSnapshot().context.rows).toEqual([]);
  });

  it('a failed load keeps its message; 重试 and reload keep the query and page', async () => {
    let failure: unknown = new Error('网络异常');
    const { actor, loads } = started(
      () => 40,
      { query: { keyword: 'a' }, page: 2 },
      () => failure,
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
    failure = '超时';
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('超时');
    failure = undefined;
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'reload' });
    await flush();
    expect(loads.map((l) => [l.query, l.page])).toEqual([
      [{ keyword: 'a' }, 2],
      [{ keyword: 'a' }, 2],
      [{ keyword: 'a' }, 2],
      [{ keyword: 'a' }, 2],
    ]);
  });
});
