/**
 * The ledger's side of a deal (issue 41): 新增 started from a listing and a customer keeps both, its
 * detail links to them, and the listing's and the customer's contract lists show the ledger contract
 * beside the sign contracts, one list; another company's listing or customer is refused with nothing
 * written.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignFixture, saleContent, type SignFixture } from '../support/sign-fixture';
import { houses, appRecords } from '../../server/db/schema-house';
import { customers } from '../../server/db/schema-customer';
import { ledgerContracts } from '../../server/db/schema-contract';
import { users } from '../../server/db/schema';
import { oaApprovals } from '../../server/db/schema-oa';

type Prefill = {
  houseInfo: { houseName?: string; houseBuilding?: string; houseRoomNo?: string };
  partyA: { name: string; phone?: string };
  transaction?: { transactionPrice?: number };
  rental?: { monthlyRent?: number };
};

type Listed = {
  source: number;
  contractId: number;
  contractNo: string;
  state: number;
  running: number;
  stateName: string;
};

describe('a ledger contract from a listing and a customer', () => {
  let f: SignFixture;
  let brokerId: number;
  let companyId: number;
  let otherHouse: typeof houses.$inferSelect;
  let otherCustomer: typeof customers.$inferSelect;
  let signDay = 10;

  beforeAll(async () => {
    f = await createSignFixture();
    const db = f.t.database.db;
    const [broker] = await db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, '13800000003'));
    brokerId = broker!.id;
    companyId = broker!.companyId;
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
    expect(otherHouse && otherCustomer).toBeTruthy();
  });
  afterAll(async () => {
    await f.t.close();
  });

  /** The broker's next own listing of this kind still 有效 (each test takes its own). */
  async function freeHouse(type: 1 | 2) {
    const [house] = await f.t.database.db
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
      .limit(1);
    return house!;
  }

  async function freeCustomer() {
    const [customer] = await f.t.database.db
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
    return customer!;
  }

  const houseRow = async (id: number) =>
    (await f.t.database.db.select().from(houses).where(eq(houses.id, id)))[0]!;
  const customerRow = async (id: number) =>
    (await f.t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const recordsOf = async (appType: number, itemId: number) =>
    (
      await f.t.database.db
        .select({ content: appRecords.content })
        .from(appRecords)
        .where(and(eq(appRecords.appType, appType), eq(appRecords.itemId, itemId)))
    ).map((row) => row.content);
  const ledgerCount = async () =>
    (
      await f.t.database.db
        .select({ n: count() })
        .from(ledgerContracts)
        .where(eq(ledgerContracts.companyId, companyId))
    )[0]!.n;

  /** The ledger form as the broker completes it from the listing's prefill. */
  async function recordFromListing(
    kind: 1 | 2,
    houseId: number,
    customer: { id: number; name: string } | null,
  ) {
    const prefill = (
      await f.get(kind === 1 ? '/sign/getContractSellData' : '/sign/getContractRentData', f.broker, {
        houseId,
      })
    ).data as Prefill;
    signDay += 1;
    const signDate = `2026-11-${String(signDay).padStart(2, '0')}`;
    const body = {
      houseInfo: {
        province: { id: 44, name: '广东省' },
        city: { id: 4403, name: '深圳市' },
        district: { id: 440305, name: '南山区' },
        houseName: prefill.houseInfo.houseName ?? '',
        houseBuilding: prefill.houseInfo.houseBuilding ?? '1',
        houseRoomNo: prefill.houseInfo.houseRoomNo ?? '101',
      },
      parties: {
        // The owner's phone is protected on the listing: the prefill leaves it out, the broker types it.
        partyA: {
          subjectType: 1,
          name: prefill.partyA.name,
          certNo: '11010519491231002X',
          phone: '13612345678',
        },
        partyB: {
          subjectType: 1,
          name: customer?.name ?? '李买家',
          certNo: '110101199003074514',
          phone: '13712345678',
        },
      },
      signDate,
      houseId,
      ...(customer ? { customerId: customer.id } : {}),
      ...(kind === 1
        ? { transaction: { transactionPrice: prefill.transaction?.transactionPrice ?? 1, paymentMethod: 1 } }
        : {
            transaction: { startDate: signDate, endDate: '2027-11-30' },
            rental: { haveRent: 2, monthlyRent: prefill.rental?.monthlyRent ?? 1 },
          }),
    };
    return { prefill, body };
  }

  it('新增 from a listing: the prefill gives the house, the price and the owner without his protected phone', async () => {
    const house = await freeHouse(1);
    const { prefill } = await recordFromListing(1, house.id, null);
    expect(prefill.houseInfo.houseName).toBe(house.communityName);
    expect(prefill.transaction?.transactionPrice).toBe(Math.round(house.price * 10000));
    expect(prefill.partyA.name).toBe(house.ownerName);
    expect(prefill.partyA).not.toHaveProperty('phone');
  });

  it('the contract keeps the listing and the customer; its detail names both; both contract lists show it beside the sign contracts', async () => {
    const house = await freeHouse(1);
    const customer = await freeCustomer();
    const { body } = await recordFromListing(1, house.id, { id: customer.id, name: customer.name });
    const added = await f.post('/contract/v2/contractSaleAdd', f.broker, body);
    expect(added.code, added.message).toBe(200);
    const contract = added.data as {
      contractId: number;
      contractNo: string;
      houseId: number;
      customerId: number;
      house: { houseId: number; title: string };
      customer: { customerId: number; name: string };
    };
    expect(contract).toMatchObject({
      houseId: house.id,
      customerId: customer.id,
      house: { houseId: house.id },
      customer: { customerId: customer.id, name: customer.name },
    });
    const detail = await f.get('/contract/v2/contractSaleDetail', f.broker, {
      contractId: contract.contractId,
    });
    expect(detail.data).toMatchObject({ houseId: house.id, customerId: customer.id });

    const ofHouse = (await f.get('/sign/houseContracts', f.broker, { houseId: house.id })).data as Listed[];
    expect(ofHouse).toContainEqual(
      expect.objectContaining({
        source: 2,
        contractId: contract.contractId,
        stateName: '待办理',
        running: 1,
      }),
    );
    const ofCustomer = (await f.get('/sign/customerContracts', f.broker, { customerId: customer.id }))
      .data as Listed[];
    expect(ofCustomer).toContainEqual(
      expect.objectContaining({ source: 2, contractNo: contract.contractNo }),
    );
  });

  it('refuses another company’s listing or customer on the ledger path, and writes nothing', async () => {
    const house = await freeHouse(1);
    const before = await ledgerCount();
    const { body } = await recordFromListing(1, house.id, null);
    for (const links of [{ houseId: otherHouse.id }, { houseId: house.id, customerId: otherCustomer.id }]) {
      const refused = await f.post('/contract/v2/contractSaleAdd', f.broker, { ...body, ...links });
      expect(refused.code).toBe(404);
      expect(refused.message).toMatch(/房源不存在或已被删除|客户不存在或已被删除/);
    }
    const rentHouse = await freeHouse(2);
    const wrongKind = await f.post('/contract/v2/contractSaleAdd', f.broker, {
      ...body,
      houseId: rentHouse.id,
    });
    // The ledger records a contract signed offline: the refusal says 录入, not 签.
    expect(wrongKind).toMatchObject({ code: 405, message: '所选房源不是出售房源，不能录入买卖合同' });
    const { body: rentBody } = await recordFromListing(2, rentHouse.id, null);
    const wrongRentKind = await f.post('/contract/v2/contractRentAdd', f.broker, {
      ...rentBody,
      houseId: house.id,
    });
    expect(wrongRentKind).toMatchObject({ code: 405, message: '所选房源不是出租房源，不能录入租赁合同' });
    expect(await ledgerCount()).toBe(before);
    expect((await houseRow(house.id)).houseState).toBe(1);
    expect(await recordsOf(1, otherHouse.id)).not.toContainEqual(expect.stringContaining('XS2026'));
  });

  const changeState = async (kind: 1 | 2, contractId: number, state: number, remark?: string) => {
    // The demo company approves 作废 and 解除 (items 60/67 + state): here the change is made directly
    // (the approval path applies the same change in the approval's transaction).
    await f.t.database.db
      .update(oaApprovals)
      .set({ state: 0 })
      .where(
        and(eq(oaApprovals.companyId, companyId), eq(oaApprovals.oaItemId, (kind === 1 ? 60 : 67) + state)),
      );
    const changed = await f.post(
      kind === 1 ? '/contract/v2/contractSaleStateChange' : '/contract/v2/contractRentStateChange',
      f.manager,
      { contractId, state, ...(remark ? { remark } : {}) },
    );
    expect(changed.code, changed.message).toBe(200);
    expect(changed.data).toMatchObject({ state, needApproval: 0 });
  };

  it('a recorded sale contract is a deal: the listing 我售 out of the pools, the customer 成交; 作废 takes both back, each with a record', async () => {
    const house = await freeHouse(1);
    const customer = await freeCustomer();
    const { body } = await recordFromListing(1, house.id, { id: customer.id, name: customer.name });
    const added = await f.post('/contract/v2/contractSaleAdd', f.broker, body);
    expect(added.code, added.message).toBe(200);
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    expect((await houseRow(house.id)).houseState).toBe(3);
    expect((await customerRow(customer.id)).dealStatus).toBe(1);
    expect((await recordsOf(1, house.id)).join('\n')).toContain(`合同 ${contractNo} 已签约`);
    expect(await recordsOf(2, customer.id)).toContainEqual(`合同 ${contractNo} 已签约，客户成交`);
    const pool = house.attribution === 1 ? 1 : 2;
    const inPool = await f.post('/housing/v2/housingPosts', f.broker, {
      pagesize: 100,
      attribution: pool,
      userId: brokerId,
      ...(house.buildingNo ? { buildingNo: house.buildingNo } : {}),
    });
    expect((inPool.data as { houseId: number }[]).map((row) => row.houseId)).not.toContain(house.id);

    // 办理中 is still the same deal: nothing is written again.
    const recordsBefore = (await recordsOf(1, house.id)).length;
    await changeState(1, contractId, 2);
    expect((await houseRow(house.id)).houseState).toBe(3);
    expect(await recordsOf(1, house.id)).toHaveLength(recordsBefore);

    await changeState(1, contractId, 6, '买方放弃购买');
    expect((await houseRow(house.id)).houseState).toBe(1);
    expect((await customerRow(customer.id)).dealStatus).toBe(0);
    expect(await recordsOf(1, house.id)).toContainEqual(
      expect.stringContaining(`合同 ${contractNo} 已作废，撤销成交`),
    );
    expect(await recordsOf(2, customer.id)).toContainEqual(`合同 ${contractNo} 已作废，取消成交`);
    const listed = (await f.get('/sign/houseContracts', f.broker, { houseId: house.id })).data as Listed[];
    expect(listed).toContainEqual(
      expect.objectContaining({ source: 2, contractId, stateName: '作废', running: 0 }),
    );
  });

  it('a recorded rent contract rents the listing until the lease’s end; 解除 makes it available again', async () => {
    const house = await freeHouse(2);
    const { body } = await recordFromListing(2, house.id, null);
    const added = await f.post('/contract/v2/contractRentAdd', f.broker, body);
    expect(added.code, added.message).toBe(200);
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    const rented = await houseRow(house.id);
    expect(rented.houseState).toBe(3);
    expect(rented.rentInfo?.rentExpire).toBe('2027-11-30');
    await changeState(2, contractId, 2, '租客提前退租');
    expect((await houseRow(house.id)).houseState).toBe(1);
    expect(await recordsOf(1, house.id)).toContainEqual(
      expect.stringContaining(`合同 ${contractNo} 已解除，撤销出租`),
    );
  });

  it('two contracts on one listing: 作废 of one keeps the listing 我售 and the customer 成交 while the other holds them; 作废 of the other takes both back', async () => {
    const house = await freeHouse(1);
    const customer = await freeCustomer();
    const first = await recordFromListing(1, house.id, { id: customer.id, name: customer.name });
    const one = await f.post('/contract/v2/contractSaleAdd', f.broker, first.body);
    expect(one.code, one.message).toBe(200);
    const second = await recordFromListing(1, house.id, { id: customer.id, name: customer.name });
    const other = await f.post('/contract/v2/contractSaleAdd', f.broker, second.body);
    expect(other.code, other.message).toBe(200);
    const a = one.data as { contractId: number; contractNo: string };
    const b = other.data as { contractId: number; contractNo: string };
    expect((await houseRow(house.id)).houseState).toBe(3);

    await changeState(1, a.contractId, 6, '买方放弃购买');
    expect((await houseRow(house.id)).houseState).toBe(3);
    expect((await customerRow(customer.id)).dealStatus).toBe(1);
    expect(await recordsOf(1, house.id)).not.toContainEqual(
      expect.stringContaining(`合同 ${a.contractNo} 已作废`),
    );

    await changeState(1, b.contractId, 6, '买方放弃购买');
    expect((await houseRow(house.id)).houseState).toBe(1);
    expect((await customerRow(customer.id)).dealStatus).toBe(0);
    expect(await recordsOf(1, house.id)).toContainEqual(
      expect.stringContaining(`合同 ${b.contractNo} 已作废，撤销成交`),
    );
  });

  it('a ledger contract and a completed sign contract on one listing: 作废 of the ledger one leaves the listing 我售 under the sign contract', async () => {
    const house = await freeHouse(1);
    const { body } = await recordFromListing(1, house.id, null);
    const recorded = await f.post('/contract/v2/contractSaleAdd', f.broker, body);
    expect(recorded.code, recorded.message).toBe(200);
    const { contractId, contractNo } = recorded.data as { contractId: number; contractNo: string };
    // A paper sign contract on the same listing, completed: a deal of its own.
    const submitted = await f.post('/sign/contractSubmissionV2501', f.broker, {
      boxid: f.saleBoxId,
      content: saleContent(),
      signatureType: 2,
      houseId: house.id,
    });
    expect(submitted.code, submitted.message).toBe(200);
    const signId = (submitted.data as { contractId: number }).contractId;
    const completed = await f.post('/sign/contractComplete', f.broker, { contractId: signId });
    expect(completed.code, completed.message).toBe(200);

    await changeState(1, contractId, 6, '重复录入');
    expect((await houseRow(house.id)).houseState).toBe(3);
    expect(await recordsOf(1, house.id)).not.toContainEqual(
      expect.stringContaining(`合同 ${contractNo} 已作废`),
    );
  });

  it('deleting a 待办理 sale contract takes its deal back', async () => {
    const house = await freeHouse(1);
    const { body } = await recordFromListing(1, house.id, null);
    const added = await f.post('/contract/v2/contractSaleAdd', f.broker, body);
    expect(added.code, added.message).toBe(200);
    const { contractId, contractNo } = added.data as { contractId: number; contractNo: string };
    expect((await houseRow(house.id)).houseState).toBe(3);
    const deleted = await f.post('/contract/v2/contractSaleDelete', f.manager, { contractId });
    expect(deleted.code, deleted.message).toBe(200);
    expect((await houseRow(house.id)).houseState).toBe(1);
    expect(await recordsOf(1, house.id)).toContainEqual(
      expect.stringContaining(`合同 ${contractNo} 已删除，撤销成交`),
    );
  });

  it('a failure while writing the deal leaves no half deal: no contract, the listing and the customer as they were', async () => {
    const db = f.t.database.db;
    const house = await freeHouse(1);
    const customer = await freeCustomer();
    const { body } = await recordFromListing(1, house.id, { id: customer.id, name: customer.name });
    const before = await ledgerCount();
    await db.execute(
      sql.raw(`create or replace function refuse_customer_change() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_customer_change before update on customers
        for each row when (new.id = ${customer.id}) execute function refuse_customer_change()`),
    );
    try {
      const refused = await f.post('/contract/v2/contractSaleAdd', f.broker, body);
      expect(refused.code).not.toBe(200);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_customer_change on customers'));
    }
    expect(await ledgerCount()).toBe(before);
    expect((await houseRow(house.id)).houseState).toBe(1);
    expect((await customerRow(customer.id)).dealStatus).toBe(0);
  });

  it('a dealt private listing takes no room under 私盘上限', async () => {
    const db = f.t.database.db;
    const house = await freeHouse(1);
    // Private to the broker (HousePools.private), so that it counts against his cap before the deal.
    await db.update(houses).set({ attribution: 2 }).where(eq(houses.id, house.id));
    const used = async () =>
      (
        (await f.get('/housing/v2/queryAuthHouseCount', f.broker, { attribution: 2 })).data as {
          used: number;
        }
      ).used;
    const before = await used();
    const { body } = await recordFromListing(1, house.id, null);
    const added = await f.post('/contract/v2/contractSaleAdd', f.broker, body);
    expect(added.code, added.message).toBe(200);
    expect((await houseRow(house.id)).attribution).toBe(2);
    expect(await used()).toBe(before - 1);
  });
});
