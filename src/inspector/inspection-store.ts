/**
 * The in-app inspector's store (dev mode, offline): every live actor, its latest snapshot and its
 * event log, fed by the `inspect` option of createActor. Stately's hosted inspector can be switched
 * on as well where it is reachable (localStorage.statelyInspect = '1').
 */
import type { AnyStateMachine, InspectionEvent } from 'xstate';

export type InspectedActor = {
  key: string;
  id: string;
  ref: { send: (event: { type: string }) => void; getSnapshot: () => { status?: string } };
  machine: AnyStateMachine | null;
  value: unknown;
  events: { at: number; type: string }[];
};

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

export function inspect(event: InspectionEvent): void {
  stately?.(event);
  const id = event.actorRef.sessionId;
  if (event.type === '@xstate.actor') {
    const machine = machineOf(event.actorRef);
    if (!machine) return;
    const ref = event.actorRef as unknown as InspectedActor['ref'];
    created.set(id, { key: id, id: `${machine.id} (${id})`, ref, machine, value: null, events: [] });
  } else if (event.type === '@xstate.snapshot') {
    const actor = started(id);
    if (!actor) return;
    actor.value = (event.snapshot as { value?: unknown }).value;
    if ((event.snapshot as { status?: string }).status === 'stopped') actors.delete(id);
    changed();
  } else if (event.type === '@xstate.event') {
    const actor = started(id);
    if (!actor) return;
    actor.events = [...actor.events.slice(-49), { at: Date.now(), type: event.event.type }];
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

/** The inspector's "send event" box: developers drive a machine by hand. */
export function sendToInspected(key: string, event: { type: string }): void {
  if (typeof event.type !== 'string') return;
  actors.get(key)?.ref.send(event);
}

/**
 * The inspector's console API, `window.inspector`: the panel's "send event" for the newest running
 * actor of a machine. It works while a modal dialog makes the panel inert (the model-based browser
 * tests use it for events that no screen offers).
 */
export type InspectorConsole = {
  actors: () => string[];
  send: (machineId: string, event: { type: string }) => boolean;
};

export function installInspectorConsole(): void {
  const api: InspectorConsole = {
    actors: () => inspectedActors().map((actor) => actor.id),
    send: (machineId, event) => {
      const actor = inspectedActors()
        .filter((candidate) => candidate.machine?.id === machineId)
        .at(-1);
      if (!actor || typeof event.type !== 'string') return false;
      actor.ref.send(event);
      return true;
    },
  };
  (window as unknown as { inspector?: InspectorConsole }).inspector = api;
}

export async function enableStatelyInspector(): Promise<void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  stately = (event) => inspector.inspect.next?.(event);
}
