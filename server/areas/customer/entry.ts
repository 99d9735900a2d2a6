/**
 * Entering and editing customers, and writing follow-ups (the calls the seed does not show, added in
 * its /customer/v2 style). De-duplication by the setting removeDuplicates (1 phone within the company,
 * 2 phone and customer kind): a duplicate is refused naming the existing customer and its holder, and
 * nothing is written. A private customer counts against its maintainer's upperLimit.
 */
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { customerFollowUps, customers, type CustomerDemandRow } from '../../db/schema-customer';
import { houses } from '../../db/schema-house';
import { companyScope, inCompany } from '../../db/company-scope';
import { users } from '../../db/schema';
import type { BodyOf, HandlerContext, Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import type { FieldChange } from '../records/app-records';
import { author, writeCustomerRecord } from './records';
import { customerAccess, findVisibleCustomer, requireEditable, requireGrant, type Customer } from './access';
import { readCustomerSetting, type CustomerSetting } from './settings';
import { CustomerAuth } from '../../../domain/auth-ids';
import {
  CustomerFollowCategories,
  CustomerPools,
  CustomerRecordTypes,
  customerNumber,
  duplicateMessage,
  maskCustomerPhone,
  privateCap,
  unmaskPhone,
  upperLimitMessage,
} from '../../../domain/customer-rules';

/** Refuses a duplicate phone (405, naming the customer and its holder). */
export async function refuseDuplicate(
  db: Db,
  companyId: number,
  setting: CustomerSetting,
  phones: string[],
  kind: number,
  exceptId?: number,
): Promise<void> {
  if (setting.removeDuplicates === 0) return;
  const list = sql.join(
    phones.map((phone) => sql`${phone}`),
    sql`, `,
  );
  const [existing] = await db
    .select({ name: customers.name, customerNo: customers.customerNo, holder: users.name })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.attributorId))
    .where(
      and(
        inCompany(customers, companyId),
        isNull(customers.deletedAt),
        sql`exists (select 1 from jsonb_array_elements(${customers.phones}) p where p->>'phone' in (${list}))`,
        setting.removeDuplicates === 2 ? eq(customers.type, kind) : undefined,
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw businessError(duplicateMessage({ ...existing, holder: existing.holder ?? null }));
}

/** Refuses one more private customer of this kind for the user past the upper limit (405). */
export async function requirePrivateRoom(
  db: Db,
  companyId: number,
  setting: CustomerSetting,
  userId: number,
  kind: number,
  adding = 1,
): Promise<void> {
  const cap = privateCap(setting.upperLimit, kind);
  if (cap === null) return;
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(
      and(
        inCompany(customers, companyId),
        isNull(customers.deletedAt),
        eq(customers.attribution, CustomerPools.private),
        eq(customers.attributorId, userId),
        eq(customers.type, kind),
      ),
    );
  if ((row?.n ?? 0) + adding > cap) throw businessError(upperLimitMessage(kind, cap));
}

type Input = BodyOf<'customerAdd'>;

function demandRow(input: Input): CustomerDemandRow {
  const { demand } = input;
  return {
    room: demand.room ?? [],
    districtIds: demand.districtIds ?? [],
    communityNames: demand.communityNames ?? [],
    property: demand.property ?? null,
    payment: demand.payment ?? null,
    purpose: demand.purpose ?? null,
    remark: demand.remark ?? null,
  };
}

function checkInput(input: Input): void {
  const { demand } = input;
  if (demand.priceMin != null && demand.priceMax != null && demand.priceMin > demand.priceMax)
    throw businessError('意向价格下限不能大于上限');
  if (demand.areaMin != null && demand.areaMax != null && demand.areaMin > demand.areaMax)
    throw businessError('意向面积下限不能大于上限');
  const phones = input.phones.map((row) => row.phone);
  if (new Set(phones).size !== phones.length) throw businessError('客户电话不能重复');
}

function columns(input: Input) {
  return {
    type: input.customerType,
    name: input.name.trim(),
    gender: input.gender ?? null,
    phones: input.phones.map((row) => ({ phone: row.phone, remark: row.remark ?? null })),
    phone: input.phones[0]!.phone,
    wechat: input.wechat ?? null,
    source: input.source ?? null,
    level: input.level ?? null,
    tags: input.tags ?? [],
    priceMin: input.demand.priceMin ?? null,
    priceMax: input.demand.priceMax ?? null,
    areaMin: input.demand.areaMin ?? null,
    areaMax: input.demand.areaMax ?? null,
    demand: demandRow(input),
  };
}

export async function addCustomer(context: HandlerContext, session: Session, input: Input) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  requireGrant(access, CustomerAuth.add);
  checkInput(input);
  return db.transaction(async (tx) => {
    const setting = await readCustomerSetting(tx, session.companyId);
    await refuseDuplicate(
      tx,
      session.companyId,
      setting,
      input.phones.map((row) => row.phone),
      input.customerType,
    );
    const isPrivate = input.customerAttribution === CustomerPools.private;
    if (isPrivate)
      await requirePrivateRoom(tx, session.companyId, setting, session.userId, input.customerType);
    const now = clock.now();
    const [row] = await companyScope(tx, session.companyId)
      .insert(customers, {
        ...columns(input),
        attribution: input.customerAttribution,
        attributorId: isPrivate ? session.userId : null,
        deptId: session.deptId,
        entryUserId: session.userId,
        privateSince: isPrivate ? now : null,
        entryTime: now,
      })
      .returning({ id: customers.id });
    const customerNo = customerNumber(row!.id, now);
    await companyScope(tx, session.companyId).update(customers, { customerNo }, eq(customers.id, row!.id));
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      row!.id,
      CustomerRecordTypes.add,
      `录入${isPrivate ? '私客' : '公客'} ${input.name.trim()}`,
    );
    return { customerId: row!.id, customerNo };
  });
}

