import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { sealBodies, signSealChoiceModel } from '../models/sign-seal-choice.model';
import {
  defaultSealOf,
  sealChoiceMessages,
  signSealChoiceMachine,
  type SealChoice,
  type SelectableBody,
} from '../../machines/sign-seal-choice.machine';

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

describe('sign-seal-choice, rules a user relies on', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const firstSeal = sealBodies[0]!.seals[0]!;
  const sealOf = (sealId: number, sealType: 1 | 2 | 3) => ({ ...firstSeal, sealId, sealType });
  const body = (
    signBodyId: number,
    seals: SelectableBody['seals'],
    isDefault: 0 | 1 = 0,
  ): SelectableBody => ({
    signBodyId,
    corpName: `主体${signBodyId}`,
    isDefault,
    seals,
  });
  const started = (load: () => Promise<SelectableBody[]>) =>
    createActor(signSealChoiceMachine.provide({ actors: { loadBodies: fromPromise(load) } }), {
      input: { initial: null },
    }).start();

  it('proposes the contract seal, else the official seal, else the first one', () => {
    expect(defaultSealOf(body(1, [sealOf(1, 3), sealOf(2, 1), sealOf(3, 2)]))).toBe(3);
    expect(defaultSealOf(body(1, [sealOf(1, 3), sealOf(2, 1)]))).toBe(2);
    expect(defaultSealOf(body(1, [sealOf(1, 3), sealOf(4, 3)]))).toBe(1);
    expect(defaultSealOf(body(1, []))).toBeNull();
  });

  it('offers only bodies that have a seal; without any there is nothing to choose', async () => {
    expect(sealChoiceMessages.none).toBe(
      '本公司还没有已认证的签约主体和印章，居间方暂时无法在线盖章；请先在印章管理中认证企业并创建印章',
    );
    const some = started(async () => [body(1, [], 1), body(2, [sealOf(21, 1)])]);
    await flush();
    expect(some.getSnapshot().value).toBe('chosen');
    expect(some.getSnapshot().context.bodies.map((b) => b.signBodyId)).toEqual([2]);
    expect(some.getSnapshot().context.choice).toEqual({ signBodyId: 2, sealId: 21 });
    const none = started(async () => [body(1, [], 1)]);
    await flush();
    expect(none.getSnapshot().value).toBe('none');
    expect(none.getSnapshot().context).toMatchObject({ bodies: [], choice: null, error: null });
    none.send({ type: 'reload' });
    expect(none.getSnapshot().value).toBe('loading');
  });

  it('without a default body the first one is proposed', async () => {
    const actor = started(async () => [body(3, [sealOf(31, 2)]), body(4, [sealOf(41, 2)])]);
    await flush();
    expect(actor.getSnapshot().context.choice).toEqual({ signBodyId: 3, sealId: 31 });
  });

  it('a failed read shows its message and 重试 reads again', async () => {
    expect(sealChoiceMessages.notReady).toBe('签约主体和印章尚未读取成功，请重试后再提交');
    let fail = true;
    const actor = started(async () => {
      if (fail) throw new Error('网络异常');
      return sealBodies;
    });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('picking a seal keeps the body; picking a body that is not offered keeps the choice', async () => {
    const actor = started(async () => sealBodies);
    await flush();
    actor.send({ type: 'seal.pick', sealId: 12 });
    expect(actor.getSnapshot().context.choice).toEqual({ signBodyId: 1, sealId: 12 });
    actor.send({ type: 'body.pick', signBodyId: 99 });
    expect(actor.getSnapshot().context.choice).toEqual({ signBodyId: 1, sealId: 12 });
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});
