/**
 * What `npm run model:coverage` prints and `npm run model:report` draws, computed once for both:
 * per machine of tests/models, its states and transitions (measureCoverage's names) and what the
 * records of the last runs reached.
 * - vitest: reports/model-runs/vitest/, one file per run (tests/support/model-path-reporter.ts,
 *   tests/support/vitest-model-runs.ts), merged: per test file the latest complete run that ran it;
 *   the paths the model tests ran on the real machine. Only when there is no record at all are the
 *   figures computed from the generated paths instead (source `computed`, said as such); a machine
 *   the records do not mention has none (source `none`).
 * - browser: reports/model-runs/<E2E_PORT or 8181>.jsonl (e2e/support/model-run-reporter.ts): what
 *   the last Playwright run executed and passed, driven apart from forced (inspector) and forged
 *   (an answer forged at the network layer, with its reason).
 * Only paths that ran to their end in a test that passed count (observed-coverage.ts).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePaths, measureCoverage, type ModelSpec } from '../tests/support/machine-model';
import { readMergedRecords } from '../tests/support/vitest-model-runs';
import {
  countsForCoverage,
  observeCoverage,
  readPathRecords,
  type ObservedCoverage,
  type PathRecord,
} from '../tests/support/observed-coverage';

export type Count = { covered: number; total: number };

/** Paths of one machine in one run's records, by outcome. */
export type PathTally = {
  /** Ran to their end in a passed test: these count. */
  passed: number;
  failed: number;
  skipped: number;
  /** Other outcomes (interrupted, timed out) or a passed test whose path stopped early. */
  other: number;
};

export type VitestCoverage = {
  /** records: the last vitest run's records; computed: from the generated paths (no records at all); none. */
  source: 'records' | 'computed' | 'none';
  paths: PathTally;
  states: Count;
  transitions: Count;
  coveredStates: string[];
  coveredTransitions: string[];
  missingStates: string[];
  missingTransitions: string[];
};

export type BrowserCoverage = {
  paths: number;
  tally: PathTally;
  states: Count;
  transitions: Count;
  forced: { transitions: string[]; percent: number; alsoForced: string[] };
  forged: { transitions: string[]; percent: number; reasons: Record<string, string[]> };
  /** States reached only through the inspector or on a forged answer. */
  notDrivenStates: string[];
  /** Of those, the ones reached only on a forged answer. */
  forgedStates: string[];
  drivenStates: string[];
  drivenTransitions: string[];
  missingStates: string[];
  missingTransitions: string[];
};

export type MachineCoverage = {
  id: string;
  /** tests/models/<file> the spec comes from. */
  modelFile: string;
  spec: ModelSpec;
  states: string[];
  transitions: string[];
  vitest: VitestCoverage;
  /** Null when the browser records have no path of this machine (or there are none). */
  browser: BrowserCoverage | null;
  vitestRecords: PathRecord[];
  browserRecords: PathRecord[];
};

export type RecordsFile = {
  file: string;
  exists: boolean;
  records: number;
  /** The file's modification time (ISO), if it exists. */
  written: string | null;
};

export type ModelCoverageData = {
  machines: MachineCoverage[];
  vitestSource: 'records' | 'computed';
  vitestRecords: RecordsFile;
  browserRecords: RecordsFile;
  port: string;
};

export type CoverageOptions = {
  root: string;
  /** Default: E2E_PORT or 8181. */
  port?: string;
  /** The vitest runs' directory; default <root>/reports/model-runs/vitest. */
  vitestRunsDir?: string;
  /** Instead of the runs' directory: one file of records (a fixture). */
  vitestRecordsFile?: string;
  /** Default: <root>/reports/model-runs/<port>.jsonl. */
  browserRecordsFile?: string;
  /** Only these machines (ids); default all. */
  machines?: string[];
};

function isModelSpec(value: unknown): value is ModelSpec {
  return typeof value === 'object' && value !== null && 'machine' in value && 'events' in value;
}

function tally(records: PathRecord[]): PathTally {
  const result: PathTally = { passed: 0, failed: 0, skipped: 0, other: 0 };
  for (const record of records) {
    if (countsForCoverage(record)) result.passed += 1;
    else if (record.status === 'failed' || record.status === 'timedOut') result.failed += 1;
    else if (record.status === 'skipped') result.skipped += 1;
    else result.other += 1;
  }
  return result;
}