const fieldTitles: Record<string, string> = {
  type: '客户类型',
  name: '客户姓名',
  gender: '性别',
  phones: '客户电话',
  wechat: '微信',
  source: '客户来源',
  level: '客户等级',
  tags: '标签',
  priceMin: '意向价格下限',
  priceMax: '意向价格上限',
  areaMin: '意向面积下限',
  areaMax: '意向面积上限',
  demand: '客户需求',
};

const shown = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The change record keeps phones masked: it is read by everyone who sees the customer. */
function recorded(field: string, value: unknown): string | null {
  if (field !== 'phones' || !Array.isArray(value)) return shown(value);
  return shown(
    (value as { phone: string; remark: string | null }[]).map((row) => ({
      ...row,
      phone: maskCustomerPhone(row.phone),
    })),
  );
}

/**
 * An edit form sends back the phones it was shown: a masked one (138****5678) keeps the stored phone it
 * stands for; a masked phone that stands for none of the customer's is refused.
 */
function keepMaskedPhones(phones: Input['phones'], customer: Customer): Input['phones'] {
  const stored = customer.phones.map((row) => row.phone);
  return phones.map((row) => {
    const phone = unmaskPhone(row.phone, stored);
    if (phone.includes('*')) throw businessError('客户电话不正确，请填写完整的手机号');
    return { ...row, phone };
  });
}

export async function editCustomer(context: HandlerContext, session: Session, body: BodyOf<'customerEdit'>) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  return db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, body.customerId);
    requireEditable(access, customer);
    const input = { ...body, phones: keepMaskedPhones(body.phones, customer) };
    checkInput(input);
    const setting = await readCustomerSetting(tx, session.companyId);
    await refuseDuplicate(
      tx,
      session.companyId,
      setting,
      input.phones.map((row) => row.phone),
      input.customerType,
      customer.id,
    );
    if (
      customer.attribution === CustomerPools.private &&
      customer.type !== input.customerType &&
      customer.attributorId
    )
      await requirePrivateRoom(tx, session.companyId, setting, customer.attributorId, input.customerType);
    const next = columns(input);
    const changes: FieldChange[] = [];
    for (const [field, title] of Object.entries(fieldTitles)) {
      const before = recorded(field, customer[field as keyof typeof customer]);
      const after = recorded(field, next[field as keyof typeof next]);
      if (before !== after) changes.push({ field, title, before, after });
    }
    if (changes.length === 0) return { customerId: customer.id, customerNo: customer.customerNo };
    await companyScope(tx, session.companyId).update(
      customers,
      { ...next, updateTime: clock.now() },
      eq(customers.id, customer.id),
    );
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      CustomerRecordTypes.edit,
      `修改了${changes.map((change) => change.title).join('、')}`,
      changes,
    );
    return { customerId: customer.id, customerNo: customer.customerNo };
  });
}

export async function writeCustomerFollowUp(
  context: HandlerContext,
  session: Session,
  input: BodyOf<'customerfollowUp'>,
): Promise<number> {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  return db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, input.customerId);
    const now = clock.now();
    const isVisit = input.category === CustomerFollowCategories.visit;
    const houseIds = isVisit ? (input.houseIds ?? []) : [];
    if (houseIds.length > 0) {
      const [found] = await tx
        .select({ n: count() })
        .from(houses)
        .where(
          and(inCompany(houses, session.companyId), isNull(houses.deletedAt), inArray(houses.id, houseIds)),
        );
      if ((found?.n ?? 0) !== houseIds.length) throw businessError('带看房源不存在或已被删除');
    }
    const [row] = await companyScope(tx, session.companyId)
      .insert(customerFollowUps, {
        customerId: customer.id,
        category: input.category,
        content: input.content,
        houseIds,
        visitTime: isVisit ? (input.visitTime ? new Date(input.visitTime) : now) : null,
        userId: session.userId,
        createdAt: now,
      })
      .returning({ id: customerFollowUps.id });
    await companyScope(tx, session.companyId).update(
      customers,
      isVisit ? { lastFollowUpAt: now, lastVisitAt: now } : { lastFollowUpAt: now },
      eq(customers.id, customer.id),
    );
    return row!.id;
  });
}
