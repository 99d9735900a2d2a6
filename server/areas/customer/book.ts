/**
 * The customer book (001 section 3 "Customers"): the list with every filter of the seed, 15 a page;
 * the detail with the requirement, the maintainer and what the user may do; the follow-ups
 * (categories 0 all, 1 normal, 4 visit) and the change record.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { customerFollowUps, customers } from '../../db/schema-customer';
import { houses } from '../../db/schema-house';
import { companyScope, inCompany } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import type { BodyOf, QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { escapeLike, districtName } from '../community/platform';
import { tagNames } from '../housing/categories';
import {
  customerAccess,
  findVisibleCustomer,
  inGrantScope,
  visibleCustomers,
  visiblePrivate,
  type Customer,
  type CustomerAccess,
} from './access';
import { readCustomerSetting, outRuleOf, type CustomerSetting } from './settings';
import { canDeleteCustomerFollowUp } from './follow-up-delete';
import { CustomerAuth } from '../../../domain/auth-ids';
import {
  CustomerPools,
  customerFollowCategoryNames,
  customerStateNames,
  maskCustomerPhone,
} from '../../../domain/customer-rules';

const dayMs = 24 * 60 * 60 * 1000;

export const nameOfDistrict = (id: number) => districtName(id, Math.floor(id / 100));

function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00+08:00`);
}

function dateRange(column: AnyPgColumn, range?: { start?: string | null; end?: string | null }) {
  if (!range) return undefined;
  return and(
    range.start ? gte(column, dayStart(range.start)) : undefined,
    range.end ? lt(column, new Date(dayStart(range.end).getTime() + dayMs)) : undefined,
  );
}

/** Customers whose wanted price range meets the searched one (both ends open when null). */
function meets(
  minColumn: AnyPgColumn,
  maxColumn: AnyPgColumn,
  range?: { min?: number | null; max?: number | null },
) {
  if (!range) return undefined;
  return and(
    range.min != null ? or(sql`${maxColumn} is null`, gte(maxColumn, range.min)) : undefined,
    range.max != null ? or(sql`${minColumn} is null`, sql`${minColumn} <= ${range.max}`) : undefined,
  );
}

function keywordCondition(searchType: number | undefined, keyword: string | undefined): SQL | undefined {
  const key = keyword?.trim();
  if (!key) return undefined;
  if (searchType === 1) return phoneEndsWith(key);
  if (searchType === 2) {
    const id = /^\d+$/.test(key) ? Number(key) : null;
    return or(
      ilike(customers.customerNo, `%${escapeLike(key)}%`),
      id !== null && id < 2 ** 31 ? eq(customers.id, id) : undefined,
    );
  }
  if (searchType === 3) return ilike(customers.name, `%${escapeLike(key)}%`);
  return or(
    ilike(customers.name, `%${escapeLike(key)}%`),
    ilike(customers.customerNo, `%${escapeLike(key)}%`),
    phoneEndsWith(key),
  );
}

/**
 * Any of the customer's (at most three) phones ends with the digits typed: the reversed phone starts
 * with the reversed digits, a range on customers_phone<n>_tail_idx rather than a read of every phone.
 */
function phoneEndsWith(digits: string): SQL {
  const prefix = `${escapeLike([...digits].reverse().join(''))}%`;
  return or(
    ...([0, 1, 2] as const).map(
      (n) => sql`reverse((${customers.phones} -> ${sql.raw(String(n))}) ->> 'phone') like ${prefix}`,
    ),
  )!;
}

const lastActive = sql`coalesce(${customers.lastFollowUpAt}, ${customers.entryTime})`;

function orderOf(sort: number | undefined) {
  switch (sort) {
    case 1:
      return [desc(customers.entryTime), desc(customers.id)];
    case 2:
      return [asc(customers.entryTime), asc(customers.id)];
    case 3:
      return [sql`${customers.priceMax} desc nulls last`, desc(customers.id)];
    case 4:
      return [sql`${customers.priceMin} asc nulls last`, desc(customers.id)];
    case 5:
      return [asc(lastActive), asc(customers.id)];
    default:
      return [desc(lastActive), desc(customers.id)];
  }
}

