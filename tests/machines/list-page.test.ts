import { describe, expect, it } from 'vitest';
import { listPageMachine } from '../../machines/list-page.machine';
import { startHarness } from '../support/machine-harness';

// More rules (page 1 on a new query, the fall-back of an emptied page, retry) are in the
// "rules a user relies on" block of list-page.model.test.ts.
const rowsFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);

describe('list-page machine, rules a user relies on (each load held until the test answers it)', () => {
  it('shows no rows and a total of 0 until the first page answers', async () => {
    const list = await startHarness(listPageMachine);
    expect(list.value()).toBe('loading');
    expect(list.context()).toStrictEqual({
      query: {},
      page: 1,
      pageSize: 15,
      rows: [],
      total: 0,
      error: null,
    });
    expect(list.calls.map((call) => call.input)).toStrictEqual([{ query: {}, page: 1, pageSize: 15 }]);
  });

  it('a page that came back with rows is shown, even when its total counts fewer pages', async () => {
    // The count was taken before rows were added: page 3 has rows although 30 rows make 2 pages.
    const list = await startHarness(listPageMachine, { input: { page: 3 } });
    await list.done('load', { rows: rowsFrom(31, 2), total: 30 });
    expect(list.value()).toBe('loaded');
    expect(list.context()).toMatchObject({ page: 3, rows: [31, 32], total: 30 });
    expect(list.calls).toHaveLength(1);
  });

  it('a page that came back empty while its total still reaches it stays on that page, loaded once', async () => {
    // The count still holds a row deleted before the page was read: 16 rows make 2 pages.
    const list = await startHarness(listPageMachine, { input: { page: 2 } });
    await list.done('load', { rows: [], total: 16 });
    expect(list.value()).toBe('loaded');
    expect(list.context()).toMatchObject({ page: 2, rows: [], total: 16 });
    expect(list.calls).toHaveLength(1);
  });

  it('a new query or page chosen while a page loads is loaded at once, and its answer is shown', async () => {
    const list = await startHarness(listPageMachine);
    await list.send({ type: 'query.change', query: { keyword: '南山' } });
    expect(list.calls.map((call) => call.input)).toStrictEqual([
      { query: {}, page: 1, pageSize: 15 },
      { query: { keyword: '南山' }, page: 1, pageSize: 15 },
    ]);
    await list.send({ type: 'page.change', page: 2 });
    expect(list.calls.at(-1)?.input).toStrictEqual({ query: { keyword: '南山' }, page: 2, pageSize: 15 });
    expect(list.calls).toHaveLength(3);
    expect(list.running()).toStrictEqual(['load']);
    await list.done('load', { rows: rowsFrom(16, 15), total: 40 });
    expect(list.value()).toBe('loaded');
    expect(list.context()).toMatchObject({ query: { keyword: '南山' }, page: 2, total: 40 });
    expect(list.context().rows).toStrictEqual(rowsFrom(16, 15));
  });

  it('刷新 after an action while a page loads asks again, so the list shows what the action changed', async () => {
    const list = await startHarness(listPageMachine, { input: { query: { status: 1 }, page: 2 } });
    await list.send({ type: 'reload' });
    expect(list.calls.map((call) => call.input)).toStrictEqual([
      { query: { status: 1 }, page: 2, pageSize: 15 },
      { query: { status: 1 }, page: 2, pageSize: 15 },
    ]);
    expect(list.running()).toStrictEqual(['load']);
    await list.done('load', { rows: rowsFrom(16, 14), total: 29 });
    expect(list.value()).toBe('loaded');
    expect(list.context()).toMatchObject({ page: 2, total: 29 });
  });
});
