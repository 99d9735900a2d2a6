/**
 * A customer's pool and deal life (001 section 4: change state, deal / cancel deal with status 1, to
 * public, pick back to private, assign): by hand, and by the server when the out-to-public rules of the
 * settings are due (sweepCustomersToPublic, a periodic job). Every move writes the change record.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { customers, customerSettings } from '../../db/schema-customer';
import { acrossCompanies, companyScope, inCompany } from '../../db/company-scope';
import { users } from '../../db/schema';
import type { BodyOf, HandlerContext, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { ApiError, Codes, businessError, forbidden, notFound } from '../../contract/envelope';
import {
  customerAccess,
  findVisibleCustomer,
  inGrantScope,
  requireEditable,
  requireGrant,
  type Customer,
  type CustomerAccess,
} from './access';
import type { FieldChange, RecordAuthor } from '../records/app-records';
import { requirePrivateRoom } from './entry';
import { author, writeCustomerRecord } from './records';
import { defaultCustomerSetting, outRuleOf, readCustomerSetting, type CustomerSetting } from './settings';
import { CustomerAuth } from '../../../domain/auth-ids';
import {
  CustomerDeal,
  CustomerPools,
  CustomerRecordTypes,
  customerNotFoundMessage,
  customerStateNames,
  outReason,
  takeBackRefusal,
} from '../../../domain/customer-rules';
import { noPermissionMessage } from '../../../domain/permissions';
import { storeManagerOf } from '../org/store-manager';

type CustomerChange = {
  set: Partial<typeof customers.$inferInsert>;
  type: number;
  content: string;
  changes?: FieldChange[];
};

/** Writes one change of a customer: its columns (with updateTime) and its change record, in the caller's transaction. */
async function applyChange(
  db: Db,
  clock: Clock,
  who: RecordAuthor,
  customerId: number,
  change: CustomerChange,
): Promise<void> {
  await companyScope(db, who.companyId).update(
    customers,
    { ...change.set, updateTime: clock.now() },
    eq(customers.id, customerId),
  );
  await writeCustomerRecord(db, { clock }, who, customerId, change.type, change.content, change.changes);
}

/**
 * One customer's change by hand: in one transaction the customer is read as the user sees it (404
 * outside), `decide` checks and refuses (throws) or says what changes, and the change is written.
 */
async function changeOneCustomer(
  context: HandlerContext,
  session: Session,
  customerId: number,
  decide: (customer: Customer, access: CustomerAccess, tx: Db) => Promise<CustomerChange> | CustomerChange,
): Promise<void> {
  const access = await customerAccess(context.db, session);
  await context.db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, customerId);
    const change = await decide(customer, access, tx);
    await applyChange(tx, context.clock, author(context, session), customer.id, change);
  });
}

const toPublicColumns = (customer: Customer, now: Date) => ({
  attribution: CustomerPools.public,
  attributorId: null,
  privateSince: null,
  releasedBy: customer.attributorId,
  releasedAt: now,
});

const toPrivateColumns = (userId: number, deptId: number | null, now: Date) => ({
  attribution: CustomerPools.private,
  attributorId: userId,
  deptId,
  privateSince: now,
});

/** 转公客: the maintainer, or one holding 转公客、拣入私客 (206) with the customer in the edit scope. */
export async function customerToPublic(
  context: HandlerContext,
  session: Session,
  customerId: number,
  reason?: string,
) {
  await changeOneCustomer(context, session, customerId, (customer, access) => {
    if (customer.attribution === CustomerPools.public)
      throw new ApiError(Codes.stateConflict, '该客户已是公客');
    const mine = customer.attributorId === session.userId;
    if (
      !mine &&
      !(access.grants.has(CustomerAuth.pools) && inGrantScope(access, CustomerAuth.edit, customer))
    )
      throw forbidden(noPermissionMessage);
    return {
      set: toPublicColumns(customer, context.clock.now()),
      type: CustomerRecordTypes.toPublic,
      content: `私客转为公客${reason?.trim() ? `，原因：${reason.trim()}` : ''}`,
    };
  });
}