function describeFile(root: string, file: string, records: PathRecord[] | null): RecordsFile {
  return {
    file: relative(root, file),
    exists: records !== null,
    records: records?.length ?? 0,
    written: records !== null && existsSync(file) ? statSync(file).mtime.toISOString() : null,
  };
}

const percent = (part: number, whole: number) => (100 * part) / Math.max(1, whole);

function browserCoverage(
  observed: ObservedCoverage,
  all: { states: string[]; transitions: string[] },
  records: PathRecord[],
): BrowserCoverage {
  const reasons: Record<string, string[]> = {};
  for (const record of records.filter(countsForCoverage)) {
    for (const step of record.steps) {
      if (step.source !== 'network') continue;
      for (const transition of step.transitions) {
        const list = (reasons[transition] ??= []);
        const reason = step.reason ?? '（记录中未注明原因）';
        if (!list.includes(reason)) list.push(reason);
      }
    }
  }
  return {
    paths: observed.paths,
    tally: tally(records),
    states: { covered: observed.drivenStates.length, total: all.states.length },
    transitions: { covered: observed.drivenTransitions.length, total: all.transitions.length },
    forced: {
      transitions: observed.forcedTransitions,
      percent: percent(observed.forcedTransitions.length, all.transitions.length),
      alsoForced: observed.alsoForced,
    },
    forged: {
      transitions: observed.forgedTransitions,
      percent: percent(observed.forgedTransitions.length, all.transitions.length),
      reasons: Object.fromEntries(
        Object.entries(reasons).filter(([transition]) => observed.forgedTransitions.includes(transition)),
      ),
    },
    notDrivenStates: observed.forcedStates,
    forgedStates: observed.forgedStates,
    drivenStates: observed.drivenStates,
    drivenTransitions: observed.drivenTransitions,
    missingStates: observed.missingStates,
    missingTransitions: observed.missingTransitions,
  };
}

/** A vitest record of a skipped path test names no machine: its file's other records or model do. */
function resolveMachines(records: PathRecord[], machineOfModelFile: Map<string, string>): PathRecord[] {
  const byFile = new Map<string, string>();
  for (const record of records) if (record.machine) byFile.set(record.file, record.machine);
  return records.map((record) => {
    if (record.machine) return record;
    const model = basename(record.file).replace(/\.test\.ts$/, '.ts');
    const machine = byFile.get(record.file) ?? machineOfModelFile.get(model) ?? '';
    return { ...record, machine };
  });
}

/** The vitest records: one fixture file, or the merged runs of the runs' directory. */
function readVitestRecords(
  root: string,
  options: CoverageOptions,
): { records: PathRecord[] | null; described: RecordsFile } {
  if (options.vitestRecordsFile) {
    const records = readPathRecords(options.vitestRecordsFile);
    return { records, described: describeFile(root, options.vitestRecordsFile, records) };
  }
  const dir = options.vitestRunsDir ?? join(root, 'reports', 'model-runs', 'vitest');
  const merged = readMergedRecords(dir, root);
  return {
    records: merged?.records ?? null,
    described: {
      file: `${relative(root, dir)}/`,
      exists: merged !== null,
      records: merged?.records.length ?? 0,
      written: merged?.runs.at(-1)?.finishedAt ?? null,
    },
  };
}

