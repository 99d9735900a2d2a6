import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { pushBatchModel } from '../models/push-batch.model';
import { pushBatchMachine, pushBatchMessages, type BatchRow } from '../../machines/push-batch.machine';

const paths = generatePaths(pushBatchModel);

describe('push-batch machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(pushBatchModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(pushBatchModel, path);
    },
  );
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('push-batch machine, rules a user relies on', () => {
  it('asks for a choice before pushing, and pushes the chosen listings in one request', async () => {
    const pushed: number[][] = [];
    const actor = createActor(
      pushBatchMachine.provide({
        actors: {
          submitBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async ({ input }) => {
            pushed.push(input.houseIds);
            return input.houseIds.map((houseId) => ({
              houseId,
              state: 2,
              stateName: '已上架',
              message: null,
            }));
          }),
        },
      }),
    ).start();
    actor.send({ type: 'batch.push', houseIds: [] });
    expect(actor.getSnapshot().context.error).toBe(pushBatchMessages.nothingChosen);
    expect(pushed).toEqual([]);
    actor.send({ type: 'batch.push', houseIds: [3, 4] });
    await settled();
    expect(pushed).toEqual([[3, 4]]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('reads the batch again while a listing is 推送中, and stops once each has its answer', async () => {
    let reads = 0;
    const actor = createActor(
      pushBatchMachine.provide({
        actors: {
          submitBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async () => [
            { houseId: 1, state: 1, stateName: '推送中', message: null },
          ]),
          readBatch: fromPromise<BatchRow[], { houseIds: number[] }>(async () => {
            reads += 1;
            return [
              reads < 2
                ? { houseId: 1, state: 1, stateName: '推送中', message: null }
                : { houseId: 1, state: 5, stateName: '审核未通过', message: '房源图片不足 3 张' },
            ];
          }),
        },
      }),
    ).start();
    actor.send({ type: 'batch.push', houseIds: [1] });
    await settled();
    expect(actor.getSnapshot().value).toBe('watching');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await settled();
    expect(actor.getSnapshot().value).toBe('watching');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    await settled();
    expect(reads).toBe(2);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.rows[0]?.message).toBe('房源图片不足 3 张');
  });
});
