/**
 * 办理离职 hands the leaver's work over (issue 41): with a 交接人 his private listings and customers,
 * the sign and ledger contracts he handles and the approvals waiting on him go to the receiver, each
 * with a record naming both; without one his listings and customers go to the public pools and his
 * contracts and approvals to his store manager. Nothing is left on the leaver; the preview the dialog
 * shows counts what moves.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createSignFixture, type SignFixture } from '../support/sign-fixture';
import { appRecords, houses } from '../../server/db/schema-house';
import { customers } from '../../server/db/schema-customer';
import { signContracts, signOperationLogs } from '../../server/db/schema-sign';
import { ledgerContracts } from '../../server/db/schema-contract';
import { oaInstanceSteps, oaInstances } from '../../server/db/schema-oa';
import { users } from '../../server/db/schema';
import type { Db } from '../../server/db/db';

type Preview = {
  houseCount: number;
  customerCount: number;
  signContractCount: number;
  ledgerContractCount: number;
  approvalCount: number;
  receiverName: string | null;
  fallbackName: string | null;
};

async function userNamed(db: Db, name: string) {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, deptId: users.deptId })
    .from(users)
    .where(eq(users.name, name));
  return row!;
}

/** What the user holds: listings and customers he maintains, contracts he handles, approvals waiting on him. */
async function holdings(db: Db, userId: number) {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  return {
    houses: await n(db.select({ n: count() }).from(houses).where(eq(houses.attributorId, userId))),
    customers: await n(db.select({ n: count() }).from(customers).where(eq(customers.attributorId, userId))),
    signContracts: await n(
      db.select({ n: count() }).from(signContracts).where(eq(signContracts.creatorUserId, userId)),
    ),
    ledgerContracts: await n(
      db.select({ n: count() }).from(ledgerContracts).where(eq(ledgerContracts.userId, userId)),
    ),
    approvals: await n(
      db
        .select({ n: count() })
        .from(oaInstanceSteps)
        .where(
          and(
            inArray(oaInstanceSteps.status, [0, 1]),
            sql`${oaInstanceSteps.candidates} @> ${JSON.stringify([userId])}::jsonb`,
          ),
        ),
    ),
  };
}

/** An approval whose current step waits on the user. */
async function approvalWaitingOn(db: Db, companyId: number, sponsorId: number, userId: number) {
  const [instance] = await db
    .insert(oaInstances)
    .values({
      companyId,
      appType: 5,
      oaItemId: 61,
      subjectKind: 'test-handover',
      subjectId: userId,
      title: '离职交接测试审批',
      sponsorUserId: sponsorId,
      currentStep: 1,
      currentCandidates: [userId],
      participants: [sponsorId, userId],
      entryTime: new Date('2026-11-21T09:00:00+08:00'),
    })
    .returning({ id: oaInstances.id });
  await db.insert(oaInstanceSteps).values({
    instanceId: instance!.id,
    sort: 1,
    companyId,
    approverType: 1,
    name: '审批人',
    candidates: [userId],
    status: 1,
  });
  return instance!.id;
}

