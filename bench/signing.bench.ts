/**
 * npm run bench — signing and sealing a 10-page contract with the real signing code
 * (support/sealing.ts, shared with verify.bench.ts): the contract text rendered with the embedded
 * CJK font; each of two parties signs (a one-day ECDSA certificate from the product CA, the drawn
 * signature stamped, a PAdES B-T signature with a sandbox TSA token, appended as an incremental
 * update); the company seal the same with the company's certificate; then sealing: 签署证明
 * appended and signed by the company, covering the whole file. The timestamp alone is timed beside
 * it. Fixed generated text; each stage runs a fixed number of times and the table prints the
 * median, p95, min and max. The last sealed file is checked once with pdfsig (not timed). Each stage
 * and the whole pipeline are also given in CPU time (process.cpuUsage), which other work on a
 * shared machine moves less than the wall clock. Nothing here asserts a time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { requestTimestamp } from '../server/areas/signing/tsa/provider';
import { sha256 } from '../server/areas/signing/cms-der';
import {
  measured,
  median,
  openSealingSetup,
  percentile,
  sealContract,
  targetPages,
  type Timer,
} from './support/sealing';

const runs = Number(process.env['BENCH_RUNS'] ?? 15);

type Timing = { name: string; times: number[]; cpu: number[] };
const timings: Timing[] = [];
function record(name: string, ms: number, cpu: number) {
  let timing = timings.find((t) => t.name === name);
  if (!timing) {
    timing = { name, times: [], cpu: [] };
    timings.push(timing);
  }
  timing.times.push(ms);
  timing.cpu.push(cpu);
}
const timed: Timer = async (name, run) => {
  const { result, wall, cpu } = await measured(run);
  record(name, wall, cpu);
  return result;
};

const setup = await openSealingSetup();
const loadBefore = loadavg()[0] ?? 0;
let sealed: Buffer = Buffer.alloc(0);
let pageCount = 0;
// One warm-up round (font parsing, JIT, the issuing CA and TSA created) that is not counted.
for (let run = 0; run <= runs; run += 1) {
  const whole = await measured(() => sealContract(setup, timed));
  sealed = whole.result.sealed;
  record('whole pipeline (render, 4 signatures)', whole.wall, whole.cpu);
  // The timestamp alone (request, sandbox TSA's ECDSA signature, response checked).
  await timed('(RFC 3161 timestamp from the sandbox TSA, inside each signature)', () =>
    requestTimestamp(setup.tsa, sha256(sealed)),
  );
  if (run === 0) timings.forEach((timing) => (timing.times.splice(0), timing.cpu.splice(0)));
  pageCount = (await PDFDocument.load(sealed)).getPageCount();
}
const loadAfter = loadavg()[0] ?? 0;

const folder = mkdtempSync(join(tmpdir(), 'signing-bench-'));
writeFileSync(join(folder, 'sealed.pdf'), sealed);
const report = spawnSync('pdfsig', [join(folder, 'sealed.pdf')]).stdout?.toString() ?? '';
rmSync(folder, { recursive: true, force: true });
await setup.close();

/** Columns line up in a terminal: CJK characters take two cells. */
const cells = (text: string) =>
  [...text].reduce((n, c) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
const padEnd = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - cells(text)));
const header = ['stage', 'runs', 'median ms', 'p95 ms', 'min ms', 'max ms', 'median CPU ms', 'p95 CPU ms'];
const table = timings.map((t) => [
  t.name,
  String(t.times.length),
  median(t.times).toFixed(1),
  percentile(t.times, 95).toFixed(1),
  Math.min(...t.times).toFixed(1),
  Math.max(...t.times).toFixed(1),
  median(t.cpu).toFixed(1),
  percentile(t.cpu, 95).toFixed(1),
]);
const widths = header.map((h, i) => Math.max(cells(h), ...table.map((r) => cells(r[i] ?? ''))));
console.log(
  `signing: a ${targetPages}-page contract (${setup.articles} articles, ${setup.input.signatories.length} signatories), ` +
    `sealed file ${pageCount} pages, ${(sealed.length / 1024).toFixed(0)} KB; pdfsig: ${
      report.split('Signature is Valid').length - 1
    } of ${report.split(/^Signature #/m).length - 1} signatures valid${
      report.includes('Total document signed') ? ', the last covers the whole document' : ''
    }; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
);
console.log(header.map((h, i) => padEnd(h, widths[i] ?? 0)).join('  '));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table)
  console.log(r.map((c, i) => (i === 0 ? padEnd(c, widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
