/**
 * Company scoping in one place (ADR 0005). Every business row carries company_id; areas read,
 * change and delete company rows only through these helpers, and write new ones through
 * `companyRow` / `scope.insert`, so the company condition is never written by hand (ESLint rejects
 * a hand-written `eq(table.companyId, …)` outside this file). Queries that cross companies on
 * purpose say so with `acrossCompanies(reason)`; ADR 0005 lists them.
 */
import { and, eq, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db';

/** A table (or alias) whose rows belong to a company. */
export type CompanyTable = { companyId: AnyPgColumn };

/** The rows of `table` that belong to `companyId` (a company id, another table's company column in a join, or a prepared query's placeholder). */
export function inCompany(table: CompanyTable, companyId: number | AnyPgColumn | SQLWrapper): SQL {
  return eq(table.companyId, companyId);
}

/** A new company row: the values with the company set, whatever the caller passed. */
export function companyRow<Values extends object>(
  companyId: number,
  values: Values,
): Values & { companyId: number } {
  return { ...values, companyId };
}

/**
 * The documented escape: a condition-free marker for a query that reads across companies on purpose
 * (a signing link opened by its token, login by phone, a job sweep). It returns undefined so that it
 * can stand in an `and(...)`; the reason is for the reader and for grep.
 */
export function acrossCompanies(_reason: string): undefined {
  return undefined;
}

type WritableCompanyTable = PgTable & CompanyTable;

/** One company's view of the database: conditions, inserts, updates and deletes that carry the company. */
export function companyScope(db: Db, companyId: number) {
  return {
    db,
    companyId,
    where: (table: CompanyTable, ...conditions: (SQL | undefined)[]): SQL =>
      and(inCompany(table, companyId), ...conditions) ?? inCompany(table, companyId),
    insert: <T extends WritableCompanyTable>(table: T, values: Omit<T['$inferInsert'], 'companyId'>) =>
      db.insert(table).values(companyRow(companyId, values) as T['$inferInsert']),
    update: <T extends WritableCompanyTable>(
      table: T,
      set: Partial<T['$inferInsert']>,
      ...conditions: (SQL | undefined)[]
    ) =>
      db
        .update(table)
        .set(set)
        .where(and(inCompany(table, companyId), ...conditions)),
    delete: <T extends WritableCompanyTable>(table: T, ...conditions: (SQL | undefined)[]) =>
      db.delete(table).where(and(inCompany(table, companyId), ...conditions)),
  };
}

export type CompanyScope = ReturnType<typeof companyScope>;
