/**
 * A machine's graph and layout for the inspector, computed once per machine and kept: in memory for
 * the session, and in localStorage by the layout's key (graph/layout.ts: a hash of elk's input), so
 * opening the same machine after a reload costs no layout at all. elk runs in a Web Worker, so laying
 * out a big machine (signContract: about a second of CPU) never freezes the page; where workers are
 * not available, the bundled elk runs in the page.
 */
import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import {
  layoutMachineGraph,
  type ElkLayouter,
  type LaidOutGraph,
  type LayoutCache,
  type LayoutGeometry,
} from './graph/layout';
import { machineGraph, type MachineGraph } from './graph/machine-graph';

export type MachineLayout = { graph: MachineGraph; layout: LaidOutGraph };

const cache = new WeakMap<AnyStateMachine, Promise<MachineLayout>>();
const storagePrefix = 'inspector.layout.';

let workerElk: ElkLayouter | null | undefined;

function elkInWorker(): ElkLayouter | undefined {
  if (workerElk === undefined) {
    try {
      workerElk = typeof Worker === 'undefined' ? null : new ELK({ workerUrl: elkWorkerUrl });
    } catch {
      workerElk = null;
    }
  }
  return workerElk ?? undefined;
}

/** Layouts kept in localStorage; a full or unavailable storage only means laying out again. */
const storedLayouts: LayoutCache = {
  read(key) {
    try {
      const text = localStorage.getItem(storagePrefix + key);
      return text ? (JSON.parse(text) as LayoutGeometry) : null;
    } catch {
      return null;
    }
  },
  write(key, geometry) {
    try {
      const machinePrefix = storagePrefix + key.slice(0, key.indexOf('.') + 1);
      // One layout per machine: the one of an older definition goes.
      for (const stored of Object.keys(localStorage))
        if (stored.startsWith(machinePrefix)) localStorage.removeItem(stored);
      localStorage.setItem(storagePrefix + key, JSON.stringify(geometry));
    } catch {
      // Quota or privacy mode: the in-memory cache still holds it for the session.
    }
  },
};

/**
 * Starts the layout worker and lays out a one-box graph, when the panel opens: loading and compiling
 * elk in the worker (1.6 MB) then overlaps the choice of a machine instead of following it.
 */
export function warmLayoutWorker(): void {
  elkInWorker()
    ?.layout({ id: 'warm-up', children: [{ id: 'box', width: 10, height: 10 }] })
    .catch(() => undefined);
}

export function machineLayout(machine: AnyStateMachine): Promise<MachineLayout> {
  let pending = cache.get(machine);
  if (!pending) {
    const graph = machineGraph(machine);
    const elk = elkInWorker();
    pending = layoutMachineGraph(graph, { cache: storedLayouts, ...(elk ? { elk } : {}) }).then((layout) => ({
      graph,
      layout,
    }));
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
