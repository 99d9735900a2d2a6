/**
 * npm run restore FILE: restores a backup written by npm run backup into the database of this
 * configuration (DATA_DIR, or DATABASE_URL), which must hold no company yet — a new DATA_DIR or an
 * empty PostgreSQL database. On PGlite the server must be stopped first. The backup's signing keys
 * are sealed: the master key they were sealed with must be configured (SIGNING_MASTER_KEY,
 * SIGNING_MASTER_KEY_FILE or the original signing-master.key copied into DATA_DIR), else nothing is
 * restored and the message says which key is missing.
 */
import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { restoreBackup } from '../server/db/backup';
import { openKeyVault, installKeyVault } from '../server/areas/signing/key-vault';
import { protectSigningKeys } from '../server/areas/signing/certificates';
import { refuseWhileServerRuns } from './server-pid';

const config = readConfig();
const file = process.argv[2] ? resolve(process.argv[2]) : undefined;

try {
  if (!file) throw new Error('请指定备份文件：npm run restore FILE');
  if (!existsSync(file)) throw new Error(`备份文件不存在：${file}`);
  if (!config.databaseUrl) refuseWhileServerRuns(config.dataDir, '恢复');
  // Never generated here: a new key could not open the backup's signing keys.
  installKeyVault(await openKeyVault({ dataDir: config.dataDir, createKeyFile: false }));
  const database = await openDatabase(config);
  const started = performance.now();
  try {
    const restored = await restoreBackup(database.db, createReadStream(file), {
      check: async (tx) => {
        await protectSigningKeys(tx);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const where = database.kind === 'pglite' ? config.dataDir : 'DATABASE_URL';
    console.log(`restored into ${database.kind} (${where}) from ${file}, written ${restored.createdAt}`);
    console.log(
      `  ${restored.tables.length} tables, ${restored.rows} rows, ${restored.files} files, ${seconds.toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`恢复失败：${(error as Error).message}`);
  process.exitCode = 1;
}
