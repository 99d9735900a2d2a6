import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  observeCoverage,
  readPathRecords,
  type PathRecord,
  type StepRecord,
} from '../support/observed-coverage';

const all = {
  states: ['m.idle', 'm.busy', 'm.done'],
  transitions: ['m.idle on go #0', 'm.busy on finish #0', 'm.busy on cancel #0', 'm.done on again #0'],
};

function step(
  event: string,
  source: StepRecord['source'],
  states: string[],
  transitions: string[],
): StepRecord {
  return { event, source, states, transitions };
}

function record(overrides: Partial<PathRecord>, steps: StepRecord[]): PathRecord {
  return {
    machine: 'm',
    file: 'e2e/m.model.spec.ts',
    test: 'm › path',
    path: 'path',
    completed: true,
    status: 'passed',
    retry: 0,
    steps,
    ...overrides,
  };
}

const init = step('xstate.init', 'ui', ['m', 'm.idle'], []);
const go = step('go', 'ui', ['m', 'm.busy'], ['m.idle on go #0']);
const finish = step('xstate.done.actor.work', 'server', ['m', 'm.done'], ['m.busy on finish #0']);

describe('observed browser coverage', () => {
  it('counts what passed paths drove, and lists what they did not reach', () => {
    const observed = observeCoverage('m', all, [record({}, [init, go, finish])]);
    expect(observed.paths).toBe(1);
    expect(observed.drivenStates).toEqual(['m.idle', 'm.busy', 'm.done']);
    expect(observed.drivenTransitions).toEqual(['m.idle on go #0', 'm.busy on finish #0']);
    expect(observed.forcedTransitions).toEqual([]);
    expect(observed.missingTransitions).toEqual(['m.busy on cancel #0', 'm.done on again #0']);
  });

  it('counts nothing of a path whose test failed, was skipped, or that stopped before its end', () => {
    const cancel = step('cancel', 'ui', ['m', 'm.idle'], ['m.busy on cancel #0']);
    const observed = observeCoverage('m', all, [
      record({ status: 'failed' }, [init, go, cancel]),
      record({ status: 'timedOut' }, [init, go, cancel]),
      record({ status: 'skipped' }, [init, go, cancel]),
      record({ completed: false }, [init, go, cancel]),
    ]);
    expect(observed.paths).toBe(0);
    expect(observed.drivenStates).toEqual([]);
    expect(observed.drivenTransitions).toEqual([]);
    expect(observed.missingTransitions).toEqual(all.transitions);
  });

  it('counts the paths of other machines for nothing', () => {
    const observed = observeCoverage('m', all, [record({ machine: 'other' }, [init, go])]);
    expect(observed.paths).toBe(0);
    expect(observed.drivenTransitions).toEqual([]);
  });

  it('counts transitions taken through the inspector apart from the driven ones', () => {
    const forcedAgain = step('again', 'inspector', ['m', 'm.idle'], ['m.done on again #0']);
    const forcedGo = step('go', 'inspector', ['m', 'm.busy'], ['m.idle on go #0']);
    const observed = observeCoverage('m', all, [
      record({}, [init, go, finish, forcedAgain]),
      record({ path: 'other' }, [init, forcedGo]),
    ]);
    expect(observed.forcedTransitions).toEqual(['m.done on again #0']);
    expect(observed.drivenTransitions).not.toContain('m.done on again #0');
    // Taken through the inspector in one path, driven by the UI in another: driven, noted apart.
    expect(observed.drivenTransitions).toContain('m.idle on go #0');
    expect(observed.alsoForced).toEqual(['m.idle on go #0']);
    expect(observed.missingTransitions).toEqual(['m.busy on cancel #0']);
  });

  it('counts transitions taken on an answer forged at the network layer apart from forced and driven ones', () => {
    const forgedFinish = step('xstate.done.actor.work', 'network', ['m', 'm.done'], ['m.busy on finish #0']);
    const observed = observeCoverage('m', all, [record({}, [init, go, forgedFinish])]);
    expect(observed.forgedTransitions).toEqual(['m.busy on finish #0']);
    expect(observed.forcedTransitions).toEqual([]);
    expect(observed.drivenTransitions).toEqual(['m.idle on go #0']);
    expect(observed.forcedStates).toEqual(['m.done']);
    expect(observed.missingStates).toEqual([]);
  });

  it('reaches a state only through the inspector: forced, not driven', () => {
    const forcedBusy = step('go', 'inspector', ['m', 'm.busy'], ['m.idle on go #0']);
    const observed = observeCoverage('m', all, [record({}, [init, forcedBusy])]);
    expect(observed.drivenStates).toEqual(['m.idle']);
    expect(observed.forcedStates).toEqual(['m.busy']);
    expect(observed.missingStates).toEqual(['m.done']);
  });

  it('reads the JSON lines the reporter writes, and says when there are none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-runs-'));
    expect(readPathRecords(join(dir, 'absent.jsonl'))).toBeNull();
    const file = join(dir, '8181.jsonl');
    const lines = [record({}, [init, go]), record({ status: 'failed' }, [init])];
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const read = readPathRecords(file);
    expect(read).toHaveLength(2);
    expect(observeCoverage('m', all, read ?? []).paths).toBe(1);
  });
});
