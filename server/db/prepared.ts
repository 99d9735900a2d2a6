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
import { fillPlaceholders, is, Placeholder, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return sqlLiteral(arrayText(value));
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Where a statement's values go. `plainValues` writes them as the parameters of a statement built for
 * one run; a `StatementShape` makes each a named placeholder, so that the statement's text depends only
 * on which values and choices it has (its shape), never on the values themselves.
 */
export type StatementValues = {
  /** A value of the statement, named after the one place that uses it. Arrays are one value (`= any(...)`). */
  value<T>(name: string, value: T): T | SQLWrapper;
  /** A choice that changes the statement's text and carries no value (a sort, a fixed condition). */
  choice(token: string): void;
};

/** Values as parameters, for a statement built and run once. */
export const plainValues: StatementValues = {
  value: <T>(_name: string, value: T) => (Array.isArray(value) ? sql.param(value) : value),
  choice: () => {},
};

/** A constant of the code (a status, a flag), written into the statement's text. */
export function literal(value: number): SQL {
  if (!Number.isInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
}

/** The values of one run of a shaped statement, and the key of its shape. */
export class StatementShape implements StatementValues {
  readonly values: Record<string, unknown> = {};
  private readonly parts: string[] = [];

  value<T>(name: string, value: T): Placeholder;
  value(name: string, value: unknown): Placeholder {
    if (name in this.values && this.values[name] !== value)
      throw new Error(`statement value "${name}" given twice`);
    this.values[name] = value;
    this.parts.push(name);
    return sql.placeholder(name);
  }

  choice(token: string): void {
    this.parts.push(`#${token}`);
  }

  get key(): string {
    return this.parts.join(' ');
  }
}

type Runnable<Result> = { execute: (values?: Record<string, unknown>) => Promise<Result> };
type Buildable<Result> = {
  toSQL: () => { sql: string; params: unknown[] };
  prepare: (name: string) => Runnable<Result>;
};

/** Under the tests every reuse is checked against the statement built again (see preparedPerShape). */
const checkReuse = process.env['VITEST'] === 'true' || process.env['CHECK_STATEMENT_SHAPES'] === '1';

/** How many shapes of one statement a database handle keeps (the oldest is dropped past it). */
export const shapesKept = 200;

/**
 * A statement whose text varies with what is asked (a search's filters, the user's access rule), built
 * by Drizzle once per shape and database handle and then run with each request's values: building the
 * text of a statement of this size is most of the API's own work on it (docs/performance.md, the
 * listing search). The database still plans each run with its values (an unnamed statement), and
 * nothing of the answer is kept.
 *
 * `build` writes every value through `values.value` and every text-changing choice without a value
 * through `values.choice`; a built statement that still holds a value of its own is refused (it would
 * be run with that value for every request of the shape). Under the tests, every reuse is compared
 * with the statement built again, so a choice that was not declared fails the suite.
 */
export function preparedPerShape<Args extends unknown[], Result>(
  build: (db: Db, values: StatementValues, ...args: Args) => Buildable<Result>,
): (db: Db, ...args: Args) => Promise<Result> {
  const perDb = new WeakMap<Db, Map<string, { text: string; query: Runnable<Result> }>>();
  return async (db, ...args) => {
    const shape = new StatementShape();
    const built = build(db, shape, ...args);
    let statements = perDb.get(db);
    if (!statements) {
      statements = new Map();
      perDb.set(db, statements);
    }
    const kept = statements.get(shape.key);
    if (kept) {
      if (checkReuse && built.toSQL().sql !== kept.text) {
        throw new Error(`two statements share the shape "${shape.key}": a choice is not declared`);
      }
      return kept.query.execute(shape.values);
    }
    const { sql: text, params } = built.toSQL();
    const own = params.filter((param) => !is(param, Placeholder));
    if (own.length > 0) {
      throw new Error(`a shaped statement holds values of its own (${own.length} of them): ${text}`);
    }
    // Unnamed, as Drizzle runs any query: the database plans each run with its values (a named
    // statement would let PostgreSQL fall back to a generic plan, far worse for a search).
    const query = built.prepare(undefined as unknown as string);
    if (statements.size >= shapesKept) statements.delete(statements.keys().next().value!);
    statements.set(shape.key, { text, query });
    return query.execute(shape.values);
  };
}

/** An array in PostgreSQL's array syntax ({1,2}, {"a","b"}), as a literal of its parameter's type is written. */
function arrayText(values: unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return numberText(value);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  return String(value);
}
