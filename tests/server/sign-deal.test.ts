/**
 * One deal from a listing and a customer to a signed contract and back (issue 41): the form prefilled
 * from the listing and the customer, the contract keeping both, the deal written to the listing and
 * the customer when the contract is signed or completed, taken back when it is voided, all in the
 * contract's own transaction; another company's listing or customer refused with nothing written.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, saleContent, type Headers, type SignFixture } from '../support/sign-fixture';
import { houses, appRecords } from '../../server/db/schema-house';
import { customers } from '../../server/db/schema-customer';
import { signContracts, signSignatories } from '../../server/db/schema-sign';
import { users } from '../../server/db/schema';
import { markSignedWhenAllSigned } from '../../server/areas/sign/lifecycle';
import { applyHouseDeal, sweepEndedLeases } from '../../server/areas/housing/contract-deals';
import { sweepPrivateToPublic } from '../../server/areas/housing/pools';
import { login } from '../support/test-app';
import { formatDate } from '../../server/format';

type Prefill = {
  houseInfo: { houseName?: string; houseBuilding?: string; houseRoomNo?: string };
  partyA: { subjectType: number; name: string; phone?: string };
  partyB?: { name: string; phone?: string };
  property: { houseArea?: number; houseName?: string };
  transaction?: { transactionPrice?: number };
  rental?: { monthlyRent?: number };
};

describe('a deal from a listing and a customer', () => {
  let f: SignFixture;
  let brokerId: number;
  let companyId: number;
  let saleHouse: typeof houses.$inferSelect;
  let rentHouse: typeof houses.$inferSelect;
  let buyer: typeof customers.$inferSelect;
  let otherHouse: typeof houses.$inferSelect;
  let otherCustomer: typeof customers.$inferSelect;

  beforeAll(async () => {
    f = await createSignFixture();
    const db = f.t.database.db;
    const [broker] = await db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, '13800000003'));
    brokerId = broker!.id;
    companyId = broker!.companyId;
    const own = (type: number) =>
      db
        .select()
        .from(houses)
        .where(
          and(
            eq(houses.companyId, companyId),
            eq(houses.attributorId, brokerId),
            eq(houses.type, type),
            eq(houses.houseState, 1),
            eq(houses.isLock, 0),
            isNull(houses.deletedAt),
          ),
        )
        .orderBy(houses.id)
        .limit(2);
    saleHouse = (await own(1))[0]!;
    rentHouse = (await own(2))[0]!;
    buyer = (
      await db
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.companyId, companyId),
            eq(customers.attributorId, brokerId),
            eq(customers.dealStatus, 0),
          ),
        )
        .orderBy(customers.id)
        .limit(1)
    )[0]!;
    otherHouse = (
      await db
        .select()
        .from(houses)
        .where(sql`${houses.companyId} <> ${companyId}`)
        .limit(1)
    )[0]!;
    otherCustomer = (
      await db
        .select()
        .from(customers)
        .where(sql`${customers.companyId} <> ${companyId}`)
        .limit(1)
    )[0]!;
    expect(saleHouse && rentHouse && buyer && otherHouse && otherCustomer).toBeTruthy();
  });
  afterAll(async () => {
    await f.t.close();
  });

  const contractCount = async () =>
    (
      await f.t.database.db
        .select({ n: count() })
        .from(signContracts)
        .where(eq(signContracts.companyId, companyId))
    )[0]!.n;

  const submitLinked = async (headers: Headers, links: Record<string, number>, signatureType: 1 | 2 = 2) => {
    const result = await f.post('/sign/contractSubmissionV2501', headers, {
      boxid: f.saleBoxId,
      content: saleContent(),
      signatureType,
      ...links,
    });
    expect(result.code, result.message).toBe(200);
    return (result.data as { contractId: number }).contractId;
  };

  const houseRow = async (id: number) =>
    (await f.t.database.db.select().from(houses).where(eq(houses.id, id)))[0]!;
  const customerRow = async (id: number) =>
    (await f.t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const recordsOf = async (appType: number, itemId: number) =>
    f.t.database.db
      .select({ content: appRecords.content })
      .from(appRecords)
      .where(and(eq(appRecords.appType, appType), eq(appRecords.itemId, itemId)));

  it('fills the house, the price and the owner from the broker’s sale listing, and the buyer from his customer', async () => {
    const result = await f.get('/sign/getContractSellData', f.broker, {
      houseId: saleHouse.id,
      customerId: buyer.id,
    });
    expect(result.code, result.message).toBe(200);
    const prefill = result.data as Prefill;
    expect(prefill.houseInfo.houseName).toBe(saleHouse.communityName);
    expect(prefill.property.houseArea).toBe(saleHouse.area);
    expect(prefill.transaction?.transactionPrice).toBe(Math.round(saleHouse.price * 10000));
    expect(prefill.partyA).toMatchObject({ subjectType: 1, name: saleHouse.ownerName });
    // The owner's phone is protected on a listing (shown after 查看, counted and logged): the prefill
    // does not give it past that rule, the broker types it.
    expect(prefill.partyA).not.toHaveProperty('phone');
    expect(prefill.partyB).toMatchObject({ name: buyer.name, phone: buyer.phone });
  });

  it('fills the monthly rent from a rent listing, and refuses a listing of the other kind', async () => {
    const rent = await f.get('/sign/getContractRentData', f.broker, { houseId: rentHouse.id });
    expect(rent.code, rent.message).toBe(200);
    expect((rent.data as Prefill).rental?.monthlyRent).toBe(rentHouse.price);
    expect(await f.get('/sign/getContractSellData', f.broker, { houseId: rentHouse.id })).toMatchObject({
      code: 405,
      message: '所选房源不是出售房源，不能签买卖合同',
    });
  });

  it('refuses another company’s listing or customer, and writes nothing', async () => {
    expect(await f.get('/sign/getContractSellData', f.broker, { houseId: otherHouse.id })).toMatchObject({
      code: 404,
      message: '房源不存在或已被删除',
    });
    expect(
      await f.get('/sign/getContractSellData', f.broker, {
        houseId: saleHouse.id,
        customerId: otherCustomer.id,
      }),
    ).toMatchObject({ code: 404, message: '客户不存在或已被删除' });
    const before = await contractCount();
    for (const links of [
      { houseId: otherHouse.id },
      { houseId: saleHouse.id, customerId: otherCustomer.id },
    ]) {
      const refused = await f.post('/sign/contractSubmissionV2501', f.broker, {
        boxid: f.saleBoxId,
        content: saleContent(),
        signatureType: 2,
        ...links,
      });
      expect(refused.code).toBe(404);
    }
    expect(await contractCount()).toBe(before);
    expect((await f.get('/sign/houseContracts', f.broker, { houseId: otherHouse.id })).code).toBe(404);
    expect((await f.get('/sign/customerContracts', f.broker, { customerId: otherCustomer.id })).code).toBe(
      404,
    );
  });

  it('completing a contract makes the listing and the customer 成交, with records naming the contract', async () => {
    const contractId = await submitLinked(f.broker, { houseId: saleHouse.id, customerId: buyer.id });
    const detail = (await f.get('/sign/signDetailV3', f.broker, { contractId })).data as {
      contractNo: string;
      houseId: number;
      customerId: number;
      house: { title: string; stateName: string };
      customer: { name: string; dealStatus: number };
    };
    expect(detail).toMatchObject({
      houseId: saleHouse.id,
      customerId: buyer.id,
      customer: { name: buyer.name },
    });
    expect((await houseRow(saleHouse.id)).houseState).toBe(1);

    const completed = await f.post('/sign/contractComplete', f.broker, { contractId });
    expect(completed.code, completed.message).toBe(200);
    expect((await houseRow(saleHouse.id)).houseState).toBe(3);
    expect((await customerRow(buyer.id)).dealStatus).toBe(1);
    expect((await recordsOf(1, saleHouse.id)).map((r) => r.content).join('\n')).toContain(detail.contractNo);
    expect((await recordsOf(2, buyer.id)).map((r) => r.content).join('\n')).toContain(detail.contractNo);

    const after = (await f.get('/sign/signDetailV3', f.broker, { contractId })).data as typeof detail;
    expect(after.house.stateName).toBe('我售');
    expect(after.customer.dealStatus).toBe(1);
    const listed = (await f.get('/sign/houseContracts', f.broker, { houseId: saleHouse.id })).data as {
      contractId: number;
      stateName: string;
    }[];
    expect(listed).toContainEqual(expect.objectContaining({ contractId, stateName: '已完成' }));
    const ofCustomer = (await f.get('/sign/customerContracts', f.broker, { customerId: buyer.id })).data as {
      contractId: number;
    }[];
    expect(ofCustomer.map((row) => row.contractId)).toContain(contractId);
  });

  it('a signed contract is a deal, and voiding it takes the deal back with a record', async () => {
    const db = f.t.database.db;
    const [house] = await db
      .select()
      .from(houses)
      .where(
        and(
          eq(houses.companyId, companyId),
          eq(houses.attributorId, brokerId),
          eq(houses.type, 1),
          eq(houses.houseState, 1),
          eq(houses.isLock, 0),
          isNull(houses.deletedAt),
        ),
      )
      .orderBy(houses.id)
      .limit(1);
    const [customer] = await db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          eq(customers.attributorId, brokerId),
          eq(customers.dealStatus, 0),
        ),
      )
      .orderBy(customers.id)
      .limit(1);
    const contractId = await submitLinked(f.broker, { houseId: house!.id, customerId: customer!.id }, 1);
    const started = await f.post('/sign/contractStart', f.broker, { contractId, type: 2 });
    expect(started.code, started.message).toBe(200);
    // Every party signs (the signing links are another test's subject): the last signature's step.
    await db.update(signSignatories).set({ signStatus: 1 }).where(eq(signSignatories.contractId, contractId));
    await db.transaction((tx) => markSignedWhenAllSigned(tx, companyId, contractId, f.t.clock.now()));
    expect((await houseRow(house!.id)).houseState).toBe(3);
    expect((await customerRow(customer!.id)).dealStatus).toBe(1);

    const voided = await f.post('/sign/signInvalid', f.manager, { contractId, reason: '买方放弃购买' });
    expect(voided.code, voided.message).toBe(200);
    expect((await houseRow(house!.id)).houseState).toBe(1);
    expect((await customerRow(customer!.id)).dealStatus).toBe(0);
    const [contract] = await db.select().from(signContracts).where(eq(signContracts.id, contractId));
    expect((await recordsOf(1, house!.id)).map((r) => r.content)).toContainEqual(
      expect.stringContaining(`合同 ${contract!.contractNo} 已作废`),
    );
    expect((await recordsOf(2, customer!.id)).map((r) => r.content)).toContainEqual(
      `合同 ${contract!.contractNo} 已作废，取消成交`,
    );

    const revoked = await f.post('/sign/signInvalidRevoke', f.manager, { contractId });
    expect(revoked.code, revoked.message).toBe(200);
    expect((await houseRow(house!.id)).houseState).toBe(3);
    expect((await customerRow(customer!.id)).dealStatus).toBe(1);
  });

  it('a failure while writing the deal leaves no half deal: the contract, the listing and the customer stay as they were', async () => {
    const db = f.t.database.db;
    const house = await freeSale();
    const [customer] = await db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          eq(customers.attributorId, brokerId),
          eq(customers.dealStatus, 0),
        ),
      )
      .orderBy(customers.id)
      .limit(1);
    const contractId = await submitLinked(f.broker, { houseId: house.id, customerId: customer!.id });
    const [contract] = await db.select().from(signContracts).where(eq(signContracts.id, contractId));
    // The customer's row refuses every change: the deal's last step fails.
    await db.execute(
      sql.raw(`create or replace function refuse_customer_change() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_customer_change before update on customers
        for each row when (new.id = ${customer!.id}) execute function refuse_customer_change()`),
    );
    try {
      const completed = await f.post('/sign/contractComplete', f.broker, { contractId });
      expect(completed.code).not.toBe(200);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_customer_change on customers'));
    }
    const [after] = await db.select().from(signContracts).where(eq(signContracts.id, contractId));
    expect(after).toMatchObject({ state: 1, dealApplied: 0 });
    expect((await houseRow(contract!.houseId!)).houseState).toBe(1);
    expect((await customerRow(customer!.id)).dealStatus).toBe(0);
    expect((await recordsOf(1, contract!.houseId!)).map((r) => r.content).join('\n')).not.toContain(
      contract!.contractNo,
    );
  });

  it('a dealt listing leaves the 公盘 and 私盘 lists and is found under its state 我售', async () => {
    const house = await freeSale();
    const pool = house.attribution === 1 ? 1 : 2;
    const listed = async (search: Record<string, unknown>) => {
      const page = await f.post('/housing/v2/housingPosts', f.broker, {
        pagesize: 100,
        userId: brokerId,
        ...(house.buildingNo ? { buildingNo: house.buildingNo } : {}),
        ...(house.unitNo ? { unitNo: house.unitNo } : {}),
        ...search,
      });
      expect(page.code, page.message).toBe(200);
      return (page.data as { houseId: number }[]).map((row) => row.houseId);
    };
    expect(await listed({ attribution: pool })).toContain(house.id);

    const contractId = await submitLinked(f.broker, { houseId: house.id });
    const completed = await f.post('/sign/contractComplete', f.broker, { contractId });
    expect(completed.code, completed.message).toBe(200);
    expect((await houseRow(house.id)).houseState).toBe(3);

    // Out of the pools: neither 公盘 nor 私盘 lists it.
    expect(await listed({ attribution: 1 })).not.toContain(house.id);
    expect(await listed({ attribution: 2 })).not.toContain(house.id);
    // Where one looks for a deal: the state 我售 (in its pool or in 全部), and 全部 with every state.
    expect(await listed({ attribution: pool, houseState: [3] })).toContain(house.id);
    expect(await listed({ attribution: 0, houseState: [3] })).toContain(house.id);
    expect(await listed({ attribution: 0 })).toContain(house.id);
    expect(await listed({ attribution: pool, houseState: [1] })).not.toContain(house.id);
  });

  it('a rented listing is available again after the lease ends, by the daily job', async () => {
    const db = f.t.database.db;
    const clock = f.t.clock;
    const leaseEnd = formatDate(new Date(clock.now().getTime() + 10 * 24 * 60 * 60 * 1000));
    await db.transaction((tx) =>
      applyHouseDeal(
        tx,
        clock,
        { companyId, userId: brokerId, ip: null },
        { houseId: rentHouse.id, contractNo: 'ZL-LEASE-1', kind: 2, leaseEnd },
      ),
    );
    const rented = await houseRow(rentHouse.id);
    expect(rented.houseState).toBe(3);
    expect(rented.rentInfo?.rentExpire).toBe(leaseEnd);
    await sweepEndedLeases(db, clock);
    expect((await houseRow(rentHouse.id)).houseState).toBe(3);
    clock.advance(11 * 24 * 60 * 60 * 1000);
    expect(await sweepEndedLeases(db, clock)).toBeGreaterThanOrEqual(1);
    expect((await houseRow(rentHouse.id)).houseState).toBe(1);
    expect((await recordsOf(1, rentHouse.id)).map((r) => r.content)).toContainEqual(
      `租约已于 ${leaseEnd} 到期，房源恢复为有效`,
    );
  });

  it('the private-to-public job leaves a dealt private listing where it is; an idle one turns public', async () => {
    const db = f.t.database.db;
    const clock = f.t.clock;
    const idle = await db
      .select()
      .from(houses)
      .where(
        and(
          eq(houses.companyId, companyId),
          eq(houses.attributorId, brokerId),
          eq(houses.attribution, 2),
          eq(houses.houseState, 1),
          isNull(houses.deletedAt),
        ),
      )
      .orderBy(houses.id)
      .limit(2);
    expect(idle).toHaveLength(2);
    const [dealt, other] = idle as [(typeof idle)[number], (typeof idle)[number]];
    await db.transaction((tx) =>
      applyHouseDeal(
        tx,
        clock,
        { companyId, userId: brokerId, ip: null },
        { houseId: dealt.id, contractNo: 'MM-IDLE-1', kind: 1, leaseEnd: null },
      ),
    );
    // The earlier lease case moved the clock past the fixture's sessions: sign in again.
    const manager = await login(f.t.app, '13800000000');
    const setting = await f.get('/housing/v2/getHousingSetting', manager);
    const saved = await f.post('/housing/v2/housingSetting', manager, {
      ...(setting.data as object),
      privacyToPublic: { days: 1, selected: 1 },
    });
    expect(saved.code, saved.message).toBe(200);
    clock.advance(3 * 24 * 60 * 60 * 1000);
    await sweepPrivateToPublic(db, clock);
    expect((await houseRow(dealt.id)).attribution).toBe(2);
    expect((await houseRow(other.id)).attribution).toBe(1);
  });

  async function freeSale() {
    const [house] = await f.t.database.db
      .select()
      .from(houses)
      .where(
        and(
          eq(houses.companyId, companyId),
          eq(houses.attributorId, brokerId),
          eq(houses.type, 1),
          eq(houses.houseState, 1),
          eq(houses.isLock, 0),
          isNull(houses.deletedAt),
        ),
      )
      .orderBy(houses.id)
      .limit(1);
    return house!;
  }
});
