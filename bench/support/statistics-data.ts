/**
 * The statistics benchmark's data (issue 36), written with SQL generate_series into a PostgreSQL
 * database: 10 companies (the demo company A and 9 more), each with 10 stores of 10 brokers,
 * 100,000 listings, 200,000 customers, 250,000 listing follow-ups and 250,000 customer follow-ups
 * (5,000,000 follow-up rows in all), team roles, and the records of listings and customers turned
 * public, picked back and dealt, spread over the last 365 days and over the company's brokers.
 * BENCH_SCALE (1 by default; e.g. 0.1) scales the listings, customers and follow-ups per company (not
 * the companies, stores or brokers), for profiling on a smaller copy in a database of its own.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/db';
import { seedDemoData } from '../../server/seed/demo';
import { createCompany } from '../../server/areas/org/companies';

export const companyCount = 10;
export const storesPerCompany = 10;
export const brokersPerStore = 10;
export const scale = Number(process.env['BENCH_SCALE'] ?? 1);
/** Rounded to a multiple of 10 (the team roles and records are a fifth and a tenth of them). */
const scaled = (full: number) => Math.max(10, Math.round((full * scale) / 10) * 10);
export const listingsPerCompany = Number(process.env['BENCH_LISTINGS'] ?? scaled(100_000));
export const customersPerCompany = Number(process.env['BENCH_CUSTOMERS'] ?? scaled(200_000));
export const followUpsPerCompany = Number(process.env['BENCH_FOLLOW_UPS'] ?? scaled(250_000));
/** The database the bench uses: bench_statistics at full scale, bench_statistics_0_1 at BENCH_SCALE=0.1. */
export const databaseName =
  scale === 1 ? 'bench_statistics' : `bench_statistics_${String(scale).replace(/\W/g, '_')}`;
export const demoManager = '13800000000';

