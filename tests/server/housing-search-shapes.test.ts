/**
 * housingPosts runs its statement built once per shape of search (server/db/prepared.ts
 * preparedPerShape): every filter is a value of the statement, so a later search of the same shape
 * reuses the text with its own values. Each filter is checked here against the listings themselves,
 * filtered in JavaScript, and the same shape is asked with other values, by another user and by another
 * company, each getting its own answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { houses, housePictures, houseTeam } from '../../server/db/schema-house';
import { departments, users } from '../../server/db/schema';
import { houseAccess } from '../../server/areas/housing/access';
import { houseSearchPage, resolveKeyword } from '../../server/areas/housing/search';
import { preparedPerShape, StatementShape } from '../../server/db/prepared';
import type { BodyOf, Session } from '../../server/contract/types';

type House = typeof houses.$inferSelect;
type Search = Partial<BodyOf<'housingPosts'>>;
type Listed = { houseId: number };

const day = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

describe('the house list runs one statement per shape of search', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let managerId: number;
  let companyId: number;
  let listings: House[];
  let pictured: Set<number>;
  let coMaintained: Set<number>;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    const [row] = await t.database.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, '13800000000'));
    managerId = row!.id;
    companyId = row!.companyId;
    listings = await t.database.db
      .select()
      .from(houses)
      .where(and(eq(houses.companyId, companyId), isNull(houses.deletedAt)));
    pictured = new Set(
      (await t.database.db.select({ id: housePictures.houseId }).from(housePictures)).map((r) => r.id),
    );
    coMaintained = new Set(
      (
        await t.database.db
          .select({ id: houseTeam.houseId })
          .from(houseTeam)
          .where(and(eq(houseTeam.userId, managerId), eq(houseTeam.role, 2)))
      ).map((r) => r.id),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function search(headers: Record<string, string>, body: Search) {
    const page = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers,
      body: { pageindex: 1, pagesize: 100, sort: 1, attribution: 0, ...body },
    });
    expect(page.code, JSON.stringify(page)).toBe(200);
    return { ids: (page.data as Listed[]).map((row) => row.houseId), total: page.total as number };
  }

  /** The manager's answer as the listings filtered here: the total, and the first 100 by entry time. */
  function expected(keep: (house: House) => boolean) {
    const kept = listings
      .filter(keep)
      .sort((a, b) => b.entryTime.getTime() - a.entryTime.getTime() || b.id - a.id);
    return { ids: kept.slice(0, 100).map((house) => house.id), total: kept.length };
  }

  it('answers every filter as the listings themselves say, each a narrower list', async () => {
    const sample = listings.find((house) => house.unitPrice !== null && house.floor !== null)!;
    const entryDays = listings.map((house) => day(house.entryTime)).sort();
    const middleDay = entryDays[Math.floor(entryDays.length / 2)]!;
    const inRange = (value: number | null, min: number, max: number) =>
      value !== null && value >= min && value <= max;
    const tagged = listings.find((house) => house.tags.length > 0);
    const cases: [string, Search, (house: House) => boolean][] = [
      ['sale tab', { type: 1 }, (h) => h.type === 1],
      ['rent tab', { type: 2 }, (h) => h.type === 2],
      ['other properties tab', { type: 3 }, (h) => h.property !== 1 && h.property !== 2],
      ['price 100-400', { price: { min: 100, max: 400 } }, (h) => inRange(h.price, 100, 400)],
      ['price 400-900, same shape', { price: { min: 400, max: 900 } }, (h) => inRange(h.price, 400, 900)],
      ['price from 500', { price: { min: 500 } }, (h) => h.price >= 500],
      ['area to 90', { area: { max: 90 } }, (h) => h.area <= 90],
      [
        'unit price',
        { unitPrice: { min: sample.unitPrice! - 5000, max: sample.unitPrice! + 5000 } },
        (h) => inRange(h.unitPrice, sample.unitPrice! - 5000, sample.unitPrice! + 5000),
      ],
      ['floor 1-10', { floor: { min: 1, max: 10 } }, (h) => inRange(h.floor, 1, 10)],
      ['building', { buildingNo: sample.buildingNo! }, (h) => h.buildingNo === sample.buildingNo],
      ['district', { district: sample.districtId! }, (h) => h.districtId === sample.districtId],
      ['region', { region: sample.regionId! }, (h) => h.regionId === sample.regionId],
      ['community', { communityId: sample.communityId! }, (h) => h.communityId === sample.communityId],
      ['two rooms or three', { houseType: [2, 3] }, (h) => h.room === 2 || h.room === 3],
      ['one room or five and more', { houseType: [1, 5] }, (h) => h.room === 1 || h.room >= 5],
      ['five rooms and more', { houseType: [5] }, (h) => h.room >= 5],
      ['renovation', { renovation: [1, 2] }, (h) => h.renovation === 1 || h.renovation === 2],
      ['orientation', { toward: [1] }, (h) => h.toward === 1],
      ['property', { property: [1] }, (h) => h.property === 1],
      ['status', { houseState: [1] }, (h) => h.houseState === 1],
      // A dealt listing (我售 / 我租, state 3) has left the pools unless its state is asked for.
      ['private pool', { attribution: 2 }, (h) => h.attribution === 2 && h.houseState !== 3],
      ['public pool', { attribution: 1 }, (h) => h.attribution === 1 && h.houseState !== 3],
      [
        'private pool, dealt',
        { attribution: 2, houseState: [3] },
        (h) => h.attribution === 2 && h.houseState === 3,
      ],
      ['department', { deptId: sample.deptId! }, (h) => h.deptId === sample.deptId],
      ['maintainer', { userId: sample.attributorId! }, (h) => h.attributorId === sample.attributorId],
      ['owner phone', { contactPhone: sample.ownerPhone }, (h) => h.ownerPhone === sample.ownerPhone],
      [
        'last four digits of the owner phone',
        { contactPhone: sample.ownerPhone.slice(-4) },
        (h) => h.ownerPhone.endsWith(sample.ownerPhone.slice(-4)),
      ],
      ['entered from a day', { entryTime: { start: middleDay } }, (h) => day(h.entryTime) >= middleDay],
      ['entered to a day', { entryTime: { end: middleDay } }, (h) => day(h.entryTime) <= middleDay],
      [
        'house number',
        { newKey: { type: 2, key: sample.houseNo } },
        (h) => h.houseNo.includes(sample.houseNo),
      ],
      [
        'owner name',
        { newKey: { type: 3, key: sample.ownerName } },
        (h) => h.ownerName.includes(sample.ownerName),
      ],
      ['with keys', { others: [1] }, (h) => h.isKey === 1],
      ['sole agency', { others: [2] }, (h) => h.isSoleAgency === 1],
      ['with pictures', { others: [3] }, (h) => pictured.has(h.id)],
      ['with VR', { others: [4] }, (h) => h.vrUrl !== null],
      ['locked', { others: [5] }, (h) => h.isLock === 1],
      ['pinned', { others: [6] }, (h) => h.isTop === 1],
      ['sealed', { others: [7] }, (h) => h.isSeal === 1],
      ['I maintain', { others: [8] }, (h) => h.attributorId === managerId || coMaintained.has(h.id)],
      ['I entered', { others: [9] }, (h) => h.entryUserId === managerId],
      [
        'sale, 2-3 rooms, price and area, with keys',
        {
          type: 1,
          houseType: [2, 3],
          price: { min: 100, max: 900 },
          area: { min: 60, max: 150 },
          others: [1],
        },
        (h) =>
          h.type === 1 &&
          (h.room === 2 || h.room === 3) &&
          inRange(h.price, 100, 900) &&
          inRange(h.area, 60, 150) &&
          h.isKey === 1,
      ],
      ...(tagged
        ? ([
            [
              'a tag',
              { tags: [tagged.tags[0]!, 999_999] },
              (h: House) => h.tags.includes(tagged.tags[0]!) || h.tags.includes(999_999),
            ],
          ] as [string, Search, (house: House) => boolean][])
        : []),
    ];
    expect(listings.length).toBeGreaterThan(100);
    let narrower = 0;
    for (const [name, body, keep] of cases) {
      const want = expected(keep);
      expect(await search(manager, body), name).toEqual(want);
      if (want.total > 0 && want.total < listings.length) narrower += 1;
    }
    // Nearly every filter keeps some listings and leaves out others: the comparison means something.
    expect(narrower).toBeGreaterThan(cases.length - 6);
    // The same shape asked again with the first values answers as the first time.
    expect(await search(manager, { price: { min: 100, max: 400 } })).toEqual(
      expected((h) => inRange(h.price, 100, 400)),
    );
  });

  it('names each row’s cover picture, maintainer and department as the tables say', async () => {
    const pictures = await t.database.db
      .select({
        houseId: housePictures.houseId,
        url: housePictures.url,
        sort: housePictures.sort,
        id: housePictures.id,
      })
      .from(housePictures)
      .orderBy(housePictures.houseId, housePictures.sort, housePictures.id);
    const firstPicture = new Map<number, string>();
    for (const picture of pictures)
      if (!firstPicture.has(picture.houseId)) firstPicture.set(picture.houseId, picture.url);
    const names = new Map(
      (await t.database.db.select({ id: users.id, name: users.name }).from(users)).map((u) => [u.id, u.name]),
    );
    const departmentNames = new Map(
      (await t.database.db.select({ id: departments.id, name: departments.name }).from(departments)).map(
        (d) => [d.id, d.name],
      ),
    );
    const byId = new Map(listings.map((house) => [house.id, house]));
    const rows: {
      houseId: number;
      coverUrl: string | null;
      attributorName: string | null;
      deptName: string | null;
    }[] = [];
    for (const others of [[3], [] as number[]]) {
      const page = await call(t.app, 'POST', '/housing/v2/housingPosts', {
        headers: manager,
        body: { pageindex: 1, pagesize: 100, sort: 1, attribution: 0, others },
      });
      rows.push(...(page.data as typeof rows));
    }
    expect(rows.filter((row) => row.coverUrl !== null).length).toBeGreaterThan(0);
    for (const row of rows) {
      const house = byId.get(row.houseId)!;
      expect(row.coverUrl, `cover of ${row.houseId}`).toBe(firstPicture.get(row.houseId) ?? null);
      expect(row.attributorName).toBe(house.attributorId ? names.get(house.attributorId) : null);
      expect(row.deptName).toBe(house.deptId ? departmentNames.get(house.deptId) : null);
    }
  });

  it('answers each user with their own access rule and each company with its own listings', async () => {
    const body: Search = { type: 1, price: { min: 1, max: 100_000 } };
    const byManager = await search(manager, body);
    const broker = await login(t.app, '13800000003');
    const byBroker = await search(broker, body);
    const otherCompany = await login(t.app, '13900000000');
    const byOtherCompany = await search(otherCompany, body);

    // Each as the statement built for that user alone (plain values) answers.
    const plain = async (userName: string) => {
      const [user] = await t.database.db.select().from(users).where(eq(users.userName, userName));
      const session: Session = {
        sessionId: 'test',
        userId: user!.id,
        companyId: user!.companyId,
        isManager: userName.endsWith('0000'),
        roleId: user!.roleId,
        deptId: user!.deptId,
      };
      const access = await houseAccess(t.database.db, session);
      const full: BodyOf<'housingPosts'> = {
        pageindex: 1,
        pagesize: 100,
        sort: 1,
        attribution: 0,
        ...body,
      };
      const rows = await houseSearchPage(
        t.database.db,
        access,
        full,
        await resolveKeyword(t.database.db, undefined),
      );
      return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
    };
    expect(byManager).toEqual(await plain('13800000000'));
    expect(byBroker).toEqual(await plain('13800000003'));
    expect(byOtherCompany).toEqual(await plain('13900000000'));

    expect(byManager.total).toBe(listings.filter((h) => h.type === 1).length);
    expect(byBroker.total).toBeLessThan(byManager.total);
    expect(byOtherCompany.total).toBeGreaterThan(0);
    const mine = new Set(listings.map((h) => h.id));
    expect(byOtherCompany.ids.some((id) => mine.has(id))).toBe(false);
  });

  it('refuses a shaped statement that keeps a value of its own, or two texts under one shape', async () => {
    const db = t.database.db;
    const ownValue = preparedPerShape((database, _values, id: number) =>
      database.select({ id: houses.id }).from(houses).where(eq(houses.id, id)),
    );
    await expect(ownValue(db, 1)).rejects.toThrow(/holds values of its own/);

    const undeclared = preparedPerShape((database, values, pool: 1 | 2) =>
      database
        .select({ id: houses.id })
        .from(houses)
        .where(
          pool === 1
            ? eq(houses.attribution, values.value('pool', pool))
            : eq(houses.entryUserId, values.value('pool', pool)),
        ),
    );
    await undeclared(db, 1);
    await expect(undeclared(db, 2)).rejects.toThrow(/a choice is not declared/);

    const shape = new StatementShape();
    shape.value('a', 1);
    expect(() => shape.value('a', 2)).toThrow(/given twice/);
  });
});
