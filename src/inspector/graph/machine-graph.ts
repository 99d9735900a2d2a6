/**
 * An XState v5 machine's definition as a plain graph: its states (nested, with their kind) and its
 * transitions (event, guard, delay, target), for the inspector's drawing and for the model-coverage
 * report (scripts, in Node). Framework-free: it reads only the machine's state nodes.
 *
 * A transition's `key` is the name the model tests give it (tests/support/machine-model.ts
 * transitionKey: `<source state id> on <event type> #<index>`), so coverage records join on it.
 * Eventless transitions (`always`) have no such name in the model tests: theirs is
 * `<source state id> always #<index>`.
 */
import type { AnyStateMachine, StateNode } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export type GraphState = {
  /** The state node's id (`signContract.editing`), unique in the machine. */
  id: string;
  /** Its key in its parent (`editing`); the machine's id for the root. */
  key: string;
  parentId: string | null;
  kind: StateKind;
  /** Shallow or deep, for a history state. */
  history?: 'shallow' | 'deep';
  /** The initial child of its parent (a compound state's). */
  isInitial: boolean;
  depth: number;
};

export type TransitionKind = 'event' | 'after' | 'done' | 'error' | 'always' | 'state-done';

export type GraphTransition = {
  /** The model tests' name of the transition (see the header). */
  key: string;
  source: string;
  /** Target state ids; empty for a transition that stays in the source (actions only). */
  targets: string[];
  eventType: string;
  kind: TransitionKind;
  /** The guard's name (`canSubmit`, `not(isLocked)`), if guarded. */
  guard: string | null;
  /** The delay (ms, or the name of a configured delay) of an `after` transition. */
  delay: string | null;
  /** Re-enters its source or target (`reenter: true`). */
  reenter: boolean;
  /** What the drawing writes on the arrow: event (or delay, done/error), then [guard]. */
  label: string;
};

export type MachineGraph = {
  machineId: string;
  states: GraphState[];
  transitions: GraphTransition[];
};

type GuardLike = string | { type?: unknown; guards?: unknown } | ((...args: never[]) => unknown);

/** A guard's name: its string, its `{ type }`, the name of a function, `and/or/not` spelled out. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  const value = guard as GuardLike;
  if (typeof value === 'string') return value;
  const inner = (value as { guards?: unknown }).guards;
  const check = (value as { check?: unknown }).check;
  if (Array.isArray(inner) && typeof check === 'function') {
    const names = inner.map((g) => guardName(g) ?? '?');
    const name = check.name.toLowerCase();
    const combinator = name.endsWith('not') ? 'not' : name.endsWith('or') ? 'or' : 'and';
    return combinator === 'not'
      ? `not(${names.join(', ')})`
      : names.join(combinator === 'or' ? ' || ' : ' && ');
  }
  if (typeof value === 'object' && typeof value.type === 'string') return value.type;
  if (typeof value === 'function') return value.name && value.name !== 'guard' ? value.name : '条件';
  return '条件';
}

function kindOf(node: StateNode): StateKind {
  return node.type;
}

function transitionKind(eventType: string): TransitionKind {
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done';
  if (eventType.startsWith('xstate.error.actor.')) return 'error';
  if (eventType.startsWith('xstate.done.state.')) return 'state-done';
  return 'event';
}

/** `xstate.after.<delay>.<state id>` → the delay. */
export function delayOf(eventType: string, sourceId: string): string | null {
  const prefix = 'xstate.after.';
  const suffix = `.${sourceId}`;
  if (!eventType.startsWith(prefix) || !eventType.endsWith(suffix)) return null;
  return eventType.slice(prefix.length, eventType.length - suffix.length);
}

/** The short text of an event type, as the machine diagrams in docs/machines write it. */
export function eventLabel(eventType: string, sourceId: string): string {
  const delay = delayOf(eventType, sourceId);
  if (delay !== null) return /^\d+$/.test(delay) ? `${delay} ms 后` : `${delay} 后`;
  return eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 完成')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 失败')
    .replace(/^xstate\.done\.state\..+$/, '完成');
}

function allNodes(node: StateNode): StateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

function transitionOf(
  source: StateNode,
  eventType: string,
  index: number,
  transition: { target?: readonly StateNode[] | undefined; guard?: unknown; reenter?: boolean },
  isAlways: boolean,
): GraphTransition {
  const guard = guardName(transition.guard);
  const kind = isAlways ? 'always' : transitionKind(eventType);
  const event = isAlways ? '(立即)' : eventLabel(eventType, source.id);
  return {
    key: isAlways ? `${source.id} always #${index}` : `${source.id} on ${eventType} #${index}`,
    source: source.id,
    targets: (transition.target ?? []).map((target) => target.id),
    eventType: isAlways ? '' : eventType,
    kind,
    guard,
    delay: isAlways ? null : delayOf(eventType, source.id),
    reenter: transition.reenter === true,
    label: guard ? `${event} [${guard}]` : event,
  };
}

/** The machine's states (root first, then depth-first in definition order) and transitions. */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const root = machine.root as StateNode;
  const states: GraphState[] = [];
  const transitions: GraphTransition[] = [];
  const visit = (node: StateNode, depth: number) => {
    const parent = node.parent;
    const initialKey = parent?.type === 'compound' ? parent.config.initial : undefined;
    states.push({
      id: node.id,
      key: parent ? node.key : machine.id,
      parentId: parent?.id ?? null,
      kind: kindOf(node),
      ...(node.type === 'history' ? { history: node.history === 'deep' ? 'deep' : 'shallow' } : {}),
      isInitial: typeof initialKey === 'string' && initialKey === node.key,
      depth,
    } satisfies GraphState);
    for (const [eventType, list] of node.transitions) {
      list.forEach((transition, index) =>
        transitions.push(transitionOf(node, eventType, index, transition, false)),
      );
    }
    (node.always ?? []).forEach((transition, index) =>
      transitions.push(transitionOf(node, '', index, transition, true)),
    );
    for (const child of Object.values(node.states)) visit(child, depth + 1);
  };
  visit(root, 0);
  return { machineId: machine.id, states, transitions };
}

/** Every state id of a snapshot's value (`{ a: { b: 'c' } }` → a, a.b, a.b.c under the root). */
export function activeStateIds(machine: AnyStateMachine, value: unknown): Set<string> {
  const ids = new Set<string>([machine.root.id]);
  const walk = (node: StateNode, current: unknown) => {
    if (typeof current === 'string') {
      const child = node.states[current];
      if (child) ids.add(child.id);
      return;
    }
    if (!current || typeof current !== 'object') return;
    for (const [key, inner] of Object.entries(current as Record<string, unknown>)) {
      const child = node.states[key];
      if (!child) continue;
      ids.add(child.id);
      walk(child, inner);
    }
  };
  walk(machine.root as StateNode, value);
  return ids;
}

export function allStateNodes(machine: AnyStateMachine): StateNode[] {
  return allNodes(machine.root as StateNode);
}
