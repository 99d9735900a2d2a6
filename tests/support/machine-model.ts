/**
 * Model-based testing for every machine of machines/, with one mechanism:
 *
 * 1. deriveTestMachine() turns the real machine into the test model mechanically. createTestModel
 *    refuses `invoke` and `after`, so each invoke becomes its own explicit done/error events
 *    (xstate.done.actor.<id>, xstate.error.actor.<id>) and each delay an explicit timer event
 *    (xstate.after.<delay>.<state id>): the same event types XState itself uses, so guards and
 *    actions read them unchanged. Custom actions (effects) become no-ops; assign stays.
 * 2. generatePaths() returns paths that together take every transition of the model.
 * 3. The same paths drive the real machine in vitest (fake actors, simulated clock) and the real UI
 *    in Playwright; checkExecutors() fails when an event has no executor or a state no assertion.
 */
import {
  createMachine,
  getInitialSnapshot,
  getNextSnapshot,
  type AnyStateMachine,
  type AnyMachineSnapshot,
  type EventObject,
  type StateNode,
} from 'xstate';
import { createTestModel } from 'xstate/graph';

type Config = Record<string, unknown> & { states?: Record<string, Config>; on?: Record<string, unknown> };

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function deriveNode(node: Config, id: string): Config {
  const result: Config = { ...node };
  const on: Record<string, unknown> = { ...(node.on ?? {}) };
  for (const invoke of asArray(node['invoke'] as Config | Config[] | undefined)) {
    const invokeId = invoke['id'];
    if (typeof invokeId !== 'string') throw new Error(`every invoke needs an id (state ${id})`);
    if (invoke['onDone'] !== undefined) on[`xstate.done.actor.${invokeId}`] = invoke['onDone'];
    if (invoke['onError'] === undefined) throw new Error(`invoke ${invokeId} in ${id} needs an onError`);
    on[`xstate.error.actor.${invokeId}`] = invoke['onError'];
  }
  for (const [delay, transition] of Object.entries(
    (node['after'] as Record<string, unknown> | undefined) ?? {},
  )) {
    on[`xstate.after.${delay}.${id}`] = transition;
  }
  delete result['invoke'];
  delete result['after'];
  result.on = on;
  if (node.states) {
    result.states = Object.fromEntries(
      Object.entries(node.states).map(([key, child]) => [
        key,
        deriveNode(child, typeof child['id'] === 'string' ? child['id'] : `${id}.${key}`),
      ]),
    );
  }
  return result;
}

function isBuiltInAction(action: unknown): boolean {
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith('xstate.');
}

export function deriveTestMachine(machine: AnyStateMachine): AnyStateMachine {
  const config = deriveNode(machine.config as Config, machine.id);
  const implementations = machine.implementations;
  const actions = Object.fromEntries(
    Object.entries(implementations.actions).map(([name, action]) => [
      name,
      isBuiltInAction(action) ? action : () => {},
    ]),
  );
  return createMachine(config as never, { ...implementations, actions, actors: {} } as never);
}

export type ModelEvent = EventObject & Record<string, unknown>;

export type ModelSpec = {
  machine: AnyStateMachine;
  /** Payload samples per event type; events without samples are tried as {type} only. */
  events: Record<string, ModelEvent[]>;
  /** What of the context distinguishes states in the model (default: nothing, states by value only). */
  serializeContext?: (context: unknown) => unknown;
  /**
   * The same for the browser paths, which cost seconds each: keep only what guards need to reach
   * every transition (default: states by value only).
   */
  browserSerializeContext?: (context: unknown) => unknown;
};

export type ModelStep = { event: EventObject; state: AnyMachineSnapshot; previous: AnyMachineSnapshot };
export type ModelPath = { description: string; steps: ModelStep[]; final: AnyMachineSnapshot };

export function createModel(spec: ModelSpec) {
  const testMachine = deriveTestMachine(spec.machine);
  const project = spec.serializeContext ?? (() => null);
  const serialize = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, project(snapshot.context)]);
  const model = createTestModel(testMachine, {
    events: Object.values(spec.events).flat() as never,
    serializeState: serialize as never,
  });
  return { testMachine, model, serialize };
}

