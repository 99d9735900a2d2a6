/**
 * The demo data set, loaded on first start of an empty database and by `npm run seed`:
 * company A with a manager and one user per role, departments and positions; company B with its
 * own manager and broker, to check that companies never see each other's data.
 */
import { seedHouseDemo } from '../areas/housing/demo';
import { seedCustomerDemo } from '../areas/customer/demo';
import { count } from 'drizzle-orm';
import type { Db } from '../db/db';
import { companies, departments, positions, users } from '../db/schema';
import { createCompany } from '../areas/org/companies';
import { hashPassword } from '../areas/user/passwords';
import { seedRechargeDemo } from '../areas/recharge/demo';
import { seedOrgDemo } from '../areas/org/demo';
import { seedContractLedgerDemo } from '../areas/contract-ledger/demo';
import { seedSignDemo } from '../areas/sign/demo';
import { seedCommunityDemo } from '../areas/community/demo';

export const demoPassword = 'demo1234';

export const demoLogins = [
  { company: 'A', userName: '13800000000', name: '张经理', role: '管理员（经理标志，拥有全部权限）' },
  { company: 'A', userName: '13800000001', name: '王店长', role: '店长' },
  { company: 'A', userName: '13800000002', name: '李主管', role: '店务主管' },
  { company: 'A', userName: '13800000003', name: '赵经纪', role: '经纪人' },
  { company: 'A', userName: '13800000004', name: '钱财务', role: '财务' },
  { company: 'A', userName: '13800000005', name: '孙权证', role: '权证专员' },
  { company: 'B', userName: '13900000000', name: '周经理', role: '管理员（经理标志）' },
  { company: 'B', userName: '13900000001', name: '吴经纪', role: '经纪人' },
] as const;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * `now`: the time every dated demo row is placed from (packages, sign credits and coupons, the
 * listings' and customers' entry and follow-up times, the contract ledger). The server passes its
 * clock's; tests pass their manual clock's, or a row dated "5 days ago" by the real calendar would
 * lie in the future of a clock fixed at an earlier day, and the demo would age with the calendar.
 */
export async function seedDemoData(db: Db, options: { now: Date }): Promise<void> {
  const { now } = options;
  const passwordHash = await hashPassword(demoPassword);
  const a = await createCompany(db, {
    name: '安居房产经纪有限公司',
    manager: { userName: '13800000000', name: '张经理', passwordHash },
  });
  await db.transaction(async (tx) => {
    const [store1, store2] = await tx
      .insert(departments)
      .values([
        { companyId: a.companyId, parentId: a.headOfficeId, name: '人民路店', sort: 1 },
        { companyId: a.companyId, parentId: a.headOfficeId, name: '滨江店', sort: 2 },
      ])
      .returning({ id: departments.id });
    await tx
      .insert(departments)
      .values({ companyId: a.companyId, parentId: a.headOfficeId, name: '权证财务部', sort: 3 });
    const positionRows = await tx
      .insert(positions)
      .values(
        ['总经理', '店长', '主管', '经纪人', '财务专员', '权证专员'].map((name, sort) => ({
          companyId: a.companyId,
          name,
          sort,
        })),
      )
      .returning({ id: positions.id });
    const position = (index: number) => positionRows[index]!.id;
    await tx.insert(users).values([
      {
        companyId: a.companyId,
        userName: '13800000001',
        name: '王店长',
        passwordHash,
        roleId: a.roleIds.store_manager,
        deptId: store1!.id,
        positionId: position(1),
        scopeDeptIds: [store1!.id],
      },
      {
        companyId: a.companyId,
        userName: '13800000002',
        name: '李主管',
        passwordHash,
        roleId: a.roleIds.store_supervisor,
        deptId: store1!.id,
        positionId: position(2),
      },
      {
        companyId: a.companyId,
        userName: '13800000003',
        name: '赵经纪',
        passwordHash,
        roleId: a.roleIds.broker,
        deptId: store1!.id,
        positionId: position(3),
      },
      {
        companyId: a.companyId,
        userName: '13800000004',
        name: '钱财务',
        passwordHash,
        roleId: a.roleIds.finance,
        deptId: store2!.id,
        positionId: position(4),
      },
      {
        companyId: a.companyId,
        userName: '13800000005',
        name: '孙权证',
        passwordHash,
        roleId: a.roleIds.certificate_handler,
        deptId: store2!.id,
        positionId: position(5),
      },
    ]);
  });
  const b = await createCompany(db, {
    name: '宜家置业有限公司',
    manager: { userName: '13900000000', name: '周经理', passwordHash },
  });
  await db.transaction(async (tx) => {
    const [store] = await tx
      .insert(departments)
      .values({ companyId: b.companyId, parentId: b.headOfficeId, name: '中山路店', sort: 1 })
      .returning({ id: departments.id });
    await tx.insert(users).values({
      companyId: b.companyId,
      userName: '13900000001',
      name: '吴经纪',
      passwordHash,
      roleId: b.roleIds.broker,
      deptId: store!.id,
    });
  });
  await seedRechargeDemo(
    db,
    {
      a: { companyId: a.companyId, managerId: a.managerId },
      b: { companyId: b.companyId, managerId: b.managerId },
    },
    now,
  );
  await seedOrgDemo(db, { a: a.companyId, b: b.companyId });
  await seedCommunityDemo(db, {
    a: { companyId: a.companyId, managerId: a.managerId },
    b: { companyId: b.companyId, managerId: b.managerId },
  });
  await seedContractLedgerDemo(
    db,
    {
      a: { companyId: a.companyId, managerId: a.managerId },
      b: { companyId: b.companyId, managerId: b.managerId },
    },
    now,
  );
  await seedSignDemo(db, {
    a: { companyId: a.companyId, managerId: a.managerId },
    b: { companyId: b.companyId },
  });
  await seedHouseDemo(db, { a: a.companyId, b: b.companyId }, now);
  await seedCustomerDemo(db, { a: a.companyId, b: b.companyId }, now);
}
