/**
 * Lays a machine graph out with elkjs (layered, hierarchical: a compound or parallel state is a box
 * around its children) and returns absolute boxes and edge routes. Runs in the browser and in Node.
 * Drawing is separate: graph-view.tsx draws it in the inspector, graph-svg-string.ts writes it as an
 * SVG string (the model-coverage report).
 *
 * elkjs is slow on a big machine (signContract, 45 states and 98 transitions: about 1.5 s of CPU
 * cold and 0.6 s warm in Node; its layout options barely change that), so:
 * - the caller may pass its own layouter: the inspector runs elk in a Web Worker, so the page never
 *   freezes while a machine is laid out (use-machine-layout.ts); without one, the bundled elk is
 *   loaded on first use (Node, tests);
 * - the result can be cached per machine definition: `layoutKey` is a hash of everything elk is
 *   given (state ids and nesting, box and label sizes, edges, options), so a cached geometry is
 *   reused only for the same input, and a changed machine or text is laid out again.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { GraphState, GraphTransition, MachineGraph } from './machine-graph';
import { edgeLabelWidth, stateTextWidth } from './graph-text';

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };

export type LaidOutState = GraphState & Box & { isContainer: boolean };

export type LaidOutEdge = {
  /** `<transition key>-><target id>`: a transition with several targets is one edge per target. */
  id: string;
  transition: GraphTransition;
  source: string;
  target: string;
  /** The route, start to end, absolute. */
  points: Point[];
  labelBox: Box | null;
};

export type LaidOutGraph = {
  machineId: string;
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
};

/** What elk computed, by state id and edge id: plain JSON, for a cache. */
export type LayoutGeometry = {
  width: number;
  height: number;
  states: Record<string, Box>;
  edges: Record<string, { points: Point[]; labelBox: Box | null }>;
};

/** elk's `layout` (the bundled one, or elk-api's with a worker). */
export type ElkLayouter = { layout: (graph: ElkNode) => Promise<ElkNode> };

export type LayoutCache = {
  read: (key: string) => LayoutGeometry | null | Promise<LayoutGeometry | null>;
  write: (key: string, geometry: LayoutGeometry) => void | Promise<void>;
};

export const stateHeaderHeight = 24;
const leafHeight = 32;
const edgeLabelHeight = 16;
/** Room on each side of a leaf state's centred text. */
const leafPadding = 12;
/** A container's caption starts this far into its header; as much room is left after it. */
export const headerInset = 8;
/** A label's text starts this far into its box (graph-view, graph-svg-string). */
export const labelInset = 3;
/** Part of every layout key: raise it when the drawing's geometry changes without elk's input changing. */
const layoutVersion = 1;

type EdgeInfo = { id: string; transition: GraphTransition; target: string };

/**
 * Transitions of the root (machine-wide events) are drawn from the root box's edge only when they
 * target a state; ones that only run actions are listed, not drawn (they would loop on the frame).
 */
function edgesOf(graph: MachineGraph): EdgeInfo[] {
  return graph.transitions
    .filter((transition) => transition.source !== graph.states[0]?.id || transition.targets.length > 0)
    .flatMap((transition) =>
      (transition.targets.length > 0 ? transition.targets : [transition.source]).map((target) => ({
        id: `${transition.key}->${target}`,
        transition,
        target,
      })),
    );
}

function childrenOf(graph: MachineGraph): Map<string | null, GraphState[]> {
  const children = new Map<string | null, GraphState[]>();
  for (const state of graph.states) {
    const list = children.get(state.parentId) ?? [];
    list.push(state);
    children.set(state.parentId, list);
  }
  return children;
}