/** When the rule would turn this private customer public (the earliest enabled count-down), or null. */
function publicTime(setting: CustomerSetting, customer: Customer): string | null {
  if (customer.attribution !== CustomerPools.private) return null;
  const rule = outRuleOf(setting, customer.type);
  const since = customer.privateSince?.getTime() ?? customer.entryTime.getTime();
  const from = (date: Date | null) => Math.max(date?.getTime() ?? 0, since);
  const candidates: number[] = [];
  if (rule.follow > 0) candidates.push(from(customer.lastFollowUpAt) + rule.follow * dayMs);
  if (rule.followVisit > 0) candidates.push(from(customer.lastVisitAt) + rule.followVisit * dayMs);
  if (rule.deal > 0 && customer.dealStatus === 1 && customer.dealAt)
    candidates.push(from(customer.dealAt) + rule.deal * dayMs);
  return candidates.length > 0 ? formatDateTime(new Date(Math.min(...candidates))) : null;
}

export function demandSummary(customer: Customer): string | null {
  const parts: string[] = [];
  const districts = (customer.demand.districtIds ?? []).map(nameOfDistrict).filter(Boolean);
  if (districts.length > 0) parts.push(districts.join('/'));
  if ((customer.demand.communityNames ?? []).length > 0)
    parts.push(customer.demand.communityNames!.join('/'));
  if ((customer.demand.room ?? []).length > 0)
    parts.push(customer.demand.room!.map((room) => `${room}室`).join('/'));
  const unit = customer.type === 2 ? '元/月' : '万';
  if (customer.priceMin != null || customer.priceMax != null)
    parts.push(`${customer.priceMin ?? '不限'}-${customer.priceMax ?? '不限'}${unit}`);
  if (customer.areaMin != null || customer.areaMax != null)
    parts.push(`${customer.areaMin ?? '不限'}-${customer.areaMax ?? '不限'}㎡`);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Whether the customer's phones show in full: always to the maintainer of a private customer; with
 * 客户电话查看需写跟进 on (the default) to nobody else, who views them one at a time
 * (customerPhoneView); with it off, to those who may edit the customer.
 */
export function phonesShownInFull(access: CustomerAccess, customer: Customer): boolean {
  if (customer.attribution === CustomerPools.private && customer.attributorId === access.session.userId)
    return true;
  if (access.phonesProtected) return false;
  if (customer.attribution === CustomerPools.private)
    return inGrantScope(access, CustomerAuth.edit, customer);
  return access.grants.has(CustomerAuth.edit);
}

/** A phone of the customer as this user sees it: in full or masked (phonesShownInFull). */
export function phoneShown(access: CustomerAccess, customer: Customer, phone: string): string {
  return phonesShownInFull(access, customer) ? phone : maskCustomerPhone(phone);
}

export async function searchCustomers(db: Db, session: Session, body: BodyOf<'customerPosts'>) {
  const access = await customerAccess(db, session);
  const attribution = body.customerAttribution ?? CustomerPools.private;
  const where = and(
    attribution === CustomerPools.private
      ? visiblePrivate(access)
      : and(visibleCustomers(access), eq(customers.attribution, CustomerPools.public)),
    body.customerType ? eq(customers.type, body.customerType) : undefined,
    keywordCondition(body.searchType, body.keyword),
    body.state && body.state.length > 0 ? inArray(customers.state, body.state) : undefined,
    body.dealStatus !== undefined ? eq(customers.dealStatus, body.dealStatus) : undefined,
    body.level && body.level.length > 0 ? inArray(customers.level, body.level) : undefined,
    meets(customers.priceMin, customers.priceMax, body.price ?? undefined),
    meets(customers.areaMin, customers.areaMax, body.area ?? undefined),
    body.room && body.room.length > 0
      ? sql`exists (select 1 from jsonb_array_elements(${customers.demand}->'room') r where (r)::int = any(array[${sql.join(
          body.room.map((room) => sql`${room}`),
          sql`, `,
        )}]::int[]))`
      : undefined,
    body.districtIds && body.districtIds.length > 0
      ? sql`exists (select 1 from jsonb_array_elements(${customers.demand}->'districtIds') d where (d)::int = any(array[${sql.join(
          body.districtIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]))`
      : undefined,
    body.tags && body.tags.length > 0
      ? sql`exists (select 1 from jsonb_array_elements(${customers.tags}) g where (g)::int = any(array[${sql.join(
          body.tags.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]))`
      : undefined,
    dateRange(customers.entryTime, body.entryTime ?? undefined),
    dateRange(customers.lastFollowUpAt, body.followUpTime ?? undefined),
    body.deptId ? eq(customers.deptId, body.deptId) : undefined,
    body.userId ? eq(customers.attributorId, body.userId) : undefined,
  );
  const pageSize = body.pagesize ?? 15;
  const [rows, [total], setting, tags] = await Promise.all([
    db
      .select({ customer: customers, userName: users.name, deptName: departments.name })
      .from(customers)
      .leftJoin(users, eq(users.id, customers.attributorId))
      .leftJoin(departments, eq(departments.id, customers.deptId))
      .where(where)
      .orderBy(...orderOf(body.sort))
      .limit(pageSize)
      .offset(((body.pageindex ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(customers).where(where),
    readCustomerSetting(db, session.companyId),
    tagNames(db, session, CustomerAuth.appType),
  ]);
  return {
    total: total?.total ?? 0,
    data: rows.map(({ customer, userName, deptName }) => ({
      customerId: customer.id,
      customerNo: customer.customerNo,
      customerType: customer.type as 1 | 2 | 3,
      customerAttribution: customer.attribution as 1 | 2,
      name: customer.name,
      gender: customer.gender as 1 | 2 | null,
      phone: phoneShown(access, customer, customer.phone),
      level: customer.level as 'A' | 'B' | 'C' | null,
      state: customer.state as 1 | 2 | 3 | 4,
      stateName: customerStateNames[customer.state] ?? '',
      dealStatus: customer.dealStatus as 0 | 1,
      demandSummary: demandSummary(customer),
      priceMin: customer.priceMin,
      priceMax: customer.priceMax,
      areaMin: customer.areaMin,
      areaMax: customer.areaMax,
      tags: customer.tags.map((id) => tags.get(id)).filter((name): name is string => !!name),
      userId: customer.attributorId,
      userName: customer.attributorId ? (userName ?? null) : null,
      deptName: deptName ?? null,
      entryTime: formatDateTime(customer.entryTime),
      followUpTime: customer.lastFollowUpAt ? formatDateTime(customer.lastFollowUpAt) : null,
      publicTime: publicTime(setting, customer),
    })),
  };
}

export async function readCustomerDetail(db: Db, session: Session, customerId: number) {
  const access = await customerAccess(db, session);
  const customer = await findVisibleCustomer(db, access, customerId);
  const [[holder], [entry], [visits], setting, tags] = await Promise.all([
    customer.attributorId
      ? db
          .select({
            userId: users.id,
            name: users.name,
            phone: users.userName,
            deptId: users.deptId,
            deptName: departments.name,
          })
          .from(users)
          .leftJoin(departments, eq(departments.id, users.deptId))
          .where(and(inCompany(users, session.companyId), eq(users.id, customer.attributorId)))
      : Promise.resolve([]),
    customer.entryUserId
      ? db
          .select({ name: users.name })
          .from(users)
          .where(and(inCompany(users, session.companyId), eq(users.id, customer.entryUserId)))
      : Promise.resolve([]),
    db
      .select({ n: count() })
      .from(customerFollowUps)
      .where(
        companyScope(db, session.companyId).where(
          customerFollowUps,
          eq(customerFollowUps.customerId, customer.id),
          eq(customerFollowUps.category, 4),
        ),
      ),
    readCustomerSetting(db, session.companyId),
    tagNames(db, session, CustomerAuth.appType),
  ]);
  const isPrivate = customer.attribution === CustomerPools.private;
  const mine = customer.attributorId === session.userId;
  const canEdit = inGrantScope(access, CustomerAuth.edit, customer);
  const flag = (yes: boolean): 0 | 1 => (yes ? 1 : 0);
  return {
    customerId: customer.id,
    customerNo: customer.customerNo,
    customerType: customer.type as 1 | 2 | 3,
    customerAttribution: customer.attribution as 1 | 2,
    name: customer.name,
    gender: customer.gender as 1 | 2 | null,
    phonesHidden: !phonesShownInFull(access, customer),
    phones: customer.phones.map((row) => ({
      phone: phoneShown(access, customer, row.phone),
      remark: row.remark ?? null,
    })),
    wechat: customer.wechat,
    idCard: null,
    source: customer.source,
    level: customer.level as 'A' | 'B' | 'C' | null,
    state: customer.state as 1 | 2 | 3 | 4,
    stateName: customerStateNames[customer.state] ?? '',
    dealStatus: customer.dealStatus as 0 | 1,
    demand: {
      priceMin: customer.priceMin,
      priceMax: customer.priceMax,
      areaMin: customer.areaMin,
      areaMax: customer.areaMax,
      room: customer.demand.room ?? [],
      districtIds: customer.demand.districtIds ?? [],
      districtNames: (customer.demand.districtIds ?? []).map((id) => nameOfDistrict(id) ?? String(id)),
      communityNames: customer.demand.communityNames ?? [],
      property: customer.demand.property ?? null,
      payment: customer.demand.payment ?? null,
      purpose: customer.demand.purpose ?? null,
      remark: customer.demand.remark ?? null,
    },
    tags: customer.tags.filter((id) => tags.has(id)).map((id) => ({ categoryId: id, name: tags.get(id)! })),
    attributor: holder
      ? {
          userId: holder.userId,
          name: holder.name,
          phone: holder.phone,
          deptId: holder.deptId,
          deptName: holder.deptName,
        }
      : null,
    entryUserName: entry?.name ?? null,
    entryTime: formatDateTime(customer.entryTime),
    followUpTime: customer.lastFollowUpAt ? formatDateTime(customer.lastFollowUpAt) : null,
    visitCount: visits?.n ?? 0,
    publicTime: publicTime(setting, customer),
    buttons: {
      edit: flag(canEdit),
      toPublic: flag(isPrivate && access.grants.has(CustomerAuth.pools) && (mine || canEdit)),
      toPrivate: flag(!isPrivate && access.grants.has(CustomerAuth.pools)),
      assign: flag(access.grants.has(CustomerAuth.assign)),
      delete: flag(access.grants.has(CustomerAuth.remove)),
      changeState: flag(canEdit),
      deal: flag(canEdit),
    },
  };
}

export async function listCustomerFollowUps(db: Db, session: Session, query: QueryOf<'getCustomerfollowUp'>) {
  const access = await customerAccess(db, session);
  const customer = await findVisibleCustomer(db, access, query.customerId);
  const where = companyScope(db, session.companyId).where(
    customerFollowUps,
    eq(customerFollowUps.customerId, customer.id),
    query.category ? eq(customerFollowUps.category, query.category) : undefined,
  );
  const pageSize = query.pagesize ?? 15;
  const [rows, [total]] = await Promise.all([
    db
      .select({ follow: customerFollowUps, userName: users.name, deptName: departments.name })
      .from(customerFollowUps)
      .leftJoin(users, eq(users.id, customerFollowUps.userId))
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(where)
      .orderBy(desc(customerFollowUps.createdAt), desc(customerFollowUps.id))
      .limit(pageSize)
      .offset(((query.pageindex ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(customerFollowUps).where(where),
  ]);
  const houseIds = [...new Set(rows.flatMap((row) => row.follow.houseIds))];
  const houseRows =
    houseIds.length > 0
      ? await db
          .select()
          .from(houses)
          .where(and(inCompany(houses, session.companyId), inArray(houses.id, houseIds)))
      : [];
  const houseTitle = new Map(
    houseRows.map((house) => [
      house.id,
      `${house.communityName} ${house.room}室${house.hall}厅 ${house.area}㎡ ${house.price}${house.type === 2 ? '元/月' : '万'}`,
    ]),
  );
  return {
    total: total?.total ?? 0,
    data: rows.map(({ follow, userName, deptName }) => ({
      followId: follow.id,
      customerId: follow.customerId,
      category: follow.category as 1 | 4,
      categoryName: customerFollowCategoryNames[follow.category] ?? '',
      content: follow.content,
      houses: follow.houseIds
        .filter((id) => houseTitle.has(id))
        .map((id) => ({ houseId: id, title: houseTitle.get(id)!, feedback: null })),
      pictures: [],
      visitTime: follow.visitTime ? formatDateTime(follow.visitTime) : null,
      userName: userName ?? '系统',
      deptName: deptName ?? null,
      deletable: canDeleteCustomerFollowUp(access, follow.userId),
      createTime: formatDateTime(follow.createdAt),
    })),
  };
}
