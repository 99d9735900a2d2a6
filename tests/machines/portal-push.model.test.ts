import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { portalPushModel } from '../models/portal-push.model';
import {
  portalPushMachine,
  type PortalChange,
  type PortalPushAnswer,
} from '../../machines/portal-push.machine';

const paths = generatePaths(portalPushModel);

describe('portal-push machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(portalPushModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(portalPushModel, path);
    },
  );
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('portal-push machine, rules a user relies on', () => {
  it('opens a listing where the server has it, and an online one goes offline with its reason', async () => {
    const changes: PortalChange[] = [];
    const actor = createActor(
      portalPushMachine.provide({
        actors: {
          requestChange: fromPromise<PortalPushAnswer, PortalChange>(async ({ input }) => {
            changes.push(input);
            return { state: 2, message: null };
          }),
        },
      }),
      { input: { state: 2, message: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe('online');
    expect(actor.getSnapshot().can({ type: 'push.submit' })).toBe(false);
    actor.send({ type: 'push.offline', reason: '业主暂不出售' });
    await settled();
    expect(changes).toEqual([{ action: 'offline', reason: '业主暂不出售' }]);
    expect(actor.getSnapshot().value).toBe('pending');
  });

  it('keeps a refused push where it was, with the server’s message (406 去购买)', async () => {
    const actor = createActor(
      portalPushMachine.provide({
        actors: {
          submitPush: fromPromise<PortalPushAnswer>(async () => {
            throw new Error('幸福里推广名额已用完（50 套），请前往充值中心购买营销版套餐');
          }),
        },
      }),
      { input: { state: 0, message: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe('draft');
    actor.send({ type: 'push.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('draft');
    expect(actor.getSnapshot().context.error).toBe(
      '幸福里推广名额已用完（50 套），请前往充值中心购买营销版套餐',
    );
  });

  it('offers 重新推送 after a rejection, a failure or a removal, never while pending or online', () => {
    for (const [state, can] of [
      [5, true],
      [4, true],
      [6, true],
      [1, false],
      [2, false],
    ] as const) {
      const actor = createActor(portalPushMachine, { input: { state, message: null } }).start();
      expect(actor.getSnapshot().can({ type: 'push.submit' })).toBe(can);
      actor.stop();
    }
  });
});
