/**
 * The server side of the statistics benchmark (bench/statistics.bench.ts), run twice as an office runs
 * the product: BENCH_PHASE=prepare opens the PostgreSQL database BENCH_DATABASE_URL, generates the data
 * (bench/support/statistics-data.ts) unless it is there already, runs the roll-up job and exits; then
 * BENCH_PHASE=serve opens it in a new process, times the statistics' fact loading in process (with the
 * roll-ups, and over the raw rows alone as before them), and serves the product and, on a second port,
 * the floor: a bare Fastify route and one doing a single indexed query. It reports over IPC.
 */
import Fastify from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { limitHeapGrowth } from '../../server/heap';
import { systemClock } from '../../server/clock';
import { formatDate } from '../../server/format';
import { houses } from '../../server/db/schema-house';
import { users } from '../../server/db/schema';
import { rollUpStatistics } from '../../server/areas/management/statistics-rollup';
import { loadFacts, loadRawFacts, type Family } from '../../server/areas/management/statistics-facts';
import { demoManager, generate, isGenerated } from './statistics-data';
import { reportToBench } from './harness';

limitHeapGrowth();

const phase = process.env['BENCH_PHASE'] ?? 'serve';
const database = await openDatabase({ databaseUrl: process.env['BENCH_DATABASE_URL'] });
const db = database.db;
const count = async (table: string) => {
  const result: unknown = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as { rows: { n: number }[] }).rows[0]!.n);
};

if (phase === 'prepare') {
  const reused = await isGenerated(db);
  const steps = reused ? [] : await generate(db, systemClock.now());
  const started = Date.now();
  const days = await rollUpStatistics(db, systemClock);
  steps.push({ name: `roll-up job (${days} company-days)`, seconds: (Date.now() - started) / 1000 });
  await database.close();
  reportToBench({ prepared: { reused, steps } }, async () => {});
  process.exit(0);
}

const [manager] = await db.select().from(users).where(eq(users.userName, demoManager));
if (!manager) throw new Error('demo data missing');
const rows = {
  listings: await count('houses'),
  customers: await count('customers'),
  followUps: (await count('house_follow_ups')) + (await count('customer_follow_ups')),
  rollups: await count('statistics_daily'),
};

/** Median ms of five in-process loads of company A's last 30 days, whole company. */
async function timeFacts(source: typeof loadFacts, families: Family[]) {
  const now = systemClock.now();
  const days = {
    fromDay: formatDate(new Date(now.getTime() - 29 * 86_400_000)),
    toDay: formatDate(new Date(now.getTime() + 86_400_000)),
  };
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    await source(db, manager!.companyId, null, days, families);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}
const inProcess: { families: string; rollups: number; raw: number }[] = [];
for (const families of [['house'], ['customer'], ['business', 'deal'], ['sign']] as Family[][])
  inProcess.push({
    families: families.join(' + '),
    rollups: await timeFacts(loadFacts, families),
    raw: await timeFacts(loadRawFacts, families),
  });

const app = await buildApp({ db, clock: systemClock, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const floor = Fastify({ logger: false });
floor.get('/bare', async () => ({ code: 200, message: 'success', data: null }));
floor.get('/query', async () => {
  const found = await db
    .select({ id: houses.id, communityName: houses.communityName, price: houses.price })
    .from(houses)
    .where(and(eq(houses.companyId, manager.companyId), eq(houses.type, 1), isNull(houses.deletedAt)))
    .orderBy(sql`${houses.entryTime} desc nulls last`)
    .limit(15);
  return { code: 200, message: 'success', data: found };
});
await floor.listen({ port: 0, host: '127.0.0.1' });
const port = (server: { server: { address: () => unknown } }) =>
  (server.server.address() as { port: number }).port;
reportToBench({ rows, inProcess, productPort: port(app), floorPort: port(floor) }, async () => {
  await Promise.all([app.close(), floor.close()]);
  await database.close();
});
