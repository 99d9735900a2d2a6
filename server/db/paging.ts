/**
 * A list page and its total in one statement: the total is a sub-select carried on every row of the
 * page (PostgreSQL runs it once), so a list costs one round trip instead of two. A page past the end
 * has no row to carry it; only then is the total counted on its own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** `(select count(*) from table where ...)` as a column of the page's select. */
export function totalColumn(table: PgTable, where: SQL | undefined) {
  return sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);
}

/** The page's total: from its first row, or counted apart for an empty page past the first. */
export async function pageTotal(
  rows: readonly { total: number }[],
  pageIndex: number,
  countApart: () => Promise<number>,
): Promise<number> {
  if (rows[0]) return rows[0].total;
  return pageIndex > 1 ? countApart() : 0;
}
