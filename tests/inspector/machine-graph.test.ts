import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, setup } from 'xstate';
import { machineGraph, activeStateIds } from '../../src/inspector/graph/machine-graph';
import { measureCoverage } from '../support/machine-model';
import { signContractModel } from '../models/sign-contract.model';
import { approvalModel } from '../models/approval.model';

/** Every kind of state and transition the drawing knows, in one machine. */
const sample = setup({
  guards: { isReady: () => true, isLocked: () => false },
  actors: { load: fromPromise(async () => 1) },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'sample.go': [{ target: 'loading', guard: 'isReady' }, { target: 'failed' }],
        'sample.both': { target: 'running', guard: and(['isReady', not('isLocked')]) },
      },
      after: { 2500: 'failed' },
    },
    loading: {
      invoke: { id: 'load', src: 'load', onDone: 'running', onError: 'failed' },
    },
    running: {
      type: 'parallel',
      states: {
        left: {
          initial: 'a',
          states: { a: { on: { 'sample.next': 'b' } }, b: {}, hist: { type: 'history', history: 'deep' } },
        },
        right: {
          initial: 'c',
          states: { c: { always: { target: 'd', guard: 'isLocked' } }, d: { type: 'final' } },
        },
      },
      on: { 'sample.stop': { target: 'done', reenter: true } },
    },
    failed: { on: { 'sample.retry': 'idle' } },
    done: { type: 'final' },
  },
});

describe('machine graph', () => {
  const graph = machineGraph(sample);

  it('lists every state with its kind, parent and whether it is its parent’s initial state', () => {
    expect(graph.states).toHaveLength(13);
    const byId = new Map(graph.states.map((state) => [state.id, state]));
    expect(byId.get('sample')).toMatchObject({ parentId: null, kind: 'compound', depth: 0 });
    expect(byId.get('sample.idle')).toMatchObject({ kind: 'atomic', isInitial: true, parentId: 'sample' });
    expect(byId.get('sample.loading')?.isInitial).toBe(false);
    expect(byId.get('sample.running')?.kind).toBe('parallel');
    expect(byId.get('sample.running.left.hist')).toMatchObject({
      kind: 'history',
      history: 'deep',
      depth: 3,
    });
    expect(byId.get('sample.running.right.d')?.kind).toBe('final');
    expect(byId.get('sample.done')?.kind).toBe('final');
  });

  it('labels transitions with their event, guard and delay, named as the model tests name them', () => {
    const byKey = new Map(graph.transitions.map((t) => [t.key, t]));
    expect(graph.transitions).toHaveLength(10);
    expect(byKey.get('sample.idle on sample.go #0')).toMatchObject({
      targets: ['sample.loading'],
      guard: 'isReady',
      label: 'sample.go [isReady]',
      kind: 'event',
    });
    expect(byKey.get('sample.idle on sample.go #1')).toMatchObject({
      targets: ['sample.failed'],
      guard: null,
    });
    expect(byKey.get('sample.idle on sample.both #0')?.guard).toBe('isReady && not(isLocked)');
    expect(byKey.get('sample.idle on xstate.after.2500.sample.idle #0')).toMatchObject({
      kind: 'after',
      delay: '2500',
      label: '2500 ms 后',
      targets: ['sample.failed'],
    });
    expect(byKey.get('sample.loading on xstate.done.actor.load #0')).toMatchObject({
      kind: 'done',
      label: 'load 完成',
    });
    expect(byKey.get('sample.loading on xstate.error.actor.load #0')).toMatchObject({
      kind: 'error',
      label: 'load 失败',
    });
    expect(byKey.get('sample.running on sample.stop #0')).toMatchObject({
      reenter: true,
      targets: ['sample.done'],
    });
    expect(byKey.get('sample.running.right.c always #0')).toMatchObject({
      kind: 'always',
      guard: 'isLocked',
      label: '(立即) [isLocked]',
      targets: ['sample.running.right.d'],
    });
  });

  it('names the transitions of the sign contract exactly as the model coverage does', () => {
    for (const spec of [signContractModel, approvalModel]) {
      const model = new Set(measureCoverage(spec, []).missingTransitions);
      const drawn = machineGraph(spec.machine).transitions.filter((t) => t.kind !== 'always');
      expect(new Set(drawn.map((t) => t.key))).toEqual(model);
    }
  });

  it('marks the states of a nested snapshot value as active', () => {
    expect([...activeStateIds(sample, { running: { left: 'b', right: 'c' } })].sort()).toEqual([
      'sample',
      'sample.running',
      'sample.running.left',
      'sample.running.left.b',
      'sample.running.right',
      'sample.running.right.c',
    ]);
    expect([...activeStateIds(sample, 'failed')]).toEqual(['sample', 'sample.failed']);
  });
});
