/**
 * Pushes across real server processes (issue 37): two processes started as `npm start` starts them,
 * on one PostgreSQL database, both draining the push queue every second, with a sandbox portal that
 * fails the first two calls for each listing. Each listing of a batch ends online once on the portal:
 * three calls (two failures, one success), one listing created, no job run twice. And a process killed
 * (SIGKILL) in the middle of a batch: the restarted server finishes the batch once the dead worker's
 * lease has run out, with one listing per key on the portal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { portalPushes, pushJobs, sandboxPortalListings } from '../../server/db/schema-promotion';
import { openDatabase, type Database } from '../../server/db/client';
import { createPostgresDatabase } from '../support/test-app';
import { pushableCompany } from '../support/promotion-fixture';
import { callOver, loginOver, startServerProcess, type ServerProcess } from '../support/server-process';

const onPostgres = process.env['TEST_DATABASE'] === 'postgres';
const manager = '13800000000';
/** The killed process's lease (PUSH_LEASE_SECONDS): long beside a 1.5 s portal call, short beside the
 * product's 2 minutes so the restart test does not wait them out. */
const leaseSeconds = 10;

describe.runIf(onPostgres)('pushes through two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let connection: Database;
  let companyA = 0;
  let listings: number[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      JOB_TICK_SECONDS: '1',
      PUSH_TICK_SECONDS: '1',
      PORTAL_SANDBOX_FAIL_FIRST: '2',
    };
    // The first migrates and loads the demo data; the second starts on the prepared database.
    first = await startServerProcess(env);
    second = await startServerProcess(env);
    connection = await openDatabase({ databaseUrl: database.url });
    const db = connection.db;
    ({ companyId: companyA, listings } = await pushableCompany(db, manager, new Date()));
    listings = listings.slice(0, 6);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await connection?.close();
    await database?.drop();
  });

  it('puts each listing of a batch online once although the portal fails twice for each', async () => {
    expect(listings).toHaveLength(6);
    const pushed = await callOver(first, 'POST', '/push/housePush', {
      headers: await loginOver(first, manager),
      body: { channel: 3, houseIds: listings },
    });
    expect(pushed.code, pushed.message).toBe(200);
    const db = connection.db;
    const states = () =>
      db
        .select({ houseId: portalPushes.houseId, state: portalPushes.state })
        .from(portalPushes)
        .where(and(eq(portalPushes.channel, 3), inArray(portalPushes.houseId, listings)));
    // Back-off is 10 s, then 20 s: the third try of each listing comes some 30 s after the push.
    await expect
      .poll(async () => (await states()).filter((row) => row.state === 2).length, {
        timeout: 90_000,
        interval: 1_000,
      })
      .toBe(6);

    const onPortal = await db
      .select()
      .from(sandboxPortalListings)
      .where(
        and(
          eq(sandboxPortalListings.channel, 3),
          inArray(
            sandboxPortalListings.key,
            listings.map((id) => `${companyA}-${id}`),
          ),
        ),
      );
    expect(onPortal).toHaveLength(6);
    expect(onPortal.map((row) => [row.calls, row.created, row.state])).toEqual(
      listings.map(() => [3, 1, 'online']),
    );
    const jobs = await db
      .select({ status: pushJobs.status, attempts: pushJobs.attempts, lockedBy: pushJobs.lockedBy })
      .from(pushJobs)
      .where(and(eq(pushJobs.channel, 3), inArray(pushJobs.houseId, listings)));
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual(listings.map(() => ['done', 3]));
    // Both processes drained the queue (each logs the jobs it ran).
    for (const server of [first, second])
      expect(server.output()).toMatch(/queue promotion\.push: [1-9]\d* ran/);

    // Pushing the same listings again while they are online queues nothing and calls no portal.
    const again = await callOver(second, 'POST', '/push/housePush', {
      headers: await loginOver(second, manager),
      body: { channel: 3, houseIds: listings },
    });
    expect(again.code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const after = await db
      .select({ calls: sandboxPortalListings.calls, created: sandboxPortalListings.created })
      .from(sandboxPortalListings)
      .where(
        inArray(
          sandboxPortalListings.key,
          listings.map((id) => `${companyA}-${id}`),
        ),
      );
    expect(after.map((row) => [row.calls, row.created])).toEqual(listings.map(() => [3, 1]));
  }, 150_000);
});

describe.runIf(onPostgres)('a server process killed during a batch push', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let killed: ServerProcess | undefined;
  let restarted: ServerProcess | undefined;
  let connection: Database;

  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await killed?.kill();
    await restarted?.stop();
    await connection?.close();
    await database?.drop();
  });

  it('finishes the batch after a restart with each listing once on the portal', async () => {
    // Each portal call takes 1.5 s, so the kill finds a job running with the portal already called.
    const env = {
      DATABASE_URL: database.url,
      PUSH_TICK_SECONDS: '1',
      PUSH_LEASE_SECONDS: `${leaseSeconds}`,
      PORTAL_SANDBOX_DELAY_MS: '1500',
    };
    killed = await startServerProcess(env);
    connection = await openDatabase({ databaseUrl: database.url });
    const db = connection.db;
    const { companyId, listings: all } = await pushableCompany(db, manager, new Date());
    const listings = all.slice(0, 4);
    expect(listings).toHaveLength(4);
    const pushed = await callOver(killed, 'POST', '/push/housePush', {
      headers: await loginOver(killed, manager),
      body: { channel: 3, houseIds: listings },
    });
    expect(pushed.code, pushed.message).toBe(200);
    const jobs = () =>
      db
        .select({ houseId: pushJobs.houseId, status: pushJobs.status, attempts: pushJobs.attempts })
        .from(pushJobs)
        .where(and(eq(pushJobs.channel, 3), inArray(pushJobs.houseId, listings)))
        .orderBy(pushJobs.houseId);
    await expect
      .poll(
        async () => {
          const now = await jobs();
          return now.some((job) => job.status === 'done') && now.some((job) => job.status === 'running');
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    await killed.kill();
    const atKill = await jobs();
    expect(atKill.filter((job) => job.status === 'done').length).toBeLessThan(4);

    restarted = await startServerProcess({ ...env, PORTAL_SANDBOX_DELAY_MS: '0' });
    // The job the dead process held waits for its lease (PUSH_LEASE_SECONDS) before it is claimed again.
    await expect
      .poll(async () => (await jobs()).every((job) => job.status === 'done'), {
        timeout: leaseSeconds * 1000 + 60_000,
        interval: 1_000,
      })
      .toBe(true);
    const onPortal = await db
      .select({ created: sandboxPortalListings.created, state: sandboxPortalListings.state })
      .from(sandboxPortalListings)
      .where(
        and(
          eq(sandboxPortalListings.channel, 3),
          inArray(
            sandboxPortalListings.key,
            listings.map((id) => `${companyId}-${id}`),
          ),
        ),
      );
    expect(onPortal).toEqual(listings.map(() => ({ created: 1, state: 'online' })));
    const states = await db
      .select({ state: portalPushes.state })
      .from(portalPushes)
      .where(and(eq(portalPushes.channel, 3), inArray(portalPushes.houseId, listings)));
    expect(states.map((row) => row.state)).toEqual(listings.map(() => 2));
    // The held job ran again in the restarted process: two attempts, not two listings.
    expect((await jobs()).some((job) => job.attempts === 2)).toBe(true);
  }, 300_000);
});
