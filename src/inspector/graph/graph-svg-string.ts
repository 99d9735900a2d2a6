/**
 * A laid-out machine graph as a standalone SVG string (no React, no DOM): for pages written in Node,
 * such as the model-coverage report. Colours come from the caller per state and per edge (coverage,
 * activity); the inspector's interactive drawing is graph-view.tsx, from the same layout.
 */
import type { LaidOutEdge, LaidOutGraph, LaidOutState } from './layout';
import { headerInset, labelInset, stateHeaderHeight } from './layout';
import { edgeFontSize, stateCaption, stateFontSize, stateText } from './graph-text';

export type SvgPaint = {
  /** Stroke (edge, state border) colour. */
  stroke?: string;
  /** Fill of a state box; for an edge, the colour of its label text. */
  fill?: string;
  /** Extra class names (for a stylesheet of the page). */
  className?: string;
  /** Tooltip (SVG <title>), after the state's or transition's own name. */
  title?: string;
  /** Thicker stroke. */
  isStrong?: boolean;
};

export type SvgStringOptions = {
  paintState?: (state: LaidOutState) => SvgPaint;
  paintEdge?: (edge: LaidOutEdge) => SvgPaint;
  /** Accessible name of the whole drawing. */
  title?: string;
};

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const round = (value: number) => Math.round(value * 10) / 10;

export function edgePath(points: { x: number; y: number }[]): string {
  return points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${round(point.x)},${round(point.y)}`)
    .join(' ');
}

export function transitionTitle(edge: LaidOutEdge): string {
  const { transition } = edge;
  const parts = [`${transition.source} → ${edge.target}`, `事件 ${transition.eventType || '(立即)'}`];
  if (transition.guard) parts.push(`条件 ${transition.guard}`);
  if (transition.delay) parts.push(`延迟 ${transition.delay}`);
  if (transition.reenter) parts.push('重新进入');
  return parts.join('，');
}

export function graphToSvgString(graph: LaidOutGraph, options: SvgStringOptions = {}): string {
  const out: string[] = [];
  const width = Math.ceil(graph.width) + 2;
  const height = Math.ceil(graph.height) + 2;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="-1 -1 ${width} ${height}" width="${width}" height="${height}" font-family="sans-serif" font-size="${stateFontSize}">`,
    `<title>${escapeXml(options.title ?? `状态机 ${graph.machineId}`)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
  );
  for (const state of graph.states) {
    const paint = options.paintState?.(state) ?? {};
    const title = [stateCaption(state), state.id, paint.title].filter(Boolean).join('：');
    const isFinal = state.kind === 'final';
    out.push(
      `<g class="state state-${state.kind}${paint.className ? ` ${escapeXml(paint.className)}` : ''}" data-state-id="${escapeXml(state.id)}">`,
      `<title>${escapeXml(title)}</title>`,
      `<rect x="${round(state.x)}" y="${round(state.y)}" width="${round(state.width)}" height="${round(state.height)}" rx="6" fill="${paint.fill ?? (state.isContainer ? 'none' : '#fff')}" stroke="${paint.stroke ?? '#8b8d98'}" stroke-width="${paint.isStrong ? 2.5 : 1}"${state.kind === 'history' ? ' stroke-dasharray="4 3"' : ''}/>`,
    );
    if (isFinal) {
      out.push(
        `<rect x="${round(state.x + 3)}" y="${round(state.y + 3)}" width="${round(state.width - 6)}" height="${round(state.height - 6)}" rx="4" fill="none" stroke="${paint.stroke ?? '#8b8d98'}"/>`,
      );
    }
    const textY = state.isContainer ? state.y + stateHeaderHeight / 2 + 5 : state.y + state.height / 2 + 4;
    const textX = state.isContainer ? state.x + headerInset : state.x + state.width / 2;
    out.push(
      `<text x="${round(textX)}" y="${round(textY)}"${state.isContainer ? '' : ' text-anchor="middle"'}${state.isInitial ? ' font-weight="bold"' : ''}>${escapeXml(stateText(state))}</text>`,
      '</g>',
    );
  }
  for (const edge of graph.edges) {
    const paint = options.paintEdge?.(edge) ?? {};
    const title = [transitionTitle(edge), paint.title].filter(Boolean).join('：');
    const stroke = paint.stroke ?? '#60646c';
    out.push(
      `<g class="transition${paint.className ? ` ${escapeXml(paint.className)}` : ''}" data-transition="${escapeXml(edge.transition.key)}">`,
      `<title>${escapeXml(title)}</title>`,
      `<path d="${edgePath(edge.points)}" fill="none" stroke="${stroke}" stroke-width="${paint.isStrong ? 2.5 : 1.2}"${edge.transition.kind === 'always' ? ' stroke-dasharray="5 3"' : ''} marker-end="url(#arrow)"/>`,
    );
    if (edge.labelBox) {
      out.push(
        `<rect x="${round(edge.labelBox.x)}" y="${round(edge.labelBox.y)}" width="${round(edge.labelBox.width)}" height="${round(edge.labelBox.height)}" rx="3" fill="#fff" fill-opacity="0.85"/>`,
      );
      out.push(
        `<text x="${round(edge.labelBox.x + labelInset)}" y="${round(edge.labelBox.y + 12)}" font-size="${edgeFontSize}" fill="${paint.fill ?? '#1c2024'}">${escapeXml(edge.transition.label)}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}
