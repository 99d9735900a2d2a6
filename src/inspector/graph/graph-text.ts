/**
 * The text a machine drawing writes (a state's caption, a transition's label) and an estimate of its
 * width, from which layout.ts sizes the boxes and label boxes. The estimate is deterministic, with no
 * canvas or DOM, because the layout also runs in Node for the model-coverage report and must give
 * the same drawing there. It errs wide: per character class, the advance widths of DejaVu Sans (the
 * widest of the sans-serif fonts the drawing meets; Arial, Helvetica and the system UI fonts are
 * narrower), CJK and full-width characters one em, and bold (an active state, an enabled transition)
 * a tenth wider.
 */
import type { GraphState } from './machine-graph';

export const stateFontSize = 12;
export const edgeFontSize = 11;

/** Em widths per character class (DejaVu Sans, rounded up). */
const narrowChars = new Set("ijlI.,:;'|!`");
const mediumChars = new Set('frt()[]{}-/\\" ');
const wideChars = new Set('mwMW#&%@');
const boldFactor = 1.1;

function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  // CJK radicals onwards, including full-width forms and punctuation (（）：，、).
  if (code >= 0x2e80) return 1;
  if (code > 0x7f) return 0.9;
  if (narrowChars.has(char)) return 0.34;
  if (mediumChars.has(char)) return 0.42;
  if (wideChars.has(char)) return 1;
  if (char >= 'A' && char <= 'Z') return 0.78;
  return 0.64;
}

/** Estimated width in pixels of `text` drawn at `fontSize` px, rounded up. */
export function textWidth(text: string, fontSize = stateFontSize, isBold = false): number {
  let ems = 0;
  for (const char of text) ems += charWidth(char);
  return Math.ceil(ems * fontSize * (isBold ? boldFactor : 1));
}

type CaptionedState = Pick<GraphState, 'key' | 'kind' | 'history' | 'isInitial'>;

/** How a state's name is written in the drawing: its key, with its kind where it is not plain. */
export function stateCaption(state: CaptionedState): string {
  if (state.kind === 'final') return `${state.key} (终态)`;
  if (state.kind === 'history') return `${state.key} (历史${state.history === 'deep' ? '·深' : ''})`;
  if (state.kind === 'parallel') return `${state.key} (并行)`;
  return state.key;
}

/** The whole text of a state's box: its caption, marked `▸ ` when it is its parent's initial state. */
export function stateText(state: CaptionedState): string {
  return `${state.isInitial ? '▸ ' : ''}${stateCaption(state)}`;
}

/**
 * Width of a state's text as it may be drawn: bold, since an active or initial state is. The box
 * is sized from this, so it holds the caption whatever the state's marking.
 */
export function stateTextWidth(state: CaptionedState): number {
  return textWidth(stateText(state), stateFontSize, true);
}

/** Width of a transition's label as it may be drawn (bold when the transition is enabled). */
export function edgeLabelWidth(label: string): number {
  return textWidth(label, edgeFontSize, true);
}
