/**
 * Starts the reference server: opens (and migrates) the database, loads demo data when empty, listens.
 * With WORKERS=N (PostgreSQL only) the primary prepares the database once and forks N API processes
 * sharing the port (node:cluster); everything they share lives in PostgreSQL (sessions, limits,
 * payments, files, job claims), so the same works with processes on several machines behind a load
 * balancer (docs/scale-out.md).
 */
import cluster from 'node:cluster';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig, type ServerConfig } from './config';
import { openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemoData } from './seed/demo';
import { refreshBuiltinTemplates } from './areas/template/seed-templates';
import { buildApp } from './app';
import { createDatabaseStorage } from './storage/files';
import { startScheduler } from './jobs/scheduler';
import { seedShowcaseContracts } from './areas/sign/demo-contracts';
import { productJobs, productQueues } from './jobs/jobs';
import { createPortals } from './areas/promotion/portals/registry';
import { hostname } from 'node:os';
import { systemClock } from './clock';
import { limitHeapGrowth } from './heap';
import { openKeyVault, installKeyVault } from './areas/signing/key-vault';
import { protectSigningKeys } from './areas/signing/certificates';

limitHeapGrowth();

const config = readConfig();
// The signing keys' master key (docs/signing-keys.md): on the first start of the embedded default it
// is generated into DATA_DIR; the primary makes it before it forks, so every process reads the same.
installKeyVault(await openKeyVault({ dataDir: config.dataDir, createKeyFile: !cluster.isWorker }));

/** Migrates, loads demo data into an empty database and refreshes the built-in templates. */
async function prepareDatabase(config: ServerConfig) {
  const database = await openDatabase(config);
  if (await isDatabaseEmpty(database.db)) {
    await seedDemoData(database.db, { now: systemClock.now() });
    if (config.demoContracts) await seedShowcaseContracts(database.db, systemClock);
    console.log('demo data loaded (manager of company A: 13800000000 / demo1234)');
  }
  const keys = await protectSigningKeys(database.db);
  if (keys.sealed + keys.resealed > 0)
    console.log(
      `signing keys: ${keys.sealed} sealed, ${keys.resealed} re-sealed with the current master key`,
    );
  // Companies keep copies of the built-in templates; their (not editable) text follows the shipped one.
  const refreshedTemplates = await refreshBuiltinTemplates(database.db);
  if (refreshedTemplates > 0)
    console.log(`built-in contract text updated in ${refreshedTemplates} templates`);
  return database;
}

/** One API process: the app, its job ticks, a clean shutdown on SIGINT and SIGTERM. */
async function serve(config: ServerConfig, database: Awaited<ReturnType<typeof openDatabase>>) {
  const portals = createPortals(database.db, systemClock, config.portals);
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    portals,
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
    tickMs: config.jobTickSeconds * 1000,
    queues: productQueues(
      portals,
      `${hostname()}:${process.pid}`,
      config.pushTickSeconds * 1000,
      config.pushLeaseSeconds * 1000,
      config.pushBackoffSeconds * 1000,
    ),
    logQueue: (name, ran, error) =>
      console.log(`queue ${name}: ${error ? `failed: ${error}` : `${ran} ran`}`),
    log: (outcome) =>
      console.log(
        `job ${outcome.name} slot ${outcome.slot}: ${outcome.error ? `failed: ${outcome.error}` : `${outcome.affected} changed`}`,
      ),
  });
  // The embedded database is one process's: backup and restore refuse to open it while this runs.
  const pidFile = database.kind === 'pglite' ? join(config.dataDir, 'server.pid') : null;
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  const shutdown = async () => {
    await scheduler.stop();
    await app.close();
    await database.close();
    if (pidFile) rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `listening on http://localhost:${config.port} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}, process ${process.pid})`,
  );
}

if (config.workers > 1 && !config.databaseUrl) {
  console.error(`WORKERS=${config.workers} 需要 PostgreSQL（DATABASE_URL）：嵌入式数据库只能由一个进程打开`);
  process.exit(1);
}

if (config.workers > 1 && cluster.isPrimary) {
  const database = await prepareDatabase(config);
  await database.close();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.workers; i += 1) fork();
  // A process that dies is replaced; its unfinished requests failed on their own and are retried by users.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.warn(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
} else if (cluster.isWorker) {
  await serve(config, await openDatabase(config));
} else {
  await serve(config, await prepareDatabase(config));
}
