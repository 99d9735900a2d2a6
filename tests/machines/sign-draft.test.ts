import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  draftDelays,
  draftMessages,
  hasHouseInfo,
  signDraftMachine,
  type DraftSaveRequest,
} from '../../machines/sign-draft.machine';
import { startHarness } from '../support/machine-harness';

/** A save answers at once: a machine that never gets there fails the test instead of hanging it. */
const answered = { timeout: 1000 };

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
    await waitFor(actor, (s) => s.matches('saved'), answered);
    expect(save).toHaveBeenCalledWith({ boxid: 3, content: { houseInfo: { houseRoomNo: '302' } } });
    clock.increment(draftDelays.savedIndicator - 1);
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: { houseRoomNo: '303' } } });
    clock.increment(draftDelays.quiet);
    await waitFor(actor, (s) => s.matches('saved'), answered);
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
    await waitFor(actor, (s) => s.matches('stopped'), answered);
    expect(actor.getSnapshot().context.draftCode).toBe('D20261123093000001');
    clock.increment(draftDelays.quiet * 5);
    expect(save).toHaveBeenCalledTimes(1);
    // A failed submission of a form without a house resumes idle.
    actor.send({ type: 'draft.change', boxid: 3, content: { houseInfo: {} } });
    actor.send({ type: 'draft.resume' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

const house = (houseInfo: Record<string, unknown>) => ({ houseInfo });

async function startDraft(input?: { draftCode?: string | null }) {
  return startHarness(signDraftMachine, input === undefined ? {} : { input });
}

/** A change with a house, saved once the form has been quiet for 1 second: the save is under way. */
async function saving(
  harness: Awaited<ReturnType<typeof startDraft>>,
  content = house({ houseName: '阳光花园' }),
) {
  await harness.send({ type: 'draft.change', boxid: 3, content });
  await harness.advance(1000);
  expect(harness.value()).toEqual({ saving: 'open' });
}

describe('sign draft machine, each step a user relies on', () => {
  it('a draft has a house when its name, building or room number is filled with more than blanks', () => {
    for (const key of ['houseName', 'houseBuilding', 'houseRoomNo']) {
      expect(hasHouseInfo(house({ [key]: '3' }))).toBe(true);
      expect(hasHouseInfo(house({ [key]: ' 3 ' }))).toBe(true);
      expect(hasHouseInfo(house({ [key]: ' ' }))).toBe(false);
      expect(hasHouseInfo(house({ [key]: '' }))).toBe(false);
      expect(hasHouseInfo(house({ [key]: 301 }))).toBe(false);
    }
    expect(hasHouseInfo(house({ houseName: '阳光花园', houseBuilding: '', houseRoomNo: ' ' }))).toBe(true);
    expect(hasHouseInfo(house({ houseArea: '89' }))).toBe(false);
    expect(hasHouseInfo({ contractNo: '1' })).toBe(false);
    expect(hasHouseInfo(null)).toBe(false);
  });

  it('starts idle with nothing remembered, and without input has no draft code', async () => {
    expect(draftMessages.saved).toBe('已保存');
    expect(draftDelays).toStrictEqual({ quiet: 1000, savedIndicator: 3000 });
    const harness = await startDraft();
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toStrictEqual({
      boxid: null,
      draftCode: null,
      content: null,
      isDirty: false,
      error: null,
    });
    await saving(harness);
    expect(harness.lastCall('saveDraft')?.input).toStrictEqual({
      boxid: 3,
      content: house({ houseName: '阳光花园' }),
    });
  });

  it('a draft opened with its code overwrites it from the first save', async () => {
    const harness = await startDraft({ draftCode: 'D20261123093000001' });
    expect(harness.context()['draftCode']).toBe('D20261123093000001');
    await saving(harness);
    expect(harness.lastCall('saveDraft')).toStrictEqual({
      src: 'saveDraft',
      id: 'saveDraft',
      input: { draftCode: 'D20261123093000001', boxid: 3, content: house({ houseName: '阳光花园' }) },
    });
    const withoutCode = await startDraft({ draftCode: null });
    await saving(withoutCode);
    expect(withoutCode.lastCall('saveDraft')?.input).toStrictEqual({
      boxid: 3,
      content: house({ houseName: '阳光花园' }),
    });
  });

  it('a change without a house is remembered but not saved, and cancels a save waiting for quiet', async () => {
    const harness = await startDraft();
    await harness.send({ type: 'draft.change', boxid: 4, content: house({ houseName: ' ' }) });
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toMatchObject({ boxid: 4, content: house({ houseName: ' ' }) });
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseRoomNo: '301' }) });
    expect(harness.value()).toBe('waiting');
    await harness.advance(999);
    expect(harness.value()).toBe('waiting');
    await harness.send({ type: 'draft.change', boxid: 5, content: house({}) });
    expect(harness.value()).toBe('idle');
    expect(harness.context()).toMatchObject({ boxid: 5, content: house({}) });
    await harness.advance(5000);
    expect(harness.lastCall('saveDraft')).toBeUndefined();
  });

  it('saves once quiet, shows 已保存 for 3 seconds with the draft code, then waits for the next change', async () => {
    const harness = await startDraft();
    await saving(harness);
    expect(harness.context()['isDirty']).toBe(false);
    await harness.done('saveDraft', { draftCode: 'D1' });
    expect(harness.value()).toBe('saved');
    expect(harness.context()).toMatchObject({ draftCode: 'D1', error: null });
    await harness.advance(2999);
    expect(harness.value()).toBe('saved');
    await harness.advance(1);
    expect(harness.value()).toBe('idle');
    await saving(harness, house({ houseBuilding: '2栋' }));
    expect(harness.lastCall('saveDraft')?.input).toStrictEqual({
      draftCode: 'D1',
      boxid: 3,
      content: house({ houseBuilding: '2栋' }),
    });
  });

  it('while 已保存 shows, a change with a house is saved once quiet and one without is only remembered', async () => {
    const harness = await startDraft();
    await saving(harness);
    await harness.done('saveDraft', { draftCode: 'D1' });
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '' }) });
    expect(harness.value()).toBe('saved');
    expect(harness.context()['content']).toStrictEqual(house({ houseName: '' }));
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园2' }) });
    expect(harness.value()).toBe('waiting');
    await harness.advance(1000);
    expect(harness.lastCall('saveDraft')?.input).toMatchObject({
      content: house({ houseName: '阳光花园2' }),
    });
  });

  it('a change with a house during a save is saved next; one without a house is not', async () => {
    const harness = await startDraft();
    await saving(harness);
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园2' }) });
    expect(harness.value()).toEqual({ saving: 'open' });
    expect(harness.context()).toMatchObject({ isDirty: true, content: house({ houseName: '阳光花园2' }) });
    await harness.done('saveDraft', { draftCode: 'D1' });
    expect(harness.value()).toBe('waiting');
    expect(harness.context()).toMatchObject({ draftCode: 'D1', error: null });
    await harness.advance(1000);
    expect(harness.context()['isDirty']).toBe(false);
    expect(harness.lastCall('saveDraft')?.input).toStrictEqual({
      draftCode: 'D1',
      boxid: 3,
      content: house({ houseName: '阳光花园2' }),
    });
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: ' ' }) });
    expect(harness.context()).toMatchObject({ isDirty: false, content: house({ houseName: ' ' }) });
    await harness.done('saveDraft', { draftCode: 'D1' });
    expect(harness.value()).toBe('saved');
  });

  it('a failed save shows its message; the next change with a house saves again and clears it', async () => {
    const harness = await startDraft();
    await saving(harness);
    await harness.fail('saveDraft', new Error('网络异常'));
    expect(harness.value()).toBe('failed');
    expect(harness.context()['error']).toBe('网络异常');
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '' }) });
    expect(harness.value()).toBe('failed');
    expect(harness.context()['content']).toStrictEqual(house({ houseName: '' }));
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园' }) });
    expect(harness.value()).toBe('waiting');
    await harness.advance(1000);
    expect(harness.lastCall('saveDraft')?.input).toStrictEqual({
      boxid: 3,
      content: house({ houseName: '阳光花园' }),
    });
    await harness.fail('saveDraft', '服务繁忙');
    expect(harness.context()['error']).toBe('服务繁忙');
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园' }) });
    await harness.advance(1000);
    await harness.done('saveDraft', { draftCode: 'D2' });
    expect(harness.value()).toBe('saved');
    expect(harness.context()).toMatchObject({ draftCode: 'D2', error: null });
  });

  it('a save that answers after a change with a house clears an earlier failure', async () => {
    const harness = await startDraft();
    await saving(harness);
    await harness.fail('saveDraft', new Error('网络异常'));
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园' }) });
    await harness.advance(1000);
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园2' }) });
    await harness.done('saveDraft', { draftCode: 'D2' });
    expect(harness.value()).toBe('waiting');
    expect(harness.context()).toMatchObject({ draftCode: 'D2', error: null });
  });

  it('stopping for a submission: from idle, waiting, 已保存 or a failure nothing more is saved', async () => {
    const idle = await startDraft();
    await idle.send({ type: 'draft.stop' });
    expect(idle.value()).toBe('stopped');

    const saved = await startDraft();
    await saving(saved);
    await saved.done('saveDraft', { draftCode: 'D1' });
    await saved.send({ type: 'draft.stop' });
    expect(saved.value()).toBe('stopped');
    await saved.advance(5000);
    expect(saved.value()).toBe('stopped');

    const failed = await startDraft();
    await saving(failed);
    await failed.fail('saveDraft', new Error('网络异常'));
    await failed.send({ type: 'draft.stop' });
    expect(failed.value()).toBe('stopped');

    const waiting = await startDraft();
    await waiting.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园' }) });
    await waiting.send({ type: 'draft.stop' });
    expect(waiting.value()).toBe('stopped');
    await waiting.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园2' }) });
    expect(waiting.value()).toBe('stopped');
    expect(waiting.context()['content']).toStrictEqual(house({ houseName: '阳光花园2' }));
    await waiting.advance(5000);
    expect(waiting.calls).toEqual([]);
  });

  it('a save under way when stopping finishes first; a failed one stops too; changes meanwhile are kept', async () => {
    const harness = await startDraft();
    await saving(harness);
    await harness.send({ type: 'draft.stop' });
    expect(harness.value()).toEqual({ saving: 'stopping' });
    await harness.send({ type: 'draft.change', boxid: 3, content: house({ houseName: '阳光花园2' }) });
    expect(harness.context()).toMatchObject({ isDirty: false, content: house({ houseName: '阳光花园2' }) });
    await harness.done('saveDraft', { draftCode: 'D1' });
    expect(harness.value()).toBe('stopped');
    expect(harness.context()).toMatchObject({ draftCode: 'D1', error: null });
    // The submission failed: the form as it is now is saved once quiet.
    await harness.send({ type: 'draft.resume' });
    expect(harness.value()).toBe('waiting');
    await harness.advance(1000);
    expect(harness.lastCall('saveDraft')?.input).toStrictEqual({
      draftCode: 'D1',
      boxid: 3,
      content: house({ houseName: '阳光花园2' }),
    });

    const failed = await startDraft();
    await saving(failed);
    await failed.send({ type: 'draft.stop' });
    await failed.fail('saveDraft', new Error('网络异常'));
    expect(failed.value()).toBe('stopped');
    expect(failed.context()['error']).toBeNull();
    await failed.send({ type: 'draft.change', boxid: 3, content: house({}) });
    await failed.send({ type: 'draft.resume' });
    expect(failed.value()).toBe('idle');
  });
});
