/**
 * The server side of `bench/api.bench.ts`, run twice as an office runs it: first (BENCH_PHASE=prepare)
 * it opens the database (BENCH_DATABASE_URL for PostgreSQL, else PGlite in BENCH_DATA_DIR, as
 * `npm start` keeps it), loads the demo data, adds 2,000 staff in 20 stores and 60 sign contracts, and
 * exits; then (BENCH_PHASE=serve) a new process opens that database and serves the product exactly as
 * `npm start` builds it (request log on) and, on a second port, the floor: a bare Fastify route and a
 * Fastify route doing one indexed query on the same database connection.
 */
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { limitHeapGrowth } from '../../server/heap';
import { systemClock } from '../../server/clock';
import { seedDemoData } from '../../server/seed/demo';
import { analyzeTables } from '../../server/db/maintenance';
import { departments, users } from '../../server/db/schema';
import { insertStaffMember } from '../../server/areas/org/staff';
import { saleContent } from '../../tests/support/test-data';
import { reportToBench } from './harness';

// As server/main.ts does for `npm start`.
limitHeapGrowth();

export const staffCount = 2000;
const storeCount = 20;
const contractCount = 60;

const phase = process.env['BENCH_PHASE'] ?? 'serve';
const database = await openDatabase({
  databaseUrl: process.env['BENCH_DATABASE_URL'],
  dataDir: process.env['BENCH_DATA_DIR'],
});
const db = database.db;
const app = await buildApp({ db, clock: systemClock, logger: phase === 'serve' });
const [manager] =
  phase === 'prepare'
    ? await prepare()
    : await db.select().from(users).where(eq(users.userName, '13800000000'));
if (!manager) throw new Error('demo data missing');
if (phase === 'prepare') {
  // As the product's database.analyze job does soon after a start (server/db/maintenance.ts):
  // without statistics, PGlite (no autovacuum) plans every list on guesses.
  await analyzeTables(db);
  await app.close();
  await database.close();
  reportToBench({ prepared: true }, async () => {});
  process.exit(0);
}

async function prepare() {
  await seedDemoData(db, { now: systemClock.now() });
  const [manager] = await db.select().from(users).where(eq(users.userName, '13800000000'));
  const [broker] = await db.select().from(users).where(eq(users.userName, '13800000003'));
  if (!manager || !broker) throw new Error('demo data missing');
  const storeIds: number[] = [];
  for (let i = 0; i < storeCount; i++) {
    const [row] = await db
      .insert(departments)
      .values({ companyId: manager.companyId, parentId: manager.deptId, name: `压测门店${i + 1}` })
      .returning({ id: departments.id });
    storeIds.push(row!.id);
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < staffCount; i++) {
      await insertStaffMember(tx, manager.companyId, {
        name: `员工${i}`,
        mobile: `135${String(i).padStart(8, '0')}`,
        deptId: storeIds[i % storeCount]!,
        roleId: broker.roleId!,
      });
    }
  });
  const inject = async (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    const body = response.json<{ code: number; message: string; data: unknown }>();
    if (body.code !== 200) throw new Error(`${url}: ${body.message}`);
    return body.data;
  };
  const session = (await inject(
    'POST',
    '/user/login/loginPassword',
    {},
    {
      userName: '13800000000',
      password: 'demo1234',
    },
  )) as { token: string; sessionid: string };
  const headers = { token: session.token, sessionid: session.sessionid };
  const templates = (await inject('GET', '/sign/templatePostsV2', headers)) as {
    boxId: number;
    contractType: number;
  }[];
  const saleBoxId = templates.find((template) => template.contractType === 1)!.boxId;
  for (let i = 0; i < contractCount; i++) {
    await inject('POST', '/sign/contractSubmissionV2501', headers, {
      boxid: saleBoxId,
      content: saleContent(`压测花园${i + 1}期`),
      signatureType: 1,
    });
  }
  return [manager];
}

await app.listen({ port: 0, host: '127.0.0.1' });
const floor = Fastify({ logger: false });
floor.get('/bare', async () => ({ code: 200, message: 'success', data: null }));
floor.get('/query', async () => {
  const rows = await db
    .select({ id: users.id, name: users.name, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, manager.id));
  return { code: 200, message: 'success', data: rows };
});
await floor.listen({ port: 0, host: '127.0.0.1' });
const port = (server: { server: { address: () => unknown } }) =>
  (server.server.address() as { port: number }).port;
reportToBench({ kind: database.kind, productPort: port(app), floorPort: port(floor) }, async () => {
  await Promise.all([app.close(), floor.close()]);
  await database.close();
});