/** What elk is given: the states nested, each sized from the text the drawing writes in it. */
export function elkInput(graph: MachineGraph): ElkNode {
  const children = childrenOf(graph);
  const toElk = (state: GraphState): ElkNode => {
    const inner = children.get(state.id) ?? [];
    // Sized from the text the drawing writes (caption, kind, initial mark; bold), not the bare key.
    const text = stateTextWidth(state);
    if (inner.length === 0) {
      return { id: state.id, width: Math.max(text + 2 * leafPadding, 48), height: leafHeight };
    }
    return {
      id: state.id,
      children: inner.map(toElk),
      layoutOptions: {
        'elk.padding': `[top=${stateHeaderHeight + 8},left=12,bottom=12,right=12]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${text + 2 * headerInset}, ${stateHeaderHeight + 16})`,
        // A parallel state's regions side by side, unconnected: spread them in a row.
        ...(state.kind === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
    };
  };
  const rootState = graph.states[0];
  if (!rootState) throw new Error(`machine ${graph.machineId} has no states`);
  const elkEdges: ElkExtendedEdge[] = edgesOf(graph).map((edge) => {
    const text = edge.transition.label;
    return {
      id: edge.id,
      sources: [edge.transition.source],
      targets: [edge.target],
      labels: [
        {
          id: `${edge.id}#label`,
          text,
          width: edgeLabelWidth(text) + 2 * labelInset,
          height: edgeLabelHeight,
        },
      ],
    };
  });
  const rootNode = toElk(rootState);
  return {
    ...rootNode,
    edges: elkEdges,
    layoutOptions: {
      ...rootNode.layoutOptions,
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
  };
}

/** 53-bit string hash (cyrb53): the same input gives the same key in the browser and in Node. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The cache key of a machine's layout: its id and a hash of elk's whole input. */
export function layoutKey(graph: MachineGraph, input: ElkNode = elkInput(graph)): string {
  return `${graph.machineId}.${layoutVersion}.${hash(JSON.stringify(input))}`;
}

let bundledElk: Promise<ElkLayouter> | null = null;

/** The bundled elk (no worker), loaded on first use: a chunk of its own in the browser. */
function defaultElk(): Promise<ElkLayouter> {
  bundledElk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return bundledElk;
}

function geometryOf(laid: ElkNode): LayoutGeometry {
  const states: LayoutGeometry['states'] = {};
  const edges: LayoutGeometry['edges'] = {};
  const visit = (node: ElkNode) => {
    states[node.id] = { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 };
    for (const edge of node.edges ?? []) {
      const label = edge.labels?.[0];
      edges[edge.id] = {
        points: (edge.sections ?? []).flatMap((section) => [
          section.startPoint,
          ...(section.bendPoints ?? []),
          section.endPoint,
        ]),
        labelBox:
          label && label.x !== undefined && label.y !== undefined
            ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
            : null,
      };
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, edges };
}

/** The graph placed by a geometry, in the definition's order (elk may move edges into containers). */
export function applyGeometry(graph: MachineGraph, geometry: LayoutGeometry): LaidOutGraph {
  const children = childrenOf(graph);
  const states: LaidOutState[] = [];
  for (const state of graph.states) {
    const box = geometry.states[state.id];
    if (box) states.push({ ...state, ...box, isContainer: (children.get(state.id)?.length ?? 0) > 0 });
  }
  const edges: LaidOutEdge[] = [];
  for (const edge of edgesOf(graph)) {
    const route = geometry.edges[edge.id];
    if (!route) continue;
    edges.push({
      id: edge.id,
      transition: edge.transition,
      source: edge.transition.source,
      target: edge.target,
      points: route.points,
      labelBox: route.labelBox,
    });
  }
  return { machineId: graph.machineId, width: geometry.width, height: geometry.height, states, edges };
}

export type LayoutOptions = { elk?: ElkLayouter; cache?: LayoutCache };

export async function layoutMachineGraph(
  graph: MachineGraph,
  options: LayoutOptions = {},
): Promise<LaidOutGraph> {
  const input = elkInput(graph);
  const key = options.cache ? layoutKey(graph, input) : '';
  const cached = options.cache ? await options.cache.read(key) : null;
  if (cached) return applyGeometry(graph, cached);
  const elk = options.elk ?? (await defaultElk());
  const geometry = geometryOf(await elk.layout(input));
  await options.cache?.write(key, geometry);
  return applyGeometry(graph, geometry);
}
