/**
 * Customer demo data: a working customer book on first start. Each demo company gets 120 buy and rent
 * customers (company A) or 100 (company B), private to its staff and in the public pool, whose
 * requirements are drawn around the company's demo listings (district, community, price and area
 * ranges, layout), with normal and visit follow-ups. A fixed-seed generator: every start looks the same.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { customerFollowUps, customers } from '../../db/schema-customer';
import { houses } from '../../db/schema-house';
import { users } from '../../db/schema';
import { companyRow, inCompany } from '../../db/company-scope';
import { seededRandom, demoSurnames } from '../../seed/demo-random';
import type { Session } from '../../contract/types';
import { listCategories } from '../housing/categories';
import { CustomerPools } from '../../../domain/customer-rules';

const givenNames = [
  '子涵',
  '欣怡',
  '浩然',
  '梓轩',
  '雨桐',
  '宇航',
  '思远',
  '佳怡',
  '俊杰',
  '诗涵',
  '明轩',
  '一诺',
  '若曦',
  '建国',
  '秀英',
  '志强',
  '丽娟',
  '海峰',
  '晓明',
  '文静',
];
const sources = ['门店接待', '电话咨询', '网络端口', '老客户介绍', '社区驻守'];
const buyPayments = ['全款', '商贷', '公积金', '组合贷'];
const rentPayments = ['押一付三', '押一付一', '押二付三'];
const purposes = ['自住', '改善', '投资', '学区'];
const normalNotes = [
  '电话沟通，预算可以适当上浮',
  '客户周末有空看房',
  '客户在比较两个小区，倾向离地铁近的',
  '推荐了三套房源，客户要和家人商量',
  '客户询问贷款政策，已发资料',
  '回访，客户仍在看房',
];
const visitNotes = [
  '带看，客户对采光满意，嫌价格偏高',
  '带看，客户喜欢户型，约二看',
  '带看，家人一同看房，考虑中',
  '带看，楼层不太满意',
];

type Company = { companyId: number; count: number; seed: number };

async function seedCompanyCustomers(db: Db, company: Company, now: Date): Promise<void> {
  const random = seededRandom(company.seed);
  const staff = await db
    .select({ id: users.id, deptId: users.deptId })
    .from(users)
    .where(inCompany(users, company.companyId));
  const listings = await db
    .select()
    .from(houses)
    .where(and(inCompany(houses, company.companyId), isNull(houses.deletedAt)));
  if (staff.length === 0 || listings.length === 0) return;
  const session = { companyId: company.companyId, userId: staff[0]!.id, isManager: true } as Session;
  const tags = (await listCategories(db, session, 2, 1)).map((tag) => tag.categoryId);
  const day = 24 * 60 * 60 * 1000;
  const rows: (typeof customers.$inferInsert)[] = [];
  const plans: {
    house: (typeof listings)[number];
    holder: number;
    entryTime: Date;
    lastFollowUpAt: Date;
    visited: boolean;
  }[] = [];
  for (let index = 0; index < company.count; index += 1) {
    const house = random.pick(listings);
    const kind = house.type === 2 ? 2 : 1;
    const isPrivate = random.next() < 0.6;
    const holder = random.pick(staff);
    const entryTime = new Date(now.getTime() - random.int(1, 300) * day - random.int(0, 86_399) * 1000);
    const spread = kind === 2 ? 500 : Math.max(20, Math.round(house.price * 0.15));
    const followDays = random.int(0, 60);
    const lastFollowUpAt = new Date(Math.max(entryTime.getTime(), now.getTime() - followDays * day));
    const visited = random.next() < 0.4;
    const phone = `1${random.pick(['35', '36', '37', '38', '39', '58', '86'])}${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
    plans.push({ house, holder: holder.id, entryTime, lastFollowUpAt, visited });
    rows.push({
      companyId: company.companyId,
      type: kind,
      attribution: isPrivate ? CustomerPools.private : CustomerPools.public,
      name: `${random.pick(demoSurnames)}${random.pick(givenNames)}`,
      gender: random.int(1, 2),
      phones: [{ phone, remark: null }],
      phone,
      source: random.pick(sources),
      level: random.pick(['A', 'B', 'B', 'C']),
      tags: tags.length > 0 && random.next() < 0.6 ? [random.pick(tags)] : [],
      state: random.next() < 0.85 ? 1 : random.int(2, 4),
      dealStatus: random.next() < 0.08 ? 1 : 0,
      priceMin: Math.max(0, Math.round(house.price - spread)),
      priceMax: Math.round(house.price + spread),
      areaMin: Math.max(10, Math.round(house.area * 0.85)),
      areaMax: Math.round(house.area * 1.15),
      demand: {
        room: [house.room],
        districtIds: house.districtId ? [house.districtId] : [],
        communityNames: random.next() < 0.5 ? [house.communityName] : [],
        property: house.property ?? 1,
        payment: kind === 2 ? random.pick(rentPayments) : random.pick(buyPayments),
        purpose: kind === 2 ? '自住' : random.pick(purposes),
        remark: null,
      },
      attributorId: isPrivate ? holder.id : null,
      deptId: holder.deptId,
      entryUserId: holder.id,
      privateSince: isPrivate ? entryTime : null,
      lastFollowUpAt,
      lastVisitAt: visited ? lastFollowUpAt : null,
      entryTime,
    });
  }
  const inserted = await db
    .insert(customers)
    .values(rows.map((row) => companyRow(company.companyId, row)))
    .returning({ id: customers.id });
  // The numbers of domain customerNumber (KY + UTC entry date + id, at least 4 digits), in one statement.
  await db
    .update(customers)
    .set({
      customerNo: sql`'KY' || to_char(${customers.entryTime} at time zone 'UTC', 'YYYYMMDD') || case when length(${customers.id}::text) >= 4 then ${customers.id}::text else lpad(${customers.id}::text, 4, '0') end`,
    })
    .where(and(inCompany(customers, company.companyId), eq(customers.customerNo, '')));
  const follows: Omit<typeof customerFollowUps.$inferInsert, 'companyId'>[] = [];
  for (const [index, row] of inserted.entries()) {
    const plan = plans[index]!;
    const count = random.int(1, 3);
    for (let n = 0; n < count; n += 1) {
      const isVisit = plan.visited && n === count - 1;
      const at =
        n === count - 1 ? plan.lastFollowUpAt : new Date(plan.entryTime.getTime() + (n + 1) * 3600 * 1000);
      follows.push({
        customerId: row.id,
        category: isVisit ? 4 : 1,
        content: isVisit ? random.pick(visitNotes) : random.pick(normalNotes),
        houseIds: isVisit ? [plan.house.id] : [],
        visitTime: isVisit ? at : null,
        userId: plan.holder,
        createdAt: at,
      });
    }
  }
  await db.insert(customerFollowUps).values(follows.map((row) => companyRow(company.companyId, row)));
}

/** Called once from server/seed/demo.ts after the listing demo (the requirements follow its listings). */
export async function seedCustomerDemo(
  db: Db,
  companies: { a: number; b: number },
  now: Date,
): Promise<void> {
  await seedCompanyCustomers(db, { companyId: companies.a, count: 120, seed: 20261201 }, now);
  await seedCompanyCustomers(db, { companyId: companies.b, count: 100, seed: 20261202 }, now);
}
