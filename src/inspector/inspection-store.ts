/**
 * The in-app inspector's store (dev mode, offline): every live actor, its latest snapshot, its
 * events and, per event, the snapshot after it (time travel), fed by the `inspect` option of
 * createActor. This module is in the first bundle (actors are created before the panel loads), so
 * it only records: everything that reads the records is in the panel's lazy chunk. Stately's hosted
 * inspector can be switched on as well where it is reachable (localStorage.statelyInspect = '1').
 */
import type { AnyStateMachine, EventObject, InspectionEvent } from 'xstate';

/** One received event and the actor's snapshot after it (value, context, the transitions taken). */
export type InspectedStep = {
  at: number;
  event: EventObject;
  snapshot: { value?: unknown; context?: unknown; status?: string };
  /** Keys of the transitions the event took (`<source id> on <event> #<i>`, `<id> always #<i>`). */
  taken: string[];
};

export type InspectedActor = {
  key: string;
  id: string;
  ref: { send: (event: EventObject) => void; getSnapshot: () => { status?: string } };
  machine: AnyStateMachine | null;
  value: unknown;
  /** The snapshot as it started (before any event). */
  start: InspectedStep | null;
  /** The newest steps (at most `historyLimit`); `dropped` counts the older ones let go. */
  steps: InspectedStep[];
  dropped: number;
  pending: string[];
};

export const historyLimit = 200;
const actors = new Map<string, InspectedActor>();
const listeners = new Set<() => void>();
let version = 0;
let stately: ((event: InspectionEvent) => void) | null = null;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function machineOf(actorRef: unknown): AnyStateMachine | null {
  const logic = (actorRef as { logic?: unknown }).logic;
  return logic && typeof logic === 'object' && 'root' in logic ? (logic as AnyStateMachine) : null;
}

/**
 * Actors created but not started yet. useMachine creates its actor while React renders and starts it
 * once the page is mounted; a render React throws away (a page mounting inside Suspense) creates
 * actors that never start. Telling the panel at creation updated it in the middle of such a render,
 * React threw the render away and began again, creating actors again, for ever: so an actor is shown
 * from its first snapshot or event.
 */
const created = new Map<string, InspectedActor>();

function started(id: string): InspectedActor | undefined {
  const waiting = created.get(id);
  if (waiting) {
    created.delete(id);
    actors.set(id, waiting);
  }
  return actors.get(id);
}

type Transition = {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string;
};

function transitionKey(t: Transition): string {
  if (!t.eventType) return `${t.source.id} always #${t.source.always?.indexOf(t) ?? 0}`;
  return `${t.source.id} on ${t.eventType} #${t.source.transitions.get(t.eventType)?.indexOf(t) ?? 0}`;
}

export function inspect(event: InspectionEvent): void {
  stately?.(event);
  const id = event.actorRef.sessionId;
  if (event.type === '@xstate.actor') {
    const machine = machineOf(event.actorRef);
    if (!machine) return;
    const ref = event.actorRef as unknown as InspectedActor['ref'];
    created.set(id, {
      key: id,
      id: `${machine.id} (${id})`,
      ref,
      machine,
      value: null,
      start: null,
      steps: [],
      dropped: 0,
      pending: [],
    });
  } else if (event.type === '@xstate.microstep') {
    const actor = created.get(id) ?? actors.get(id);
    actor?.pending.push(...(event._transitions as unknown as Transition[]).map(transitionKey));
  } else if (event.type === '@xstate.snapshot') {
    const actor = started(id);
    if (!actor) return;
    const snapshot = event.snapshot as InspectedStep['snapshot'];
    actor.value = snapshot.value;
    const step = { at: Date.now(), event: event.event, snapshot, taken: actor.pending };
    actor.pending = [];
    if (!actor.start) actor.start = step;
    else {
      if (actor.steps.length >= historyLimit) actor.dropped += 1;
      actor.steps = [...actor.steps.slice(1 - historyLimit), step];
    }
    if (snapshot.status === 'stopped') actors.delete(id);
    changed();
  }
}

export function subscribeInspection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function inspectionVersion(): number {
  return version;
}

/** The running actors (a stopped one, e.g. of a closed page, is dropped). */
export function inspectedActors(): InspectedActor[] {
  for (const [key, actor] of actors) if (actor.ref.getSnapshot().status === 'stopped') actors.delete(key);
  return [...actors.values()];
}

export async function enableStatelyInspector(): Promise<void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  stately = (event) => inspector.inspect.next?.(event);
}
