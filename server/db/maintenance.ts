/**
 * Keeping the planner informed. Embedded PGlite has no autovacuum: without ANALYZE it never gathers
 * statistics, and every search is planned on guesses (a phone's last digits read as 0.5% of the
 * customers, for example). PostgreSQL's autovacuum does the same work; the job is harmless there.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db';

/** ANALYZE of every table (sampled, so its cost does not grow with the data); answers 0 rows changed. */
export async function analyzeTables(db: Db): Promise<number> {
  await db.execute(sql`analyze`);
  return 0;
}
