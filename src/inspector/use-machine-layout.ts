/** A machine's graph and layout, computed once per machine (elkjs is async) and kept for the session. */
import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { layoutMachineGraph, type LaidOutGraph } from './graph/layout';
import { machineGraph, type MachineGraph } from './graph/machine-graph';

export type MachineLayout = { graph: MachineGraph; layout: LaidOutGraph };

const cache = new WeakMap<AnyStateMachine, Promise<MachineLayout>>();

export function machineLayout(machine: AnyStateMachine): Promise<MachineLayout> {
  let pending = cache.get(machine);
  if (!pending) {
    const graph = machineGraph(machine);
    pending = layoutMachineGraph(graph).then((layout) => ({ graph, layout }));
    cache.set(machine, pending);
  }
  return pending;
}

export function useMachineLayout(machine: AnyStateMachine | null): {
  result: MachineLayout | null;
  error: string | null;
} {
  const [state, setState] = useState<{
    machine: AnyStateMachine | null;
    result: MachineLayout | null;
    error: string | null;
  }>({ machine: null, result: null, error: null });
  useEffect(() => {
    if (!machine) return;
    let isCurrent = true;
    machineLayout(machine).then(
      (result) => isCurrent && setState({ machine, result, error: null }),
      (error: unknown) =>
        isCurrent &&
        setState({ machine, result: null, error: error instanceof Error ? error.message : '布局失败' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [machine]);
  return state.machine === machine ? state : { result: null, error: null };
}
