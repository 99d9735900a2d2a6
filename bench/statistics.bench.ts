/**
 * npm run bench:statistics — the management centre's statistics calls (issue 36) over HTTP at a city's
 * scale, on PostgreSQL: 10 companies with 1,000,000 listings, 2,000,000 customers and 5,000,000
 * follow-ups (bench/support/statistics-data.ts, generated with SQL into the database
 * bench_statistics, created here and dropped afterwards; BENCH_KEEP_DATA=1 keeps it for the next run,
 * which then reuses it), the roll-up job run once, then each call for company A's manager over the
 * last 30 days (the whole company) at 10 concurrent clients, beside the floor of the same stack in the
 * same run (a bare Fastify route; Fastify and one indexed query). Prints p50, p95 and p99 per call.
 * Nothing asserts a time. The database `test` of the test suites is not touched. BENCH_SCALE=0.1 runs
 * on a tenth of the listings, customers and follow-ups, in a database of its own (bench_statistics_0_1).
 */
import pg from 'pg';
import { adminUrl, prepareThenServe, signIn } from './support/harness';
import { databaseName } from './support/statistics-data';

const clients = 10;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const maxRequests = Number(process.env['BENCH_MAX_REQUESTS'] ?? 5000);
const keep = process.env['BENCH_KEEP_DATA'] === '1';

type Prepared = { reused: boolean; steps: { name: string; seconds: number }[] };
type Ready = {
  rows: { listings: number; customers: number; followUps: number; rollups: number };
  inProcess: { families: string; rollups: number; raw: number }[];
  productPort: number;
  floorPort: number;
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `clients` loops sending one request after another for `seconds` (at most maxRequests in all). */
async function measure(url: string, init: RequestInit) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until && latencies.length + errors < maxRequests) {
        const sent = performance.now();
        const response = await fetch(url, init);
        const body = (await response.json()) as { code?: number };
        if (response.status !== 200 || (body.code !== undefined && body.code !== 200)) errors += 1;
        else latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
  };
}

const exists = await admin(
  async (client) =>
    (await client.query(`select 1 from pg_database where datname = $1`, [databaseName])).rowCount === 1,
).catch(() => null);
if (exists === null) {
  console.log(`statistics: PostgreSQL not reachable at ${adminUrl}, skipped`);
  process.exit(0);
}
if (!exists) await admin((client) => client.query(`create database ${databaseName}`));
const url = new URL(adminUrl);
url.pathname = `/${databaseName}`;

const table: string[][] = [];
try {
  const server = await prepareThenServe<Ready, Prepared>(
    'bench/support/statistics-server.ts',
    url.toString(),
  );
  try {
    const { ready } = server;
    const base = `http://127.0.0.1:${ready.productPort}/api`;
    const headers = await signIn(base, '13800000000');
    const calls: [string, string, object][] = [
      ['houseStatisticsTabelV2', 'houseStatisticsTabelV2', {}],
      ['customerStatisticsTabelV2', 'customerStatisticsTabelV2', {}],
      ['businessStatistics', 'businessStatistics', {}],
      ['performanceStatistics', 'performanceStatistics', {}],
      ['SignStatisticsTabelV2', 'SignStatisticsTabelV2', {}],
      ['houseStatisticsPageTable (按部门)', 'houseStatisticsPageTable', { type: 1 }],
      ['houseStatisticsPageTable (按员工)', 'houseStatisticsPageTable', { type: 2 }],
      ['customerStatisticsPageTable (按员工)', 'customerStatisticsPageTable', { type: 2 }],
      ['polymerizationStatisticsPageTable (按员工)', 'polymerizationStatisticsPageTable', { type: 2 }],
    ];
    const floorBare = await measure(`http://127.0.0.1:${ready.floorPort}/bare`, {});
    const floorQuery = await measure(`http://127.0.0.1:${ready.floorPort}/query`, {});
    const row = (name: string, result: Awaited<ReturnType<typeof measure>>) =>
      table.push([
        name,
        String(result.requests),
        result.rps.toFixed(0),
        result.p50.toFixed(1),
        result.p95.toFixed(1),
        result.p99.toFixed(1),
        String(result.errors),
      ]);
    row('floor: bare Fastify route', floorBare);
    row('floor: Fastify + one indexed query', floorQuery);
    for (const [name, operation, search] of calls) {
      const init = { method: 'POST', headers, body: JSON.stringify(search) };
      const check = (await (await fetch(`${base}/ManagementCenter/${operation}`, init)).json()) as {
        code: number;
      };
      if (check.code !== 200) throw new Error(`${operation} answered ${JSON.stringify(check)}`);
      row(name, await measure(`${base}/ManagementCenter/${operation}`, init));
    }
    const header = [
      'request (company A, last 30 days, whole company)',
      'requests',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
    const { rows } = ready;
    console.log(
      `\nstatistics on PostgreSQL: ${rows.listings.toLocaleString('en')} listings, ${rows.customers.toLocaleString('en')} customers, ` +
        `${rows.followUps.toLocaleString('en')} follow-ups, ${rows.rollups.toLocaleString('en')} roll-up rows; ` +
        `${clients} concurrent clients, ${seconds} s or ${maxRequests} requests per row, loopback`,
    );
    console.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of table)
      console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
    console.log(
      `\n${server.prepared?.reused ? `data reused from a kept ${databaseName}; ` : ''}` +
        (server.prepared?.steps ?? []).map((step) => `${step.name} ${step.seconds.toFixed(0)} s`).join(', '),
    );
    console.log(
      '\nfacts of the last 30 days in process, median of 5 (ms): with the roll-ups / over the raw rows alone',
    );
    for (const timed of ready.inProcess)
      console.log(`  ${timed.families}: ${timed.rollups.toFixed(1)} / ${timed.raw.toFixed(1)}`);
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    server.cleanUp();
  }
} finally {
  if (!keep) await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
}
