/**
 * The management centre (issue 36): every /ManagementCenter call on the demo companies' real rows,
 * on the test's clock; statistics equal counts over the raw rows and never leave the user's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import { companies, users } from '../../server/db/schema';
import { houseFollowUps, houses } from '../../server/db/schema-house';
import { customers } from '../../server/db/schema-customer';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const dayMs = 24 * 60 * 60 * 1000;
const manager = '13800000000';
const storeManager = '13800000001';
const broker = '13800000003';
const managerB = '13900000000';

type Row = { id: number; name: string; deptName: string } & Record<string, number | string>;
type Stats = {
  range: { startDate: string; endDate: string };
  totals: Record<string, number>;
  trend: { date: string }[];
};

describe('management centre', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  let companyA = 0;
  let companyB = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const people = await t.database.db
      .select({ id: users.id, userName: users.userName, companyId: users.companyId })
      .from(users);
    for (const person of people) ids[person.userName] = person.id;
    companyA = people.find((p) => p.userName === manager)!.companyId;
    companyB = people.find((p) => p.userName === managerB)!.companyId;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (phone: string, url: string, body: unknown = {}) =>
    call(t.app, 'POST', `/ManagementCenter/${url}`, { headers: await login(t.app, phone), body });
  const get = async (phone: string, url: string, query?: Record<string, string>) =>
    call(t.app, 'GET', `/ManagementCenter/${url}`, {
      headers: await login(t.app, phone),
      ...(query ? { query } : {}),
    });

  /** The last 30 Beijing days up to the test clock's day, as the server computes them. */
  const window = () => {
    const now = t.clock.now().getTime();
    const beijingMidnight = Math.floor((now + 8 * 3600_000) / dayMs) * dayMs - 8 * 3600_000;
    return { from: new Date(beijingMidnight - 29 * dayMs), to: new Date(beijingMidnight + dayMs) };
  };

  const rawHouseCounts = async (companyId: number, userIds: number[] | null) => {
    const { from, to } = window();
    const db = t.database.db;
    const people = (column: typeof houses.entryUserId | typeof houseFollowUps.userId) =>
      userIds === null ? undefined : inArray(column, userIds.length ? userIds : [-1]);
    const entered = async (type: number) =>
      (
        await db
          .select({ n: count() })
          .from(houses)
          .where(
            and(
              eq(houses.companyId, companyId),
              eq(houses.type, type),
              gte(houses.entryTime, from),
              lt(houses.entryTime, to),
              people(houses.entryUserId),
            ),
          )
      )[0]!.n;
    const [follow] = await db
      .select({ n: count() })
      .from(houseFollowUps)
      .where(
        and(
          eq(houseFollowUps.companyId, companyId),
          ne(houseFollowUps.category, 7),
          gte(houseFollowUps.createdAt, from),
          lt(houseFollowUps.createdAt, to),
          people(houseFollowUps.userId),
        ),
      );
    return { newSaleCount: await entered(1), newRentCount: await entered(2), followCount: follow!.n };
  };

  it('counts the company’s listings over the last 30 days of the server’s clock, equal to the raw rows', async () => {
    const stats = (await post(manager, 'houseStatisticsTabelV2')).data as Stats;
    const { from } = window();
    expect(stats.range.endDate).toBe(
      new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10),
    );
    expect(stats.range.startDate).toBe(new Date(from.getTime() + 8 * 3600_000).toISOString().slice(0, 10));
    expect(stats.trend).toHaveLength(30);
    const raw = await rawHouseCounts(companyA, null);
    expect(stats.totals).toMatchObject(raw);
    expect(raw.newSaleCount + raw.followCount).toBeGreaterThan(0);
    // The trend adds up to the totals.
    const summed = (stats.trend as unknown as Record<string, number>[]).reduce(
      (sum, day) => sum + day['followCount']!,
      0,
    );
    expect(summed).toBe(stats.totals['followCount']);
  });

  it('counts a follow-up written now, on today, for the person who wrote it', async () => {
    const headers = await login(t.app, broker);
    const [house] = await t.database.db
      .select({ id: houses.id })
      .from(houses)
      .where(and(eq(houses.companyId, companyA), eq(houses.attributorId, ids[broker]!)))
      .limit(1);
    const before = (await post(manager, 'houseStatisticsPageTable', { type: 2, dateType: 1, pagesize: 100 }))
      .data as Row[];
    const written = await call(t.app, 'POST', '/housing/v2/housingfollowUp', {
      headers,
      body: { houseId: house!.id, category: 3, content: '统计测试：实勘一次' },
    });
    expect(written.code).toBe(200);
    const after = (await post(manager, 'houseStatisticsPageTable', { type: 2, dateType: 1, pagesize: 100 }))
      .data as Row[];
    const of = (rows: Row[]) => rows.find((row) => row.id === ids[broker])!;
    expect(of(after)['followCount']).toBe((of(before)['followCount'] as number) + 1);
    expect(of(after).name).toBe('赵经纪');
  });

  it('shows a broker only himself, whatever departments or people he asks for', async () => {
    const rows = (await post(broker, 'houseStatisticsPageTable', { type: 2, pagesize: 100 })).data as Row[];
    expect(rows.map((row) => row.id)).toEqual([ids[broker]]);
    const asked = await post(broker, 'houseStatisticsPageTable', {
      type: 2,
      userIds: [ids[manager]!],
      pagesize: 100,
    });
    expect(asked.data).toEqual([]);
    const stats = (await post(broker, 'houseStatisticsTabelV2')).data as Stats;
    expect(stats.totals).toMatchObject(await rawHouseCounts(companyA, [ids[broker]!]));
    const perf = (await post(broker, 'performanceStatistics', { type: 2 })).data as { ranking: Row[] };
    expect(perf.ranking.every((row) => row.id === ids[broker])).toBe(true);
    const business = (await post(broker, 'polymerizationStatisticsPageTable', { type: 1 })).data as Row[];
    expect(business.length).toBeLessThanOrEqual(1);
  });

  it('shows a store manager the people of his store only', async () => {
    const [me] = await t.database.db
      .select({ deptId: users.deptId })
      .from(users)
      .where(eq(users.id, ids[storeManager]!));
    const rows = (await post(storeManager, 'customerStatisticsPageTable', { type: 2, pagesize: 100 }))
      .data as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const theirDepts = await t.database.db
      .select({ id: users.id, deptId: users.deptId })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.id),
        ),
      );
    expect(theirDepts.every((person) => person.deptId === me!.deptId)).toBe(true);
    expect(rows.some((row) => row.id === ids[manager])).toBe(false);
  });

  it('never shows company B anything of company A', async () => {
    const rows = (await post(managerB, 'houseStatisticsPageTable', { type: 2, pagesize: 100 })).data as Row[];
    const bPeople = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.companyId, companyB));
    expect(rows.every((row) => bPeople.some((p) => p.id === row.id))).toBe(true);
    const stats = (await post(managerB, 'houseStatisticsTabelV2')).data as Stats;
    expect(stats.totals).toMatchObject(await rawHouseCounts(companyB, null));
    const asked = await post(managerB, 'houseStatisticsTabelV2', { userIds: [ids[broker]!] });
    expect((asked.data as Stats).totals['newSaleCount']).toBe(0);
    expect((asked.data as Stats).totals['followCount']).toBe(0);
    const log = await post(managerB, 'operationLog', { userIds: [ids[broker]!] });
    expect(log.total).toBe(0);
    const [customersOfA] = await t.database.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.companyId, companyA));
    expect(customersOfA!.n).toBeGreaterThan(0);
  });

  it('narrows to a department and a person; the rows and the totals change together', async () => {
    const all = (await post(manager, 'houseStatisticsPageTable', { type: 1, pagesize: 100 })).data as Row[];
    expect(all.length).toBeGreaterThan(1);
    const [me] = await t.database.db
      .select({ deptId: users.deptId })
      .from(users)
      .where(eq(users.id, ids[broker]!));
    const store = (await post(manager, 'houseStatisticsPageTable', { type: 1, deptIds: [me!.deptId!] }))
      .data as Row[];
    expect(store.map((row) => row.id)).toEqual([me!.deptId]);
    const person = (
      await post(manager, 'houseStatisticsTabelV2', { deptIds: [me!.deptId!], userIds: [ids[broker]!] })
    ).data as Stats;
    expect(person.totals).toMatchObject(await rawHouseCounts(companyA, [ids[broker]!]));
  });

  it('refuses a custom range without dates, or longer than 366 days, in Chinese', async () => {
    const missing = await post(manager, 'houseStatisticsTabelV2', { dateType: 8 });
    expect(missing.code).not.toBe(200);
    expect(missing.message).toMatch(/startDate|开始日期/);
    const long = await post(manager, 'businessStatistics', {
      dateType: 8,
      startDate: '2024-01-01',
      endDate: '2026-01-01',
    });
    expect(long).toMatchObject({ code: 405, message: '时间跨度不能超过 366 天' });
  });

  it('answers every other statistics call from the same rows', async () => {
    const business = (await post(manager, 'businessStatistics')).data as Stats;
    const house = (await post(manager, 'houseStatisticsTabelV2')).data as Stats;
    expect(business.totals['newHouseCount']).toBe(
      house.totals['newSaleCount']! + house.totals['newRentCount']!,
    );
    expect(business.totals['houseFollowCount']).toBe(house.totals['followCount']);
    const sign = (await post(manager, 'SignStatisticsTabelV2', { type: 2 })).data as Stats & { rows: Row[] };
    expect(sign.trend).toHaveLength(30);
    expect(sign.rows.reduce((sum, row) => sum + (row['initiatedCount'] as number), 0)).toBe(
      sign.totals['initiatedCount'],
    );
    const poly = await post(manager, 'polymerizationStatisticsPageTable', { type: 2, pagesize: 3 });
    expect((poly.data as Row[]).length).toBeLessThanOrEqual(3);
    expect(poly.total).toBeGreaterThan(3);
    const perf = (await post(manager, 'performanceStatistics')).data as { totals: Record<string, number> };
    expect(perf.totals['dealCount']).toBe(perf.totals['saleDealCount']! + perf.totals['rentDealCount']!);
  });

  it('keeps the company profile: a manager saves it, a broker may not, a wrong phone is named', async () => {
    const info = (await get(manager, 'companyInfo')).data as Record<string, unknown>;
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyA));
    expect(info).toMatchObject({ companyId: companyA, companyName: company!.name, managerName: '张经理' });
    const body = {
      companyName: company!.name,
      shortName: '安居',
      contactName: '张经理',
      contactPhone: '13800000000',
      address: '人民路 1 号',
    };
    expect((await post(broker, 'companyInfoUpdate', body)).code).toBe(403);
    const bad = await post(manager, 'companyInfoUpdate', { ...body, contactPhone: '123' });
    expect(bad.code).not.toBe(200);
    expect(bad.message).toContain('联系电话');
    expect((await post(manager, 'companyInfoUpdate', body)).code).toBe(200);
    expect((await get(manager, 'companyInfo')).data).toMatchObject({
      shortName: '安居',
      address: '人民路 1 号',
    });
    expect((await get(managerB, 'companyInfo')).data).toMatchObject({ companyId: companyB, shortName: null });
  });

  it('gives the account, the waiting counts equal to their lists, and the record categories', async () => {
    const account = (await get(manager, 'accountInfo')).data as Record<string, unknown>;
    const [active] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, companyA), eq(users.status, 1)));
    expect(account['account']).toBe(active!.n);
    const headers = await login(t.app, manager);
    const wait = (await get(manager, 'waitCount')).data as Record<string, number>;
    const approvals = await call(t.app, 'GET', '/oa/companyOaApprovalList', {
      headers,
      query: { type: '1' },
    });
    expect(wait['approvalCount']).toBe(approvals.total);
    expect((await get(manager, 'recordCategoryList', { type: '2' })).data).toEqual([
      { categoryId: 1, categoryName: '模板签约' },
      { categoryId: 2, categoryName: '快速签约' },
    ]);
  });

  it('pages the operation log by 10 and sign records by 3, newest first, within the scope', async () => {
    const log = await post(manager, 'operationLog', {});
    expect(log.code).toBe(200);
    expect((log.data as unknown[]).length).toBeLessThanOrEqual(10);
    expect(log.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userName: '张经理', categoryName: '公司管理', ip: '127.0.0.1' }),
      ]),
    );
    const mine = await post(broker, 'operationLog', { dateType: 1 });
    expect((mine.data as { userId: number }[]).every((row) => row.userId === ids[broker])).toBe(true);
    const company = await post(manager, 'operationLog', { categoryId: 88, keywords: '修改公司资料' });
    expect(company.total).toBe(1);
    expect((await post(managerB, 'operationLog', { categoryId: 88 })).total).toBe(0);
    const signs = await post(manager, 'signRecord', { dateType: 7 });
    expect(signs.code).toBe(200);
    expect((signs.data as unknown[]).length).toBeLessThanOrEqual(3);
  });

  it('moves the default range with the server’s clock', async () => {
    t.clock.advance(40 * dayMs);
    const stats = (await post(manager, 'houseStatisticsTabelV2')).data as Stats;
    expect(stats.totals).toMatchObject(await rawHouseCounts(companyA, null));
    expect(stats.range.endDate).toBe(
      new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10),
    );
  });
});
