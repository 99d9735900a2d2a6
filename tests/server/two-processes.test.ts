/**
 * Scale-out (issue 20): API processes started as `npm start` starts them, on one PostgreSQL database,
 * share what a user relies on. A file uploaded through one is served by the other, a session issued
 * by one works on the other, the periodic job both tick runs once per period, and WORKERS=2 runs two
 * processes on one port. On the embedded database, which one process owns, WORKERS=2 is refused.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/test-app';
import { callOver, loginOver, startServerProcess, type ServerProcess } from '../support/server-process';

const onPostgres = process.env['TEST_DATABASE'] === 'postgres';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(onPostgres)('two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, JOB_TICK_SECONDS: '1' };
    // The first migrates and loads the demo data; the second starts on the prepared database.
    first = await startServerProcess(env);
    second = await startServerProcess(env);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it('serves through one process a file uploaded through the other', async () => {
    const headers = await loginOver(first, '13800000003');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), '户型图.png');
    const upload = await fetch(`${first.url}/api/base/uploadPhoto`, { method: 'POST', headers, body: form });
    const answer = (await upload.json()) as { code: number; data: { url: string } };
    expect(answer.code).toBe(200);
    const served = await fetch(`${second.url}${answer.data.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), png)).toBe(0);
  });

  it('accepts on one process a session issued by the other, and a logout on one ends it on both', async () => {
    const headers = await loginOver(first, '13800000000');
    const initialized = await callOver(second, 'POST', '/user/initialize', { headers });
    expect(initialized.code).toBe(200);
    expect(await callOver(second, 'POST', '/user/exit', { headers })).toMatchObject({ code: 200 });
    expect((await callOver(first, 'POST', '/user/initialize', { headers })).code).toBe(400);
  });

  it('runs the periodic job once per period although both processes tick every second', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Both processes have ticked several times once each has logged or skipped three ticks' worth.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      const rows = await client.query<{ slot: string }>(
        "select slot from job_runs where name = 'housing.privateToPublic' order by slot",
      );
      const logged = [first, second].flatMap((server) =>
        [...server.output().matchAll(/job housing\.privateToPublic slot (\d+):/g)].map((match) => match[1]),
      );
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(logged.sort()).toEqual(rows.rows.map((row) => row.slot));
    } finally {
      await client.end();
    }
  });

  it('runs WORKERS=2 API processes on one port', async () => {
    const cluster = await startServerProcess(
      { DATABASE_URL: database.url, WORKERS: '2', JOB_TICK_SECONDS: '1' },
      { processes: 2 },
    );
    try {
      const pids = new Set([...cluster.output().matchAll(/process (\d+)\)/g)].map((match) => match[1]));
      expect(pids.size).toBe(2);
      const headers = await loginOver(cluster, '13800000001');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => callOver(cluster, 'POST', '/user/initialize', { headers })),
      );
      expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 200, 200, 200]);
      const health = await fetch(`${cluster.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      await cluster.stop();
    }
  });
});

describe.runIf(!onPostgres)('several processes on the embedded database', () => {
  it('is refused with a message saying PostgreSQL is needed', async () => {
    await expect(
      startServerProcess({ WORKERS: '2', DATA_DIR: '/nonexistent-never-created' }),
    ).rejects.toThrow(/WORKERS=2 需要 PostgreSQL（DATABASE_URL）/);
  });
});
