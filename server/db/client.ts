/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same Drizzle migrations from server/db/migrations at open, then load the reference
 * data every installation has (released versions, help pages).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { seedSystemData } from '../seed/system';
import { migrationsFolder } from '../paths';
import type { Db } from './db';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://... to use a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite's shared buffers (PostgreSQL's default is 128MB); see pgliteSharedBuffers. */
  sharedBuffers?: string | undefined;
  /**
   * An in-memory PGlite starts from this data folder (a `dumpDataDir` tarball) instead of running
   * initdb: the tests' prepared database (tests/support/database-templates.ts).
   */
  loadDataDir?: Blob | undefined;
};

/**
 * PGlite keeps its shared buffers inside the process beside the operating system's page cache, which
 * already holds the data folder: 16 MB instead of PostgreSQL's 128 MB. In a bare process that was
 * 120-160 MB less; the product's benchmark showed little of it (597 against 603 MB serving), so the
 * memory that grows is mostly elsewhere (docs/performance.md, the targets).
 */
export const pgliteSharedBuffers = '16MB';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the server ends (a restart, a terminated backend, a dropped test database) must not
    // crash the process: the pool drops a broken idle client, a running query fails on its own. Every
    // client keeps a listener, also while the pool is closing it (pg-pool removes its own then).
    const reportLost = (error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`);
    pool.on('error', reportLost);
    pool.on('connect', (client) => client.on('error', reportLost));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    await seedSystemData(db);
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  const sharedBuffers = options.sharedBuffers ?? pgliteSharedBuffers;
  if (options.dataDir) {
    const folder = join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = new PGlite(folder, { postgresqlconf: [`shared_buffers = ${sharedBuffers}`] });
  } else {
    client = new PGlite({
      postgresqlconf: [`shared_buffers = ${sharedBuffers}`],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  await seedSystemData(db);
  return { db, kind: 'pglite', close: () => client.close() };
}
