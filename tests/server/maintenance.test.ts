/**
 * The planner's statistics: embedded PGlite has no autovacuum, so the database.analyze job is what
 * gives it statistics (without them a phone's last digits are planned as 0.5% of the customers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/test-app';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';

describe('database.analyze', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const analyzedAt = async () => {
    const result = await t.database.db.execute(
      sql`select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables where relname = 'customers'`,
    );
    return (result as { rows: { at: Date | string | null }[] }).rows[0]?.at ?? null;
  };

  it('gathers the statistics of the customers table, and the reversed phones', async () => {
    const outcomes = await runDueJobs(t.database.db, t.clock, productJobs);
    expect(outcomes.find((outcome) => outcome.name === 'database.analyze')).toMatchObject({ error: null });
    expect(await analyzedAt()).not.toBeNull();
    const stats = await t.database.db.execute(
      sql`select count(*)::int as n from pg_stats_ext_exprs where statistics_name = 'customers_phone0_tail_stats'`,
    );
    expect((stats as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
