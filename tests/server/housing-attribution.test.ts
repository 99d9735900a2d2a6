/**
 * 房源归属 must be chosen (001 section 5: 请选择房源归属): the count of listings one may still add is
 * asked per pool and refused without one, and a listing entered without it is refused naming the
 * field, with nothing written. With a pool the count answers the role's limit, what is used and what
 * is left, and an entry uses one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { houses } from '../../server/db/schema-house';

type Count = { attribution: number; limit: number | null; used: number; remain: number | null };

describe('listings: 房源归属 is chosen before counting or entering', () => {
  let t: TestApp;
  let broker: Record<string, string>;

  const entry = (overrides: Record<string, unknown> = {}) => ({
    type: 1,
    communityName: '归属测试小区',
    buildingNo: '1栋',
    roomNo: '601',
    room: 2,
    hall: 1,
    bath: 1,
    area: 70,
    price: 260,
    ownerName: '郑业主',
    ownerPhone: '13966660001',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    broker = await login(t.app, '13800000003');
  });
  afterAll(async () => {
    await t.close();
  });

  it('the count without a pool is refused with 请选择房源归属', async () => {
    const refused = await call(t.app, 'GET', '/housing/v2/queryAuthHouseCount', { headers: broker });
    expect(refused.code).toBe(405);
    expect(refused.message).toBe('请选择房源归属');
    const zero = await call(t.app, 'GET', '/housing/v2/queryAuthHouseCount', {
      headers: broker,
      query: { attribution: '0' },
    });
    expect(zero.code).toBe(405);
    expect(zero.message).toBe('请选择房源归属');
  });

  it('an entry without a pool is refused naming 房源归属, and nothing is written', async () => {
    const refused = await call(t.app, 'POST', '/housing/v2/housingAdd', { headers: broker, body: entry() });
    expect(refused.code).toBe(405);
    expect(refused.message).toContain('房源归属');
    const rows = await t.database.db.select().from(houses).where(eq(houses.communityName, '归属测试小区'));
    expect(rows).toHaveLength(0);
  });

  it('with a pool the count gives the role’s limit, and an entry into it uses one', async () => {
    const before = await call(t.app, 'GET', '/housing/v2/queryAuthHouseCount', {
      headers: broker,
      query: { attribution: '2' },
    });
    expect(before.code).toBe(200);
    const counted = before.data as Count;
    expect(counted.attribution).toBe(2);
    const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: broker,
      body: entry({ attribution: 2 }),
    });
    expect(added.code).toBe(200);
    const after = (
      await call(t.app, 'GET', '/housing/v2/queryAuthHouseCount', {
        headers: broker,
        query: { attribution: '2' },
      })
    ).data as Count;
    expect(after.used).toBe(counted.used + 1);
    expect(after.limit).toBe(counted.limit);
    if (counted.remain !== null) expect(after.remain).toBe(counted.remain - 1);
  });
});
