/**
 * A list's answers can come back out of order (a slow unfiltered page, then a quick search). The
 * machine stops the load it no longer wants, so a late answer for an older query or page never
 * replaces the newer one (the customer book once opened the wrong customer in a flaky browser run).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { listPageMachine, type ListLoadInput, type ListPage } from '../../machines/list-page.machine';

type Pending = { input: ListLoadInput; answer: (page: ListPage) => void };

function startList() {
  const pending: Pending[] = [];
  const machine = listPageMachine.provide({
    actors: {
      load: fromPromise<ListPage, ListLoadInput>(
        ({ input }) => new Promise<ListPage>((resolve) => pending.push({ input, answer: resolve })),
      ),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('list-page machine, answers that come back out of order', () => {
  it('a search answered before the slower unfiltered page keeps its rows when that page answers late', async () => {
    const { actor, pending } = startList();
    actor.send({ type: 'query.change', query: { keyword: '6426' } });
    expect(pending.map((call) => call.input.query)).toStrictEqual([{}, { keyword: '6426' }]);

    pending[1]!.answer({ rows: ['卫先生'], total: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    pending[0]!.answer({ rows: ['甲', '乙', '丙'], total: 3 });
    await tick();
    await tick();

    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({
      query: { keyword: '6426' },
      rows: ['卫先生'],
      total: 1,
    });
    actor.stop();
  });

  it('a late answer for an older search, arriving while the newer one still loads, is not shown', async () => {
    const { actor, pending } = startList();
    pending[0]!.answer({ rows: ['甲'], total: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'query.change', query: { keyword: '6426' } });
    actor.send({ type: 'query.change', query: { keyword: '8716' } });

    pending[1]!.answer({ rows: ['旧的'], total: 1 });
    await tick();
    await tick();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.rows).toStrictEqual(['甲']);

    pending[2]!.answer({ rows: ['新的'], total: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context).toMatchObject({ query: { keyword: '8716' }, rows: ['新的'] });
    actor.stop();
  });

  it('a late answer for the page left behind does not replace the page chosen after it', async () => {
    const { actor, pending } = startList();
    pending[0]!.answer({ rows: [1], total: 40 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'page.change', page: 2 });
    actor.send({ type: 'page.change', page: 3 });
    pending[2]!.answer({ rows: [31], total: 40 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    pending[1]!.answer({ rows: [16], total: 40 });
    await tick();
    await tick();
    expect(actor.getSnapshot().context).toMatchObject({ page: 3, rows: [31] });
    actor.stop();
  });
});
