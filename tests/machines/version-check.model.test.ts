import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { versionCheckModel } from '../models/version-check.model';
import {
  forcedUpdateMessage,
  upToDateMessage,
  versionCheckMachine,
  type AvailableUpdate,
} from '../../machines/version-check.machine';

const paths = generatePaths(versionCheckModel);

describe('version-check machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(versionCheckModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(versionCheckModel, path);
    },
  );
});

function checkedWith(answer: () => Promise<AvailableUpdate | null>) {
  const actor = createActor(
    versionCheckMachine.provide({ actors: { checkVersion: fromPromise<AvailableUpdate | null>(answer) } }),
  ).start();
  actor.send({ type: 'check' });
  return actor;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const optional: AvailableUpdate = {
  version: '5.1.0',
  versionCode: 510,
  description: '合同打印修复',
  downloadUrl: '/download',
  isForced: false,
};

describe('version-check machine, rules a user relies on', () => {
  it('says 已是最新版本! when the server has no newer version', async () => {
    expect(upToDateMessage).toBe('已是最新版本!');
    const actor = checkedWith(async () => null);
    expect(actor.getSnapshot().value).toBe('checking');
    await settled();
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(actor.getSnapshot().context).toEqual({ update: null, error: null });
  });

  it('offers an optional update that can be dismissed', async () => {
    const actor = checkedWith(async () => optional);
    await settled();
    expect(actor.getSnapshot().value).toBe('updateAvailable');
    expect(actor.getSnapshot().context.update).toEqual(optional);
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('blocks the app on a forced update: no event leaves it', async () => {
    expect(forcedUpdateMessage).toBe('当前版本已停止使用，请更新后继续使用');
    const actor = checkedWith(async () => ({ ...optional, isForced: true }));
    await settled();
    expect(actor.getSnapshot().value).toBe('forcedUpdate');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.update?.isForced).toBe(true);
    actor.send({ type: 'dismiss' });
    actor.send({ type: 'check' });
    expect(actor.getSnapshot().value).toBe('forcedUpdate');
  });

  it('keeps the error message of a failed check, and a new check clears it', async () => {
    let fail = true;
    const actor = checkedWith(async () => {
      if (fail) throw new Error('网络异常，请检查网络连接');
      return null;
    });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('网络异常，请检查网络连接');
    fail = false;
    actor.send({ type: 'check' });
    await settled();
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('an error that is not an Error is kept as text', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    const actor = checkedWith(() => Promise.reject('超时'));
    await settled();
    expect(actor.getSnapshot().context.error).toBe('超时');
  });

  it('can check again after an update was offered or the version was up to date', async () => {
    let answer: AvailableUpdate | null = optional;
    const actor = checkedWith(async () => answer);
    await settled();
    answer = null;
    actor.send({ type: 'check' });
    expect(actor.getSnapshot().value).toBe('checking');
    await settled();
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(actor.getSnapshot().context.update).toBeNull();
    answer = optional;
    actor.send({ type: 'check' });
    await settled();
    expect(actor.getSnapshot().value).toBe('updateAvailable');
  });
});
