/**
 * Pruning the push queue (issue 37): a finished job leaves push_jobs 30 days after it finished, by the
 * daily scheduler job on the test clock; open jobs stay however old, and the listing keeps its state
 * on the portal after its job is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { pushJobs } from '../../server/db/schema-promotion';
import { drainPushQueue, pushQueueSettings } from '../../server/areas/promotion/queue';
import { createSandboxPortals } from '../../server/areas/promotion/portals/sandbox';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { pushableCompany } from '../support/promotion-fixture';

const manager = '13800000000';
const dayMs = 24 * 60 * 60 * 1000;

describe('pruning finished push jobs', () => {
  let t: TestApp;
  let companyA = 0;
  let listings: number[] = [];
  const pruneJob = productJobs.filter((job) => job.name === 'promotion.pruneJobs');

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ({ companyId: companyA, listings } = await pushableCompany(db, manager, t.clock.now()));
  });
  afterAll(async () => {
    await t.close();
  });

  const jobsOf = (houseIds: number[]) =>
    t.database.db
      .select({ houseId: pushJobs.houseId, status: pushJobs.status })
      .from(pushJobs)
      .where(and(eq(pushJobs.channel, 3), inArray(pushJobs.houseId, houseIds)))
      .orderBy(pushJobs.houseId);

  it('is scheduled daily and keeps finished jobs 30 days', () => {
    expect(pruneJob).toHaveLength(1);
    expect(pruneJob[0]!.everyMs).toBe(dayMs);
    expect(pushQueueSettings.keepFinishedMs).toBe(30 * dayMs);
  });

  it('removes a done job 30 days after it finished and keeps the listing online on the portal', async () => {
    const [done, open] = listings;
    expect(open).toBeDefined();
    const headers = await login(t.app, manager);
    expect(
      (await call(t.app, 'POST', '/push/housePush', { headers, body: { channel: 3, houseIds: [done!] } }))
        .code,
    ).toBe(200);
    const db = t.database.db;
    expect(await drainPushQueue(db, t.clock, createSandboxPortals(db, t.clock, {}), { worker: 'one' })).toBe(
      1,
    );
    // A job still queued (its portal down for a long time) is never pruned, however old.
    await db.insert(pushJobs).values({
      companyId: companyA,
      houseId: open!,
      channel: 3,
      action: 'push',
      status: 'queued',
      attempts: 3,
      maxAttempts: pushQueueSettings.maxAttempts,
      runAfter: new Date(t.clock.now().getTime() + 60 * dayMs),
      createdAt: t.clock.now(),
    });
    expect(await jobsOf([done!, open!])).toEqual([
      { houseId: done, status: 'done' },
      { houseId: open, status: 'queued' },
    ]);

    t.clock.advance(29 * dayMs);
    await runDueJobs(db, t.clock, pruneJob);
    expect((await jobsOf([done!, open!])).map((job) => job.status)).toEqual(['done', 'queued']);

    t.clock.advance(2 * dayMs);
    const [outcome] = await runDueJobs(db, t.clock, pruneJob);
    expect(outcome).toMatchObject({ name: 'promotion.pruneJobs', error: null });
    expect(await jobsOf([done!, open!])).toEqual([{ houseId: open, status: 'queued' }]);

    const states = await call(t.app, 'GET', '/house/push/queryHousePushState', {
      headers: await login(t.app, manager),
      query: { houseId: String(done) },
    });
    expect(states.code).toBe(200);
    expect(states.data).toContainEqual(
      expect.objectContaining({ channel: 3, state: 2, channelName: '房天下' }),
    );
  });
});
