import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The database as services see it; the same type for PGlite and PostgreSQL (and for a transaction). */
export type Db = PgDatabase<PgQueryResultHKT>;
