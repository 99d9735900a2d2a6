import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { approvalMachine } from '../../machines/approval.machine';
import { approvalModel, approvalRecord } from '../models/approval.model';
import { inspect, inspectedActors } from '../../src/inspector/inspection-store';
import {
  availableTransitions,
  eventSource,
  recordedEvents,
  testPathSource,
} from '../../src/inspector/inspector-model';
import { machineGraph } from '../../src/inspector/graph/machine-graph';
import { recordedPath } from '../support/recorded-path';
import { runPathOnMachine } from '../support/run-machine-path';

describe('inspector records and the copied test path', () => {
  it('records each event with the snapshot after it, and the copied events replay on the real machine', async () => {
    const answer = approvalRecord(0, 1, 0);
    const machine = approvalMachine.provide({
      actors: {
        loadApproval: fromPromise(async () => answer),
        decideApproval: fromPromise(async () => approvalRecord(1, 0, 0)),
      },
    });
    const actor = createActor(machine, { inspect, input: { approvalId: 1 } });
    actor.start();
    await waitFor(actor, (s) => s.matches({ pending: 'idle' }));
    actor.send({ type: 'approval.reject', remark: ' ' });
    actor.send({ type: 'approval.approve', remark: '同意' });
    await waitFor(actor, (s) => s.matches('approved'));

    const inspected = inspectedActors().find((candidate) => candidate.ref === (actor as unknown));
    expect(inspected).toBeDefined();
    const steps = inspected!.steps;
    expect(steps.map((step) => [step.event.type, step.snapshot.value])).toEqual([
      ['xstate.done.actor.loadApproval', { pending: 'idle' }],
      ['approval.reject', { pending: 'idle' }],
      ['approval.approve', { pending: 'approving' }],
      ['xstate.done.actor.approve', 'approved'],
    ]);
    // The snapshot kept per event is the one of that moment (time travel), not the live one.
    expect((steps[0]!.snapshot.context as { record: unknown }).record).toEqual(approvalRecord(0, 1, 0));
    expect(steps[0]!.taken).toContain('approval.loading on xstate.done.actor.loadApproval #0');
    expect(steps[2]!.taken).toEqual(['approval.pending.idle on approval.approve #0']);

    const events = recordedEvents(inspected!);
    await runPathOnMachine(approvalModel, recordedPath(approvalModel, events));
    const source = testPathSource(inspected!);
    expect(source).toContain("import { approvalModel } from '../models/approval.model';");
    expect(source).toContain('    {"type":"approval.reject","remark":" "},');
    actor.stop();
  });

  it('writes an invoke failure as an Error', () => {
    expect(eventSource({ type: 'xstate.error.actor.load', error: new Error('网络异常') } as never)).toBe(
      '{"type":"xstate.error.actor.load","error":new Error("网络异常")}',
    );
  });

  it('tells enabled transitions from the ones a guard refuses now', async () => {
    const machine = approvalMachine.provide({
      actors: { loadApproval: fromPromise(async () => approvalRecord(0, 0, 1)) },
    });
    const actor = createActor(machine, { input: { approvalId: 1 } }).start();
    await waitFor(actor, (s) => s.matches({ pending: 'idle' }));
    const marks = new Map(
      availableTransitions(machine, actor.getSnapshot(), machineGraph(machine), (type) => ({ type })).map(
        ({ transition, availability }) => [transition.key, availability],
      ),
    );
    expect(marks.get('approval.pending.idle on approval.revoke #0')).toBe('enabled');
    expect(marks.get('approval.pending.idle on approval.approve #0')).toBe('blocked');
    expect(marks.get('approval.pending on approval.reload #0')).toBe('enabled');
    actor.stop();
  });
});
