/**
 * npm run test:mutation — StrykerJS over machines/ and domain/ (stryker.config.js), one file per
 * Stryker run, and the score per file, per folder and in all, printed as one table at the end.
 *
 * Why one file a run: nearly every machine mutant is static (it sits in the machine's configuration,
 * built when the module loads), so Stryker reruns every test of its dry run for it. A run over all 52
 * files has all 3,557 in-memory tests in its dry run, and its own estimate was about 90 hours on two
 * cores; a run over one file has only the test files that import it (`related`), which is what a
 * changed rule of that file could break. The per-file results are the same mutants and the same
 * tests, run in far less time (docs/testing.md, "Mutation testing").
 *
 *   npm run test:mutation                          every file of machines/ and domain/
 *   npm run test:mutation -- machines/tabs.machine.ts domain/validators.ts
 *   npm run test:mutation -- --jobs 1              files run side by side (default 2, one core each)
 *   npm run test:mutation -- --report              only print the table of the last results
 *
 * Each file keeps its own incremental record (reports/mutation/files/<file>.incremental.json): a rerun
 * tests again only the mutants whose code or covering tests changed. Delete reports/mutation/files/
 * (or pass --force) for a full run. The merged JSON report is reports/mutation/mutation.json.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const { default: strykerConfig } = (await import(join(root, 'stryker.config.js'))) as {
  default: { mutate: string[] };
};
const reportsDir = join(root, 'reports', 'mutation');
const filesDir = join(reportsDir, 'files');
const configDir = join(root, '.tmp', 'mutation');
/** The thresholds of stryker.config.js: a folder under `low` fails the run. */
const LOW = 80;

type MutantStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored';
type FileReport = { mutants: { status: MutantStatus }[] };
type Report = { files: Record<string, FileReport> };
type Counts = { killed: number; timeout: number; survived: number; noCoverage: number; errors: number };

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const flag = (name: string) => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const jobs = Math.max(1, Number(option('--jobs') ?? 2));
const force = flag('--force');
const reportOnly = flag('--report');

/** The files stryker.config.js mutates: every .ts file of machines/ and domain/ but those it excludes (`!path`). */
function mutatedFiles(): string[] {
  const excluded = new Set(
    strykerConfig.mutate.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1)),
  );
  return ['machines', 'domain'].flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => `${folder}/${name}`)
      .filter((file) => !excluded.has(file)),
  );
}

const slug = (file: string) => file.replace(/[/.]/g, '_');
const reportFile = (file: string) => join(filesDir, `${slug(file)}.json`);

/** A Stryker configuration for one file: the project's, with its own mutate, records and sandbox. */
function writeConfig(file: string): string {
  mkdirSync(configDir, { recursive: true });
  const path = join(configDir, `${slug(file)}.config.mjs`);
  const base = relative(configDir, join(root, 'stryker.config.js')).replaceAll('\\', '/');
  writeFileSync(
    path,
    `import base from './${base}';
export default {
  ...base,
  mutate: [${JSON.stringify(file)}],
  concurrency: 1,
  incrementalFile: ${JSON.stringify(relative(root, join(filesDir, `${slug(file)}.incremental.json`)))},
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: ${JSON.stringify(relative(root, reportFile(file)))} },
  tempDirName: ${JSON.stringify(`.tmp/stryker-${slug(file)}`)},
};
`,
  );
  return path;
}

