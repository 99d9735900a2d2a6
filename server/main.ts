/** Starts the reference server: opens (and migrates) the database, loads demo data when empty, listens. */
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemoData } from './seed/demo';
import { refreshBuiltinTemplates } from './areas/template/seed-templates';
import { buildApp } from './app';
import { createDatabaseStorage } from './storage/files';
import { join } from 'node:path';
import { startScheduler } from './jobs/scheduler';
import { productJobs } from './jobs/jobs';
import { systemClock } from './clock';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (await isDatabaseEmpty(database.db)) {
  await seedDemoData(database.db);
  console.log('demo data loaded (manager of company A: 13800000000 / demo1234)');
}
// Companies keep copies of the built-in templates; their (not editable) text follows the shipped one.
const refreshedTemplates = await refreshBuiltinTemplates(database.db);
if (refreshedTemplates > 0) console.log(`built-in contract text updated in ${refreshedTemplates} templates`);
const app = await buildApp({
  db: database.db,
  clientDir: config.clientDir,
  isSandbox: config.isSandbox,
  // Files live in the database; ones an earlier version wrote to DATA_DIR/files are still served.
  files: createDatabaseStorage(database.db, join(config.dataDir, 'files')),
  smsResendSeconds: config.smsResendSeconds,
  loginIpMaxFailures: config.loginIpMaxFailures,
  addressLimits: config.addressLimits,
  logger: true,
});
const scheduler = startScheduler(database.db, systemClock, productJobs, {
  tickMs: 60 * 1000,
  log: (outcome) =>
    console.log(
      `job ${outcome.name}: ${outcome.error ? `failed: ${outcome.error}` : `${outcome.affected} changed`}`,
    ),
});
const shutdown = async () => {
  await scheduler.stop();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
await app.listen({ port: config.port, host: config.host });
console.log(
  `listening on http://localhost:${config.port} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
