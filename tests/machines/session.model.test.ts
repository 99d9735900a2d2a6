import { describe, expect, it, vi } from 'vitest';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { demoManager, sessionModel } from '../models/session.model';
import { sessionMachine } from '../../machines/session.machine';
import type { RestoredSession } from '../../machines/session-context';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';

const paths = generatePaths(sessionModel);

describe('session machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(sessionModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(sessionModel, path);
    },
  );

  it('saves the credentials after a password login and clears them on logout', async () => {
    const saveCredentials = vi.fn();
    const clearCredentials = vi.fn();
    const credentials = { token: 't', sessionid: 's' };
    const machine = sessionMachine.provide({
      actions: { saveCredentials, clearCredentials },
      actors: {
        restoreSession: fromPromise<RestoredSession>(async () => ({ session: null, isOnLoginPage: true })),
        loginWithPassword: fromPromise(async () => credentials),
        initialize: fromPromise(async () => demoManager),
        exit: fromPromise<void, { credentials: { token: string; sessionid: string } }>(async () => {}),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    await waitFor(actor, (s) => s.matches({ signedOut: 'password' }));
    actor.send({ type: 'login.password', userName: '13800000000', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(saveCredentials).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.credentials).toEqual(credentials);
    actor.send({ type: 'logout' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(actor.getSnapshot().context.notice?.text).toBe('退出成功！');
    expect(clearCredentials).toHaveBeenCalled();
    clock.increment(1499);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ signedOut: 'password' })).toBe(true);
  });
});