/** 拣入私客: 206; refused past the upper limit, and to the former maintainer within takeBack days. */
export async function customerToPrivate(context: HandlerContext, session: Session, customerId: number) {
  const access = await customerAccess(context.db, session);
  requireGrant(access, CustomerAuth.pools);
  await changeOneCustomer(context, session, customerId, async (customer, _access, tx) => {
    if (customer.attribution === CustomerPools.private)
      throw new ApiError(Codes.stateConflict, '该客户已是私客');
    const setting = await readCustomerSetting(tx, session.companyId);
    const now = context.clock.now();
    const refusal = takeBackRefusal(outRuleOf(setting, customer.type), customer, session.userId, now);
    if (refusal) throw businessError(refusal);
    await requirePrivateRoom(tx, session.companyId, setting, session.userId, customer.type);
    return {
      set: toPrivateColumns(session.userId, session.deptId, now),
      type: CustomerRecordTypes.toPrivate,
      content: '公客拣入私客',
    };
  });
}

/** 分配私客 / 分配公客: 205; every customer must be seen and in the wanted pool; the receiver's cap holds. */
export async function assignCustomers(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'customerAssignment'>,
  pool: 1 | 2,
) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  requireGrant(access, CustomerAuth.assign);
  await db.transaction(async (tx) => {
    const [receiver] = await tx
      .select({ id: users.id, name: users.name, deptId: users.deptId, status: users.status })
      .from(users)
      .where(and(inCompany(users, session.companyId), eq(users.id, body.userId)));
    if (!receiver || receiver.status !== 1) throw businessError('分配给的经纪人不存在或已离职');
    const setting = await readCustomerSetting(tx, session.companyId);
    const list: Customer[] = [];
    for (const customerId of body.customerIds) {
      const customer = await findVisibleCustomer(tx, access, customerId);
      if (customer.attribution !== pool)
        throw new ApiError(Codes.stateConflict, `客户${customer.name}不是${pool === 1 ? '私客' : '公客'}`);
      if (pool === CustomerPools.private && !inGrantScope(access, CustomerAuth.view, customer))
        throw notFound(customerNotFoundMessage);
      list.push(customer);
    }
    const moving = list.filter((customer) => customer.attributorId !== receiver.id);
    for (const kind of new Set(moving.map((customer) => customer.type)))
      await requirePrivateRoom(
        tx,
        session.companyId,
        setting,
        receiver.id,
        kind,
        moving.filter((customer) => customer.type === kind).length,
      );
    for (const customer of moving)
      await applyChange(tx, clock, author(context, session), customer.id, {
        set: toPrivateColumns(receiver.id, receiver.deptId, clock.now()),
        type: CustomerRecordTypes.assign,
        content: `${pool === 1 ? '私客' : '公客'}分配给${receiver.name}`,
      });
  });
}

export async function changeCustomerState(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'customerChangeState'>,
) {
  await changeOneCustomer(context, session, body.customerId, (customer, access) => {
    requireEditable(access, customer);
    if (customer.state === body.state)
      throw new ApiError(Codes.stateConflict, `客户状态已是${customerStateNames[body.state]}`);
    return {
      set: { state: body.state },
      type: CustomerRecordTypes.state,
      content: `客户状态由${customerStateNames[customer.state]}改为${customerStateNames[body.state]}`,
      changes: [
        {
          field: 'state',
          title: '客户状态',
          before: customerStateNames[customer.state] ?? null,
          after: customerStateNames[body.state] ?? null,
        },
      ],
    };
  });
}

