/**
 * npm run model:coverage — per machine, the states and transitions the model paths reach:
 * - vitest: the generated paths (states by value and context projection), as tests/machines runs them;
 * - browser: what the last Playwright run actually executed and passed, read from
 *   reports/model-runs/<E2E_PORT or 8181>.jsonl (e2e/support/model-run-reporter.ts): states and
 *   transitions driven by the UI, the real server or the page's clock, and apart from them the
 *   transitions forced through the in-app inspector, listed by name.
 * Writes reports/model-coverage.json.
 */
import { mkdirSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generatePaths, measureCoverage, type ModelSpec } from '../tests/support/machine-model';
import { observeCoverage, readPathRecords, type ObservedCoverage } from '../tests/support/observed-coverage';

const root = join(import.meta.dirname, '..');
const port = process.env['E2E_PORT'] ?? '8181';
const recordsFile = join(root, 'reports', 'model-runs', `${port}.jsonl`);
const records = readPathRecords(recordsFile);
const modelFiles = readdirSync(join(root, 'tests', 'models'))
  .filter((f) => f.endsWith('.model.ts'))
  .sort();

type Count = { covered: number; total: number };
type Browser = {
  paths: number;
  states: Count;
  transitions: Count;
  forced: { transitions: string[]; percent: number; alsoForced: string[] };
  forged: { transitions: string[]; percent: number };
  /** States reached only through the inspector or on a forged answer. */
  notDrivenStates: string[];
  missingStates: string[];
  missingTransitions: string[];
};
const report: Record<string, { states: Count; transitions: Count; browser?: Browser }> = {};
const rows: string[][] = [];
const notes: string[] = [];
const seen = new Set<string>();

function isModelSpec(value: unknown): value is ModelSpec {
  return typeof value === 'object' && value !== null && 'machine' in value && 'events' in value;
}

const fmt = (c: Count) => `${c.covered}/${c.total}`;

for (const file of modelFiles) {
  const module = (await import(join(root, 'tests', 'models', file))) as Record<string, unknown>;
  for (const spec of Object.values(module).filter(isModelSpec)) {
    const id = spec.machine.id;
    if (seen.has(id)) continue;
    seen.add(id);
    const unit = measureCoverage(spec, generatePaths(spec));
    const everything = measureCoverage(spec, []);
    const all = { states: everything.missingStates, transitions: everything.missingTransitions };
    const observed: ObservedCoverage | null = records ? observeCoverage(id, all, records) : null;
    const browser: Browser | null =
      observed && observed.paths > 0
        ? {
            paths: observed.paths,
            states: { covered: observed.drivenStates.length, total: all.states.length },
            transitions: { covered: observed.drivenTransitions.length, total: all.transitions.length },
            forced: {
              transitions: observed.forcedTransitions,
              percent: (100 * observed.forcedTransitions.length) / Math.max(1, all.transitions.length),
              alsoForced: observed.alsoForced,
            },
            forged: {
              transitions: observed.forgedTransitions,
              percent: (100 * observed.forgedTransitions.length) / Math.max(1, all.transitions.length),
            },
            notDrivenStates: observed.forcedStates,
            missingStates: observed.missingStates,
            missingTransitions: observed.missingTransitions,
          }
        : null;
    report[id] = {
      states: unit.states,
      transitions: unit.transitions,
      ...(browser ? { browser } : {}),
    };
    rows.push([
      id,
      fmt(unit.states),
      fmt(unit.transitions),
      browser ? String(browser.paths) : '—',
      browser ? fmt(browser.states) : '—',
      browser ? fmt(browser.transitions) : '—',
      browser ? `${browser.forced.transitions.length} (${browser.forced.percent.toFixed(1)}%)` : '—',
      browser ? `${browser.forged.transitions.length} (${browser.forged.percent.toFixed(1)}%)` : '—',
    ]);
    for (const missing of [...unit.missingStates, ...unit.missingTransitions])
      notes.push(`${id}: vitest does not reach ${missing}`);
    if (browser) {
      for (const forced of browser.forced.transitions)
        notes.push(`${id}: forced through the inspector: ${forced}`);
      for (const forged of browser.forged.transitions)
        notes.push(`${id}: on a server answer forged at the network layer: ${forged}`);
      for (const state of browser.notDrivenStates)
        notes.push(`${id}: reached only through the inspector or on a forged answer: ${state}`);
      for (const forced of browser.forced.alsoForced)
        notes.push(`${id}: also taken through the inspector (driven elsewhere): ${forced}`);
      for (const missing of [...browser.missingStates, ...browser.missingTransitions])
        notes.push(`${id}: the browser run does not reach ${missing}`);
    }
  }
}

const header = [
  'machine',
  'vitest states',
  'vitest transitions',
  'browser paths',
  'browser states',
  'browser transitions',
  'forced (inspector)',
  'forged (network)',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
console.log('');
const where = relative(root, recordsFile);
if (records === null || records.length === 0) {
  console.log(
    `No browser records: ${where} ${records === null ? 'does not exist' : 'is empty'}. The browser ` +
      `columns show what a Playwright run executed and passed; run the e2e model specs first ` +
      `(E2E_PORT=${port} npx playwright test e2e/<machine>.model.spec.ts).`,
  );
} else {
  const counted = records.filter((r) => r.completed && r.status === 'passed').length;
  console.log(
    `Browser columns: the last Playwright run on port ${port} (${where}, ${statSync(recordsFile).mtime.toISOString()}): ` +
      `${counted} of ${records.length} recorded paths passed and count; states and transitions driven by the UI, ` +
      `the real server or the page's clock. Forced: transitions taken only through the inspector; forged: only on a server ` +
      `answer forged at the network layer (each as % of the machine's transitions). ` +
      `— means the run has no passed path of that machine.`,
  );
}
for (const note of notes) console.log(`  ${note}`);
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports', 'model-coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log('\nwritten: reports/model-coverage.json');
