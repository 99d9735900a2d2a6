/**
 * A query run on every request, built and prepared once per database handle: Drizzle does not build
 * its SQL again, and PostgreSQL keeps the statement (and, after a few runs, its plan) per connection.
 * The query still reads the database every time; nothing of its answer is kept.
 */
import type { Db } from './db';

export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
