/**
 * npm run model:coverage — per machine, the states and transitions the model paths reached in the
 * last runs (scripts/model-coverage-data.ts, shared with npm run model:report):
 * - vitest: the records of the last vitest runs of the model tests (reports/model-runs/vitest/, one
 *   file per run, merged per test file: tests/support/vitest-model-runs.ts); computed from the generated paths only when there are no
 *   records at all, and then said so;
 * - browser: what the last Playwright run actually executed and passed, read from
 *   reports/model-runs/<E2E_PORT or 8181>.jsonl (e2e/support/model-run-reporter.ts): states and
 *   transitions driven by the UI, the real server or the page's clock, and apart from them the
 *   transitions forced through the in-app inspector and those taken on an answer forged at the
 *   network layer, listed by name.
 * Writes reports/model-coverage.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  collectModelCoverage,
  coverageHeader,
  coverageRows,
  type MachineCoverage,
} from './model-coverage-data';

const root = join(import.meta.dirname, '..');
const data = await collectModelCoverage({ root });

/** The JSON of reports/model-coverage.json for one machine. */
function summary(machine: MachineCoverage) {
  const { vitest, browser } = machine;
  return {
    states: vitest.states,
    transitions: vitest.transitions,
    vitest: { source: vitest.source, paths: vitest.paths },
    ...(browser
      ? {
          browser: {
            paths: browser.paths,
            tally: browser.tally,
            states: browser.states,
            transitions: browser.transitions,
            forced: browser.forced,
            forged: browser.forged,
            notDrivenStates: browser.notDrivenStates,
            missingStates: browser.missingStates,
            missingTransitions: browser.missingTransitions,
          },
        }
      : {}),
  };
}

const rows = coverageRows(data);
const notes: string[] = [];
for (const machine of data.machines) {
  const { id, vitest, browser } = machine;
  if (vitest.source !== 'none')
    for (const missing of [...vitest.missingStates, ...vitest.missingTransitions])
      notes.push(`${id}: vitest does not reach ${missing}`);
  const failedVitest = vitest.paths.failed + vitest.paths.other;
  if (failedVitest > 0) notes.push(`${id}: ${failedVitest} vitest path(s) failed or stopped early`);
  if (browser) {
    for (const forced of browser.forced.transitions)
      notes.push(`${id}: forced through the inspector: ${forced}`);
    for (const forged of browser.forged.transitions)
      notes.push(
        `${id}: on a server answer forged at the network layer: ${forged} (${(browser.forged.reasons[forged] ?? []).join('; ')})`,
      );
    for (const state of browser.notDrivenStates)
      notes.push(`${id}: reached only through the inspector or on a forged answer: ${state}`);
    for (const forced of browser.forced.alsoForced)
      notes.push(`${id}: also taken through the inspector (driven elsewhere): ${forced}`);
    for (const missing of [...browser.missingStates, ...browser.missingTransitions])
      notes.push(`${id}: the browser run does not reach ${missing}`);
  }
}

const header = coverageHeader;
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
console.log('');

const vitestFile = data.vitestRecords;
if (data.vitestSource === 'computed') {
  console.log(
    `Vitest columns: COMPUTED from the generated paths, not from a run: ${vitestFile.file} ` +
      `${vitestFile.exists ? 'is empty' : 'does not exist'}. Run the model tests ` +
      `(npx vitest run --project pglite tests/machines) to record what they actually ran.`,
  );
} else {
  console.log(
    `Vitest columns: the records of the last vitest runs (${vitestFile.file}, ${vitestFile.written}): ` +
      `paths that ran to their end in a passed test count; — means no record of that machine.`,
  );
}
const browserFile = data.browserRecords;
if (!browserFile.exists || browserFile.records === 0) {
  console.log(
    `No browser records: ${browserFile.file} ${browserFile.exists ? 'is empty' : 'does not exist'}. The browser ` +
      `columns show what a Playwright run executed and passed; run the e2e model specs first ` +
      `(E2E_PORT=${data.port} npx playwright test e2e/<machine>.model.spec.ts).`,
  );
} else {
  const counted = data.machines.reduce((sum, m) => sum + (m.browser?.paths ?? 0), 0);
  console.log(
    `Browser columns: the last Playwright run on port ${data.port} (${browserFile.file}, ${browserFile.written}): ` +
      `${counted} of ${browserFile.records} recorded paths passed and count; states and transitions driven by the UI, ` +
      `the real server or the page's clock. Forced: transitions taken only through the inspector; forged: only on a server ` +
      `answer forged at the network layer (each as % of the machine's transitions). ` +
      `— means the run has no passed path of that machine.`,
  );
}
for (const note of notes) console.log(`  ${note}`);
const report = {
  vitestSource: data.vitestSource,
  records: { vitest: data.vitestRecords, browser: data.browserRecords },
  machines: Object.fromEntries(data.machines.map((m) => [m.id, summary(m)])),
};
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports', 'model-coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log('\nwritten: reports/model-coverage.json');
