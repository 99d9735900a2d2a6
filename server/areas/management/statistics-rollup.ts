/**
 * The job management.statisticsRollup (server/jobs/jobs.ts): rolls each company's closed Beijing
 * days up into statistics_daily, per person and measure, and statistics_daily_company, per measure,
 * from the raw rows (statistics-facts.ts).
 * A day is closed ten minutes after its midnight, so no transaction that wrote into it is still open.
 *
 * It is idempotent and catches up: it rolls every closed day from where the company's roll-ups end
 * (`statistics_rollups.rolled_until`; a company never rolled up starts at its first raw row) up to
 * the last closed day, and again every rolled-up day marked changed since (the triggers of
 * migration 0037 mark a day whose raw rows were inserted, changed or deleted after it was rolled
 * up). A missed run leaves more days for the next; a repeated one finds nothing to do. Each
 * company's days are replaced in one transaction, under a lock on its state row; the roll-up tables
 * are vacuumed after a run that wrote rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import { formatDate } from '../../format';
import { rolledFactsOf, type Days } from './statistics-facts';

export const closedAfterMs = 10 * 60 * 1000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const nextDay = (day: string) =>
  formatDate(new Date(new Date(`${day}T00:00:00+08:00`).getTime() + 86_400_000));

/** Rolls up every company's closed days not rolled up yet, and its changed ones; answers the days rolled. */
export async function rollUpStatistics(db: Db, clock: Clock): Promise<number> {
  const closedBefore = formatDate(new Date(clock.now().getTime() - closedAfterMs));
  const companies = rowsOf<{ id: number }>(await db.execute(sql`select id from companies order by id`));
  let rolled = 0;
  for (const company of companies) rolled += await rollUpCompany(db, Number(company.id), closedBefore);
  // The calls read the per-person roll-ups from their covering index alone only where the table's
  // pages are marked all-visible; autovacuum marks new rows only after a fifth of the table has been
  // inserted (weeks of roll-ups), so the newest days — the ones asked for — would be read from the
  // heap (on the bench's data: a month's 12,000 rows from 1,251 pages). VACUUM reads only the pages
  // changed since the last one.
  if (rolled > 0) await db.execute(sql`vacuum (analyze) statistics_daily, statistics_daily_company`);
  return rolled;
}

/** The company's first Beijing day with a raw row the roll-ups count, or null without any. */
async function firstDay(db: Db, companyId: number): Promise<string | null> {
  const [row] = rowsOf<{ first: string | null }>(
    await db.execute(sql`select to_char(least(
        (select min(entry_time) from houses where company_id = ${companyId}),
        (select min(created_at) from house_follow_ups where company_id = ${companyId}),
        (select min(created_at) from house_team where company_id = ${companyId}),
        (select min(created_at) from app_records where company_id = ${companyId}),
        (select min(entry_time) from customers where company_id = ${companyId}),
        (select min(created_at) from customer_follow_ups where company_id = ${companyId})
      ) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as first`),
  );
  return row?.first ?? null;
}

async function rollUpCompany(db: Db, companyId: number, closedBefore: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The first run for a company inserts its state row (and rolls from its first raw row); later
    // runs lock the row, so two runs never roll one company at once.
    const inserted = rowsOf<{ companyId: number }>(
      await tx.execute(sql`insert into statistics_rollups (company_id, rolled_until)
        values (${companyId}, ${closedBefore}::date) on conflict do nothing returning company_id as "companyId"`),
    );
    let from: string;
    if (inserted.length > 0) from = (await firstDay(tx, companyId)) ?? closedBefore;
    else {
      const [state] = rowsOf<{ rolledUntil: string }>(
        await tx.execute(sql`select rolled_until::text as "rolledUntil" from statistics_rollups
          where company_id = ${companyId} for update`),
      );
      from = state!.rolledUntil;
    }
    const changed = rowsOf<{ day: string }>(
      await tx.execute(sql`delete from statistics_changed_days
        where company_id = ${companyId} and day < ${from}::date returning day::text as day`),
    ).map((row) => row.day);
    const windows: Days[] = changed.map((day) => ({ fromDay: day, toDay: nextDay(day) }));
    if (from < closedBefore) windows.push({ fromDay: from, toDay: closedBefore });
    if (windows.length > 0) {
      const rolledDays = sql`company_id = ${companyId}
        and (day = any(${`{${changed.join(',')}}`}::date[]) or (day >= ${from}::date and day < ${closedBefore}::date))`;
      await tx.execute(sql`delete from statistics_daily where ${rolledDays}`);
      await tx.execute(sql`delete from statistics_daily_company where ${rolledDays}`);
      const facts = rolledFactsOf(companyId, windows);
      if (facts !== null) {
        await tx.execute(sql`insert into statistics_daily (company_id, day, user_id, measure, n) ${facts}`);
        await tx.execute(sql`insert into statistics_daily_company (company_id, measure, day, n)
          select company_id, measure, day, sum(n)::int from statistics_daily where ${rolledDays} group by 1, 2, 3`);
      }
    }
    await tx.execute(sql`update statistics_rollups set rolled_until = greatest(rolled_until, ${closedBefore}::date)
      where company_id = ${companyId}`);
    return windows.reduce((days, window) => days + daysBetween(window), 0);
  });
}

const daysBetween = (window: Days) =>
  Math.round(
    (new Date(`${window.toDay}T00:00:00+08:00`).getTime() -
      new Date(`${window.fromDay}T00:00:00+08:00`).getTime()) /
      86_400_000,
  );
