/**
 * Runs a generated path against the REAL machine: its invoked actors are replaced by controllable
 * promises (a done/error step settles the promise of that invoke id), its delays run on a
 * SimulatedClock (a timer step advances the clock), and after every step the real snapshot must be
 * in the model's state, with the same projected context.
 *
 * Each path records what it did (per step the event, the real machine's active states and the
 * transitions taken, and whether it ran to its end) in its test's meta; tests/support/model-path-reporter.ts
 * writes the records with the test’s outcome to reports/model-runs/vitest/ (one file per run), which
 * `npm run model:coverage` and `npm run model:report` read.
 */
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import { getCurrentTest } from 'vitest/suite';
import { deriveTestMachine, transitionsTaken, type ModelPath, type ModelSpec } from './machine-model';
import type { PathRecord, StepRecord } from './observed-coverage';

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

// setImmediate runs once the promise callbacks of a settled invoke are done, as a 0 ms timer would,
// without the timer's 1 ms floor (steps are thousands in a run, hundreds of runs in a mutation run).
const flush = () => new Promise((resolve) => setImmediate(resolve));

export async function runPathOnMachine(
  spec: ModelSpec,
  path: ModelPath,
  options: { provide?: Parameters<AnyStateMachine['provide']>[0] } = {},
): Promise<void> {
  const pending = new Map<string, Pending>();
  const actors = Object.fromEntries(
    Object.keys(spec.machine.implementations.actors).map((name) => [
      name,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
  );
  const clock = new SimulatedClock();
  const machine = spec.machine.provide({ ...options.provide, actors });
  const actor = createActor(machine, { clock });
  actor.start();
  await flush();
  const project = spec.serializeContext ?? (() => null);
  const describeState = () =>
    JSON.stringify([actor.getSnapshot().value, project(actor.getSnapshot().context)]);
  const steps: StepRecord[] = [];
  let completed = false;
  try {
    for (const [index, step] of path.steps.entries()) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      if (event.type === 'xstate.init') {
        // the actor started above
      } else if (event.type.startsWith('xstate.done.actor.')) {
        settle(pending, event.type.slice('xstate.done.actor.'.length)).resolve(event.output);
      } else if (event.type.startsWith('xstate.error.actor.')) {
        settle(pending, event.type.slice('xstate.error.actor.'.length)).reject(event.error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(spec.machine, event.type.split('.')[2] ?? '', actor.getSnapshot().context));
      } else {
        actor.send(event);
      }
      await flush();
      const expected = JSON.stringify([step.state.value, project(step.state.context)]);
      if (describeState() !== expected) {
        throw new Error(
          `step ${index + 1} (${event.type}): machine is in ${describeState()}, model expects ${expected}`,
        );
      }
      steps.push({
        event: event.type,
        source: 'machine',
        states: actor.getSnapshot()._nodes.map((node) => node.id),
        transitions: event.type === 'xstate.init' ? [] : recordedTransitions(spec, step),
      });
    }
    completed = true;
  } finally {
    actor.stop();
    recordPath({ machine: spec.machine.id, path: path.description, completed, steps });
  }
}

/** The record of a path run in the running test's meta (a test may run several paths). */
export type ModelPathMeta = { modelPaths?: Omit<PathRecord, 'file' | 'test' | 'status' | 'retry'>[] };

function recordPath(record: Omit<PathRecord, 'file' | 'test' | 'status' | 'retry'>): void {
  const test = getCurrentTest();
  if (!test) return;
  const meta = test.meta as ModelPathMeta;
  meta.modelPaths = [...(meta.modelPaths ?? []), record];
}

/** The transitions a step took, for its record only: recording never fails a path. */
function recordedTransitions(spec: ModelSpec, step: ModelPath['steps'][number]): string[] {
  try {
    return transitionsTaken(testMachineOf(spec), step);
  } catch {
    return [];
  }
}

const testMachines = new WeakMap<ModelSpec, AnyStateMachine>();

/** The derived test machine names the transitions as measureCoverage does; one per spec. */
function testMachineOf(spec: ModelSpec): AnyStateMachine {
  let machine = testMachines.get(spec);
  if (!machine) {
    machine = deriveTestMachine(spec.machine);
    testMachines.set(spec, machine);
  }
  return machine;
}

/** A delay in ms: a number, or a named delay of the machine computed from the current context. */
function delayOf(machine: AnyStateMachine, key: string, context: unknown): number {
  const ms = Number(key);
  if (!Number.isNaN(ms)) return ms;
  const delay = (machine.implementations.delays as Record<string, unknown>)[key];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return (delay as (args: { context: unknown }) => number)({ context });
  throw new Error(`unknown delay ${key}`);
}

function settle(pending: Map<string, Pending>, id: string): Pending {
  const entry = pending.get(id);
  if (!entry) throw new Error(`no running invoke ${id} to settle`);
  pending.delete(id);
  return entry;
}
