/**
 * The tests' prepared databases. Every server test file used to start from nothing: initdb (about 3 s
 * in PGlite), the migrations, the reference data and the demo data, all again per file and per
 * database. A vitest global setup (tests/support/global-setup-*.ts) now prepares each kind once per
 * run — `empty` (migrated, reference data only) and `seeded` (plus the demo data, dated by the tests'
 * manual clock) — and createTestApp copies one: PGlite from a data-folder tarball, PostgreSQL with
 * CREATE DATABASE ... TEMPLATE. What a test sees is the same database as before, only not rebuilt.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { createManualClock } from '../../server/clock';
import { seedDemoData } from '../../server/seed/demo';

export type TemplateKind = 'empty' | 'seeded';
/** PGlite: tarball paths; PostgreSQL: database names. */
export type DatabaseTemplates = Record<TemplateKind, string>;

declare module 'vitest' {
  // Vitest's provided values are typed by merging into its interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgliteTemplates: DatabaseTemplates | null;
    postgresTemplates: DatabaseTemplates | null;
    /** server/main.ts bundled for plain node (scripts/build-server.ts), as `npm start` runs it. */
    serverBundle: string | null;
  }
}

export const postgresAdminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export function postgresUrl(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The demo data as every test saw it: dated by the manual clock's start. */
async function seed(database: Database): Promise<void> {
  await seedDemoData(database.db, { now: createManualClock().now() });
}

export async function preparePgliteTemplates(folder: string): Promise<DatabaseTemplates> {
  mkdirSync(folder, { recursive: true });
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const write = async (kind: TemplateKind) => {
    const path = join(folder, `${kind}.tar`);
    writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return path;
  };
  try {
    const empty = await write('empty');
    await seed(database);
    return { empty, seeded: await write('seeded') };
  } finally {
    await database.close();
  }
}

export async function preparePostgresTemplates(): Promise<DatabaseTemplates> {
  const suffix = randomBytes(4).toString('hex');
  const names = { empty: `tpl_empty_${suffix}`, seeded: `tpl_seeded_${suffix}` };
  for (const kind of ['empty', 'seeded'] as const) {
    await admin((client) => client.query(`CREATE DATABASE ${names[kind]}`));
    const database = await openDatabase({ databaseUrl: postgresUrl(names[kind]) });
    try {
      if (kind === 'seeded') await seed(database);
    } finally {
      await database.close();
    }
  }
  return names;
}

export async function dropPostgresTemplates(templates: DatabaseTemplates): Promise<void> {
  await admin(async (client) => {
    for (const name of Object.values(templates))
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

export function removePgliteTemplates(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** A new PostgreSQL database, copied from a template when one is given. */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(async (client) => {
    const create = `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`;
    // Two files copying the same template at once: PostgreSQL refuses the second while the first
    // holds the template ("being accessed by other users"); it is free again within moments.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(create);
        return;
      } catch (error) {
        const busy = error instanceof Error && /being accessed by other users/.test(error.message);
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  return {
    url: postgresUrl(name),
    drop: () =>
      admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
