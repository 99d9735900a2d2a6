/**
 * A browser path costs seconds, and generatePaths gives one path per (state, event sample) pair of
 * the model — for the ledger machines that is far more paths than transitions. This picks, from
 * exactly those generated paths, a small subset that still reaches every state and takes every
 * transition (greedy set cover, shorter paths first on ties), and checks that it does.
 */
import { measureCoverage, type ModelPath, type ModelSpec } from '../../tests/support/machine-model';

export function selectCoveringPaths(
  spec: ModelSpec,
  paths: ModelPath[],
  /** Paths the browser cannot drive faithfully (e.g. an event sent while a call is in flight). */
  isUsable: (path: ModelPath) => boolean = () => true,
): ModelPath[] {
  const everything = measureCoverage(spec, []);
  const targets = [
    ...everything.missingStates.map((s) => `state ${s}`),
    ...everything.missingTransitions.map((t) => `transition ${t}`),
  ];
  const candidates = paths.filter(isUsable);
  const reaches = candidates.map((path) => {
    const coverage = measureCoverage(spec, [path]);
    const missing = new Set([
      ...coverage.missingStates.map((s) => `state ${s}`),
      ...coverage.missingTransitions.map((t) => `transition ${t}`),
    ]);
    return targets.filter((target) => !missing.has(target));
  });
  const left = new Set(targets);
  const chosen: ModelPath[] = [];
  for (;;) {
    let best = -1;
    let bestScore = 0;
    reaches.forEach((reached, index) => {
      const score = reached.filter((t) => left.has(t)).length;
      const isShorter =
        best >= 0 && (candidates[index]?.steps.length ?? 0) < (candidates[best]?.steps.length ?? 0);
      if (score > bestScore || (score === bestScore && score > 0 && isShorter)) {
        best = index;
        bestScore = score;
      }
    });
    if (best < 0) break;
    const path = candidates[best];
    if (!path) break;
    chosen.push(path);
    for (const target of reaches[best] ?? []) left.delete(target);
  }
  if (left.size > 0) throw new Error(`the usable paths of ${spec.machine.id} miss:\n${[...left].join('\n')}`);
  return chosen;
}
