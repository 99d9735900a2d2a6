/**
 * What the backup tests (backup.test.ts, signing-keys.test.ts) share: an empty database of the kind
 * under test, as a restore finds it (migrated, reference data only: a new PGlite data folder or a new
 * PostgreSQL database), and a backup written to memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { writeBackup } from '../../server/db/backup';
import { openDatabase, type Database } from '../../server/db/client';
import type { Db } from '../../server/db/db';
import { createPostgresDatabase } from './database-templates';

export async function openEmptyDatabase(): Promise<{ database: Database; remove: () => Promise<void> }> {
  if (process.env['TEST_DATABASE'] === 'postgres') {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: postgres.url });
    return {
      database,
      remove: async () => {
        await database.close();
        await postgres.drop();
      },
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'restore-target-'));
  const database = await openDatabase({ dataDir });
  return {
    database,
    remove: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A backup of the database, as the gzip file npm run backup writes. */
export async function backupBytes(db: Db): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeBackup(db, output);
  return Buffer.concat(chunks);
}
