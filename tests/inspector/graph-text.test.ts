import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineGraph } from '../../src/inspector/graph/machine-graph';
import {
  layoutMachineGraph,
  layoutKey,
  type ElkLayouter,
  type LayoutCache,
  type LayoutGeometry,
} from '../../src/inspector/graph/layout';
import { edgeLabelWidth, stateText, stateTextWidth, textWidth } from '../../src/inspector/graph/graph-text';
import { graphToSvgString } from '../../src/inspector/graph/graph-svg-string';

/** Chinese state keys, a final state, a long guard and a delay: captions longer than their keys. */
const captioned = createMachine({
  id: '签约流程',
  initial: '待发起',
  states: {
    待发起: {
      on: {
        'contract.start': [
          { guard: 'isEveryPartyVerifiedAndTheSealChosen', target: '签署中' },
          { target: '已作废' },
        ],
      },
    },
    签署中: {
      initial: 'waiting',
      states: { waiting: { after: { 86400000: 'expired' } }, expired: { type: 'final' } },
      onDone: '已作废',
    },
    已作废: { type: 'final' },
  },
});

describe('machine drawing text', () => {
  it('estimates CJK characters one em and Latin narrower, bold a tenth wider', () => {
    expect(textWidth('待发起', 12)).toBe(36);
    expect(textWidth('（终态）', 10)).toBe(40);
    expect(textWidth('iiii', 10)).toBeLessThan(textWidth('mmmm', 10));
    expect(textWidth('loading', 12)).toBeGreaterThan(textWidth('loading', 11));
    expect(textWidth('loading', 12, true)).toBeGreaterThan(textWidth('loading', 12));
  });

  it('sizes every box and label from the text drawn in it, not from the state key', async () => {
    const graph = machineGraph(captioned);
    const laid = await layoutMachineGraph(graph);
    const final = laid.states.find((state) => state.id === '签约流程.已作废');
    expect(final && stateText(final)).toBe('已作废 (终态)');
    const initial = laid.states.find((state) => state.id === '签约流程.待发起');
    expect(initial && stateText(initial)).toBe('▸ 待发起');
    for (const state of laid.states) {
      const room = state.isContainer ? state.width - 16 : state.width - 24;
      expect(room, state.id).toBeGreaterThanOrEqual(stateTextWidth(state));
    }
    const guarded = laid.edges.find((edge) => edge.transition.guard !== null);
    expect(guarded?.transition.label).toBe('contract.start [isEveryPartyVerifiedAndTheSealChosen]');
    expect(laid.edges.some((edge) => edge.transition.label === '86400000 ms 后')).toBe(true);
    for (const edge of laid.edges) {
      expect(edge.labelBox, edge.id).not.toBeNull();
      expect(edge.labelBox!.width - 6, edge.id).toBeGreaterThanOrEqual(edgeLabelWidth(edge.transition.label));
    }
    // The SVG writes the very text that was measured.
    const svg = graphToSvgString(laid);
    expect(svg).toContain('>▸ 待发起</text>');
    expect(svg).toContain('>已作废 (终态)</text>');
  });

  it('lays a machine out once per definition: a cached layout is reused, a changed text is laid out again', async () => {
    const graph = machineGraph(captioned);
    const stored = new Map<string, LayoutGeometry>();
    const cache: LayoutCache = {
      read: (key) => stored.get(key) ?? null,
      write: (key, geometry) => void stored.set(key, geometry),
    };
    const first = await layoutMachineGraph(graph, { cache });
    expect([...stored.keys()]).toEqual([layoutKey(graph)]);
    const refusing: ElkLayouter = {
      layout: () => Promise.reject(new Error('elk should not run for a cached layout')),
    };
    const second = await layoutMachineGraph(graph, { cache, elk: refusing });
    expect(second).toEqual(first);

    const renamed = {
      ...graph,
      states: graph.states.map((state) =>
        state.key === '签署中' ? { ...state, key: '多方签署进行中' } : state,
      ),
    };
    expect(layoutKey(renamed)).not.toBe(layoutKey(graph));
    await expect(layoutMachineGraph(renamed, { cache, elk: refusing })).rejects.toThrow(/should not run/);
  });
});
