import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { draftDelays, signDraftMachine, type DraftSaveRequest } from '../../machines/sign-draft.machine';

describe('sign draft machine, rules a user relies on', () => {
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

  it('stops before a submission: no save while it is under way, a save under way finishes first, a failed one resumes', async () => {
    const answers: Array<(value: { draftCode: string }) => void> = [];
    const save = vi.fn(
      (_input: DraftSaveRequest) => new Promise<{ draftCode: string }>((resolve) => answers.push(resolve)),
    );
    const machine = signDraftMachine.provide({
      actors: {
        saveDraft: fromPromise<{ draftCode: string }, DraftSaveRequest>(async ({ input }) => save(input)),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock, input: {} }).start();
    // Stopped while waiting for quiet: the save never starts.
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseName: '阳光花园' } } });
    actor.send({ type: 'draft.stop' });
    clock.increment(draftDelays.quiet * 5);
    expect(save).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('stopped');
    // The submission failed: the form as it is now is saved once quiet.
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseName: '阳光花园2' } } });
    actor.send({ type: 'draft.resume' });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(draftDelays.quiet);
    expect(save).toHaveBeenCalledWith({ boxid: 3, content: { houseInfo: { houseName: '阳光花园2' } } });
    // Stopped during that first save: stopped only once it answers, with its draft code.
    actor.send({ type: 'draft.stop' });
    expect(actor.getSnapshot().matches({ saving: 'stopping' })).toBe(true);
    answers[0]?.({ draftCode: 'D20261123093000001' });
    await waitFor(actor, (s) => s.matches('stopped'));
    expect(actor.getSnapshot().context.draftCode).toBe('D20261123093000001');
    clock.increment(draftDelays.quiet * 5);
    expect(save).toHaveBeenCalledTimes(1);
    // A failed submission of a form without a house resumes idle.
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: {} } });
    actor.send({ type: 'draft.resume' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
