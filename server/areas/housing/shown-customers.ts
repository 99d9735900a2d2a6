/**
 * showCustomers: the customers who viewed a listing (001 section 7), from the customer book's visit
 * follow-ups (带看, category 4) that name the listing: one row per customer, the latest visit first,
 * with the number of visits, the broker of the latest one and its feedback; the phone masked.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { customerFollowUps, customers } from '../../db/schema-customer';
import { departments, users } from '../../db/schema';
import { formatDateTime } from '../../format';
import { maskPhone } from '../../../domain/house-rules';

const visitCategory = 4;

export async function listShownCustomers(
  db: Db,
  companyId: number,
  houseId: number,
  page: { pageindex: number; pagesize: number },
) {
  const visits = await db
    .select({
      customerId: customerFollowUps.customerId,
      content: customerFollowUps.content,
      at: sql<Date>`coalesce(${customerFollowUps.visitTime}, ${customerFollowUps.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
      userName: users.name,
      deptName: departments.name,
    })
    .from(customerFollowUps)
    .leftJoin(users, eq(users.id, customerFollowUps.userId))
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(
      and(
        inCompany(customerFollowUps, companyId),
        eq(customerFollowUps.category, visitCategory),
        sql`${customerFollowUps.houseIds} @> ${JSON.stringify([houseId])}::jsonb`,
      ),
    )
    .orderBy(desc(sql`coalesce(${customerFollowUps.visitTime}, ${customerFollowUps.createdAt})`));
  const byCustomer = new Map<number, { latest: (typeof visits)[number]; count: number }>();
  for (const visit of visits) {
    const seen = byCustomer.get(visit.customerId);
    if (seen) seen.count += 1;
    else byCustomer.set(visit.customerId, { latest: visit, count: 1 });
  }
  const ids = [...byCustomer.keys()];
  const shown = ids.length
    ? await db
        .select({
          id: customers.id,
          customerNo: customers.customerNo,
          name: customers.name,
          phone: customers.phone,
        })
        .from(customers)
        .where(and(inCompany(customers, companyId), inArray(customers.id, ids), isNull(customers.deletedAt)))
    : [];
  const known = new Map(shown.map((customer) => [customer.id, customer]));
  const rows = ids.flatMap((id) => {
    const customer = known.get(id);
    const visit = byCustomer.get(id)!;
    if (!customer) return [];
    return [
      {
        customerId: customer.id,
        customerNo: customer.customerNo || null,
        customerName: customer.name,
        phone: maskPhone(customer.phone),
        visitTime: formatDateTime(visit.latest.at),
        visitCount: visit.count,
        userName: visit.latest.userName,
        deptName: visit.latest.deptName,
        feedback: visit.latest.content,
      },
    ];
  });
  const start = (page.pageindex - 1) * page.pagesize;
  return { data: rows.slice(start, start + page.pagesize), total: rows.length };
}
