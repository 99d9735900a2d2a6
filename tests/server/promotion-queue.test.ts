/**
 * The push queue (ADR 0007) across processes and crashes: a worker that dies holding a job loses it
 * when its lease runs out and another finishes it with one listing on the portal; on PostgreSQL two
 * processes' connections draining at once run each job once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { pushJobs, sandboxPortalListings } from '../../server/db/schema-promotion';
import { openDatabase } from '../../server/db/client';
import type { Db } from '../../server/db/db';
import { claimPushJob, drainPushQueue, pushQueueSettings } from '../../server/areas/promotion/queue';
import { createSandboxPortals, type SandboxBehaviour } from '../../server/areas/promotion/portals/sandbox';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { pushableCompany } from '../support/promotion-fixture';

const manager = '13800000000';

describe('the push queue across workers', () => {
  let t: TestApp;
  let companyA = 0;
  let listings: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ({ companyId: companyA, listings } = await pushableCompany(db, manager, t.clock.now()));
  });
  afterAll(async () => {
    await t.close();
  });

  const push = async (houseIds: number[]) =>
    call(t.app, 'POST', '/push/housePush', {
      headers: await login(t.app, manager),
      body: { channel: 3, houseIds },
    });
  const portals = (db: Db, behaviour: SandboxBehaviour = {}) => createSandboxPortals(db, t.clock, behaviour);
  const onPortal = (houseIds: number[]) =>
    t.database.db
      .select()
      .from(sandboxPortalListings)
      .where(
        and(
          eq(sandboxPortalListings.channel, 3),
          sql`${sandboxPortalListings.key} in (${sql.join(
            houseIds.map((id) => sql`${`${companyA}-${id}`}`),
            sql`, `,
          )})`,
        ),
      );

  it('finishes a batch after a worker died holding a job the portal had already taken, with no duplicate on the portal', async () => {
    const batch = listings.slice(0, 3);
    expect((await push(batch)).code).toBe(200);
    const db = t.database.db;
    // Worker "killed" claims the first job, the portal takes the listing, and the process dies before
    // it writes the outcome.
    const held = await claimPushJob(db, t.clock, 'killed');
    expect(held).not.toBeNull();
    await portals(db)(3).publish({
      key: `${companyA}-${held!.houseId}`,
      type: 1,
      title: '房源',
      communityName: '小区',
      cityName: null,
      room: 2,
      hall: 1,
      bath: 1,
      area: 80,
      price: 300,
      pictureCount: 3,
      outBrokerId: null,
    });
    // The restarted server drains: the other two finish; the held one waits for its lease.
    expect(await drainPushQueue(db, t.clock, portals(db), { worker: 'restarted' })).toBe(2);
    t.clock.advance(pushQueueSettings.leaseMs);
    expect(await drainPushQueue(db, t.clock, portals(db), { worker: 'restarted' })).toBe(1);
    const jobs = await db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.channel, 3), sql`${pushJobs.houseId} in (${sql.join(batch, sql`, `)})`));
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done', 'done']);
    expect(jobs.find((job) => job.houseId === held!.houseId)).toMatchObject({
      attempts: 2,
      lockedBy: 'restarted',
    });
    const rows = await onPortal(batch);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.created === 1 && row.state === 'online')).toBe(true);
  });

  it.runIf(process.env['TEST_DATABASE'] === 'postgres')(
    'runs each job once when two processes drain the same PostgreSQL queue at once, through failures',
    async () => {
      const other = await openDatabase({ databaseUrl: t.databaseUrl });
      try {
        const batch = listings.slice(3, 11);
        expect(batch).toHaveLength(8);
        expect((await push(batch)).code).toBe(200);
        // Each listing's first call fails; both processes drain until nothing is left.
        const flaky = { failFirst: 1 };
        for (let round = 0; round < 4; round += 1) {
          await Promise.all([
            drainPushQueue(t.database.db, t.clock, portals(t.database.db, flaky), { worker: 'one' }),
            drainPushQueue(other.db, t.clock, portals(other.db, flaky), { worker: 'two' }),
          ]);
          t.clock.advance(pushQueueSettings.backoffMs);
        }
        const rows = await onPortal(batch);
        expect(rows).toHaveLength(8);
        // Two calls per listing (the failure and the success): no job ran in both processes.
        expect(rows.map((row) => [row.calls, row.created, row.state])).toEqual(
          batch.map(() => [2, 1, 'online']),
        );
        const workers = await t.database.db
          .select({ lockedBy: pushJobs.lockedBy, attempts: pushJobs.attempts, status: pushJobs.status })
          .from(pushJobs)
          .where(sql`${pushJobs.houseId} in (${sql.join(batch, sql`, `)})`);
        expect(workers.every((job) => job.status === 'done' && job.attempts === 2)).toBe(true);
      } finally {
        await other.close();
      }
    },
  );
});
