/**
 * The statistics calls keep the sums of the rolled-up days per roll-up version (statistics-facts.ts).
 * A rolled-up day whose rows change is counted raw until the job rolls it up again; the job's run
 * then writes a new version, and the next call must count the day as it is now, not as it was when
 * the sums were first kept — here on the same day, with the same range, so only the version differs.
 * Each answer is compared with the same call counted over the raw rows alone (loadRawFacts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { houseFollowUps, houses } from '../../server/db/schema-house';
import { statisticsChangedDays } from '../../server/db/schema-management';
import type { Session } from '../../server/contract/types';
import { loadRawFacts } from '../../server/areas/management/statistics-facts';
import { rollUpStatistics } from '../../server/areas/management/statistics-rollup';
import { houseStatistics, houseStatisticsPage } from '../../server/areas/management/statistics';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const dayMs = 24 * 60 * 60 * 1000;
const manager = '13800000000';

describe('statistics over the roll-ups, kept per version', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let session: Session;

  beforeAll(async () => {
    t = await createTestApp();
    headers = await login(t.app, manager);
    const [user] = await t.database.db.select().from(users).where(eq(users.userName, manager));
    session = {
      sessionId: 'reference',
      userId: user!.id,
      companyId: user!.companyId,
      isManager: user!.isManager,
      roleId: user!.roleId,
      deptId: user!.deptId,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  /** The per-person table and the totals with the trend, as answered and as counted over the raw rows. */
  async function answers() {
    const page = { type: 2, pagesize: 100 } as const;
    const table = await call(t.app, 'POST', '/ManagementCenter/houseStatisticsPageTable', {
      headers,
      body: page,
    });
    const totals = await call(t.app, 'POST', '/ManagementCenter/houseStatisticsTabelV2', {
      headers,
      body: {},
    });
    expect(table.code).toBe(200);
    expect(totals.code).toBe(200);
    const now = t.clock.now();
    return {
      answered: {
        table: { data: table.data, total: (table as unknown as { total: number }).total },
        totals: totals.data,
      },
      raw: JSON.parse(
        JSON.stringify({
          table: await houseStatisticsPage(t.database.db, session, now, page, loadRawFacts),
          totals: await houseStatistics(t.database.db, session, now, {}, loadRawFacts),
        }),
      ) as unknown,
    };
  }

  const followCountOf = (shown: unknown) =>
    (shown as { table: { data: { id: number; followCount: number }[] } }).table.data.find(
      (row) => row.id === session.userId,
    )?.followCount ?? 0;

  it('counts a rolled-up day as it is after the job rolls it up again, within the same day', async () => {
    const [house] = await t.database.db
      .select({ id: houses.id })
      .from(houses)
      .where(eq(houses.companyId, session.companyId))
      .limit(1);
    const threeDaysAgo = new Date(t.clock.now().getTime() - 3 * dayMs);
    const [followUp] = await t.database.db
      .insert(houseFollowUps)
      .values({
        companyId: session.companyId,
        houseId: house!.id,
        category: 1,
        content: '三天前的跟进',
        userId: session.userId,
        createdAt: threeDaysAgo,
      })
      .returning({ id: houseFollowUps.id });
    expect(await rollUpStatistics(t.database.db, t.clock)).toBeGreaterThan(0);

    // Rolled up: the sums of the rolled-up days are read, then kept.
    const first = await answers();
    expect(first.answered).toEqual(first.raw);
    const before = followCountOf(first.answered);
    expect(before).toBeGreaterThan(0);
    expect(await answers()).toEqual(first);

    // The follow-up deleted: its day is marked changed and counted raw.
    await t.database.db.delete(houseFollowUps).where(eq(houseFollowUps.id, followUp!.id));
    expect((await t.database.db.select().from(statisticsChangedDays)).length).toBeGreaterThan(0);
    const changed = await answers();
    expect(changed.answered).toEqual(changed.raw);
    expect(followCountOf(changed.answered)).toBe(before - 1);

    // The job rolls the day up again at the same time (the same range, no day changed): a new version.
    await rollUpStatistics(t.database.db, t.clock);
    expect(await t.database.db.select().from(statisticsChangedDays)).toEqual([]);
    const rolledAgain = await answers();
    expect(rolledAgain.answered).toEqual(rolledAgain.raw);
    expect(followCountOf(rolledAgain.answered)).toBe(before - 1);
  }, 120_000);
});
