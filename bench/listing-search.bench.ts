/**
 * npm run bench:listings — the house list's search over HTTP at the scale of a real city: 100,000
 * listings in each of 10 companies (1,000,000 rows), housingPosts with a community keyword and two
 * range filters, page 15, with its total, at 1, 10 and 50 concurrent clients (autocannon), on
 * PostgreSQL (when 127.0.0.1:5432 answers) and on PGlite; beside it, in the same run and on the same
 * tables, the floor: a bare Fastify route and a Fastify route doing one indexed query. Prints
 * throughput, p50 and p99 as a table, the server's RSS, and the query plan. Nothing asserts a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchSearch, companyCount, listingsPerCompany } from './support/listing-search-config';

const adminUrl = process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const levels = [1, 10, 50];

type Ready = {
  kind: string;
  rows: number;
  generatedIn: number;
  productPort: number;
  floorPort: number;
  plan: string;
};
type Row = {
  backend: string;
  request: string;
  clients: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
};

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function startServer(
  databaseUrl: string | undefined,
): Promise<{ child: ChildProcess; ready: Ready; rss: () => number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/listing-server.ts'], {
    env: { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rss = 0;
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const message = JSON.parse(line) as Partial<Ready> & { ready?: boolean; rss?: number };
      if (message.rss) rss = Math.max(rss, message.rss);
      if (message.ready) resolve({ child, ready: message as Ready, rss: () => rss });
    });
    child.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
  });
}

async function load(
  url: string,
  connections: number,
  options: { method?: 'POST'; body?: string; headers?: Record<string, string> } = {},
) {
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(backend: string, databaseUrl: string | undefined, rows: Row[]): Promise<string> {
  const { child, ready, rss } = await startServer(databaseUrl);
  try {
    const base = `http://127.0.0.1:${ready.productPort}/api`;
    const login = (await (
      await fetch(`${base}/user/login/loginPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: '13800000000', password: 'demo1234' }),
      })
    ).json()) as { data: { token: string; sessionid: string } };
    const headers = {
      'content-type': 'application/json',
      token: login.data.token,
      sessionid: login.data.sessionid,
    };
    const body = JSON.stringify(benchSearch);
    const check = (await (
      await fetch(`${base}/housing/v2/housingPosts`, { method: 'POST', headers, body })
    ).json()) as {
      code: number;
      total: number;
    };
    if (check.code !== 200) throw new Error(`housingPosts answered ${JSON.stringify(check)}`);
    for (const clients of levels) {
      const floorBare = await load(`http://127.0.0.1:${ready.floorPort}/bare`, clients);
      rows.push({ backend, request: 'floor: bare Fastify route', clients, ...floorBare });
      const floorQuery = await load(`http://127.0.0.1:${ready.floorPort}/query`, clients);
      rows.push({ backend, request: 'floor: Fastify + one indexed query', clients, ...floorQuery });
      const search = await load(`${base}/housing/v2/housingPosts`, clients, {
        method: 'POST',
        body,
        headers,
      });
      rows.push({ backend, request: `housingPosts (${check.total} matches)`, clients, ...search });
    }
    return `${backend}: ${ready.rows.toLocaleString('en')} listings generated in ${ready.generatedIn.toFixed(0)} s; server RSS peak ${(rss() / 1024 / 1024).toFixed(0)} MB\n${ready.plan}`;
  } finally {
    child.kill('SIGTERM');
  }
}

const rows: Row[] = [];
const notes: string[] = [];
const postgres = await postgresDatabase();
if (postgres) {
  try {
    notes.push(await measure('PostgreSQL', postgres.url, rows));
  } finally {
    await postgres.drop();
  }
} else {
  notes.push('PostgreSQL: not reachable at 127.0.0.1:5432, skipped');
}
notes.push(await measure('PGlite', undefined, rows));

const floorOf = (row: Row) =>
  rows.find(
    (other) =>
      other.backend === row.backend &&
      other.clients === row.clients &&
      other.request.startsWith('floor: Fastify + one'),
  );
const header = ['backend', 'request', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'of one-query floor'];
const table = rows.map((row) => [
  row.backend,
  row.request,
  String(row.clients),
  row.rps.toFixed(0),
  row.p50.toFixed(1),
  row.p99.toFixed(1),
  String(row.errors),
  `${((row.rps / (floorOf(row)?.rps || 1)) * 100).toFixed(0)}%`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
console.log(
  `\nlisting search: ${companyCount} companies × ${listingsPerCompany.toLocaleString('en')} listings, ${seconds} s per cell, loopback`,
);
console.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of table)
  console.log(r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
for (const note of notes) console.log(`\n${note}`);
