/**
 * The vitest runs' model-path records on disk: one file per run in reports/model-runs/vitest/,
 * written whole by the run that made it (tests/support/model-path-reporter.ts) and read merged
 * (npm run model:coverage, npm run model:report).
 *
 * Why one file per run: two vitest processes at once (two people, or a CI run beside a developer's
 * single file) used to rewrite and append to one vitest.jsonl, and each lost or mixed the other's
 * lines. Now a run writes `<run id>.jsonl.tmp` and renames it to `<run id>.jsonl` when it ends, so
 * a reader sees a run complete or not at all, and no run writes into another's file.
 *
 * A run file's first line is its header (`{"run": {...}}`: id, when it started and ended, the test
 * files it ran as `<project> <file>`); the other lines are PathRecords. Reading merges the runs:
 * the records of a test file come from the latest finished run that ran it (a run that only ran a
 * server test does not erase the model paths), and those of test files that no longer exist are
 * dropped. A run file every one of whose files a later run has run again is deleted by the next
 * writer.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PathRecord } from './observed-coverage';

export type RunHeader = {
  id: string;
  startedAt: string;
  finishedAt: string;
  /** `<project> <file>` of every test file the run ran, with or without model paths. */
  files: string[];
};

export type VitestRun = { header: RunHeader; records: PathRecord[]; file: string };

export type MergedVitestRecords = {
  records: PathRecord[];
  /** The runs the records come from, latest last. */
  runs: RunHeader[];
};

export const runFileSuffix = '.jsonl';

export const fileKey = (project: string | undefined, file: string) => `${project ?? ''} ${file}`;

/** A run id that sorts by start time and is unique across processes. */
export function newRunId(startedAt: Date, pid = process.pid): string {
  const stamp = startedAt.toISOString().replaceAll(/[-:.]/g, '');
  return `${stamp}-${pid}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Writes a finished run: to a temporary name first, then renamed, so no reader sees half of it. */
export function writeRun(dir: string, header: RunHeader, records: PathRecord[]): string {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${header.id}${runFileSuffix}`);
  const temporary = `${target}.tmp`;
  const lines = [{ run: header }, ...records].map((line) => `${JSON.stringify(line)}\n`);
  writeFileSync(temporary, lines.join(''));
  renameSync(temporary, target);
  return target;
}

function parseRun(file: string): VitestRun | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // Deleted by another run's pruning between the listing and the read: it was superseded.
    return null;
  }
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  if (!first) return null;
  try {
    const header = (JSON.parse(first) as { run?: RunHeader }).run;
    if (!header || !Array.isArray(header.files)) return null;
    return { header, records: rest.map((line) => JSON.parse(line) as PathRecord), file };
  } catch {
    return null;
  }
}

/** The complete runs in the directory (temporary files are runs still being written), oldest first. */
export function readRuns(dir: string): VitestRun[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(runFileSuffix))
    .map((name) => parseRun(join(dir, name)))
    .filter((run): run is VitestRun => run !== null)
    .sort(
      (a, b) =>
        a.header.finishedAt.localeCompare(b.header.finishedAt) || a.header.id.localeCompare(b.header.id),
    );
}

/** For each test file, the latest run that ran it. */
function latestRunOfFile(runs: VitestRun[]): Map<string, string> {
  const latest = new Map<string, string>();
  for (const run of runs) for (const key of run.header.files) latest.set(key, run.header.id);
  return latest;
}

/**
 * The records of the latest complete runs, merged per test file; null when no run is recorded.
 * `root` is where the test files are (records of a file that is gone are dropped).
 */
export function readMergedRecords(dir: string, root: string): MergedVitestRecords | null {
  const runs = readRuns(dir);
  if (runs.length === 0) return null;
  const latest = latestRunOfFile(runs);
  const records: PathRecord[] = [];
  const used: RunHeader[] = [];
  for (const run of runs) {
    const own = run.records.filter(
      (record) =>
        latest.get(fileKey(record.project, record.file)) === run.header.id &&
        existsSync(join(root, record.file)),
    );
    if (run.header.files.some((key) => latest.get(key) === run.header.id)) used.push(run.header);
    records.push(...own);
  }
  return { records, runs: used };
}

/** Deletes the run files whose every test file a later run ran again. Safe beside other writers. */
export function pruneRuns(dir: string): void {
  const runs = readRuns(dir);
  const latest = latestRunOfFile(runs);
  for (const run of runs) {
    if (run.header.files.some((key) => latest.get(key) === run.header.id)) continue;
    rmSync(run.file, { force: true });
  }
}
