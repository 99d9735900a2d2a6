/**
 * What the HTTP benchmarks share: a throwaway PostgreSQL database, a benchmark server in its own
 * process (so the load generator never shares its event loop), autocannon load, and the table.
 * Nothing here asserts a time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer } from '../../scripts/build-server';
import { semiSpaceFlag } from '../../server/heap';

export const adminUrl = process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
export const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
export const levels = [1, 10, 50];

export type Row = {
  backend: string;
  request: string;
  clients: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per answered request, in ms (measureCpu), when the run measured it. */
  cpu?: CpuPerRequest;
};

/** A new PostgreSQL database for one run, or null when 127.0.0.1:5432 does not answer. */
export async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
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

export type BenchServer<Ready> = {
  child: ChildProcess;
  ready: Ready;
  peakRss: () => number;
  /** The server process's CPU time so far (user + system), in ms, as it reports it over IPC. */
  cpuMs: () => Promise<number>;
};

/** Asks a benchmark server for its CPU time (reportToBench answers 'cpu' with { cpuMs }). */
function askCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpuMs?: number }) => {
      if (message.cpuMs === undefined) return;
      child.off('message', onMessage);
      resolve(message.cpuMs);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

/**
 * A benchmark server script compiled as `npm start` compiles the server (scripts/build-server.ts), so
 * the process measured runs plain JavaScript, not tsx.
 */
async function compiled(script: string): Promise<string> {
  return buildServer(script, join('.tmp', 'bench', basename(script).replace(/\.ts$/, '.mjs')));
}

/**
 * Starts a benchmark server script (bench/support/*-server.ts), compiled. It talks over the IPC
 * channel ({ ready: ... } once, { rss } every second); its stdout (the product's request log, as in
 * production) goes nowhere.
 */
export async function startBenchServer<Ready>(
  script: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<BenchServer<Ready>> {
  const child = fork(await compiled(script), [], {
    execArgv: [semiSpaceFlag],
    env: { ...process.env, ...env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let rss = 0;
  return new Promise((resolve, reject) => {
    child.on('message', (message: { ready?: Ready; rss?: number }) => {
      if (message.rss) rss = Math.max(rss, message.rss);
      if (message.ready)
        resolve({ child, ready: message.ready, peakRss: () => rss, cpuMs: () => askCpu(child) });
    });
    child.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
  });
}

/**
 * Runs a server script twice, as an office runs the product: BENCH_PHASE=prepare creates the data and
 * exits, then BENCH_PHASE=serve opens it in a new process and serves. Without PostgreSQL the data is an
 * embedded database in a temporary folder (as `npm start` keeps it in DATA_DIR), removed afterwards.
 */
export async function prepareThenServe<Ready, Prepared = unknown>(
  script: string,
  databaseUrl: string | undefined,
) {
  const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'bench-data-'));
  const env: Record<string, string> = dataDir ? { BENCH_DATA_DIR: dataDir } : {};
  const prepare = fork(await compiled(script), [], {
    execArgv: [semiSpaceFlag],
    env: {
      ...process.env,
      ...env,
      BENCH_PHASE: 'prepare',
      ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let prepareRss = 0;
  let prepared: Prepared | undefined;
  prepare.on('message', (message: { rss?: number; ready?: { prepared?: Prepared } }) => {
    if (message.rss) prepareRss = Math.max(prepareRss, message.rss);
    if (message.ready?.prepared) prepared = message.ready.prepared;
  });
  const code = await new Promise<number | null>((resolve) => prepare.once('exit', resolve));
  if (code !== 0) throw new Error(`preparing the benchmark data failed (${code})`);
  const server = await startBenchServer<Ready>(script, databaseUrl, { ...env, BENCH_PHASE: 'serve' });
  return {
    ...server,
    prepareRss,
    /** What the prepare phase reported (its `prepared` field), e.g. how long generating took. */
    prepared,
    cleanUp: () => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** For the server side: report readiness and the process's RSS to the benchmark over IPC. */
export function reportToBench(ready: object, onStop: () => Promise<void>): void {
  const send = (message: object) => process.send?.(message);
  send({ ready, rss: process.memoryUsage().rss });
  setInterval(() => send({ rss: process.memoryUsage().rss }), 1000).unref();
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    send({ cpuMs: (user + system) / 1000 });
  });
  process.on('disconnect', () => void onStop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void onStop().then(() => process.exit(0)));
}

export type Request = { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };

export async function load(url: string, connections: number, request: Request = {}) {
  const result = await autocannon({ url, connections, duration: seconds, ...request });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    requests: result.requests.total,
  };
}

/** CPU time per answered request, in ms: the server process, PostgreSQL's processes, the load generator. */
export type CpuPerRequest = { server: number; postgres: number | null; generator: number };

/**
 * PostgreSQL's CPU time so far: every process named postgres on this machine (the server's backends and
 * its own workers), from /proc; null where /proc is not there. Run on a quiet machine, nothing else uses it.
 */
function postgresCpuMs(): number | null {
  if (!existsSync('/proc')) return null;
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * Runs load() and divides the CPU time each side spent by the requests answered: where a level's
 * throughput stops growing, these say which resource is full (two cores: their sum is the limit).
 * PostgreSQL's share is left out for an embedded database (it runs inside the server process).
 */
export async function loadWithCpu(
  server: BenchServer<unknown>,
  withPostgres: boolean,
  url: string,
  connections: number,
  request: Request = {},
) {
  const serverBefore = await server.cpuMs();
  const postgresBefore = withPostgres ? postgresCpuMs() : null;
  const generatorBefore = process.cpuUsage();
  const result = await load(url, connections, request);
  const generator = process.cpuUsage(generatorBefore);
  const postgresAfter = withPostgres ? postgresCpuMs() : null;
  const serverAfter = await server.cpuMs();
  const perRequest = (ms: number) => ms / Math.max(1, result.requests);
  const cpu: CpuPerRequest = {
    server: perRequest(serverAfter - serverBefore),
    postgres:
      postgresBefore !== null && postgresAfter !== null ? perRequest(postgresAfter - postgresBefore) : null,
    generator: perRequest((generator.user + generator.system) / 1000),
  };
  return { ...result, cpu };
}

/** Signs in through the product and answers the headers of that session. */
export async function signIn(base: string, userName: string, password = 'demo1234') {
  const login = (await (
    await fetch(`${base}/user/login/loginPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    })
  ).json()) as { code: number; message: string; data: { token: string; sessionid: string } };
  if (login.code !== 200) throw new Error(`login of ${userName}: ${login.message}`);
  return { 'content-type': 'application/json', token: login.data.token, sessionid: login.data.sessionid };
}

/** Prints rows as a table with each row's share of the one-query floor of the same backend and level. */
export function printTable(title: string, rows: Row[]): void {
  const measuredCpu = rows.some((row) => row.cpu);
  const floorOf = (row: Row) =>
    rows.find(
      (other) =>
        other.backend === row.backend &&
        other.clients === row.clients &&
        other.request.startsWith('floor: Fastify + one'),
    );
  const header = [
    'backend',
    'request',
    'clients',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'of one-query floor',
    ...(measuredCpu ? ['CPU ms/req: server', 'PostgreSQL', 'load generator'] : []),
  ];
  const table = rows.map((row) => [
    row.backend,
    row.request,
    String(row.clients),
    row.rps.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    String(row.errors),
    `${((row.rps / (floorOf(row)?.rps || 1)) * 100).toFixed(0)}%`,
    ...(measuredCpu
      ? [
          row.cpu ? row.cpu.server.toFixed(2) : '',
          row.cpu?.postgres != null ? row.cpu.postgres.toFixed(2) : row.cpu ? 'in server' : '',
          row.cpu ? row.cpu.generator.toFixed(2) : '',
        ]
      : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  console.log(`\n${title}`);
  console.log(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table)
    console.log(r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

/** Runs `measure` on PostgreSQL (when reachable) and on PGlite; answers the notes of each. */
export async function onBothDatabases(
  measure: (backend: string, url: string | undefined) => Promise<string>,
) {
  const notes: string[] = [];
  const postgres = process.env['BENCH_SKIP_POSTGRES'] ? null : await postgresDatabase();
  if (postgres) {
    try {
      notes.push(await measure('PostgreSQL', postgres.url));
    } finally {
      await postgres.drop();
    }
  } else {
    notes.push('PostgreSQL: not reachable at 127.0.0.1:5432 (or BENCH_SKIP_POSTGRES), skipped');
  }
  if (!process.env['BENCH_SKIP_PGLITE']) notes.push(await measure('PGlite', undefined));
  return notes;
}
