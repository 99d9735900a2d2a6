/**
 * npm run backup [FILE]: writes the whole database — uploaded files included, and files an earlier
 * version left in DATA_DIR/files — to FILE, by default DATA_DIR/backups/anjuqian-<UTC time>.jsonl.gz.
 * On PGlite the server must be stopped first; a PostgreSQL database is backed up while it runs.
 * The format is described in server/db/backup.ts. Signing keys an older version left in clear are
 * sealed first (as the server's start does), so the file never holds a usable key.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { writeBackup } from '../server/db/backup';
import { openKeyVault, installKeyVault } from '../server/areas/signing/key-vault';
import { protectSigningKeys } from '../server/areas/signing/certificates';
import { refuseWhileServerRuns } from './server-pid';

const config = readConfig();
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const file = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `anjuqian-${stamp}.jsonl.gz`));

try {
  if (!config.databaseUrl) refuseWhileServerRuns(config.dataDir, '备份');
  if (existsSync(file)) throw new Error(`文件已存在，不会覆盖：${file}`);
  const database = await openDatabase(config);
  const started = performance.now();
  let output: WriteStream | undefined;
  try {
    // The embedded default's key file is made here if the server never started since it came.
    installKeyVault(await openKeyVault({ dataDir: config.dataDir, createKeyFile: !config.databaseUrl }));
    await protectSigningKeys(database.db);
    mkdirSync(dirname(file), { recursive: true });
    output = createWriteStream(file, { flags: 'wx' });
    const legacyFilesFolder = join(config.dataDir, 'files');
    const written = await writeBackup(database.db, output, { legacyFilesFolder });
    const seconds = (performance.now() - started) / 1000;
    console.log(`backup written: ${file}`);
    console.log(
      `  ${written.tables.length} tables, ${written.rows} rows, ${written.files} files` +
        (written.legacyFiles > 0 ? ` (${written.legacyFiles} of them from ${legacyFilesFolder})` : '') +
        `, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s` +
        ` (${database.kind}, schema ${written.schemaVersion})`,
    );
  } catch (error) {
    // A half-written backup is removed (never a file this run did not create).
    if (output && !output.pending) rmSync(file, { force: true });
    throw error;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`备份失败：${(error as Error).message}`);
  process.exitCode = 1;
}
