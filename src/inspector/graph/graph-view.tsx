/**
 * The inspector's drawing of a laid-out machine (layout.ts): states as nested boxes, transitions as
 * arrows with their labels; active states, enabled transitions and the last transition taken marked
 * by class (inspector.css). Zoom buttons and a scrolling frame for big machines. An enabled arrow
 * fires on click; keyboard users fire from the transition buttons beside the drawing.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { LaidOutGraph } from './layout';
import { headerInset, labelInset, stateHeaderHeight } from './layout';
import { edgePath, transitionTitle } from './graph-svg-string';
import { stateCaption, stateText } from './graph-text';
import type { GraphTransition } from './machine-graph';

export type EdgeMark = 'enabled' | 'blocked' | 'unknown';

export type GraphViewProps = {
  graph: LaidOutGraph;
  activeIds?: ReadonlySet<string>;
  marks?: ReadonlyMap<string, EdgeMark>;
  lastTaken?: ReadonlySet<string>;
  onFire?: (transition: GraphTransition) => void;
};

const markText: Record<EdgeMark, string> = { enabled: '可触发', blocked: '条件不满足', unknown: '需要参数' };

export function GraphView({ graph, activeIds, marks, lastTaken, onFire }: GraphViewProps) {
  const [scale, setScale] = useState(1);
  const frame = useRef<HTMLDivElement>(null);
  const activeKey = [...(activeIds ?? [])].join('|');
  // A big machine is wider than the panel: bring its deepest active state into view.
  useEffect(() => {
    const deepest = graph.states.filter((state) => activeKey.split('|').includes(state.id)).at(-1);
    const element = frame.current;
    if (!deepest || !element) return;
    element.scrollLeft = Math.max(0, (deepest.x + deepest.width / 2) * scale - element.clientWidth / 2);
    element.scrollTop = Math.max(0, (deepest.y + deepest.height / 2) * scale - element.clientHeight / 2);
    // Only when the drawing or the active states change, not on zoom (the user is looking around).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [graph, activeKey]);
  const width = Math.ceil(graph.width) + 2;
  const height = Math.ceil(graph.height) + 2;
  return (
    <div className="inspector-graph" data-machine={graph.machineId}>
      <Flex gap="1" align="center" mb="1">
        <Button size="1" variant="soft" onClick={() => setScale((s) => Math.max(0.3, s / 1.25))}>
          缩小
        </Button>
        <Button size="1" variant="soft" onClick={() => setScale((s) => Math.min(3, s * 1.25))}>
          放大
        </Button>
        <Button size="1" variant="soft" onClick={() => setScale(1)}>
          原始大小
        </Button>
        <Text size="1" color="gray">
          {Math.round(scale * 100)}%
        </Text>
      </Flex>
      <div
        className="inspector-graph-frame"
        tabIndex={0}
        role="region"
        aria-label={`状态图 ${graph.machineId}`}
      >
        <svg
          role="img"
          aria-label={`状态机 ${graph.machineId} 的状态图`}
          viewBox={`-1 -1 ${width} ${height}`}
          width={width * scale}
          height={height * scale}
        >
          <title>{`状态机 ${graph.machineId} 的状态图`}</title>
          <defs>
            <marker
              id="inspector-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" fill="context-stroke" />
            </marker>
          </defs>
          {graph.states.map((state) => {
            const isActive = activeIds?.has(state.id) === true;
            return (
              <g
                key={state.id}
                className={`graph-state graph-state-${state.kind}${isActive ? ' is-active' : ''}`}
                data-state-id={state.id}
                data-active={isActive ? 'true' : undefined}
              >
                <title>{`${stateCaption(state)}（${state.id}）${isActive ? '：当前状态' : ''}`}</title>
                <rect x={state.x} y={state.y} width={state.width} height={state.height} rx={6} />
                {state.kind === 'final' && (
                  <rect
                    className="graph-final-inner"
                    x={state.x + 3}
                    y={state.y + 3}
                    width={state.width - 6}
                    height={state.height - 6}
                    rx={4}
                  />
                )}
                <text
                  x={state.isContainer ? state.x + headerInset : state.x + state.width / 2}
                  y={state.isContainer ? state.y + stateHeaderHeight / 2 + 5 : state.y + state.height / 2 + 4}
                  textAnchor={state.isContainer ? 'start' : 'middle'}
                  fontWeight={state.isInitial ? 'bold' : undefined}
                >
                  {stateText(state)}
                </text>
              </g>
            );
          })}
          {graph.edges.map((edge) => {
            const mark = marks?.get(edge.transition.key);
            const isLast = lastTaken?.has(edge.transition.key) === true;
            const canFire = mark === 'enabled' && onFire !== undefined;
            return (
              <g
                key={edge.id}
                className={`graph-edge${mark ? ` is-${mark}` : ''}${isLast ? ' is-last' : ''}${
                  edge.transition.kind === 'always' ? ' is-always' : ''
                }`}
                data-transition={edge.transition.key}
                data-mark={mark}
                data-last={isLast ? 'true' : undefined}
                onClick={canFire ? () => onFire(edge.transition) : undefined}
              >
                <title>
                  {`${transitionTitle(edge)}${mark ? `：${markText[mark]}` : ''}${isLast ? '：上一次经过' : ''}${
                    canFire ? '（点击触发）' : ''
                  }`}
                </title>
                <path d={edgePath(edge.points)} markerEnd="url(#inspector-arrow)" />
                {edge.labelBox && (
                  <>
                    <rect
                      className="graph-edge-label"
                      x={edge.labelBox.x}
                      y={edge.labelBox.y}
                      width={edge.labelBox.width}
                      height={edge.labelBox.height}
                      rx={3}
                    />
                    <text x={edge.labelBox.x + labelInset} y={edge.labelBox.y + 12}>
                      {edge.transition.label}
                    </text>
                  </>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}