export async function collectModelCoverage(options: CoverageOptions): Promise<ModelCoverageData> {
  const { root } = options;
  const port = options.port ?? process.env['E2E_PORT'] ?? '8181';
  const browserFile = options.browserRecordsFile ?? join(root, 'reports', 'model-runs', `${port}.jsonl`);
  const vitestRead = readVitestRecords(root, options);
  const rawVitest = vitestRead.records;
  const browser = readPathRecords(browserFile);
  const vitestSource = rawVitest !== null && rawVitest.length > 0 ? 'records' : 'computed';

  const modelsDir = join(root, 'tests', 'models');
  const modelFiles = readdirSync(modelsDir)
    .filter((f) => f.endsWith('.model.ts'))
    .sort();
  const specs: { spec: ModelSpec; modelFile: string }[] = [];
  const machineOfModelFile = new Map<string, string>();
  const seen = new Set<string>();
  for (const file of modelFiles) {
    const module = (await import(pathToFileURL(join(modelsDir, file)).href)) as Record<string, unknown>;
    for (const spec of Object.values(module).filter(isModelSpec)) {
      const id = spec.machine.id;
      if (!machineOfModelFile.has(file)) machineOfModelFile.set(file, id);
      if (seen.has(id)) continue;
      seen.add(id);
      if (options.machines && !options.machines.includes(id)) continue;
      specs.push({ spec, modelFile: file });
    }
  }
  const vitestRecords = rawVitest ? resolveMachines(rawVitest, machineOfModelFile) : [];

  const machines: MachineCoverage[] = specs.map(({ spec, modelFile }) => {
    const id = spec.machine.id;
    const everything = measureCoverage(spec, []);
    const all = { states: everything.missingStates, transitions: everything.missingTransitions };
    const ownVitest = vitestRecords.filter((r) => r.machine === id);
    let vitest: VitestCoverage;
    if (vitestSource === 'computed') {
      const unit = measureCoverage(spec, generatePaths(spec));
      vitest = {
        source: 'computed',
        paths: { passed: 0, failed: 0, skipped: 0, other: 0 },
        states: unit.states,
        transitions: unit.transitions,
        coveredStates: all.states.filter((s) => !unit.missingStates.includes(s)),
        coveredTransitions: all.transitions.filter((t) => !unit.missingTransitions.includes(t)),
        missingStates: unit.missingStates,
        missingTransitions: unit.missingTransitions,
      };
    } else {
      const observed = observeCoverage(id, all, ownVitest);
      vitest = {
        source: ownVitest.length > 0 ? 'records' : 'none',
        paths: tally(ownVitest),
        states: { covered: observed.drivenStates.length, total: all.states.length },
        transitions: { covered: observed.drivenTransitions.length, total: all.transitions.length },
        coveredStates: observed.drivenStates,
        coveredTransitions: observed.drivenTransitions,
        missingStates: all.states.filter((s) => !observed.drivenStates.includes(s)),
        missingTransitions: all.transitions.filter((t) => !observed.drivenTransitions.includes(t)),
      };
    }
    const ownBrowser = (browser ?? []).filter((r) => r.machine === id);
    const observed = observeCoverage(id, all, ownBrowser);
    return {
      id,
      modelFile,
      spec,
      states: all.states,
      transitions: all.transitions,
      vitest,
      browser: observed.paths > 0 ? browserCoverage(observed, all, ownBrowser) : null,
      vitestRecords: ownVitest,
      browserRecords: ownBrowser,
    };
  });
  return {
    machines,
    vitestSource,
    vitestRecords: vitestRead.described,
    browserRecords: describeFile(root, browserFile, browser),
    port,
  };
}

const fmt = (c: Count) => `${c.covered}/${c.total}`;

/** The columns npm run model:coverage prints. */
export const coverageHeader = [
  'machine',
  'vitest paths passed',
  'vitest states',
  'vitest transitions',
  'browser paths',
  'browser states',
  'browser transitions',
  'forced (inspector)',
  'forged (network)',
];

/** The rows npm run model:coverage prints, one per machine (— where the records have nothing). */
export function coverageRows(data: ModelCoverageData): string[][] {
  return data.machines.map((machine) => {
    const { id, vitest, browser } = machine;
    const hasVitest = vitest.source !== 'none';
    return [
      id,
      vitest.source === 'records' ? `${vitest.paths.passed}/${machine.vitestRecords.length}` : '—',
      hasVitest ? fmt(vitest.states) : '—',
      hasVitest ? fmt(vitest.transitions) : '—',
      browser ? String(browser.paths) : '—',
      browser ? fmt(browser.states) : '—',
      browser ? fmt(browser.transitions) : '—',
      browser ? `${browser.forced.transitions.length} (${browser.forced.percent.toFixed(1)}%)` : '—',
      browser ? `${browser.forged.transitions.length} (${browser.forged.percent.toFixed(1)}%)` : '—',
    ];
  });
}
