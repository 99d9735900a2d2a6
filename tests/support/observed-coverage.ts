/**
 * Observed browser coverage: what the Playwright paths actually executed, read from the records
 * runPathInBrowser attaches to each test and e2e/support/model-run-reporter.ts writes to
 * reports/model-runs/<port>.jsonl (one line per path, replaced by every run). Only paths that ran
 * to their end in a test that passed count; a transition taken through the inspector is forced and
 * counted apart from those the UI, the real server or the page's clock drove.
 */
import { readFileSync, existsSync } from 'node:fs';

/** How an event of a browser path was produced. */
export type EventSource = 'ui' | 'server' | 'clock' | 'inspector';

export type StepRecord = {
  event: string;
  source: EventSource;
  /** Every active state node after the step (the atomic ones asserted, with their ancestors). */
  states: string[];
  /** The transitions the step took, named as measureCoverage names them. */
  transitions: string[];
};

export type PathRecord = {
  machine: string;
  file: string;
  test: string;
  path: string;
  /** False when the path stopped before its last step (a step or an assertion failed). */
  completed: boolean;
  /** The Playwright outcome of the test the path ran in. */
  status: string;
  retry: number;
  steps: StepRecord[];
};

export type ObservedCoverage = {
  paths: number;
  /** States and transitions reached by steps the UI, the server or the clock drove. */
  drivenStates: string[];
  drivenTransitions: string[];
  /** Transitions taken through the inspector that no driven step took. */
  forcedTransitions: string[];
  /** States reached only through the inspector. */
  forcedStates: string[];
  /** Transitions taken through the inspector although a driven step took them too. */
  alsoForced: string[];
  missingStates: string[];
  missingTransitions: string[];
};

export function readPathRecords(file: string): PathRecord[] | null {
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PathRecord);
}

export function countsForCoverage(record: PathRecord): boolean {
  return record.completed && record.status === 'passed';
}

/** The observed coverage of one machine, given all its states and transitions (measureCoverage's names). */
export function observeCoverage(
  machine: string,
  all: { states: string[]; transitions: string[] },
  records: PathRecord[],
): ObservedCoverage {
  const counted = records.filter((r) => r.machine === machine && countsForCoverage(r));
  const drivenStates = new Set<string>();
  const drivenTransitions = new Set<string>();
  const inspectorStates = new Set<string>();
  const inspectorTransitions = new Set<string>();
  for (const record of counted) {
    for (const step of record.steps) {
      const isForced = step.source === 'inspector';
      for (const state of step.states) (isForced ? inspectorStates : drivenStates).add(state);
      for (const transition of step.transitions)
        (isForced ? inspectorTransitions : drivenTransitions).add(transition);
    }
  }
  const known = (list: string[], set: Set<string>) => list.filter((item) => set.has(item));
  const forcedTransitions = [...inspectorTransitions].filter((t) => !drivenTransitions.has(t));
  const forcedStates = [...inspectorStates].filter((s) => !drivenStates.has(s));
  return {
    paths: counted.length,
    drivenStates: known(all.states, drivenStates),
    drivenTransitions: known(all.transitions, drivenTransitions),
    forcedTransitions: known(all.transitions, new Set(forcedTransitions)),
    forcedStates: known(all.states, new Set(forcedStates)),
    alsoForced: known(
      all.transitions,
      new Set([...inspectorTransitions].filter((t) => drivenTransitions.has(t))),
    ),
    missingStates: all.states.filter((s) => !drivenStates.has(s) && !inspectorStates.has(s)),
    missingTransitions: all.transitions.filter(
      (t) => !drivenTransitions.has(t) && !inspectorTransitions.has(t),
    ),
  };
}
