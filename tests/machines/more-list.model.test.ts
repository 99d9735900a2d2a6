import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { moreListModel } from '../models/more-list.model';
import { moreListMachine } from '../../machines/more-list.machine';
import type { ListLoadInput, ListPage } from '../../machines/list-page.machine';

const paths = generatePaths(moreListModel);

describe('more-list machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(moreListModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(moreListModel, path);
    },
  );
});

/** A list of `count` rows served 2 a page, recording what was asked. */
function serve(count: number) {
  const asked: ListLoadInput[] = [];
  const actor = createActor(
    moreListMachine.provide({
      actors: {
        load: fromPromise<ListPage, ListLoadInput>(async ({ input }) => {
          asked.push(input);
          const start = (input.page - 1) * input.pageSize;
          const rows = Array.from({ length: count }, (_, i) => i + 1).slice(start, start + input.pageSize);
          return { rows, total: count };
        }),
      },
    }),
    { input: { pageSize: 2 } },
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const context = () => actor.getSnapshot().context;
  return { actor, asked, settle, context };
}

describe('more-list machine, rules a user relies on', () => {
  it('appends each next page below and marks the bottom only when an empty page comes back', async () => {
    const { actor, asked, settle, context } = serve(3);
    await settle();
    expect(context().rows).toEqual([1, 2]);
    actor.send({ type: 'more.load' });
    await settle();
    expect(context().rows).toEqual([1, 2, 3]);
    expect(actor.getSnapshot().matches('more')).toBe(true);
    actor.send({ type: 'more.load' });
    await settle();
    expect(actor.getSnapshot().matches('ended')).toBe(true);
    expect(context().rows).toEqual([1, 2, 3]);
    // At the bottom nothing more is asked.
    actor.send({ type: 'more.load' });
    await settle();
    expect(asked.map((input) => input.page)).toEqual([1, 2, 3]);
  });

  it('a new query starts again from the first page with the new query', async () => {
    const { actor, asked, settle, context } = serve(5);
    await settle();
    actor.send({ type: 'more.load' });
    await settle();
    actor.send({ type: 'query.change', query: { category: 4 } });
    await settle();
    expect(context().rows).toEqual([1, 2]);
    expect(asked.at(-1)).toEqual({ query: { category: 4 }, page: 1, pageSize: 2 });
  });
});