type Step = { name: string; seconds: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const exists = async (db: Db, query: SQL) =>
  rowsOf<{ done: boolean }>(await db.execute(sql`select exists (${query}) as done`))[0]?.done === true;

/** Whether the database already holds the generated data (a kept bench_statistics). */
export async function isGenerated(db: Db): Promise<boolean> {
  return exists(db, sql`select 1 from app_records where content = '拣入私客' and ip = 'bench'`);
}

export async function generate(db: Db, now: Date): Promise<Step[]> {
  const steps: Step[] = [];
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const started = Date.now();
    await work();
    steps.push({ name, seconds: (Date.now() - started) / 1000 });
  };
  if (!(await exists(db, sql`select 1 from users where user_name = ${demoManager}`)))
    await seedDemoData(db, { now });
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select company_id as id from users where user_name = ${demoManager}`),
  );
  const companyIds = [Number(ids[0]!.id)];
  const made = rowsOf<{ id: number }>(
    await db.execute(
      sql`select company_id as id from users where user_name like '1760000%' order by company_id`,
    ),
  );
  for (const row of made) companyIds.push(Number(row.id));
  for (let index = companyIds.length; index < companyCount; index += 1) {
    const created = await createCompany(db, {
      name: `统计压测公司${index + 1}`,
      manager: {
        userName: `1760000${String(index).padStart(4, '0')}`,
        name: `统计经理${index + 1}`,
        passwordHash: null,
      },
    });
    companyIds.push(created.companyId);
  }
  const stamp = now.toISOString();
  const has = (query: SQL) => exists(db, query);
  if (!(await has(sql`select 1 from users where user_name like 'st%'`)))
    await timed('stores and brokers', async () => {
      for (const companyId of companyIds) {
        await db.execute(sql`
        insert into departments (company_id, parent_id, name, sort)
        select ${companyId}::int,
          (select dept_id from users where company_id = ${companyId}::int and is_manager order by id limit 1),
          '压测门店' || s, s
        from generate_series(1, ${storesPerCompany}::int) s`);
        await db.execute(sql`
        insert into users (company_id, user_name, name, dept_id, status)
        select ${companyId}::int, 'st' || ${companyId}::int || '-' || b, '经纪人' || b,
          (select id from departments where company_id = ${companyId}::int and name = '压测门店' || (1 + (b - 1) / ${brokersPerStore}::int)),
          1
        from generate_series(1, ${storesPerCompany * brokersPerStore}::int) b`);
      }
    });
  // The company's generated brokers, numbered 0..99, for spreading rows over them.
  const brokers = (companyId: number) => sql`(
    select array_agg(id order by id) from users where company_id = ${companyId}::int and user_name like 'st%')`;
  const when = (g: SQL) =>
    sql`${stamp}::timestamptz - ((${g})::bigint % 365) * interval '1 day' - (((${g})::bigint * 7919) % 86400) * interval '1 second'`;
  if (!(await has(sql`select 1 from houses where house_no = 'ST0000001'`)))
    await timed('listings', async () => {
      for (const companyId of companyIds) {
        await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into houses (company_id, house_no, type, attribution, community_name, room, hall, bath, area, price,
          owner_name, owner_phone, attributor_id, entry_user_id, entry_time)
        select ${companyId}::int, 'ST' || lpad(g::text, 7, '0'), case when g % 10 < 7 then 1 else 2 end,
          case when g % 5 < 3 then 2 else 1 end, '压测小区' || (g % 500), 1 + g % 5, 1 + g % 2, 1 + g % 2,
          40 + (g * 37) % 150, 100 + g % 900, '业主' || g, '139' || lpad(g::text, 8, '0'),
          case when g % 5 < 3 then b.ids[1 + g % 100] else null end, b.ids[1 + abs(hashint4(g::int + 13)) % 100], ${when(sql`g`)}
        from generate_series(1, ${listingsPerCompany}::int) g, b`);
      }
    });
  if (!(await has(sql`select 1 from customers where customer_no = 'SK0000001'`)))
    await timed('customers', async () => {
      for (const companyId of companyIds) {
        await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into customers (company_id, customer_no, type, attribution, name, phones, phone, state,
          attributor_id, entry_user_id, entry_time)
        select ${companyId}::int, 'SK' || lpad(g::text, 7, '0'), case when g % 10 < 7 then 1 else 2 end,
          case when g % 5 < 3 then 1 else 2 end, '客户' || g,
          jsonb_build_array(jsonb_build_object('phone', '137' || lpad(g::text, 8, '0'))),
          '137' || lpad(g::text, 8, '0'), 1,
          case when g % 5 < 3 then b.ids[1 + g % 100] else null end, b.ids[1 + abs(hashint4(g::int + 17)) % 100], ${when(sql`g`)}
        from generate_series(1, ${customersPerCompany}::int) g, b`);
      }
    });
  await timed('follow-ups, team roles and records', async () => {
    for (const companyId of companyIds) {
      if (await has(sql`select 1 from app_records where company_id = ${companyId}::int and ip = 'bench'`))
        continue;
      const [first] = rowsOf<{ house: number; customer: number }>(
        await db.execute(sql`
        select (select min(id) from houses where company_id = ${companyId}::int and house_no like 'ST%') as house,
               (select min(id) from customers where company_id = ${companyId}::int and customer_no like 'SK%') as customer`),
      );
      const house = Number(first!.house);
      const customer = Number(first!.customer);
      await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into house_follow_ups (company_id, house_id, category, content, user_id, created_at)
        select ${companyId}::int, ${house}::int + (g * 7) % ${listingsPerCompany}::int,
          case when g % 50 = 0 then 7 else 1 + g % 4 end, '跟进' || g, b.ids[1 + abs(hashint4(g::int + 31)) % 100], ${when(sql`(g * 3)`)}
        from generate_series(1, ${followUpsPerCompany}::int) g, b`);
      await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into customer_follow_ups (company_id, customer_id, category, content, user_id, created_at)
        select ${companyId}::int, ${customer}::int + (g * 11) % ${customersPerCompany}::int,
          case when g % 4 = 0 then 4 else 1 end, '跟进' || g, b.ids[1 + abs(hashint4(g::int + 37)) % 100], ${when(sql`(g * 5)`)}
        from generate_series(1, ${followUpsPerCompany}::int) g, b`);
      await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into house_team (company_id, house_id, role, user_id, created_at)
        select ${companyId}::int, ${house}::int + (g * 3) % ${listingsPerCompany}::int, 4 + g % 4,
          b.ids[1 + abs(hashint4(g::int + 41)) % 100], ${when(sql`(g * 11)`)}
        from generate_series(1, ${listingsPerCompany / 5}::int) g, b`);
      await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into app_records (company_id, app_type, item_id, type, content, user_id, created_at)
        select ${companyId}::int, 1, ${house}::int + (g * 5) % ${listingsPerCompany}::int, 2, '私盘转为公盘',
          b.ids[1 + abs(hashint4(g::int + 43)) % 100], ${when(sql`(g * 13)`)}
        from generate_series(1, ${listingsPerCompany / 10}::int) g, b`);
      await db.execute(sql`
        with b as (select ${brokers(companyId)} as ids)
        insert into app_records (company_id, app_type, item_id, type, content, user_id, created_at, ip)
        select ${companyId}::int, 2, ${customer}::int + (g * 5) % ${customersPerCompany}::int,
          (array[3, 4, 6])[1 + g % 3], (array['转公客', '拣入私客', '成交'])[1 + g % 3],
          b.ids[1 + abs(hashint4(g::int + 47)) % 100], ${when(sql`(g * 17)`)}, 'bench'
        from generate_series(1, ${customersPerCompany / 10}::int) g, b`);
    }
  });
  await timed('vacuum analyze', async () => {
    for (const table of [
      'houses',
      'customers',
      'house_follow_ups',
      'customer_follow_ups',
      'house_team',
      'app_records',
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
  });
  return steps;
}

type SQL = ReturnType<typeof sql>;
