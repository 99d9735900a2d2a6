import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { sealBodies, signSealChoiceModel } from '../models/sign-seal-choice.model';
import { signSealChoiceMachine, type SealChoice } from '../../machines/sign-seal-choice.machine';

const paths = generatePaths(signSealChoiceModel);

describe('sign-seal-choice machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(signSealChoiceModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(signSealChoiceModel, path);
    },
  );
});

describe('sign-seal-choice proposals', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const run = async (initial: SealChoice | null) => {
    const actor = createActor(
      signSealChoiceMachine.provide({ actors: { loadBodies: fromPromise(async () => sealBodies) } }),
      { input: { initial } },
    ).start();
    await flush();
    return actor;
  };

  it('proposes the default body with its contract seal and keeps an earlier choice that is still offered', async () => {
    expect((await run(null)).getSnapshot().context.choice).toEqual({ signBodyId: 1, sealId: 11 });
    expect((await run({ signBodyId: 1, sealId: 12 })).getSnapshot().context.choice).toEqual({
      signBodyId: 1,
      sealId: 12,
    });
    // A seal deleted since is no longer offered: the default is proposed instead.
    expect((await run({ signBodyId: 1, sealId: 99 })).getSnapshot().context.choice).toEqual({
      signBodyId: 1,
      sealId: 11,
    });
  });

  it('a picked body brings its own seal, and reading the list again keeps the choice', async () => {
    const actor = await run(null);
    actor.send({ type: 'body.pick', signBodyId: 2 });
    expect(actor.getSnapshot().context.choice).toEqual({ signBodyId: 2, sealId: 21 });
    actor.send({ type: 'reload' });
    await flush();
    expect(actor.getSnapshot().context.choice).toEqual({ signBodyId: 2, sealId: 21 });
  });
});
