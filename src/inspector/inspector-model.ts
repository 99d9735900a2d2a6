/**
 * What the inspector panel reads from an actor's records: which transitions are enabled now (the
 * machine's own transition logic, guards included), the last payload of each event type, and the
 * actor's events written as a model-test path (tests/support/recorded-path.ts replays it).
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { GraphTransition, MachineGraph } from './graph/machine-graph';
import { activeStateIds } from './graph/machine-graph';
import type { InspectedActor } from './inspection-store';

export type TransitionAvailability = 'enabled' | 'blocked' | 'unknown';

type Selected = { source: { id: string; transitions: Map<string, unknown[]> }; eventType: string };

/**
 * The user events (not delays, invoke answers or eventless ones) leaving the active states, each
 * enabled when the machine would take it for that event now (with the payload given, else the last
 * one of its type, else `{ type }`), blocked when a guard refuses it or another transition wins,
 * unknown when a guard fails on the payload.
 */
export function availableTransitions(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  graph: MachineGraph,
  payloadOf: (eventType: string) => EventObject,
): { transition: GraphTransition; availability: TransitionAvailability }[] {
  const active = activeStateIds(machine, snapshot.value);
  const candidates = graph.transitions.filter(
    (transition) => transition.kind === 'event' && active.has(transition.source),
  );
  const selectedByEvent = new Map<string, Set<string> | null>();
  for (const { eventType } of candidates) {
    if (selectedByEvent.has(eventType)) continue;
    try {
      const selected = machine.getTransitionData(snapshot as never, payloadOf(eventType)) as Selected[];
      selectedByEvent.set(
        eventType,
        new Set(
          selected.map(
            (t) =>
              `${t.source.id} on ${t.eventType} #${t.source.transitions.get(t.eventType)?.indexOf(t) ?? 0}`,
          ),
        ),
      );
    } catch {
      selectedByEvent.set(eventType, null);
    }
  }
  return candidates.map((transition) => {
    const selected = selectedByEvent.get(transition.eventType);
    const availability: TransitionAvailability =
      selected === null || selected === undefined
        ? 'unknown'
        : selected.has(transition.key)
          ? 'enabled'
          : 'blocked';
    return { transition, availability };
  });
}

/** The last event of that type the actor received, as a payload to start from. */
export function lastEventOf(actor: InspectedActor, eventType: string): EventObject {
  for (let index = actor.steps.length - 1; index >= 0; index -= 1) {
    const event = actor.steps[index]?.event;
    if (event?.type === eventType) return event;
  }
  return { type: eventType };
}

/** The events the actor received since it started (those still recorded), without the start itself. */
export function recordedEvents(actor: InspectedActor): EventObject[] {
  return actor.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
}

function kebab(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** An event as TypeScript source: JSON, with an invoke's error as `new Error(message)`. */
export function eventSource(event: EventObject): string {
  const { error, ...rest } = event as EventObject & { error?: unknown };
  const json = JSON.stringify(rest);
  if (!('error' in event)) return json;
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : JSON.stringify(error ?? null);
  return `${json.slice(0, -1)},"error":new Error(${JSON.stringify(message)})}`;
}

/**
 * The actor's events as a vitest case in the form of tests/machines/<machine>.model.test.ts: the
 * machine's model (tests/models/<machine>.model.ts) and the events, replayed on the model's test
 * machine by recordedPath and then driven on the real machine by runPathOnMachine.
 */
export function testPathSource(actor: InspectedActor, now: Date = new Date()): string {
  const machineId = actor.machine?.id ?? 'machine';
  const model = `${machineId}Model`;
  const events = recordedEvents(actor);
  const when = now.toLocaleString('zh-CN', { hour12: false });
  const lines = [
    `// 状态机检查器记录的路径：${machineId}，${events.length} 个事件（${when}）${
      actor.dropped > 0 ? `；更早的 ${actor.dropped} 个事件已不在记录中` : ''
    }`,
    `import { it } from 'vitest';`,
    `import { ${model} } from '../models/${kebab(machineId)}.model';`,
    `import { recordedPath } from '../support/recorded-path';`,
    `import { runPathOnMachine } from '../support/run-machine-path';`,
    '',
    `it('replays a path recorded in the inspector (${machineId})', async () => {`,
    `  const path = recordedPath(${model}, [`,
    ...events.map((event) => `    ${eventSource(event)},`),
    '  ]);',
    `  await runPathOnMachine(${model}, path);`,
    '});',
  ];
  return `${lines.join('\n')}\n`;
}
