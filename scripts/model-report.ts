/**
 * npm run model:report — writes reports/model-report.html: one self-contained page (no server, no
 * external script or font) for QA, from the records of the last runs, with the same figures as
 * npm run model:coverage (scripts/model-coverage-data.ts): the totals, each machine's graph coloured
 * by coverage, the forged transitions with their reasons and every path with its steps and result.
 * Optional arguments: machine ids to include (default all). Layouts are cached in
 * reports/.layout-cache/ per machine definition (src/inspector/graph/layout.ts, layoutKey).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildModelReport } from './model-report-html';

const root = join(import.meta.dirname, '..');
const machines = process.argv.slice(2);
const started = performance.now();
const html = await buildModelReport({
  root,
  // Layouts of unchanged machines are reused from the last report (keyed by a hash of elk's input).
  layoutCacheDir: join(root, 'reports', '.layout-cache'),
  ...(machines.length > 0 ? { machines } : {}),
});
const output = join(root, 'reports', 'model-report.html');
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(output, html);
console.log(
  `written: ${relative(root, output)} (${Math.round(html.length / 1024)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s); open it in a browser (file://${output})`,
);