function runFile(file: string): Promise<{ file: string; exitCode: number; seconds: number }> {
  const config = writeConfig(file);
  const log = join(filesDir, `${slug(file)}.log`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'),
        'run',
        config,
        ...(force ? ['--force'] : []),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Written as it runs, so that a long file's progress can be followed (tail -f).
    const out = createWriteStream(log);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end();
      resolve({ file, exitCode: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

function count(report: Report | null): Counts {
  const counts: Counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0 };
  for (const fileReport of Object.values(report?.files ?? {})) {
    for (const { status } of fileReport.mutants) {
      if (status === 'Killed') counts.killed++;
      else if (status === 'Timeout') counts.timeout++;
      else if (status === 'Survived') counts.survived++;
      else if (status === 'NoCoverage') counts.noCoverage++;
      else if (status !== 'Ignored') counts.errors++;
    }
  }
  return counts;
}

const add = (a: Counts, b: Counts): Counts => ({
  killed: a.killed + b.killed,
  timeout: a.timeout + b.timeout,
  survived: a.survived + b.survived,
  noCoverage: a.noCoverage + b.noCoverage,
  errors: a.errors + b.errors,
});

/** Stryker's mutation score: killed and timed out over every valid mutant (errors are not valid). */
function score(c: Counts): number | null {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? null : (100 * (c.killed + c.timeout)) / valid;
}

function readReport(file: string): Report | null {
  const path = reportFile(file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Report) : null;
}

const files = args.length > 0 ? args : mutatedFiles();
const unknown = files.filter((file) => !existsSync(join(root, file)));
if (unknown.length > 0) {
  console.error(`No such file: ${unknown.join(', ')}`);
  process.exit(2);
}
mkdirSync(filesDir, { recursive: true });

const failed: string[] = [];
if (!reportOnly) {
  // The largest files first, so that two jobs do not end waiting on one long file.
  const queue = [...files].sort((a, b) => statSync(join(root, b)).size - statSync(join(root, a)).size);
  let done = 0;
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await runFile(file);
      done++;
      const c = count(readReport(file));
      const s = score(c);
      if (result.exitCode !== 0) failed.push(file);
      console.log(
        `[${done}/${files.length}] ${file}: ${result.exitCode === 0 ? (s === null ? 'no mutants' : `${s.toFixed(1)}%`) : `Stryker failed (exit ${result.exitCode}), log ${relative(root, join(filesDir, `${slug(file)}.log`))}`} in ${result.seconds} s`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
}

// The table, over every file of machines/ and domain/ that has a result (not only this run's).
const everyFile = mutatedFiles();
const merged: Report & Record<string, unknown> = {
  schemaVersion: '1',
  thresholds: { high: 90, low: LOW },
  files: {},
};
const rows: string[][] = [];
const totals: Record<string, Counts> = {};
const zero: Counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0 };
const fmt = (s: number | null) => (s === null ? '—' : s.toFixed(1));
const row = (name: string, c: Counts) => [
  name,
  String(c.killed + c.timeout + c.survived + c.noCoverage + c.errors),
  String(c.killed),
  String(c.timeout),
  String(c.survived),
  String(c.noCoverage),
  fmt(score(c)),
];
const missing: string[] = [];
for (const file of everyFile) {
  const report = readReport(file);
  if (!report) {
    missing.push(file);
    continue;
  }
  Object.assign(merged.files, report.files);
  const c = count(report);
  const folder = file.split('/')[0]!;
  totals[folder] = add(totals[folder] ?? zero, c);
  rows.push(row(file, c));
}
for (const [folder, c] of Object.entries(totals)) rows.push(row(`${folder}/ (all)`, c));
rows.push(row('all', Object.values(totals).reduce(add, zero)));
writeFileSync(join(reportsDir, 'mutation.json'), JSON.stringify(merged));

const header = ['file', 'mutants', 'killed', 'timeout', 'survived', 'no coverage', 'score %'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of rows) console.log(line(r));
if (missing.length > 0) console.log(`\nNo result yet (run them): ${missing.join(', ')}`);

const low = Object.entries(totals).filter(([, c]) => (score(c) ?? 100) < LOW);
if (failed.length > 0) console.error(`\nStryker failed on: ${failed.join(', ')}`);
if (low.length > 0) console.error(`\nUnder ${LOW}%: ${low.map(([folder]) => `${folder}/`).join(', ')}`);
process.exit(failed.length > 0 || low.length > 0 ? 1 : 0);
