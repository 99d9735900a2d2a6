/**
 * Moves made by the product's jobs belong to nobody (issue 36): a listing turned public by the
 * 私盘转公盘 rule and a customer turned public by the out-to-public rule are recorded without a
 * person, and no person's figures — nor the totals, which add up the people's — count them, on the
 * open day (raw rows) or once the day is rolled up. A listing a broker turns public by hand on the
 * same day is counted for him, so the counts are not merely empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { appRecords, houses } from '../../server/db/schema-house';
import { sweepPrivateToPublic } from '../../server/areas/housing/pools';
import { sweepCustomersToPublic } from '../../server/areas/customer/pools';
import { rollUpStatistics } from '../../server/areas/management/statistics-rollup';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

const dayMs = 24 * 60 * 60 * 1000;
const manager = '13800000000';
const broker = '13800000003';

type Row = { id: number; toPublicCount: number };
type Stats = { totals: Record<string, number> };

describe('statistics and the jobs', () => {
  let t: TestApp;
  let companyA = 0;
  let brokerId = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.database.db.select().from(users).where(eq(users.userName, broker));
    companyA = row!.companyId;
    brokerId = row!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (url: string, body: unknown) =>
    call(t.app, 'POST', `/ManagementCenter/${url}`, { headers: await login(t.app, manager), body });
  const figures = async (dateType: number) => {
    const house = await post('houseStatisticsPageTable', { type: 2, dateType, pagesize: 100 });
    const customer = await post('customerStatisticsPageTable', { type: 2, dateType, pagesize: 100 });
    const houseTotals = await post('houseStatisticsTabelV2', { dateType });
    const customerTotals = await post('customerStatisticsTabelV2', { dateType });
    for (const answer of [house, customer, houseTotals, customerTotals]) expect(answer.code).toBe(200);
    const sum = (rows: unknown) => (rows as Row[]).reduce((total, row) => total + row.toPublicCount, 0);
    return {
      housePeople: sum(house.data),
      customerPeople: sum(customer.data),
      brokerHouse: (house.data as Row[]).find((row) => row.id === brokerId)?.toPublicCount ?? 0,
      houseTotal: (houseTotals.data as Stats).totals['toPublicCount'],
      customerTotal: (customerTotals.data as Stats).totals['toPublicCount'],
    };
  };
  const jobRecords = async (appType: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(appRecords)
        .where(
          and(eq(appRecords.companyId, companyA), eq(appRecords.appType, appType), isNull(appRecords.userId)),
        )
    )[0]!.n;

  it('counts a listing or customer turned public by a job for nobody, before and after the roll-up', async () => {
    const managerHeaders = await login(t.app, manager);
    const houseSetting = await call(t.app, 'GET', '/housing/v2/getHousingSetting', {
      headers: managerHeaders,
    });
    const savedHouse = await call(t.app, 'POST', '/housing/v2/housingSetting', {
      headers: managerHeaders,
      body: { ...(houseSetting.data as object), privacyToPublic: { days: 1, selected: 1 } },
    });
    expect(savedHouse.code, savedHouse.message).toBe(200);
    const customerSetting = await call(t.app, 'GET', '/customer/v2/getCustomerSetting', {
      headers: managerHeaders,
    });
    const rule = { deal: 0, follow: 1, followVisit: 0, takeBack: 0, outType: 1 };
    const savedCustomer = await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: managerHeaders,
      body: { ...(customerSetting.data as object), sellOutRule: rule, rentOutRule: rule, newOutRule: rule },
    });
    expect(savedCustomer.code, savedCustomer.message).toBe(200);

    t.clock.advance(3 * dayMs);
    const before = await figures(1);
    const housesBefore = await jobRecords(1);
    const customersBefore = await jobRecords(2);
    // The broker turns one of his private listings public by hand: his, and counted.
    const [own] = await t.database.db
      .select({ id: houses.id })
      .from(houses)
      .where(
        and(
          eq(houses.companyId, companyA),
          eq(houses.attributorId, brokerId),
          eq(houses.attribution, 2),
          isNull(houses.deletedAt),
        ),
      )
      .limit(1);
    expect(own).toBeDefined();
    const moved = await call(t.app, 'GET', '/housing/v2/housingToPublic', {
      headers: await login(t.app, broker),
      query: { houseId: String(own!.id) },
    });
    expect(moved.code, moved.message).toBe(200);
    // Then the jobs move the rest, writing their moves without a person.
    expect(await sweepPrivateToPublic(t.database.db, t.clock)).toBeGreaterThan(0);
    expect(await sweepCustomersToPublic(t.database.db, t.clock)).toBeGreaterThan(0);
    expect(await jobRecords(1)).toBeGreaterThan(housesBefore);
    expect(await jobRecords(2)).toBeGreaterThan(customersBefore);

    const today = await figures(1);
    expect(today).toEqual({
      housePeople: before.housePeople + 1,
      customerPeople: before.customerPeople,
      brokerHouse: before.brokerHouse + 1,
      houseTotal: (before.houseTotal ?? 0) + 1,
      customerTotal: before.customerTotal,
    });

    // The next day, with that day rolled up, 昨天 counts the same.
    t.clock.advance(dayMs);
    expect(await rollUpStatistics(t.database.db, t.clock)).toBeGreaterThan(0);
    expect(await figures(2)).toEqual(today);
  });
});
