import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, login, type Envelope, type TestApp } from '../support/test-app';
import { createSandboxCollect } from '../../server/sandbox/collect';

type Ticket = { ticket: string; companyId: number; userId: number };
type Collected = {
  gatherId: number;
  type: 1 | 2;
  title: string;
  communityName: string | null;
  distractName: string | null;
  price: number;
  unitPrice: number | null;
  area: number;
  room: number;
  buildingNo: string | null;
  roomNo: string | null;
  phone: string | null;
  publishTime: string;
  saved: 0 | 1;
};

const day = 24 * 60 * 60 * 1000;

describe('cloud collect: market listings of the open cities saved as private listings', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let broker: Record<string, string>;
  let finance: Record<string, string>;
  let managerB: Record<string, string>;
  let managerTicket: Ticket;
  let brokerTicket: Ticket;

  async function ticketOf(headers: Record<string, string>): Promise<Ticket> {
    const result = await call(t.app, 'GET', '/community/collectTicket', { headers });
    expect(result.code).toBe(200);
    return result.data as Ticket;
  }

  /** The collect host's calls: no token or sessionid header, the ticket in the query. */
  function collect(path: string, query: Record<string, string | number>): Promise<Envelope> {
    return call(t.app, 'GET', path, {
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  }

  function page(ticket: Ticket, query: Record<string, string | number> = {}) {
    return collect('/gather/page', {
      companyId: ticket.companyId,
      ticket: ticket.ticket,
      cityId: 4403,
      ...query,
    });
  }

  function save(ticket: Ticket, gatherId: number) {
    return collect('/gather/save', {
      companyId: ticket.companyId,
      userId: ticket.userId,
      ticket: ticket.ticket,
      gatherId,
    });
  }

  async function count(table: string): Promise<number> {
    const result: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    return Number((result as { rows: { n: number }[] }).rows[0]?.n);
  }

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    broker = await login(t.app, '13800000003');
    finance = await login(t.app, '13800000004');
    managerB = await login(t.app, '13900000000');
    managerTicket = await ticketOf(manager);
    brokerTicket = await ticketOf(broker);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the collect settings without a token: the company’s open cities, sources, the seed’s sorts and room types', async () => {
    const result = await collect('/info/findSetting', {
      companyId: managerTicket.companyId,
      ticket: managerTicket.ticket,
    });
    expect(result.code).toBe(200);
    expect(result.data).toMatchObject({
      enabled: 1,
      dailyLimit: null,
      cities: [
        { cityId: 4403, cityName: '深圳市' },
        { cityId: 4401, cityName: '广州市' },
      ],
      sources: [
        { value: 1, label: '58同城' },
        { value: 2, label: '安居客' },
        { value: 3, label: '贝壳找房' },
        { value: 4, label: '房天下' },
      ],
      roomOptions: [
        { value: 1, label: '一室' },
        { value: 2, label: '二室' },
        { value: 3, label: '三室' },
        { value: 4, label: '四室' },
        { value: 5, label: '四室及以上' },
      ],
    });
    const sorts = (result.data as { sortOptions: { value: number; label: string }[] }).sortOptions;
    expect(sorts.map((sort) => sort.label)).toEqual([
      '默认排序',
      '总价从低到高',
      '总价从高到低',
      '单价从低到高',
      '单价从高到低',
      '租金从低到高',
      '租金从高到低',
      '面积从小到大',
      '面积从大到小',
    ]);
  });

  it('refuses a missing, forged or another company’s ticket, and one whose session has ended (code 400)', async () => {
    const missing = await collect('/info/findSetting', { companyId: managerTicket.companyId });
    expect(missing.code).toBe(405);
    expect(missing.message).toContain('ticket');
    const forged = `${managerTicket.ticket.slice(0, -4)}0000`;
    for (const ticket of [forged, `${managerTicket.ticket.split('.')[0]}.${'a'.repeat(64)}`])
      expect(
        await collect('/info/findSetting', { companyId: managerTicket.companyId, ticket }),
      ).toMatchObject({ code: 400, message: '采集凭证无效或已过期，请重新登录', data: null });
    const ticketB = await ticketOf(managerB);
    const crossed = await page({ ...ticketB, companyId: managerTicket.companyId });
    expect(crossed.code).toBe(400);
    const asSomeoneElse = await save({ ...brokerTicket, userId: managerTicket.userId }, 1);
    expect(asSomeoneElse.code).toBe(400);
    const leaving = await login(t.app, '13800000002');
    const leavingTicket = await ticketOf(leaving);
    expect((await page(leavingTicket)).code).toBe(200);
    await call(t.app, 'POST', '/user/exit', { headers: leaving });
    expect((await page(leavingTicket)).code).toBe(400);
  });

  it('lists 15 a page, newest first, with masked phones and room numbers, the same market for the same clock', async () => {
    const first = await page(brokerTicket);
    expect(first.code).toBe(200);
    const rows = first.data as Collected[];
    expect(rows).toHaveLength(15);
    expect(first.total).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.type).toBe(1);
      expect(row.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(row.roomNo).toMatch(/\*\*$/);
      expect(row.communityName).toBeTruthy();
      expect(row.unitPrice).toBe(Math.round((row.price * 10000) / row.area));
    }
    const times = rows.map((row) => row.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await page(brokerTicket)).data).toEqual(rows);
    const second = await page(brokerTicket, { pageindex: 2 });
    const ids = new Set(rows.map((row) => row.gatherId));
    expect((second.data as Collected[]).some((row) => ids.has(row.gatherId))).toBe(false);
  });

  it('sorts by total price, unit price, rent and area, up and down', async () => {
    const ordered = async (query: Record<string, number>, value: (row: Collected) => number) => {
      const result = await page(brokerTicket, { pagesize: 100, ...query });
      expect(result.code).toBe(200);
      return (result.data as Collected[]).map(value);
    };
    const up = (values: number[]) => [...values].sort((a, b) => a - b);
    const down = (values: number[]) => [...values].sort((a, b) => b - a);
    let values = await ordered({ sort: 1 }, (row) => row.price);
    expect(values).toEqual(up(values));
    values = await ordered({ sort: 2 }, (row) => row.price);
    expect(values).toEqual(down(values));
    values = await ordered({ sort: 3 }, (row) => row.unitPrice!);
    expect(values).toEqual(up(values));
    values = await ordered({ sort: 4 }, (row) => row.unitPrice!);
    expect(values).toEqual(down(values));
    values = await ordered({ sort: 7 }, (row) => row.area);
    expect(values).toEqual(up(values));
    values = await ordered({ sort: 8 }, (row) => row.area);
    expect(values).toEqual(down(values));
    values = await ordered({ type: 2, sort: 5 }, (row) => row.price);
    expect(values).toEqual(up(values));
    values = await ordered({ type: 2, sort: 6 }, (row) => row.price);
    expect(values).toEqual(down(values));
    expect(await page(brokerTicket, { type: 2, sort: 3 })).toMatchObject({
      code: 405,
      message: '排序方式（sort）“单价从低到高”不适用于出租房源',
    });
    expect((await page(brokerTicket, { type: 1, sort: 5 })).code).toBe(405);
  });

  it('filters room types 1-4 exactly and 5 as four rooms or more, and by price, area and key', async () => {
    const rooms = async (room: number) =>
      ((await page(brokerTicket, { room, pagesize: 100 })).data as Collected[]).map((row) => row.room);
    expect(new Set(await rooms(2))).toEqual(new Set([2]));
    expect(new Set(await rooms(4))).toEqual(new Set([4]));
    const fourOrMore = await rooms(5);
    expect(fourOrMore.length).toBeGreaterThan(0);
    expect(fourOrMore.every((room) => room >= 4)).toBe(true);
    expect(fourOrMore).toContain(4);
    expect(fourOrMore.some((room) => room > 4)).toBe(true);
    const priced = (await page(brokerTicket, { priceMin: 500, priceMax: 800, areaMin: 80, pagesize: 100 }))
      .data as Collected[];
    expect(priced.length).toBeGreaterThan(0);
    expect(priced.every((row) => row.price >= 500 && row.price <= 800 && row.area >= 80)).toBe(true);
    const named = (await page(brokerTicket, { key: '香蜜湖1号', pagesize: 100 })).data as Collected[];
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((row) => row.communityName === '香蜜湖1号')).toBe(true);
    expect(await page(brokerTicket, { priceMin: 800, priceMax: 500 })).toMatchObject({
      code: 405,
      message: '价格区间（priceMin/priceMax）不正确：最小值不能大于最大值',
    });
  });

  it('shows only the company’s open cities, and only to who may enter listings', async () => {
    expect(await page(brokerTicket, { cityId: 3101 })).toMatchObject({
      code: 405,
      message: '上海市未开通，不能使用云采集',
    });
    expect((await page(brokerTicket, { cityId: 4401 })).code).toBe(200);
    const financeTicket = await ticketOf(finance);
    expect(await page(financeTicket)).toMatchObject({
      code: 403,
      message: '您没有权限，请联系管理员设置相关权限',
    });
  });

  it('saves a collected listing as the broker’s private listing, and refuses a second save as a duplicate, writing nothing', async () => {
    const [listing] = (await page(brokerTicket, { type: 2 })).data as Collected[];
    const saved = await save(brokerTicket, listing!.gatherId);
    expect(saved).toMatchObject({ code: 200, message: '已转入本公司房源（私盘）' });
    const { houseId, houseNo } = saved.data as { houseId: number; houseNo: string };
    expect(houseNo).toMatch(/^CZ\d{13}$/);
    const detail = await call(t.app, 'GET', '/housing/v2/housingDetail', {
      headers: broker,
      query: { houseId: String(houseId) },
    });
    expect(detail.code).toBe(200);
    const house = detail.data as {
      requestData: { communityName: string; buildingNo: string; price: number; area: number; type: number };
      attributeLabel: { siPan: number };
      attributor: { userName?: string; name?: string } | null;
    };
    expect(house.requestData).toMatchObject({
      type: 2,
      communityName: listing!.communityName,
      buildingNo: listing!.buildingNo,
      price: listing!.price,
      area: listing!.area,
    });
    expect(house.attributeLabel.siPan).toBe(1);
    const listed = (await page(brokerTicket, { type: 2 })).data as Collected[];
    expect(listed.find((row) => row.gatherId === listing!.gatherId)?.saved).toBe(1);

    const before = { houses: await count('houses'), saves: await count('collect_saves') };
    const again = await save(managerTicket, listing!.gatherId);
    expect(again.code).toBe(405);
    expect(again.message).toBe(`该房源已存在（房源编号 ${houseNo}，维护人 赵经纪），不能重复录入`);
    expect(again.data).toEqual({ duplicate: 1, houseId });
    expect({ houses: await count('houses'), saves: await count('collect_saves') }).toEqual(before);
  });

  it('refuses a collected listing that hand entry already holds, by the company’s de-duplication standard', async () => {
    const [row] = (await page(brokerTicket, { sort: 8 })).data as Collected[];
    // The market's own record (the room number is masked on the list).
    const listing = await createSandboxCollect(t.database.db).find(row!.gatherId, t.clock.now());
    const byHand = await call(t.app, 'POST', '/housing/v2/housingAdd', {
      headers: manager,
      body: {
        type: 1,
        attribution: 1,
        communityId: listing!.communityId,
        buildingNo: listing!.buildingNo,
        ...(listing!.unitNo ? { unitNo: listing!.unitNo } : {}),
        roomNo: listing!.roomNo,
        room: 3,
        hall: 2,
        bath: 2,
        area: 150,
        price: 900,
        ownerName: '黄丽',
        ownerPhone: '13711112222',
      },
    });
    expect(byHand.code).toBe(200);
    const { houseId, houseNo } = byHand.data as { houseId: number; houseNo: string };
    const before = { houses: await count('houses'), saves: await count('collect_saves') };
    const refused = await save(brokerTicket, row!.gatherId);
    expect(refused).toMatchObject({
      code: 405,
      message: `该房源已存在（房源编号 ${houseNo}，当前在公盘），不能重复录入`,
      data: { duplicate: 1, houseId },
    });
    expect({ houses: await count('houses'), saves: await count('collect_saves') }).toEqual(before);
    expect(((await page(brokerTicket, { sort: 8 })).data as Collected[])[0]).toMatchObject({ saved: 0 });
  });

  it('keeps to the daily limit of the estate settings, counted per person from midnight', async () => {
    const setting = await call(t.app, 'POST', '/community/estateSetting', {
      headers: manager,
      body: { archiveCreate: 2, archiveEdit: 2, mustPickCommunity: 0, collectDailyLimit: 1 },
    });
    expect(setting.code).toBe(200);
    const rows = ((await page(managerTicket, { pagesize: 100 })).data as Collected[]).filter(
      (row) => row.saved === 0,
    );
    expect((await save(managerTicket, rows[0]!.gatherId)).code).toBe(200);
    const before = await count('houses');
    expect(await save(managerTicket, rows[1]!.gatherId)).toMatchObject({
      code: 405,
      message: '云采集房源每人每日最多转入 1 条，您今日已达上限',
    });
    expect(await count('houses')).toBe(before);
    t.clock.advance(day);
    const [fresh] = ((await page(managerTicket)).data as Collected[]).filter((row) => row.saved === 0);
    expect((await save(managerTicket, fresh!.gatherId)).code).toBe(200);
  });

  it('answers 404 for a listing the market no longer shows', async () => {
    const [listing] = (await page(managerTicket)).data as Collected[];
    expect(await save(managerTicket, 999_999_999)).toMatchObject({
      code: 404,
      message: '该采集房源已下架或不存在',
    });
    t.clock.advance(40 * day);
    const later = await ticketOf(await login(t.app, '13800000000'));
    expect(await save(later, listing!.gatherId)).toMatchObject({ code: 404 });
  });
});
