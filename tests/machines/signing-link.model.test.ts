import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { faceId, faceRequest, landing, signingLinkModel } from '../models/signing-link.model';
import {
  signingLinkMachine,
  signingMessages,
  type SignRequest,
  type SignResult,
} from '../../machines/signing-link.machine';

const paths = generatePaths(signingLinkModel);

describe('signing-link machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(signingLinkModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(signingLinkModel, path);
    },
  );
});

describe('signing-link machine, 人脸核身 instead of the SMS code', () => {
  function start() {
    const requests: SignRequest[] = [];
    const actor = createActor(
      signingLinkMachine.provide({
        actors: {
          loadLanding: fromPromise(async () => landing(7, 0, 0)),
          signLink: fromPromise<SignResult, { hash: string; request: SignRequest }>(async ({ input }) => {
            requests.push(input.request);
            return { state: 7 };
          }),
        },
      }),
      { input: { hash: 'h' } },
    ).start();
    return { actor, requests };
  }

  it('a passed check lets the company party sign without a code, and the request carries its faceId', async () => {
    const { actor, requests } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'face.passed', faceId });
    expect(actor.getSnapshot().context.notice?.text).toBe(signingMessages.facePassed);
    actor.send({ type: 'sign.submit', request: faceRequest });
    await waitFor(actor, (s) => s.matches('signed'));
    expect(requests).toEqual([faceRequest]);
  });

  it('a face request without the passed check is refused before any call', async () => {
    const { actor, requests } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'face.passed', faceId });
    actor.send({ type: 'sign.submit', request: { ...faceRequest, faceId: 'Fsomeone-else' } });
    expect(actor.getSnapshot().matches({ ready: 'codeSent' })).toBe(true);
    expect(actor.getSnapshot().context.notice?.text).toBe(signingMessages.faceMissing);
    expect(requests).toEqual([]);
  });
});
