import { describe, expect, it } from 'vitest';
import { layoutMachineGraph, type LaidOutState } from '../../src/inspector/graph/layout';
import { machineGraph } from '../../src/inspector/graph/machine-graph';
import { graphToSvgString } from '../../src/inspector/graph/graph-svg-string';
import { signContractMachine } from '../../machines/sign-contract.machine';
import { approvalMachine } from '../../machines/approval.machine';

function inside(child: LaidOutState, parent: LaidOutState): boolean {
  return (
    child.x >= parent.x - 0.5 &&
    child.y >= parent.y - 0.5 &&
    child.x + child.width <= parent.x + parent.width + 0.5 &&
    child.y + child.height <= parent.y + parent.height + 0.5
  );
}

describe('machine graph layout', () => {
  it('places every state of the sign contract inside its parent, and routes every drawn transition', async () => {
    const graph = machineGraph(signContractMachine);
    const laid = await layoutMachineGraph(graph);
    expect(laid.states).toHaveLength(graph.states.length);
    const byId = new Map(laid.states.map((state) => [state.id, state]));
    for (const state of laid.states) {
      expect(state.width).toBeGreaterThan(0);
      expect(state.height).toBeGreaterThan(0);
      if (state.parentId === null) continue;
      const parent = byId.get(state.parentId);
      expect(parent, state.id).toBeDefined();
      expect(inside(state, parent!), `${state.id} inside ${state.parentId}`).toBe(true);
    }
    const targeted = graph.transitions.reduce(
      (sum, t) => sum + (t.targets.length > 0 ? t.targets.length : t.source === graph.states[0]?.id ? 0 : 1),
      0,
    );
    expect(laid.edges).toHaveLength(targeted);
    for (const edge of laid.edges) {
      expect(edge.points.length, edge.id).toBeGreaterThanOrEqual(2);
      for (const point of edge.points) {
        expect(point.x).toBeGreaterThanOrEqual(-0.5);
        expect(point.y).toBeGreaterThanOrEqual(-0.5);
        expect(point.x).toBeLessThanOrEqual(laid.width + 0.5);
        expect(point.y).toBeLessThanOrEqual(laid.height + 0.5);
      }
    }
  });

  it('writes a standalone SVG with a title per state and per transition, painted by the caller', async () => {
    const laid = await layoutMachineGraph(machineGraph(approvalMachine));
    const svg = graphToSvgString(laid, {
      paintState: (state) => (state.key === 'loading' ? { fill: '#abcdef', title: '已覆盖' } : {}),
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<g class="state /g)).toHaveLength(laid.states.length);
    expect(svg.match(/<g class="transition/g)).toHaveLength(laid.edges.length);
    expect(svg).toContain('fill="#abcdef"');
    expect(svg).toContain('已覆盖');
  });
});
