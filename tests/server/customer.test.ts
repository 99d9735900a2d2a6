import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { customers } from '../../server/db/schema-customer';
import { users } from '../../server/db/schema';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import { customerNumber } from '../../domain/customer-rules';

type Row = { customerId: number; name: string; customerAttribution: number; userName: string | null };
type Detail = {
  customerAttribution: number;
  dealStatus: number;
  state: number;
  attributor: { name: string } | null;
  demand: { districtNames: string[]; priceMin: number | null };
};
type Record_ = { type: number; typeName: string; content: string; userName: string };

const dayMs = 24 * 60 * 60 * 1000;

describe('customers: entry, de-duplication, search, follow-ups, deals, pools, assignment and the job', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let storeManager: Record<string, string>;
  let supervisor: Record<string, string>;
  let broker: Record<string, string>;
  let otherManager: Record<string, string>;
  let customerId: number;

  const setting = (overrides: Record<string, unknown> = {}) => ({
    removeDuplicates: 1,
    distribution: { selected: 0, type: 1 },
    upperLimit: { selected: 0, sell: 0, rent: 0, new: 0 },
    sellOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
    rentOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
    newOutRule: { deal: 0, follow: 0, followVisit: 0, takeBack: 0, outType: 1 },
    ...overrides,
  });

  const buyer = (overrides: Record<string, unknown> = {}) => ({
    customerType: 1,
    customerAttribution: 1,
    name: '陈思远',
    gender: 1,
    phones: [{ phone: '13711112222' }],
    source: '门店接待',
    level: 'A',
    demand: {
      priceMin: 500,
      priceMax: 700,
      areaMin: 80,
      areaMax: 110,
      room: [3],
      districtIds: [440305],
      communityNames: ['天健世纪花园'],
      property: 1,
      payment: '商贷',
      purpose: '自住',
    },
    ...overrides,
  });

  const detail = async (headers: Record<string, string>, id = customerId) =>
    call(t.app, 'GET', '/customer/v2/customerDetail', { headers, query: { customerId: String(id) } });
  const records = async (headers: Record<string, string>, id = customerId) =>
    (
      await call(t.app, 'GET', '/customer/v2/customerChangeRecord', {
        headers,
        query: { customerId: String(id), pagesize: '50' },
      })
    ).data as Record_[];
  const userId = async (userName: string) =>
    (await t.database.db.select().from(users).where(eq(users.userName, userName)))[0]!.id;
  const row = async (id: number) =>
    (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    storeManager = await login(t.app, '13800000001');
    supervisor = await login(t.app, '13800000002');
    broker = await login(t.app, '13800000003');
    otherManager = await login(t.app, '13900000000');
  });
  afterAll(async () => {
    await t.close();
  });

  it('each demo company has 100+ customers in both pools, with follow-ups', async () => {
    for (const headers of [manager, otherManager]) {
      const mine = await call(t.app, 'POST', '/customer/v2/customerPosts', {
        headers,
        body: { customerAttribution: 1 },
      });
      const pool = await call(t.app, 'POST', '/customer/v2/customerPosts', {
        headers,
        body: { customerAttribution: 2 },
      });
      expect(mine.total! + pool.total!).toBeGreaterThanOrEqual(100);
      expect(mine.total).toBeGreaterThan(0);
      expect(pool.total).toBeGreaterThan(0);
      expect((mine.data as Row[]).length).toBe(15);
      const first = (mine.data as Row[])[0]!;
      const follows = await call(t.app, 'GET', '/customer/v2/getCustomerfollowUp', {
        headers,
        query: { customerId: String(first.customerId) },
      });
      expect(follows.total).toBeGreaterThan(0);
    }
    const seeded = await t.database.db.select().from(customers);
    for (const customer of seeded)
      expect(customer.customerNo).toBe(customerNumber(customer.id, customer.entryTime));
  });

  it('the settings read with defaults, and save whole', async () => {
    const read = await call(t.app, 'GET', '/customer/v2/getCustomerSetting', { headers: broker });
    expect(read.code).toBe(200);
    expect((read.data as { removeDuplicates: number }).removeDuplicates).toBe(1);
    const refused = await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: broker,
      body: setting(),
    });
    expect(refused.code).toBe(403);
    const saved = await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: manager,
      body: setting(),
    });
    expect(saved.code).toBe(200);
  });

  it('a broker enters a buy customer; the same phone again is refused naming the holder, nothing written', async () => {
    const added = await call(t.app, 'POST', '/customer/v2/customerAdd', { headers: broker, body: buyer() });
    expect(added.code).toBe(200);
    customerId = (added.data as { customerId: number }).customerId;
    const shown = await detail(broker);
    expect((shown.data as Detail).attributor?.name).toBe('赵经纪');
    expect((shown.data as Detail).demand.districtNames).toEqual(['南山区']);
    const before = (await t.database.db.select().from(customers)).length;
    const again = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: supervisor,
      body: buyer({ name: '陈先生', phones: [{ phone: '13600000000' }, { phone: '13711112222' }] }),
    });
    expect(again.code).toBe(405);
    expect(again.message).toContain('陈思远');
    expect(again.message).toContain('赵经纪');
    expect((await t.database.db.select().from(customers)).length).toBe(before);
    const bad = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: broker,
      body: buyer({ phones: [{ phone: '13799990000' }], demand: { priceMin: 900, priceMax: 100 } }),
    });
    expect(bad.code).toBe(405);
    expect(bad.message).toContain('意向价格');
  });

  it('search by phone, name and ranges, 15 a page', async () => {
    const byPhone = await call(t.app, 'POST', '/customer/v2/customerPosts', {
      headers: broker,
      body: { searchType: 1, keyword: '2222' },
    });
    expect((byPhone.data as Row[]).map((r) => r.customerId)).toEqual([customerId]);
    // Any of a customer's phones, by its last digits; a typed wildcard matches nothing.
    const twoPhones = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: broker,
      body: buyer({ name: '韩雪', phones: [{ phone: '13512340000' }, { phone: '13987658642' }] }),
    });
    expect(twoPhones.code).toBe(200);
    for (const [keyword, expected] of [
      ['8642', 1],
      ['7658642', 1],
      ['13987658642', 1],
      ['1234', 0],
      ['%', 0],
    ] as const) {
      const found = await call(t.app, 'POST', '/customer/v2/customerPosts', {
        headers: broker,
        body: { searchType: 1, keyword },
      });
      expect({ keyword, total: found.total }).toEqual({ keyword, total: expected });
    }
    const removed = await call(t.app, 'POST', '/customer/v2/customerDelete', {
      headers: manager,
      body: { customerId: (twoPhones.data as { customerId: number }).customerId },
    });
    expect(removed.code).toBe(200);
    const byName = await call(t.app, 'POST', '/customer/v2/customerPosts', {
      headers: broker,
      body: { searchType: 3, keyword: '思远' },
    });
    expect((byName.data as Row[]).map((r) => r.customerId)).toContain(customerId);
    const inRange = await call(t.app, 'POST', '/customer/v2/customerPosts', {
      headers: broker,
      body: { price: { min: 650, max: 900 }, area: { min: 100 }, room: [3], districtIds: [440305] },
    });
    expect((inRange.data as Row[]).map((r) => r.customerId)).toContain(customerId);
    const outOfRange = await call(t.app, 'POST', '/customer/v2/customerPosts', {
      headers: broker,
      body: { price: { min: 800 } },
    });
    expect((outOfRange.data as Row[]).map((r) => r.customerId)).not.toContain(customerId);
    const page = await call(t.app, 'POST', '/customer/v2/customerPosts', { headers: manager, body: {} });
    expect((page.data as Row[]).length).toBeLessThanOrEqual(15);
  });

  it('a visit follow-up is written and listed by category', async () => {
    const written = await call(t.app, 'POST', '/customer/v2/customerfollowUp', {
      headers: broker,
      body: { customerId, category: 4, content: '带看天健世纪花园三房，客户满意采光' },
    });
    expect(written.code).toBe(200);
    await call(t.app, 'POST', '/customer/v2/customerfollowUp', {
      headers: broker,
      body: { customerId, category: 1, content: '电话沟通预算' },
    });
    const visits = await call(t.app, 'GET', '/customer/v2/getCustomerfollowUp', {
      headers: broker,
      query: { customerId: String(customerId), category: '4' },
    });
    expect(visits.total).toBe(1);
    const all = await call(t.app, 'GET', '/customer/v2/getCustomerfollowUp', {
      headers: broker,
      query: { customerId: String(customerId), category: '0' },
    });
    expect(all.total).toBe(2);
    const foreignHouse = await call(t.app, 'POST', '/customer/v2/customerfollowUp', {
      headers: broker,
      body: { customerId, category: 4, content: '带看', houseIds: [2_000_000] },
    });
    expect(foreignHouse.code).toBe(405);
    expect(foreignHouse.message).toBe('带看房源不存在或已被删除');
  });

  it('matches both ways: the listings that fit the requirement, best first, and the customers that fit a listing', async () => {
    const search = await call(t.app, 'POST', '/intensiveFarming/new/getCommunityList', {
      headers: { ...manager, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cityId=4403&keyword=天健世纪花园',
    });
    const community = (search.data as { communityId: number }[])[0]!;
    const enter = async (price: number, roomNo: string) => {
      const added = await call(t.app, 'POST', '/housing/v2/housingAdd', {
        headers: broker,
        body: {
          type: 1,
          attribution: 2,
          communityId: community.communityId,
          buildingNo: '9栋',
          roomNo,
          room: 3,
          hall: 2,
          bath: 1,
          area: 96,
          property: 1,
          price,
          ownerName: '匹配业主',
          ownerPhone: `139000${roomNo}`,
        },
      });
      expect(added.code, added.message).toBe(200);
      return (added.data as { houseId: number }).houseId;
    };
    const fits = await enter(650, '12001');
    const tooDear = await enter(900, '12002');
    type Matched = { houseId: number; score: number; reasons: string[] };
    const matched = await call(t.app, 'GET', '/customer/v2/customerMatchHouses', {
      headers: broker,
      query: { customerId: String(customerId), pagesize: '50' },
    });
    expect(matched.code).toBe(200);
    const rows = matched.data as Matched[];
    expect(rows[0]).toMatchObject({ houseId: fits, score: 100 });
    expect(rows[0]!.reasons).toEqual(['意向小区', '价格符合', '面积符合', '户型符合', '物业类型符合']);
    expect(rows.map((row) => row.houseId)).not.toContain(tooDear);
    expect(rows.map((row) => row.score)).toEqual([...rows.map((row) => row.score)].sort((a, b) => b - a));
    type Fitting = { customerId: number; score: number; phone: string };
    const back = await call(t.app, 'GET', '/customer/v2/houseMatchCustomers', {
      headers: broker,
      query: { houseId: String(fits), pagesize: '100' },
    });
    expect(back.code).toBe(200);
    const people = back.data as Fitting[];
    expect(people.find((row) => row.customerId === customerId)).toMatchObject({
      score: 100,
      phone: '13711112222',
    });
    expect(people.map((row) => row.score)).toEqual([...people.map((row) => row.score)].sort((a, b) => b - a));
    const none = await call(t.app, 'GET', '/customer/v2/houseMatchCustomers', {
      headers: broker,
      query: { houseId: String(tooDear), pagesize: '100' },
    });
    expect((none.data as Fitting[]).map((row) => row.customerId)).not.toContain(customerId);
    const foreign = await call(t.app, 'GET', '/customer/v2/customerMatchHouses', {
      headers: otherManager,
      query: { customerId: String(customerId) },
    });
    expect(foreign.code).toBe(404);
    const foreignHouse = await call(t.app, 'GET', '/customer/v2/houseMatchCustomers', {
      headers: otherManager,
      query: { houseId: String(fits) },
    });
    expect(foreignHouse.code).toBe(404);
  });

  it('deal then cancel deal, each in the change record', async () => {
    const deal = await call(t.app, 'POST', '/customer/v2/customerTransactionStatus', {
      headers: broker,
      body: { customerId, status: 1 },
    });
    expect(deal.code).toBe(200);
    expect(((await detail(broker)).data as Detail).dealStatus).toBe(1);
    const twice = await call(t.app, 'POST', '/customer/v2/customerTransactionStatus', {
      headers: broker,
      body: { customerId, status: 1 },
    });
    expect(twice.code).toBe(409);
    const cancel = await call(t.app, 'POST', '/customer/v2/customerTransactionStatus', {
      headers: broker,
      body: { customerId, status: 0 },
    });
    expect(cancel.code).toBe(200);
    const state = await call(t.app, 'POST', '/customer/v2/customerChangeState', {
      headers: broker,
      body: { customerId, state: 2 },
    });
    expect(state.code).toBe(200);
    const types = (await records(broker)).map((r) => r.typeName);
    expect(types).toEqual(expect.arrayContaining(['录入', '成交', '取消成交', '状态变更']));
  });

  it('another broker’s private customer and another company’s customer are refused, nothing changed', async () => {
    const privateOfSupervisor = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: supervisor,
      body: buyer({ name: '郑可', phones: [{ phone: '13522223333' }] }),
    });
    const otherId = (privateOfSupervisor.data as { customerId: number }).customerId;
    const before = await row(otherId);
    expect((await detail(broker, otherId)).code).toBe(404);
    for (const [url, body] of [
      ['/customer/v2/customerTransactionStatus', { customerId: otherId, status: 1 }],
      ['/customer/v2/publicClients', { customerId: otherId }],
      ['/customer/v2/customerChangeState', { customerId: otherId, state: 4 }],
    ] as const) {
      const refused = await call(t.app, 'POST', url, { headers: broker, body });
      expect(refused.code).toBe(404);
      expect(refused.message).toBe('客户不存在或已被删除');
    }
    expect((await detail(otherManager)).code).toBe(404);
    const foreign = await call(t.app, 'POST', '/customer/v2/customerTransactionStatus', {
      headers: otherManager,
      body: { customerId, status: 1 },
    });
    expect(foreign.code).toBe(404);
    const foreignSearch = await call(t.app, 'POST', '/customer/v2/customerPosts', {
      headers: otherManager,
      body: { searchType: 1, keyword: '13711112222' },
    });
    expect(foreignSearch.total).toBe(0);
    const assignRefused = await call(t.app, 'POST', '/customer/v2/customerAssignment', {
      headers: broker,
      body: { customerIds: [customerId], userId: await userId('13800000002') },
    });
    expect(assignRefused.code).toBe(403);
    expect(assignRefused.message).toBe('您没有权限，请联系管理员设置相关权限');
    const deleteRefused = await call(t.app, 'POST', '/customer/v2/customerDelete', {
      headers: broker,
      body: { customerId },
    });
    expect(deleteRefused.code).toBe(403);
    expect(await row(otherId)).toEqual(before);
    expect((await row(customerId)).deletedAt).toBeNull();
  });

  it('to public; a colleague picks it back and is refused past the upper limit', async () => {
    const toPublic = await call(t.app, 'POST', '/customer/v2/publicClients', {
      headers: broker,
      body: { customerId },
    });
    expect(toPublic.code).toBe(200);
    expect(((await detail(broker)).data as Detail).customerAttribution).toBe(2);
    const inPool = await call(t.app, 'POST', '/customer/v2/customerPosts', {
      headers: broker,
      body: { customerAttribution: 2, searchType: 1, keyword: '13711112222' },
    });
    expect((inPool.data as Row[]).map((r) => r.customerId)).toEqual([customerId]);
    // The cap is what the supervisor already holds: the pick-back is refused, one more lets it through.
    const supervisorId = await userId('13800000002');
    const held = (await t.database.db.select().from(customers)).filter(
      (c) => c.attributorId === supervisorId && c.attribution === 1 && c.type === 1 && c.deletedAt === null,
    ).length;
    await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: manager,
      body: setting({ upperLimit: { selected: 1, sell: held, rent: 0, new: 0 } }),
    });
    const refused = await call(t.app, 'POST', '/customer/v2/privateClients', {
      headers: supervisor,
      body: { customerId },
    });
    expect(refused.code).toBe(405);
    expect(refused.message).toBe(`求购私客已达上限 ${held} 个，不能再增加私客`);
    expect((await row(customerId)).attribution).toBe(2);
    await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: manager,
      body: setting({ upperLimit: { selected: 1, sell: held + 1, rent: 0, new: 0 } }),
    });
    const picked = await call(t.app, 'POST', '/customer/v2/privateClients', {
      headers: supervisor,
      body: { customerId },
    });
    expect(picked.code).toBe(200);
    expect(((await detail(supervisor)).data as Detail).attributor?.name).toBe('李主管');
    const again = await call(t.app, 'POST', '/customer/v2/privateClients', {
      headers: supervisor,
      body: { customerId },
    });
    expect(again.code).toBe(409);
    const types = (await records(manager)).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining([3, 4]));
    // The cap was the supervisor's own count: lifted again, so the tests after this one do not depend
    // on how the demo data happens to share customers between him and the others.
    await call(t.app, 'POST', '/customer/v2/customerSetting', { headers: manager, body: setting() });
  });

  it('the manager assigns a public customer to a broker; the store manager deletes a public one', async () => {
    const added = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: manager,
      body: buyer({ name: '冯雨桐', customerAttribution: 2, phones: [{ phone: '13344445555' }] }),
    });
    const publicId = (added.data as { customerId: number }).customerId;
    const assigned = await call(t.app, 'POST', '/customer/v2/publicCustomerAssignment', {
      headers: manager,
      body: { customerIds: [publicId], userId: await userId('13800000003') },
    });
    expect(assigned.code).toBe(200);
    const shown = (await detail(broker, publicId)).data as Detail;
    expect(shown.customerAttribution).toBe(1);
    expect(shown.attributor?.name).toBe('赵经纪');
    expect((await records(manager, publicId)).map((r) => r.content)).toContain('公客分配给赵经纪');

    const other = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: manager,
      body: buyer({ name: '褚明', customerAttribution: 2, phones: [{ phone: '13366667777' }] }),
    });
    const otherId = (other.data as { customerId: number }).customerId;
    const wrongPool = await call(t.app, 'POST', '/customer/v2/customerDelete', {
      headers: storeManager,
      body: { customerId: otherId },
    });
    expect(wrongPool.code).toBe(409);
    const removed = await call(t.app, 'POST', '/customer/v2/publicCustomerDelete', {
      headers: storeManager,
      body: { customerId: otherId },
    });
    expect(removed.code).toBe(200);
    expect((await detail(manager, otherId)).code).toBe(404);
  });

  it('edit writes each changed field to the change record', async () => {
    const edited = await call(t.app, 'POST', '/customer/v2/customerEdit', {
      headers: supervisor,
      body: { ...buyer({ level: 'B' }), customerId },
    });
    expect(edited.code).toBe(200);
    const edit = (await records(supervisor)).find((r) => r.type === 1)!;
    expect(edit.content).toContain('客户等级');
  });

  it('the job turns a private customer with no follow-up for the configured days public', async () => {
    const added = await call(t.app, 'POST', '/customer/v2/customerAdd', {
      headers: broker,
      body: buyer({ name: '蒋一帆', phones: [{ phone: '13288889999' }] }),
    });
    const idleId = (added.data as { customerId: number }).customerId;
    await call(t.app, 'POST', '/customer/v2/customerSetting', {
      headers: manager,
      body: setting({ sellOutRule: { deal: 0, follow: 7, followVisit: 0, takeBack: 3, outType: 1 } }),
    });
    // Sessions lapse while the clock runs on: log in again after each jump.
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      manager = await login(t.app, '13800000000');
      supervisor = await login(t.app, '13800000002');
      broker = await login(t.app, '13800000003');
    };
    await advance(6 * dayMs);
    await call(t.app, 'POST', '/customer/v2/customerfollowUp', {
      headers: supervisor,
      body: { customerId, category: 1, content: '回访' },
    });
    await runDueJobs(t.database.db, t.clock, productJobs);
    expect((await row(idleId)).attribution).toBe(1);
    // A day before the move, the holder is reminded to follow up (业务提醒), once.
    const dueReminders = async () =>
      (
        (await call(t.app, 'GET', '/base/remindPosts', { headers: broker, query: { messageType: '2' } }))
          .data as { title: string; content: string }[]
      ).filter((message) => message.content.includes('蒋一帆'));
    const [due, ...moreDue] = await dueReminders();
    expect(moreDue).toHaveLength(0);
    expect(due?.title).toBe('客户跟进提醒');
    expect(due?.content).toContain('将因「7 天未跟进」在一天内按规则转为公客，请及时跟进');
    await advance(2 * dayMs);
    await runDueJobs(t.database.db, t.clock, productJobs);
    expect((await row(idleId)).attribution).toBe(2);
    expect(await dueReminders()).toHaveLength(1);
    expect((await row(customerId)).attribution).toBe(1);
    const auto = (await records(manager, idleId)).find((r) => r.type === 8)!;
    expect(auto.userName).toBe('系统');
    expect(auto.content).toContain('7 天未跟进');
    // takeBack: the former maintainer may not pick it back for 3 days.
    const early = await call(t.app, 'POST', '/customer/v2/privateClients', {
      headers: broker,
      body: { customerId: idleId },
    });
    expect(early.code).toBe(405);
    expect(early.message).toContain('3 天内');
    await advance(3 * dayMs);
    const later = await call(t.app, 'POST', '/customer/v2/privateClients', {
      headers: broker,
      body: { customerId: idleId },
    });
    expect(later.code).toBe(200);
  });
});
