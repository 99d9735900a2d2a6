/**
 * The statistics' daily roll-ups (issue 36): after a random sequence of writes over several days on
 * the test's clock — listings and customers added, follow-ups and 带看, listings turned public,
 * customers turned public, picked back and dealt, team roles handed to someone else, an old follow-up
 * deleted — and the roll-up job run, missed or run twice, every statistics call answers exactly what
 * the same call answers counted over the raw rows alone (loadRawFacts), for a manager, a store manager
 * and a broker of company A and the manager of company B.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { houseFollowUps } from '../../server/db/schema-house';
import { statisticsChangedDays, statisticsRollups } from '../../server/db/schema-management';
import type { Session } from '../../server/contract/types';
import { loadRawFacts } from '../../server/areas/management/statistics-facts';
import { rollUpStatistics } from '../../server/areas/management/statistics-rollup';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import {
  businessStatistics,
  customerStatistics,
  customerStatisticsPage,
  houseStatistics,
  houseStatisticsPage,
  performanceStatistics,
  polymerizationStatisticsPage,
  signStatistics,
} from '../../server/areas/management/statistics';
import { formatDate } from '../../server/format';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
const phonesA = ['13800000000', '13800000001', '13800000002', '13800000003'];
const managerB = '13900000000';

/** A small seeded generator (mulberry32), so a failure can be run again as it was. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const calls = [
  ['houseStatisticsTabelV2', houseStatistics, 'data'],
  ['customerStatisticsTabelV2', customerStatistics, 'data'],
  ['businessStatistics', businessStatistics, 'data'],
  ['performanceStatistics', performanceStatistics, 'data'],
  ['SignStatisticsTabelV2', signStatistics, 'data'],
  ['houseStatisticsPageTable', houseStatisticsPage, 'page'],
  ['customerStatisticsPageTable', customerStatisticsPage, 'page'],
  ['polymerizationStatisticsPageTable', polymerizationStatisticsPage, 'page'],
] as const;

describe('statistics roll-ups', () => {
  let t: TestApp;
  const seed = Number(process.env['ROLLUP_SEED'] ?? 20261121);
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const headers: Record<string, Record<string, string>> = {};
  const sessions: Record<string, Session> = {};
  let communityId = 0;
  let storeDeptId = 0;
  const firstDay = { value: '' };
  const houses: { id: number; by: string }[] = [];
  const customers: { id: number; by: string }[] = [];
  const done: Record<string, number> = {};
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const phone of [...phonesA, managerB]) {
      headers[phone] = await login(t.app, phone);
      const [user] = await t.database.db.select().from(users).where(eq(users.userName, phone));
      sessions[phone] = {
        sessionId: 'reference',
        userId: user!.id,
        companyId: user!.companyId,
        isManager: user!.isManager,
        roleId: user!.roleId,
        deptId: user!.deptId,
      };
    }
    storeDeptId = sessions['13800000001']!.deptId!;
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...headers['13800000000']!, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    communityId = (search.data as { communityId: number }[])[0]!.communityId;
    firstDay.value = formatDate(t.clock.now());
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (phone: string, url: string, body: unknown) =>
    call(t.app, 'POST', url, { headers: headers[phone]!, body });
  const get = (phone: string, url: string, query: Record<string, string>) =>
    call(t.app, 'GET', url, { headers: headers[phone]!, query });
  const tally = (name: string, code: number) => {
    if (code === 200) done[name] = (done[name] ?? 0) + 1;
  };

  /** One random write through the product, as one of company A's people or company B's manager. */
  async function write() {
    const actor = next() < 0.15 ? managerB : pick(phonesA);
    counter += 1;
    const kind = next();
    const own = (list: { id: number; by: string }[]) => list.filter((item) => item.by === actor);
    if (kind < 0.12) {
      const added = await post(actor, '/housing/v2/housingAdd', {
        type: next() < 0.7 ? 1 : 2,
        attribution: 2,
        communityId,
        buildingNo: `${1 + (counter % 9)}栋`,
        unitNo: '1单元',
        roomNo: String(1000 + counter),
        room: 3,
        hall: 2,
        bath: 1,
        area: 90,
        floor: 10,
        totalFloor: 30,
        price: 500 + counter,
        ownerName: `业主${counter}`,
        ownerPhone: `1391${String(counter).padStart(7, '0')}`,
      });
      tally('listing added', added.code);
      if (added.code === 200) houses.push({ id: (added.data as { houseId: number }).houseId, by: actor });
    } else if (kind < 0.24) {
      const added = await post(actor, '/customer/v2/customerAdd', {
        customerType: next() < 0.7 ? 1 : 2,
        customerAttribution: 1,
        name: `客户${counter}`,
        gender: 1,
        phones: [{ phone: `1371${String(counter).padStart(7, '0')}` }],
        source: '门店接待',
        level: 'A',
        demand: { priceMin: 300, priceMax: 800 },
      });
      tally('customer added', added.code);
      if (added.code === 200)
        customers.push({ id: (added.data as { customerId: number }).customerId, by: actor });
    } else if (kind < 0.42 && houses.length > 0) {
      const house = pick(houses);
      const written = await post(actor, '/housing/v2/housingfollowUp', {
        houseId: house.id,
        category: pick([1, 2, 3]),
        content: `跟进 ${counter}`,
      });
      tally('listing follow-up', written.code);
    } else if (kind < 0.6 && customers.length > 0) {
      const customer = pick(customers);
      const written = await post(actor, '/customer/v2/customerfollowUp', {
        customerId: customer.id,
        category: next() < 0.4 ? 4 : 1,
        content: `跟进 ${counter}`,
      });
      tally('customer follow-up', written.code);
    } else if (kind < 0.68 && own(houses).length > 0) {
      tally(
        'listing turned public',
        (await get(actor, '/housing/v2/housingToPublic', { houseId: String(pick(own(houses)).id) })).code,
      );
    } else if (kind < 0.76 && own(customers).length > 0) {
      tally(
        'customer turned public',
        (await post(actor, '/customer/v2/publicClients', { customerId: pick(own(customers)).id })).code,
      );
    } else if (kind < 0.84 && customers.length > 0) {
      const customer = pick(customers);
      const picked = await post(actor, '/customer/v2/privateClients', { customerId: customer.id });
      tally('customer picked back', picked.code);
      if (picked.code === 200) customer.by = actor;
    } else if (kind < 0.9 && customers.length > 0) {
      tally(
        'customer dealt',
        (
          await post(actor, '/customer/v2/customerTransactionStatus', {
            customerId: pick(customers).id,
            status: 1,
          })
        ).code,
      );
    } else if (houses.length > 0) {
      // A team role handed to someone: the role's earlier holder (maybe from a rolled-up day) leaves.
      const manager = actor === managerB ? managerB : '13800000000';
      const colleagues = Object.entries(sessions).filter(
        ([, s]) => s.companyId === sessions[manager]!.companyId,
      );
      tally(
        'team role taken',
        (
          await post(manager, '/housing/v2/teamAdd', {
            houseId: pick(houses).id,
            role: pick([4, 5, 6]),
            userId: pick(colleagues)[1].userId,
          })
        ).code,
      );
    }
    t.clock.advance(Math.floor(next() * 40) * 60 * 1000);
  }

  /** Every statistics call, for each viewer and search, over HTTP and over the raw rows alone. */
  async function expectRollupsEqualRawCounts() {
    const lastDay = formatDate(t.clock.now());
    const searches: {
      type?: 1 | 2;
      dateType?: 3 | 8;
      startDate?: string;
      endDate?: string;
      pagesize?: number;
      deptIds?: number[];
    }[] = [
      {},
      { type: 2 },
      { type: 1, dateType: 3 },
      { type: 2, dateType: 8, startDate: firstDay.value, endDate: lastDay, pagesize: 100 },
      { type: 1, dateType: 8, startDate: '2026-01-01', endDate: lastDay, pagesize: 100 },
      { type: 2, deptIds: [storeDeptId], pagesize: 100 },
    ];
    let compared = 0;
    for (const phone of [...phonesA, managerB]) {
      for (const search of searches) {
        for (const [operation, reference, shape] of calls) {
          // Only the page tables take a page size.
          const { pagesize, ...rest } = search;
          const body = shape === 'page' ? search : rest;
          const path = `/ManagementCenter/${operation}`;
          const answered = await post(phone, path, body);
          expect(answered.code, `${phone} ${operation} ${JSON.stringify(body)} ${answered.message}`).toBe(
            200,
          );
          const raw = JSON.parse(
            JSON.stringify(
              await reference(t.database.db, sessions[phone]!, t.clock.now(), body, loadRawFacts),
            ),
          ) as unknown;
          const shown =
            shape === 'data'
              ? answered.data
              : { data: answered.data, total: (answered as unknown as { total: number }).total };
          expect(shown, `${phone} ${operation} ${JSON.stringify(body)} (pagesize ${pagesize})`).toEqual(raw);
          compared += 1;
        }
      }
    }
    return compared;
  }

  const rolledUntil = async () =>
    (await t.database.db.select().from(statisticsRollups)).map((row) => row.rolledUntil);
  const dailyTotals = async () => {
    const result: unknown = await t.database.db.execute(
      sql`select count(*)::int as n, sum(n)::int as total from statistics_daily`,
    );
    return (result as { rows: { n: number; total: number }[] }).rows[0]!;
  };
  const changedDays = async () => (await t.database.db.select().from(statisticsChangedDays)).length;

  it('answers what a count over the raw rows answers, with the job run, missed, repeated, and a rolled-up day changed', async () => {
    // Day 1: writes, then the job (through the scheduler, as the server runs it) at the next night.
    for (let i = 0; i < 30; i += 1) await write();
    t.clock.advance(dayMs);
    const outcomes = await runDueJobs(t.database.db, t.clock, productJobs);
    const rollup = outcomes.find((outcome) => outcome.name === 'management.statisticsRollup');
    expect(rollup?.error).toBeNull();
    expect(rollup?.affected).toBeGreaterThan(0);
    expect(new Set(await rolledUntil())).toEqual(
      new Set([formatDate(new Date(t.clock.now().getTime() - 10 * 60 * 1000))]),
    );
    const afterFirstRun = await expectRollupsEqualRawCounts();

    // Days 2 and 3 without a job run (missed), day 4's run catches both up; run again at once (repeated).
    for (let day = 0; day < 3; day += 1) {
      for (let i = 0; i < 25; i += 1) await write();
      t.clock.advance(dayMs - 12 * hourMs);
    }
    const rolled = await rollUpStatistics(t.database.db, t.clock);
    expect(rolled).toBeGreaterThan(0);
    const daily = await dailyTotals();
    expect(daily.n).toBeGreaterThan(0);
    expect(await rollUpStatistics(t.database.db, t.clock)).toBe(0);
    expect(await dailyTotals()).toEqual(daily);
    await expectRollupsEqualRawCounts();

    // A rolled-up day changes: an old follow-up deleted, a role handed over; exact before the job runs.
    const [old] = await t.database.db
      .select({ id: houseFollowUps.id })
      .from(houseFollowUps)
      .where(
        and(
          ne(houseFollowUps.category, 7),
          sql`${houseFollowUps.createdAt} < ${new Date(t.clock.now().getTime() - 2 * dayMs).toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    expect(old).toBeDefined();
    await t.database.db.delete(houseFollowUps).where(eq(houseFollowUps.id, old!.id));
    for (let i = 0; i < 20; i += 1) await write();
    expect(await changedDays()).toBeGreaterThan(0);
    await expectRollupsEqualRawCounts();
    t.clock.advance(dayMs);
    await rollUpStatistics(t.database.db, t.clock);
    expect(await changedDays()).toBe(0);
    const compared = await expectRollupsEqualRawCounts();
    expect(compared).toBe(afterFirstRun);
    // The random sequence did each kind of write (with this seed), so each measure was compared.
    for (const name of [
      'listing added',
      'customer added',
      'listing follow-up',
      'customer follow-up',
      'listing turned public',
      'customer turned public',
      'customer picked back',
      'customer dealt',
      'team role taken',
    ])
      expect(done[name] ?? 0, `${name} (seed ${seed})`).toBeGreaterThan(0);
  }, 240_000); // about 800 calls compared with raw counts: 30–50 s alone, up to 150 s on a loaded 2-core machine
});
