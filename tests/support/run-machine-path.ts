/**
 * Runs a generated path against the REAL machine: its invoked actors are replaced by controllable
 * promises (a done/error step settles the promise of that invoke id), its delays run on a
 * SimulatedClock (a timer step advances the clock), and after every step the real snapshot must be
 * in the model's state, with the same projected context.
 */
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import type { ModelPath, ModelSpec } from './machine-model';

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
    }
  } finally {
    actor.stop();
  }
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
