/**
 * Lays a machine graph out with elkjs (layered, hierarchical: a compound or parallel state is a box
 * around its children) and returns absolute boxes and edge routes. Runs in the browser and in Node
 * (the bundled build needs no worker). Drawing is separate: graph-svg.tsx draws it in the inspector,
 * graph-svg-string.ts writes it as an SVG string (the model-coverage report).
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { GraphState, GraphTransition, MachineGraph } from './machine-graph';

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

/** Pixels of a label in the drawing's font (12 px): CJK characters are twice as wide. */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.charCodeAt(0) > 0x2e80 ? 12 : 6.6;
  return Math.ceil(width);
}

export const stateHeaderHeight = 24;
const leafHeight = 32;
const edgeLabelHeight = 16;

let elk: InstanceType<typeof ELK> | null = null;

function edgesOf(graph: MachineGraph): { id: string; transition: GraphTransition; target: string }[] {
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

/**
 * Transitions of the root (machine-wide events) are drawn from the root box's edge only when they
 * target a state; ones that only run actions are listed, not drawn (they would loop on the frame).
 */
export async function layoutMachineGraph(graph: MachineGraph): Promise<LaidOutGraph> {
  elk ??= new ELK();
  const children = new Map<string | null, GraphState[]>();
  for (const state of graph.states) {
    const list = children.get(state.parentId) ?? [];
    list.push(state);
    children.set(state.parentId, list);
  }
  const toElk = (state: GraphState): ElkNode => {
    const inner = children.get(state.id) ?? [];
    const label = state.key;
    if (inner.length === 0) {
      return { id: state.id, width: Math.max(textWidth(label) + 24, 48), height: leafHeight };
    }
    return {
      id: state.id,
      children: inner.map(toElk),
      layoutOptions: {
        'elk.padding': `[top=${stateHeaderHeight + 8},left=12,bottom=12,right=12]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${textWidth(label) + 24}, ${stateHeaderHeight + 16})`,
        // A parallel state's regions side by side, unconnected: spread them in a row.
        ...(state.kind === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
    };
  };
  const rootState = graph.states[0];
  if (!rootState) throw new Error(`machine ${graph.machineId} has no states`);
  const edges = edgesOf(graph);
  const elkEdges: ElkExtendedEdge[] = edges.map((edge) => {
    const text = edge.transition.label;
    return {
      id: edge.id,
      sources: [edge.transition.source],
      targets: [edge.target],
      labels: [{ id: `${edge.id}#label`, text, width: textWidth(text) + 6, height: edgeLabelHeight }],
    };
  });
  const rootNode = toElk(rootState);
  const input: ElkNode = {
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
  const laid = await elk.layout(input);
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const states: LaidOutState[] = [];
  const collect = (node: ElkNode) => {
    const state = byId.get(node.id);
    if (state) {
      states.push({
        ...state,
        x: node.x ?? 0,
        y: node.y ?? 0,
        width: node.width ?? 0,
        height: node.height ?? 0,
        isContainer: (node.children?.length ?? 0) > 0,
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  const edgeInfo = new Map(edges.map((edge) => [edge.id, edge]));
  const laidEdges: LaidOutEdge[] = [];
  const collectEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const info = edgeInfo.get(edge.id);
      if (!info) continue;
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const label = edge.labels?.[0];
      laidEdges.push({
        id: edge.id,
        transition: info.transition,
        source: info.transition.source,
        target: info.target,
        points,
        labelBox:
          label && label.x !== undefined && label.y !== undefined
            ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
            : null,
      });
    }
    for (const child of node.children ?? []) collectEdges(child);
  };
  collectEdges(laid);
  // Keep the order of the definition (ELK may move edges into the containers they run in).
  const order = new Map(edges.map((edge, index) => [edge.id, index]));
  laidEdges.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return {
    machineId: graph.machineId,
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    states,
    edges: laidEdges,
  };
}
