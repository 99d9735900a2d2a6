/**
 * Observed browser coverage: what the Playwright paths actually executed, read from the records
 * runPathInBrowser attaches to each test and e2e/support/model-run-reporter.ts writes to
 * reports/model-runs/<port>.jsonl (one line per path, replaced by every run). Only paths that ran
 * to their end in a test that passed count; a transition taken through the inspector is forced, and
 * one taken on a server answer forged at the network layer (page.route, for an answer the real
 * server cannot give) is forged: both are counted apart from those the UI, the real server or the
 * page's clock drove.
 */
import { readFileSync, existsSync } from 'node:fs';

/**
 * How an event of a browser path was produced: by what a person does (ui), the real server's answer
 * (server; a request failed at the network layer counts as one), the page's clock, a server answer
 * forged at the network layer (network), or sent to the machine through the in-app inspector; in
 * vitest (machine) every event is sent to the real machine, its actors and clock simulated.
 */
export type EventSource = 'ui' | 'server' | 'clock' | 'network' | 'inspector' | 'machine';

/** The name of a vitest test that runs one generated path is this prefix and the path's description. */
export const pathTestPrefix = 'follows the model: ';

export type StepRecord = {
  event: string;
  source: EventSource;
  /** Every active state node after the step (the atomic ones asserted, with their ancestors). */
  states: string[];
  /** The transitions the step took, named as measureCoverage names them. */
  transitions: string[];
  /** Why the answer was forged (source network): what the real server cannot give. */
  reason?: string;
};

export type PathRecord = {
  machine: string;
  file: string;
  test: string;
  path: string;
  /** False when the path stopped before its last step (a step or an assertion failed). */
  completed: boolean;
  /** The outcome of the test the path ran in (Playwright's, or vitest's passed/failed/skipped). */
  status: string;
  retry: number;
  steps: StepRecord[];
  /** The test's first error message when it failed. */
  error?: string;
  /** The vitest project (pglite, postgres); absent for the browser. */
  project?: string;
  /** When the run that wrote the record started (ISO). */
  at?: string;
};

export type ObservedCoverage = {
  paths: number;
  /** States and transitions reached by steps the UI, the server or the clock drove. */
  drivenStates: string[];
  drivenTransitions: string[];
  /** Transitions taken through the inspector that no driven step took. */
  forcedTransitions: string[];
  /** Transitions taken on a forged server answer that no driven or forced step took. */
  forgedTransitions: string[];
  /** States reached only through the inspector (or a forged answer). */
  forcedStates: string[];
  /** Of those, the states reached only on a forged answer (never through the inspector). */
  forgedStates: string[];
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
  const reached = { driven: new Set<string>(), inspector: new Set<string>(), network: new Set<string>() };
  const taken = { driven: new Set<string>(), inspector: new Set<string>(), network: new Set<string>() };
  for (const record of counted) {
    for (const step of record.steps) {
      const kind =
        step.source === 'inspector' ? 'inspector' : step.source === 'network' ? 'network' : 'driven';
      for (const state of step.states) reached[kind].add(state);
      for (const transition of step.transitions) taken[kind].add(transition);
    }
  }
  const pick = (list: string[], test: (item: string) => boolean) => list.filter(test);
  return {
    paths: counted.length,
    drivenStates: pick(all.states, (s) => reached.driven.has(s)),
    drivenTransitions: pick(all.transitions, (t) => taken.driven.has(t)),
    forcedTransitions: pick(all.transitions, (t) => taken.inspector.has(t) && !taken.driven.has(t)),
    forgedTransitions: pick(
      all.transitions,
      (t) => taken.network.has(t) && !taken.driven.has(t) && !taken.inspector.has(t),
    ),
    forcedStates: pick(
      all.states,
      (s) => !reached.driven.has(s) && (reached.inspector.has(s) || reached.network.has(s)),
    ),
    forgedStates: pick(
      all.states,
      (s) => !reached.driven.has(s) && !reached.inspector.has(s) && reached.network.has(s),
    ),
    alsoForced: pick(all.transitions, (t) => taken.inspector.has(t) && taken.driven.has(t)),
    missingStates: pick(
      all.states,
      (s) => !reached.driven.has(s) && !reached.inspector.has(s) && !reached.network.has(s),
    ),
    missingTransitions: pick(
      all.transitions,
      (t) => !taken.driven.has(t) && !taken.inspector.has(t) && !taken.network.has(t),
    ),
  };
}
