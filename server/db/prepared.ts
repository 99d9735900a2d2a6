/**
 * A query run on every request, built and prepared once per database handle: Drizzle does not build
 * its SQL again, and the database plans it once per connection instead of on every run.
 * The query still reads the database every time; nothing of its answer is kept.
 *
 * On PostgreSQL, Drizzle's named statement does this (the pg driver parses it once per connection).
 * On PGlite, Drizzle sends every run as an unnamed statement, which PGlite parses and plans again each
 * time: for the session lookup, 0.9 ms of the one thread where running it takes 0.3 (docs/performance.md).
 * There the statement is prepared in SQL (`PREPARE`) on the PGlite instance, once, and each run is an
 * `EXECUTE` with its values written as literals, run through Drizzle's own execution (its row mapping).
 */
import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from './db';

export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = planOnceOnPglite(build(db));
      prepared.set(db, query);
    }
    return query;
  };
}

/** The parts of Drizzle's PGlite prepared query (drizzle-orm/pglite/session.js) this module uses. */
type PglitePrepared = {
  client: PgliteClient;
  queryString: string;
  params: unknown[];
  fields?: unknown[];
  customResultMapper?: unknown;
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
};

type PgliteClient = {
  query: (text: string, params?: unknown[], options?: object) => Promise<{ rows: unknown[][] }>;
  /** Only the PGlite instance has it: a transaction's handle does not (and is left alone). */
  execProtocol?: unknown;
};

let statementNumber = 0;

function planOnceOnPglite<Query>(query: Query): Query {
  const candidate = query as unknown as Partial<PglitePrepared>;
  const client = candidate.client;
  if (
    !client ||
    typeof client.execProtocol !== 'function' ||
    typeof candidate.queryString !== 'string' ||
    !Array.isArray(candidate.params) ||
    !Array.isArray(candidate.fields) ||
    candidate.customResultMapper
  ) {
    return query;
  }
  const drizzle = candidate as PglitePrepared;
  const name = `planned_${++statementNumber}`;
  let ready: Promise<boolean> | undefined;
  const prepare = async () => {
    // Values are written as literals: only where quotes are the one thing to escape in them.
    const [setting] = (await client.query('show standard_conforming_strings', [], { rowMode: 'array' })).rows;
    if (setting?.[0] !== 'on') return false;
    await client.query(`prepare ${name} as ${drizzle.queryString}`);
    return true;
  };
  const plain = drizzle.execute;
  drizzle.execute = async (values = {}) => {
    ready ??= prepare().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    if (!(await ready)) return plain.call(drizzle, values);
    const literals = fillPlaceholders(drizzle.params, values).map(sqlLiteral);
    // Drizzle's own run (its row mapping and type parsers) with the EXECUTE as its text.
    const run = Object.create(drizzle, {
      queryString: { value: `execute ${name}(${literals.join(', ')})` },
      params: { value: [] },
    }) as PglitePrepared;
    return plain.call(run, {});
  };
  return query;
}

/** A value as an SQL literal under standard_conforming_strings (only a quote is special in a string). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}
