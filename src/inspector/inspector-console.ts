/**
 * The inspector's console API, `window.inspector`, and the panel's "send event": developers drive a
 * machine by hand. The console sends to the newest running actor of a machine; it works while a
 * modal dialog makes the panel inert (the model-based browser tests use it for events that no screen
 * offers, e2e/support/run-browser-path.ts sendThroughInspector).
 */
import type { EventObject } from 'xstate';
import { inspectedActors } from './inspection-store';

export type InspectorConsole = {
  actors: () => string[];
  send: (machineId: string, event: { type: string }) => boolean;
};

export function sendToInspected(key: string, event: EventObject): boolean {
  if (typeof event.type !== 'string' || !event.type) return false;
  const actor = inspectedActors().find((candidate) => candidate.key === key);
  if (!actor) return false;
  actor.ref.send(event);
  return true;
}

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
