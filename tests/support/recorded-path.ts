/**
 * A path recorded in the in-app inspector (its 复制为测试路径 button): the events an actor received,
 * replayed on the machine's test model (deriveTestMachine) into the steps runPathOnMachine drives on
 * the real machine. An event the model's machine ignores stays a step that changes nothing, and the
 * real machine must ignore it too.
 */
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { deriveTestMachine, type ModelPath, type ModelSpec, type ModelStep } from './machine-model';

export function recordedPath(spec: ModelSpec, events: EventObject[]): ModelPath {
  const testMachine = deriveTestMachine(spec.machine);
  let snapshot = getInitialSnapshot(testMachine) as AnyMachineSnapshot;
  const steps: ModelStep[] = events.map((event) => {
    const previous = snapshot;
    snapshot = getNextSnapshot(testMachine, snapshot, event) as AnyMachineSnapshot;
    return { event, state: snapshot, previous };
  });
  return {
    description: `recorded: ${events.map((event) => event.type).join(' → ') || '(initial state)'}`,
    steps,
    final: snapshot,
  };
}
