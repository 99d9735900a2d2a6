import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { generatePaths, measureCoverage } from '../support/machine-model';
import { runPathOnMachine } from '../support/run-machine-path';
import { signDraftModel } from '../models/sign-draft.model';
import { draftDelays, signDraftMachine, type DraftSaveRequest } from '../../machines/sign-draft.machine';

const paths = generatePaths(signDraftModel);

describe('sign draft machine, model-based', () => {
  it('generated paths reach every state and transition of the machine', () => {
    const coverage = measureCoverage(signDraftModel, paths);
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))(
    'follows the model: %s',
    async (_name, path) => {
      await runPathOnMachine(signDraftModel, path);
    },
  );

  it('saves only with house information, once quiet, shows 已保存 for 3 seconds and reuses the draft code', async () => {
    const save = vi.fn(async (input: DraftSaveRequest) => ({
      draftCode: input.draftCode ?? 'D20261123093000001',
    }));
    const machine = signDraftMachine.provide({
      actors: {
        saveDraft: fromPromise<{ draftCode: string }, DraftSaveRequest>(async ({ input }) => save(input)),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock, input: {} }).start();
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseName: '  ' } } });
    clock.increment(draftDelays.quiet * 2);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseRoomNo: '301' } } });
    clock.increment(draftDelays.quiet - 1);
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseRoomNo: '302' } } });
    clock.increment(draftDelays.quiet - 1);
    expect(save).not.toHaveBeenCalled();
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(save).toHaveBeenCalledWith({ boxid: 3, content: { houseInfo: { houseRoomNo: '302' } } });
    clock.increment(draftDelays.savedIndicator - 1);
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseRoomNo: '303' } } });
    clock.increment(draftDelays.quiet);
    await waitFor(actor, (s) => s.matches('saved'));
    expect(save).toHaveBeenLastCalledWith({
      draftCode: 'D20261123093000001',
      boxid: 3,
      content: { houseInfo: { houseRoomNo: '303' } },
    });
  });
});
