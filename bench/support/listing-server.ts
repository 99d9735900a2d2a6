/**
 * The server side of the listing-search benchmark, run twice as an office runs the product (as
 * bench/support/api-server.ts): first (BENCH_PHASE=prepare) it opens the database (BENCH_DATABASE_URL
 * for PostgreSQL, else PGlite in BENCH_DATA_DIR, as `npm start` keeps it), loads the demo data,
 * generates 100,000 listings in each of 10 companies (1,000,000 rows) and 200,000 customers in each
 * (2,000,000 rows) with SQL, and exits; then (BENCH_PHASE=serve) a new process opens that database,
 * reads the query plans of the benchmarked searches, and serves the product and, on a second port,
 * the floor: a bare Fastify route and one doing a single indexed query on the same table. It reports
 * over IPC (bench/support/harness.ts).
 */
import Fastify from 'fastify';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { sqlLiteral } from '../../server/db/prepared';
import { buildApp } from '../../server/app';
import { limitHeapGrowth } from '../../server/heap';
import { systemClock } from '../../server/clock';
import { seedDemoData } from '../../server/seed/demo';
import { createCompany } from '../../server/areas/org/companies';
import { users } from '../../server/db/schema';
import { houses } from '../../server/db/schema-house';
import { houseAccess } from '../../server/areas/housing/access';
import { houseSearchPage, resolveKeyword } from '../../server/areas/housing/search';
import type { Session } from '../../server/contract/types';
import { customers } from '../../server/db/schema-customer';
import { benchSearch, listingsPerCompany, companyCount, customersPerCompany } from './listing-search-config';
import { reportToBench } from './harness';

// As server/main.ts does for `npm start`.
limitHeapGrowth();

const phase = process.env['BENCH_PHASE'] ?? 'serve';
const database = await openDatabase({
  databaseUrl: process.env['BENCH_DATABASE_URL'],
  dataDir: process.env['BENCH_DATA_DIR'],
});
const db = database.db;
if (phase === 'prepare') {
  const generated = await prepare();
  await database.close();
  reportToBench({ prepared: generated }, async () => {});
  process.exit(0);
}
const manager = await readDemoManager();

/** The demo company's manager (company A), whose searches are benchmarked. */
async function readDemoManager() {
  const [manager] = await db.select().from(users).where(eq(users.userName, '13800000000'));
  if (!manager) throw new Error('demo data missing');
  return manager;
}

/** The company's first user: the generated listings and customers are entered by, and private to, them. */
async function readFirstUser(companyId: number) {
  const [user] = await db
    .select({ id: users.id, deptId: users.deptId })
    .from(users)
    .where(eq(users.companyId, companyId))
    .limit(1);
  if (!user) throw new Error(`company ${companyId} has no user`);
  return user;
}

