import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { faceCheckModel, faceId, faceStatus, identity } from '../models/face-check.model';
import {
  faceCheckMachine,
  faceMessages,
  facePollIntervalMs,
  type FaceIdentity,
  type FaceStarted,
  type FaceStatus,
} from '../../machines/face-check.machine';

const paths = generatePaths(faceCheckModel);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const started: FaceStarted = {
  faceId,
  faceUrl: `/#/sandbox/face?faceId=${faceId}`,
  expireTime: '2026-11-23 10:10:00',
};

describe('face check machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(faceCheckModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(faceCheckModel, path);
    },
  );

  it('asks the provider only for a name and a valid ID number, trimmed and upper-cased', async () => {
    const startFace = vi.fn(async (_args: { input: { identity: FaceIdentity } }) => started);
    const machine = faceCheckMachine.provide({ actors: { startFace: fromPromise(startFace) } });
    const actor = createActor(machine).start();
    actor.send({ type: 'face.start', identity: { name: '', idNo: identity.idNo } });
    expect(actor.getSnapshot().context.notice?.text).toBe('请输入姓名');
    actor.send({ type: 'face.start', identity: { name: '王店长', idNo: '440304198501011230' } });
    expect(actor.getSnapshot().context.notice?.text).toBe('身份证号码格式不正确');
    expect(startFace).not.toHaveBeenCalled();
    const lower = identity.idNo.toLowerCase();
    actor.send({ type: 'face.start', identity: { name: ' 王店长 ', idNo: ` ${lower} ` } });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(startFace.mock.calls[0]?.[0].input.identity).toEqual({ name: '王店长', idNo: identity.idNo });
  });

  it('opens the face page, polls every 5 s through a network error and stops when the check is passed', async () => {
    const statuses: (FaceStatus | Error)[] = [faceStatus(0), new Error('网络错误'), faceStatus(1)];
    const readFaceStatus = vi.fn(async (): Promise<FaceStatus> => {
      const next = statuses.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const openFaceUrl = vi.fn();
    const machine = faceCheckMachine.provide({
      actions: { openFaceUrl },
      actors: {
        startFace: fromPromise(async () => started),
        readFaceStatus: fromPromise(readFaceStatus),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'face.start', identity });
    await waitFor(actor, (s) => s.matches({ waiting: 'delaying' }));
    expect(openFaceUrl).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.faceUrl).toBe(started.faceUrl);
    clock.increment(facePollIntervalMs - 1);
    expect(readFaceStatus).not.toHaveBeenCalled();
    for (let poll = 1; poll <= 3; poll += 1) {
      clock.increment(facePollIntervalMs);
      await flush();
      expect(readFaceStatus).toHaveBeenCalledTimes(poll);
      if (poll === 2) expect(actor.getSnapshot().context.notice?.text).toBe(faceMessages.retrying);
    }
    expect(actor.getSnapshot().value).toBe('passed');
    expect(actor.getSnapshot().context.faceId).toBe(faceId);
    clock.increment(facePollIntervalMs * 3);
    await flush();
    expect(readFaceStatus).toHaveBeenCalledTimes(3);
  });

  it('says why a check failed and lets the person start again with the same identity', async () => {
    const machine = faceCheckMachine.provide({
      actors: {
        startFace: fromPromise(async () => started),
        readFaceStatus: fromPromise(async () => faceStatus(2)),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'face.start', identity });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'face.check' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.notice?.text).toBe('人脸核身未通过：人脸比对未通过，请重新核身');
    actor.send({ type: 'face.start', identity });
    await waitFor(actor, (s) => s.matches('waiting'));
  });

  it('returns to editing with the server message when the identity is wrong (400020)', async () => {
    const machine = faceCheckMachine.provide({
      actors: {
        startFace: fromPromise(async (): Promise<FaceStarted> => {
          throw new Error('王店长 身份信息填写错误 请填写正确信息再提交');
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'face.start', identity: { ...identity, hash: 'a'.repeat(32) } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.notice?.text).toBe('王店长 身份信息填写错误 请填写正确信息再提交');
    expect(actor.getSnapshot().context.identity?.hash).toBe('a'.repeat(32));
  });
});
