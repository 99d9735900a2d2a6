/**
 * For a machine's "rules a user relies on" tests (tests/machines/<workflow>.test.ts): the real
 * machine with every invoked actor held open until the test settles it, so a test can read what the
 * machine asked for (the actor and its input, as the screen's call would get them) and answer it as
 * the server would. These tests, not the generated model paths, are what notice a changed guard,
 * target or assignment in the mutation run (docs/testing.md).
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
} from 'xstate';

export type HarnessCall = { src: string; id: string; input: unknown };

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

export const settled = () => new Promise((resolve) => setImmediate(resolve));

export async function startHarness<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: { input?: unknown; actions?: Record<string, (...args: never[]) => void> } = {},
) {
  const calls: HarnessCall[] = [];
  const pending = new Map<string, Pending>();
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [
      src,
      fromPromise(
        ({ input, self, signal }) =>
          new Promise((resolve, reject) => {
            const entry = { resolve, reject };
            calls.push({ src, id: self.id, input });
            pending.set(self.id, entry);
            // Left before it settled (another event won): it is no longer running.
            signal.addEventListener('abort', () => {
              if (pending.get(self.id) === entry) pending.delete(self.id);
            });
          }),
      ),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors, actions: options.actions ?? {} } as never), {
    input: options.input,
    clock,
  });
  actor.start();
  await settled();
  const take = (id: string) => {
    const entry = pending.get(id);
    if (!entry) throw new Error(`no running invoke ${id}`);
    pending.delete(id);
    return entry;
  };
  return {
    actor,
    calls,
    clock,
    /** The running (not yet settled) invoke ids. */
    running: () => [...pending.keys()],
    /** The last call of an actor (by its src name), as the screen's implementation would get it. */
    lastCall: (src: string) => calls.filter((call) => call.src === src).at(-1),
    value: () => actor.getSnapshot().value as unknown,
    context: () => actor.getSnapshot().context as ContextFrom<TMachine>,
    can: (event: EventFromLogic<TMachine>) => actor.getSnapshot().can(event),
    async send(event: EventFromLogic<TMachine>) {
      actor.send(event);
      await settled();
    },
    async done(id: string, output?: unknown) {
      take(id).resolve(output);
      await settled();
    },
    async fail(id: string, error: unknown) {
      take(id).reject(error);
      await settled();
    },
    async advance(ms: number) {
      clock.increment(ms);
      await settled();
    },
  };
}