/** 成交 (status 1) / 取消成交 (status 0). */
export async function changeDealStatus(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'customerTransactionStatus'>,
) {
  await changeOneCustomer(context, session, body.customerId, (customer, access) => {
    requireEditable(access, customer);
    if (customer.dealStatus === body.status)
      throw new ApiError(
        Codes.stateConflict,
        body.status === CustomerDeal.deal ? '该客户已成交' : '该客户未成交',
      );
    const isDeal = body.status === CustomerDeal.deal;
    return {
      set: { dealStatus: body.status, dealAt: isDeal ? context.clock.now() : null },
      type: isDeal ? CustomerRecordTypes.deal : CustomerRecordTypes.cancelDeal,
      content: isDeal ? '客户成交' : '取消成交',
      changes: [
        {
          field: 'dealStatus',
          title: '成交状态',
          before: isDeal ? '未成交' : '成交',
          after: isDeal ? '成交' : '未成交',
        },
      ],
    };
  });
}

/** 删除私客 / 删除公客: 删除客源 (204); the private one must be in the edit scope. */
export async function deleteCustomer(
  context: HandlerContext,
  session: Session,
  customerId: number,
  pool: 1 | 2,
) {
  const access = await customerAccess(context.db, session);
  requireGrant(access, CustomerAuth.remove);
  await changeOneCustomer(context, session, customerId, (customer) => {
    if (customer.attribution !== pool)
      throw new ApiError(
        Codes.stateConflict,
        pool === CustomerPools.public ? '该客户不在公客池' : '该客户不是私客',
      );
    if (pool === CustomerPools.private) requireEditable(access, customer);
    return {
      set: { deletedAt: context.clock.now() },
      type: CustomerRecordTypes.remove,
      content: `删除${pool === CustomerPools.public ? '公客' : '私客'} ${customer.name}`,
    };
  });
}

async function sweepCompany(
  db: Db,
  clock: Clock,
  companyId: number,
  setting: CustomerSetting,
): Promise<number> {
  const kinds = [1, 2, 3].filter((kind) => {
    const rule = outRuleOf(setting, kind);
    return rule.deal > 0 || rule.follow > 0 || rule.followVisit > 0;
  });
  if (kinds.length === 0) return 0;
  const candidates = await db
    .select()
    .from(customers)
    .where(
      and(
        inCompany(customers, companyId),
        isNull(customers.deletedAt),
        eq(customers.attribution, CustomerPools.private),
        inArray(customers.type, kinds),
      ),
    );
  let moved = 0;
  const now = clock.now();
  for (const customer of candidates) {
    const rule = outRuleOf(setting, customer.type);
    const reason = outReason(rule, customer, now);
    if (!reason) continue;
    const manager = rule.outType === 2 ? await storeManagerOf(db, companyId, customer.deptId) : null;
    const toManager = manager !== null && manager.id !== customer.attributorId;
    await db.transaction(async (tx) =>
      applyChange(tx, clock, { companyId, userId: null, ip: null }, customer.id, {
        set: toManager
          ? {
              ...toPrivateColumns(manager.id, manager.deptId, now),
              releasedBy: customer.attributorId,
              releasedAt: now,
            }
          : toPublicColumns(customer, now),
        type: CustomerRecordTypes.autoPublic,
        content: toManager
          ? `私客${reason}，按规则转给店长${manager.name}`
          : `私客${reason}，按规则自动转为公客`,
      }),
    );
    moved += 1;
  }
  return moved;
}

/** The out-to-public job (server/jobs/jobs.ts customer.privateToPublic). */
export async function sweepCustomersToPublic(db: Db, clock: Clock): Promise<number> {
  const rows = await db
    .select()
    .from(customerSettings)
    .where(
      acrossCompanies('the customer out-to-public job visits every company that saved customer settings'),
    );
  let moved = 0;
  for (const row of rows) {
    const setting = { ...defaultCustomerSetting(), ...(row.setting as Partial<CustomerSetting>) };
    moved += await sweepCompany(db, clock, row.companyId, setting);
  }
  return moved;
}