async function prepare() {
  await seedDemoData(db, { now: systemClock.now() });
  const companyIds = [(await readDemoManager()).companyId];
  for (let index = companyIds.length; index < companyCount; index += 1) {
    const created = await createCompany(db, {
      name: `压测经纪公司${index + 1}`,
      manager: {
        userName: `1770000${String(index).padStart(4, '0')}`,
        name: `压测经理${index + 1}`,
        passwordHash: null,
      },
    });
    companyIds.push(created.companyId);
  }

  const started = Date.now();
  for (const companyId of companyIds) {
    const owner = await readFirstUser(companyId);
    await db.execute(sql`
    with pc as (
      select id, name, city_id, district_id, region_id, address, coalesce(avg_unit_price, 50000) as avg_price,
             (row_number() over (order by id)) - 1 as idx
      from platform_communities
    ), n as (select count(*) as total from pc)
    insert into houses (company_id, house_no, type, attribution, community_id, community_name, city_id, district_id,
      region_id, address, building_no, room_no, room, hall, bath, area, floor, total_floor, toward, renovation,
      property, price, unit_price, owner_name, owner_phone, house_state, tags, attributor_id, dept_id, entry_user_id,
      private_since, entry_time)
    select ${companyId}::int, 'BM' || lpad(g::text, 7, '0'),
      case when g % 10 < 7 then 1 else 2 end,
      case when g % 5 < 3 then 2 else 1 end,
      pc.id, pc.name, pc.city_id, pc.district_id, pc.region_id, pc.address,
      (1 + g % 12) || '栋', (1 + g % 30) || '0' || (1 + g % 4),
      1 + g % 5, 1 + g % 2, 1 + g % 2,
      40 + (g * 37) % 150, 1 + g % 30, 32, 1 + g % 10, 1 + g % 5, 1,
      case when g % 10 < 7 then round(((40 + (g * 37) % 150) * pc.avg_price * (0.9 + (g % 20) / 100.0) / 10000)::numeric, 1)
           else round(((40 + (g * 37) % 150) * pc.avg_price / 650)::numeric, -2) end,
      case when g % 10 < 7 then round(pc.avg_price * (0.9 + (g % 20) / 100.0)) else null end,
      '业主' || g, '139' || lpad(g::text, 8, '0'), 1, '[]'::jsonb,
      case when g % 5 < 3 then ${owner.id}::int else null end, ${owner.deptId}::int, ${owner.id}::int,
      case when g % 5 < 3 then now() - (g % 365) * interval '1 day' else null end,
      now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${listingsPerCompany}::int) g
    join pc on pc.idx = g % (select total from n)
  `);
  }
  await db.execute(sql`vacuum analyze houses`);
  const generatedIn = (Date.now() - started) / 1000;

  // Customers: buy (70%) and rent, 60% private to the company's first user, budgets and areas around
  // the listings', phones unique per company, entered and followed over the last year.
  const customersStarted = Date.now();
  for (const companyId of companyIds) {
    const owner = await readFirstUser(companyId);
    await db.execute(sql`
    insert into customers (company_id, customer_no, type, attribution, name, gender, phones, phone, source, level,
      state, price_min, price_max, area_min, area_max, demand, attributor_id, dept_id, entry_user_id, private_since,
      last_follow_up_at, entry_time)
    select ${companyId}::int, 'KY' || lpad(g::text, 7, '0'),
      case when g % 10 < 7 then 1 else 2 end,
      case when g % 5 < 3 then 1 else 2 end,
      (array['张','王','李','赵','陈','刘','杨','黄','周','吴'])[1 + g % 10] || (array['先生','女士','子涵','浩然','欣怡','建国'])[1 + g % 6],
      1 + g % 2,
      jsonb_build_array(jsonb_build_object('phone', '137' || lpad(g::text, 8, '0'))),
      '137' || lpad(g::text, 8, '0'),
      '门店接待', (array['A','B','C'])[1 + g % 3], 1,
      case when g % 10 < 7 then 100 + (g % 40) * 20 else 2000 + (g % 30) * 200 end,
      case when g % 10 < 7 then 300 + (g % 40) * 30 else 5000 + (g % 30) * 300 end,
      40 + g % 80, 90 + g % 120,
      jsonb_build_object('room', jsonb_build_array(1 + g % 4, 2 + g % 4)),
      case when g % 5 < 3 then ${owner.id}::int else null end, ${owner.deptId}::int, ${owner.id}::int,
      case when g % 5 < 3 then now() - (g % 365) * interval '1 day' else null end,
      case when g % 3 = 0 then now() - (g % 90) * interval '1 day' else null end,
      now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${customersPerCompany}::int) g
  `);
  }
  await db.execute(sql`vacuum analyze customers`);
  const customersGeneratedIn = (Date.now() - customersStarted) / 1000;
  return { generatedIn, customersGeneratedIn };
}

const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(houses);
const [{ customerRows } = { customerRows: 0 }] = await db.select({ customerRows: count() }).from(customers);

// The plan of the benchmarked search, as the product builds it for the manager of company A.
const session: Session = {
  sessionId: 'bench',
  userId: manager.id,
  companyId: manager.companyId,
  isManager: true,
  roleId: null,
  deptId: manager.deptId,
};
const access = await houseAccess(db, session);
const searched = houseSearchPage(
  db,
  access,
  benchSearch,
  await resolveKeyword(db, benchSearch.newKey),
).toSQL();
const explain = async (query: { sql: string; params: unknown[] }) => {
  const inline = query.sql.replace(/\$(\d+)/g, (_, n: string) => sqlLiteral(query.params[Number(n) - 1]));
  const result = await db.execute(sql.raw(`explain analyze ${inline}`));
  const rows = (result as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row)[0]).join('\n');
};
const plan = `-- the page with its total, as housingPosts runs it\n${await explain(searched)}`;

const app = await buildApp({ db, clock: systemClock, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const floor = Fastify({ logger: false });
floor.get('/bare', async () => ({ code: 200, message: 'success', data: null }));
floor.get('/query', async () => {
  const rows = await db
    .select({ id: houses.id, communityName: houses.communityName, price: houses.price })
    .from(houses)
    .where(and(eq(houses.companyId, manager.companyId), eq(houses.type, 1), isNull(houses.deletedAt)))
    .orderBy(sql`${houses.entryTime} desc nulls last`)
    .limit(15);
  return { code: 200, message: 'success', data: rows };
});
await floor.listen({ port: 0, host: '127.0.0.1' });
const port = (server: { server: { address: () => unknown } }) =>
  (server.server.address() as { port: number }).port;
reportToBench(
  {
    kind: database.kind,
    rows: total,
    customerRows,
    productPort: port(app),
    floorPort: port(floor),
    plan,
  },
  async () => {
    await Promise.all([app.close(), floor.close()]);
    await database.close();
  },
);