function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const payload = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${payload}`;
}

/** Paths that together take every transition of the model: the shortest way to each state, then each way out. */
export function generatePaths(spec: ModelSpec): ModelPath[] {
  const { model, serialize, testMachine } = createModel(spec);
  const toState = model.getShortestPaths({ allowDuplicatePaths: true });
  type Adjacent = { state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> };
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, Adjacent>;
  const paths: ModelPath[] = [];
  const seen = new Set<string>();
  for (const path of toState) {
    const key = serialize(path.state as AnyMachineSnapshot);
    const prefix: ModelStep[] = [];
    let previous = (toState.find((p) => p.steps.length === 0)?.state ??
      path.steps[0]?.state ??
      path.state) as AnyMachineSnapshot;
    for (const step of path.steps) {
      prefix.push({ event: step.event as EventObject, state: step.state as AnyMachineSnapshot, previous });
      previous = step.state as AnyMachineSnapshot;
    }
    const transitions = Object.values(adjacency[key]?.transitions ?? {});
    const extended = transitions.map((next) => [
      ...prefix,
      {
        event: next.event,
        state: next.state as AnyMachineSnapshot,
        previous: path.state as AnyMachineSnapshot,
      },
    ]);
    for (const steps of extended.length > 0 ? extended : [prefix]) {
      const description = steps.map((s) => describeEvent(s.event)).join(' → ') || '(initial state)';
      if (seen.has(description)) continue;
      seen.add(description);
      paths.push({ description, steps, final: steps.at(-1)?.state ?? (path.state as AnyMachineSnapshot) });
    }
  }
  // Drop paths that are a prefix of a longer path: the longer one tests them too.
  const kept = paths.filter(
    (path) =>
      !paths.some((other) => other !== path && other.description.startsWith(`${path.description} → `)),
  );
  return kept.map((path) => replay(testMachine, path));
}

/**
 * Recomputes every step's snapshot by replaying the path's events: where the model merges states
 * (serializeContext projects the context), the graph's stored snapshot may have come from another
 * way to the same state, and a step must carry the context its own path produces.
 */
function replay(testMachine: AnyStateMachine, path: ModelPath): ModelPath {
  let snapshot = getInitialSnapshot(testMachine) as AnyMachineSnapshot;
  const steps = path.steps.map((step) => {
    const previous = snapshot;
    if (step.event.type !== 'xstate.init')
      snapshot = getNextSnapshot(testMachine, snapshot, step.event) as AnyMachineSnapshot;
    return { event: step.event, state: snapshot, previous };
  });
  return { description: path.description, steps, final: snapshot };
}

export function initialSnapshotOf(spec: ModelSpec): AnyMachineSnapshot {
  const { model } = createModel(spec);
  const initial = model.getShortestPaths({ allowDuplicatePaths: true }).find((p) => p.steps.length === 0);
  if (!initial) throw new Error('no initial path');
  return initial.state as AnyMachineSnapshot;
}

function allNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

function transitionKey(transition: { source: StateNode; eventType: string }, index: number): string {
  return `${transition.source.id} on ${transition.eventType} #${index}`;
}

/** The transitions (as measureCoverage names them) that a step takes on the test machine. */
export function transitionsTaken(testMachine: AnyStateMachine, step: ModelStep): string[] {
  const previous: unknown = testMachine.resolveState({
    value: step.previous.value as never,
    context: step.previous.context as never,
  });
  const taken = testMachine.getTransitionData(previous as never, step.event) as {
    source: StateNode;
    eventType: string;
  }[];
  return taken.map((transition) => {
    const list: unknown[] = transition.source.transitions.get(transition.eventType) ?? [];
    return transitionKey(transition, list.indexOf(transition));
  });
}

/** Every state and transition of the machine, and which of them the paths reach. */
export function measureCoverage(spec: ModelSpec, paths: ModelPath[]) {
  const { testMachine } = createModel(spec);
  const nodes = allNodes(testMachine.root as StateNode).filter((node) => node !== testMachine.root);
  const allTransitions = new Set<string>();
  for (const node of allNodes(testMachine.root as StateNode)) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((transition, index) =>
        allTransitions.add(transitionKey({ source: node, eventType }, index)),
      );
    }
  }
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  for (const path of paths) {
    const snapshots = [path.steps[0]?.previous, ...path.steps.map((s) => s.state)].filter(
      Boolean,
    ) as AnyMachineSnapshot[];
    for (const snapshot of snapshots) for (const node of snapshot._nodes) coveredStates.add(node.id);
    for (const step of path.steps)
      for (const key of transitionsTaken(testMachine, step)) coveredTransitions.add(key);
  }
  const missingStates = nodes.map((n) => n.id).filter((id) => !coveredStates.has(id));
  const missingTransitions = [...allTransitions].filter((key) => !coveredTransitions.has(key));
  return {
    states: { covered: nodes.length - missingStates.length, total: nodes.length },
    transitions: { covered: allTransitions.size - missingTransitions.length, total: allTransitions.size },
    missingStates,
    missingTransitions,
  };
}

/** The state ids a path visits that need an assertion (atomic states), and the event types it sends. */
export function requiredExecutors(spec: ModelSpec) {
  const { testMachine } = createModel(spec);
  const atomic = allNodes(testMachine.root as StateNode).filter(
    (node) => node.type === 'atomic' || node.type === 'final',
  );
  const eventTypes = new Set<string>();
  for (const node of allNodes(testMachine.root as StateNode))
    for (const type of node.transitions.keys()) eventTypes.add(type);
  return { stateIds: atomic.map((n) => n.id), eventTypes: [...eventTypes] };
}

export function checkExecutors(
  spec: ModelSpec,
  executors: { states: Record<string, unknown>; events: Record<string, unknown> },
) {
  const required = requiredExecutors(spec);
  const problems = [
    ...required.stateIds
      .filter((id) => !(id in executors.states))
      .map((id) => `state ${id} has no assertion`),
    ...required.eventTypes
      .filter((type) => !(type in executors.events))
      .map((type) => `event ${type} has no executor`),
  ];
  if (problems.length > 0)
    throw new Error(`incomplete model mapping for ${spec.machine.id}:\n${problems.join('\n')}`);
}
