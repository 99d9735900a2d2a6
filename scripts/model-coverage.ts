/**
 * npm run model:coverage — per machine, the states and transitions that the generated paths reach:
 * the vitest paths (states by value and context projection) and the Playwright paths (states by
 * value) where a browser model exists. Writes reports/model-coverage.json.
 */
import { mkdirSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { generatePaths, measureCoverage, type ModelSpec } from '../tests/support/machine-model';
import { browserModel } from '../e2e/support/run-browser-path';

const root = join(import.meta.dirname, '..');
const modelFiles = readdirSync(join(root, 'tests', 'models'))
  .filter((f) => f.endsWith('.model.ts'))
  .sort();

type Count = { covered: number; total: number };
const report: Record<
  string,
  { states: Count; transitions: Count; e2e?: { states: Count; transitions: Count } }
> = {};
const rows: string[][] = [];

function isModelSpec(value: unknown): value is ModelSpec {
  return typeof value === 'object' && value !== null && 'machine' in value && 'events' in value;
}

for (const file of modelFiles) {
  const module = (await import(join(root, 'tests', 'models', file))) as Record<string, unknown>;
  for (const spec of Object.values(module).filter(isModelSpec)) {
    const id = spec.machine.id;
    const unit = measureCoverage(spec, generatePaths(spec));
    const browserSpec = browserModel(spec);
    const hasBrowserPaths = existsSync(join(root, 'e2e', `${file.replace('.model.ts', '')}.model.spec.ts`));
    const browser = hasBrowserPaths ? measureCoverage(browserSpec, generatePaths(browserSpec)) : null;
    report[id] = {
      states: unit.states,
      transitions: unit.transitions,
      ...(browser ? { e2e: { states: browser.states, transitions: browser.transitions } } : {}),
    };
    const fmt = (c: Count) => `${c.covered}/${c.total}`;
    rows.push([
      id,
      fmt(unit.states),
      fmt(unit.transitions),
      browser ? fmt(browser.states) : '—',
      browser ? fmt(browser.transitions) : '—',
    ]);
    for (const missing of [...unit.missingStates, ...unit.missingTransitions])
      console.warn(`  ${id}: not reached: ${missing}`);
  }
}

const header = ['machine', 'vitest states', 'vitest transitions', 'browser states', 'browser transitions'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports', 'model-coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log('\nwritten: reports/model-coverage.json');
