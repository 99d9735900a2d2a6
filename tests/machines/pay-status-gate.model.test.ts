import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { gateSamples, gateToday, payStatusGateModel } from '../models/pay-status-gate.model';
import {
  payStatusGateMachine,
  type AppUseStatus,
  type ReminderDay,
  type Tryout,
} from '../../machines/pay-status-gate.machine';

const paths = generatePaths(payStatusGateModel);

describe('pay-status gate machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(payStatusGateModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(payStatusGateModel, path);
    },
  );

  it('starts the trial of the app it checks and proceeds 2.5 s later', async () => {
    const startTrial = vi.fn(async ({ input }: { input: { payStatusId: number } }): Promise<Tryout> => ({
      payStatusId: input.payStatusId,
      tryDays: 7,
      expirationDate: '2026-11-28',
    }));
    const machine = payStatusGateMachine.provide({
      actors: {
        checkAppUse: fromPromise<AppUseStatus, { payStatusId: number }>(async () => gateSamples.trialOffered),
        startTrial: fromPromise(startTrial),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock, input: { payStatusId: 5 } }).start();
    await waitFor(actor, (s) => s.matches('trialOffered'));
    actor.send({ type: 'try' });
    await waitFor(actor, (s) => s.matches('trialStarted'));
    expect(startTrial.mock.calls[0]?.[0].input).toEqual({ payStatusId: 5 });
    expect(actor.getSnapshot().context.notice?.text).toBe('已开通 7 天试用，即将进入');
    clock.increment(2499);
    expect(actor.getSnapshot().matches('trialStarted')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'proceed' });
  });

  it('shows a near expiry reminder only when today has not had it, and remembers it', async () => {
    const markReminderShown = vi.fn();
    const run = async (wasShown: boolean) => {
      const machine = payStatusGateMachine.provide({
        actions: { markReminderShown },
        actors: {
          checkAppUse: fromPromise<AppUseStatus, { payStatusId: number }>(
            async () => gateSamples.usableExpiringSoon,
          ),
          wasReminderShownToday: fromPromise<ReminderDay, { payStatusId: number }>(async () => ({
            today: gateToday,
            wasShown,
          })),
        },
      });
      const actor = createActor(machine, { input: { payStatusId: 6 } }).start();
      await waitFor(actor, (s) => s.matches('reminding') || s.status === 'done');
      return actor.getSnapshot();
    };
    const reminded = await run(false);
    expect(reminded.matches('reminding')).toBe(true);
    expect(reminded.context.expiryDaysLeft).toBe(24);
    expect(markReminderShown).toHaveBeenCalledTimes(1);
    expect((await run(true)).output).toEqual({ outcome: 'proceed' });
    expect(markReminderShown).toHaveBeenCalledTimes(1);
  });

  it('leads an app that is not activated to the recharge centre', async () => {
    const machine = payStatusGateMachine.provide({
      actors: {
        checkAppUse: fromPromise<AppUseStatus, { payStatusId: number }>(async () => gateSamples.notActivated),
      },
    });
    const actor = createActor(machine, { input: { payStatusId: 1 } }).start();
    await waitFor(actor, (s) => s.matches('notActivated'));
    expect(actor.getSnapshot().can({ type: 'renew' })).toBe(false);
    actor.send({ type: 'activate' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'recharge' });
  });
});