describe('办理离职 hands the leaver’s work over', () => {
  let f: SignFixture | null = null;
  afterEach(async () => {
    await f?.t.close();
    f = null;
  });

  async function prepare() {
    f = await createSignFixture();
    const db = f.t.database.db;
    const zhao = await userNamed(db, '赵经纪');
    const manager = await userNamed(db, '张经理');
    // A sign contract he handles and an approval waiting on him, beside the demo's listings and customers.
    await f.submit(f.broker);
    const approvalId = await approvalWaitingOn(db, zhao.companyId, manager.id, zhao.id);
    const before = await holdings(db, zhao.id);
    expect(before.houses).toBeGreaterThan(0);
    expect(before.customers).toBeGreaterThan(0);
    expect(before.signContracts).toBeGreaterThan(0);
    expect(before.approvals).toBe(1);
    return { fixture: f, db, zhao, approvalId, before };
  }

  it('with a 交接人 everything moves to him in one go, with records naming both', async () => {
    const { fixture, db, zhao, approvalId, before } = await prepare();
    const wang = await userNamed(db, '王店长');
    const wangBefore = await holdings(db, wang.id);
    const preview = await fixture.get('/org/v2/staffResignPreview', fixture.manager, {
      userId: zhao.id,
      handoverUserId: wang.id,
    });
    expect(preview.code, preview.message).toBe(200);
    expect(preview.data as Preview).toEqual({
      houseCount: before.houses,
      customerCount: before.customers,
      signContractCount: before.signContracts,
      ledgerContractCount: before.ledgerContracts,
      approvalCount: 1,
      receiverName: '王店长',
      fallbackName: '王店长',
    });

    const resigned = await fixture.post('/org/v2/staffResign', fixture.manager, {
      userId: zhao.id,
      handoverUserId: wang.id,
    });
    expect(resigned.code, resigned.message).toBe(200);
    expect(await holdings(db, zhao.id)).toEqual({
      houses: 0,
      customers: 0,
      signContracts: 0,
      ledgerContracts: 0,
      approvals: 0,
    });
    const wangAfter = await holdings(db, wang.id);
    expect(wangAfter.houses).toBe(wangBefore.houses + before.houses);
    expect(wangAfter.customers).toBe(wangBefore.customers + before.customers);
    expect(wangAfter.signContracts).toBe(wangBefore.signContracts + before.signContracts);
    expect(wangAfter.ledgerContracts).toBe(wangBefore.ledgerContracts + before.ledgerContracts);
    const [approval] = await db.select().from(oaInstances).where(eq(oaInstances.id, approvalId));
    expect(approval!.currentCandidates).toEqual([wang.id]);

    const records = await db
      .select({ content: appRecords.content })
      .from(appRecords)
      .where(eq(appRecords.content, '赵经纪 离职，房源交接给 王店长'));
    expect(records).toHaveLength(before.houses);
    const customerRecords = await db
      .select({ content: appRecords.content })
      .from(appRecords)
      .where(eq(appRecords.content, '赵经纪 离职，客户交接给 王店长'));
    expect(customerRecords).toHaveLength(before.customers);
    const logs = await db
      .select({ id: signOperationLogs.id })
      .from(signOperationLogs)
      .where(eq(signOperationLogs.content, '经办人 赵经纪 离职，合同交接给 王店长'));
    expect(logs).toHaveLength(before.signContracts);
  });

  it('without a 交接人 his listings and customers go to the public pools, contracts and approvals to his store manager', async () => {
    const { fixture, db, zhao, approvalId, before } = await prepare();
    const movedHouses = await db
      .select({ id: houses.id })
      .from(houses)
      .where(eq(houses.attributorId, zhao.id));
    const movedCustomers = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.attributorId, zhao.id));
    const preview = (await fixture.get('/org/v2/staffResignPreview', fixture.manager, { userId: zhao.id }))
      .data as Preview;
    expect(preview).toMatchObject({ houseCount: before.houses, receiverName: null });
    expect(preview.fallbackName).not.toBeNull();

    const resigned = await fixture.post('/org/v2/staffResign', fixture.manager, { userId: zhao.id });
    expect(resigned.code, resigned.message).toBe(200);
    expect(await holdings(db, zhao.id)).toEqual({
      houses: 0,
      customers: 0,
      signContracts: 0,
      ledgerContracts: 0,
      approvals: 0,
    });
    const pools = await db
      .select({ attribution: houses.attribution, attributorId: houses.attributorId })
      .from(houses)
      .where(
        inArray(
          houses.id,
          movedHouses.map((row) => row.id),
        ),
      );
    expect(pools.every((row) => row.attribution === 1 && row.attributorId === null)).toBe(true);
    const customerPools = await db
      .select({ attribution: customers.attribution })
      .from(customers)
      .where(
        inArray(
          customers.id,
          movedCustomers.map((row) => row.id),
        ),
      );
    expect(customerPools.every((row) => row.attribution === 2)).toBe(true);
    const [receiver] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.name, preview.fallbackName!));
    const [approval] = await db.select().from(oaInstances).where(eq(oaInstances.id, approvalId));
    expect(approval!.currentCandidates).toEqual([receiver!.id]);
    expect((await holdings(db, receiver!.id)).signContracts).toBeGreaterThanOrEqual(before.signContracts);
  });

  it('refuses a 交接人 of another company and moves nothing', async () => {
    const { fixture, db, zhao, before } = await prepare();
    const other = await userNamed(
      db,
      (await db.select({ name: users.name }).from(users).where(eq(users.userName, '13900000000')))[0]!.name,
    );
    const refused = await fixture.post('/org/v2/staffResign', fixture.manager, {
      userId: zhao.id,
      handoverUserId: other.id,
    });
    expect(refused).toMatchObject({ code: 405, message: '交接人须为本公司其他在职员工' });
    expect(await holdings(db, zhao.id)).toEqual(before);
  });
});
