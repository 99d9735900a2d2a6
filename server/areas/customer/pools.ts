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
} from './access';
import { author, requirePrivateRoom, writeCustomerRecord } from './entry';
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

/** 转公客: the maintainer, or one holding 转公客、拣入私客 (206) with the customer in the edit scope. */
export async function customerToPublic(
  context: HandlerContext,
  session: Session,
  customerId: number,
  reason?: string,
) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  await db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, customerId);
    if (customer.attribution === CustomerPools.public)
      throw new ApiError(Codes.stateConflict, '该客户已是公客');
    const mine = customer.attributorId === session.userId;
    if (
      !mine &&
      !(access.grants.has(CustomerAuth.pools) && inGrantScope(access, CustomerAuth.edit, customer))
    )
      throw forbidden(noPermissionMessage);
    const now = clock.now();
    await companyScope(tx, session.companyId).update(
      customers,
      {
        attribution: CustomerPools.public,
        attributorId: null,
        privateSince: null,
        releasedBy: customer.attributorId,
        releasedAt: now,
        updateTime: now,
      },
      eq(customers.id, customer.id),
    );
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      CustomerRecordTypes.toPublic,
      `私客转为公客${reason?.trim() ? `，原因：${reason.trim()}` : ''}`,
    );
  });
}

/** 拣入私客: 206; refused past the upper limit, and to the former maintainer within takeBack days. */
export async function customerToPrivate(context: HandlerContext, session: Session, customerId: number) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  requireGrant(access, CustomerAuth.pools);
  await db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, customerId);
    if (customer.attribution === CustomerPools.private)
      throw new ApiError(Codes.stateConflict, '该客户已是私客');
    const setting = await readCustomerSetting(tx, session.companyId);
    const refusal = takeBackRefusal(outRuleOf(setting, customer.type), customer, session.userId, clock.now());
    if (refusal) throw businessError(refusal);
    await requirePrivateRoom(tx, session.companyId, setting, session.userId, customer.type);
    await makePrivate(tx, clock, session.companyId, customer, session.userId, session.deptId);
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      CustomerRecordTypes.toPrivate,
      '公客拣入私客',
    );
  });
}

async function makePrivate(
  db: Db,
  clock: Clock,
  companyId: number,
  customer: Customer,
  userId: number,
  deptId: number | null,
) {
  const now = clock.now();
  await companyScope(db, companyId).update(
    customers,
    { attribution: CustomerPools.private, attributorId: userId, deptId, privateSince: now, updateTime: now },
    eq(customers.id, customer.id),
  );
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
    for (const customer of moving) {
      await makePrivate(tx, clock, session.companyId, customer, receiver.id, receiver.deptId);
      await writeCustomerRecord(
        tx,
        context,
        author(context, session),
        customer.id,
        CustomerRecordTypes.assign,
        `${pool === 1 ? '私客' : '公客'}分配给${receiver.name}`,
      );
    }
  });
}

export async function changeCustomerState(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'customerChangeState'>,
) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  await db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, body.customerId);
    requireEditable(access, customer);
    if (customer.state === body.state)
      throw new ApiError(Codes.stateConflict, `客户状态已是${customerStateNames[body.state]}`);
    await companyScope(tx, session.companyId).update(
      customers,
      { state: body.state, updateTime: clock.now() },
      eq(customers.id, customer.id),
    );
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      CustomerRecordTypes.state,
      `客户状态由${customerStateNames[customer.state]}改为${customerStateNames[body.state]}`,
      [
        {
          field: 'state',
          title: '客户状态',
          before: customerStateNames[customer.state] ?? null,
          after: customerStateNames[body.state] ?? null,
        },
      ],
    );
  });
}

/** 成交 (status 1) / 取消成交 (status 0). */
export async function changeDealStatus(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'customerTransactionStatus'>,
) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  await db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, body.customerId);
    requireEditable(access, customer);
    if (customer.dealStatus === body.status)
      throw new ApiError(
        Codes.stateConflict,
        body.status === CustomerDeal.deal ? '该客户已成交' : '该客户未成交',
      );
    const now = clock.now();
    const isDeal = body.status === CustomerDeal.deal;
    await companyScope(tx, session.companyId).update(
      customers,
      { dealStatus: body.status, dealAt: isDeal ? now : null, updateTime: now },
      eq(customers.id, customer.id),
    );
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      isDeal ? CustomerRecordTypes.deal : CustomerRecordTypes.cancelDeal,
      isDeal ? '客户成交' : '取消成交',
      [
        {
          field: 'dealStatus',
          title: '成交状态',
          before: isDeal ? '未成交' : '成交',
          after: isDeal ? '成交' : '未成交',
        },
      ],
    );
  });
}

/** 删除私客 / 删除公客: 删除客源 (204); the private one must be in the edit scope. */
export async function deleteCustomer(
  context: HandlerContext,
  session: Session,
  customerId: number,
  pool: 1 | 2,
) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  requireGrant(access, CustomerAuth.remove);
  await db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, customerId);
    if (customer.attribution !== pool)
      throw new ApiError(
        Codes.stateConflict,
        pool === CustomerPools.public ? '该客户不在公客池' : '该客户不是私客',
      );
    if (pool === CustomerPools.private) requireEditable(access, customer);
    await companyScope(tx, session.companyId).update(
      customers,
      { deletedAt: clock.now() },
      eq(customers.id, customer.id),
    );
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      CustomerRecordTypes.remove,
      `删除${pool === CustomerPools.public ? '公客' : '私客'} ${customer.name}`,
    );
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
    await db.transaction(async (tx) => {
      const scope = companyScope(tx, companyId);
      if (manager && manager.id !== customer.attributorId) {
        await scope.update(
          customers,
          {
            attributorId: manager.id,
            deptId: manager.deptId,
            privateSince: now,
            releasedBy: customer.attributorId,
            releasedAt: now,
            updateTime: now,
          },
          eq(customers.id, customer.id),
        );
      } else {
        await scope.update(
          customers,
          {
            attribution: CustomerPools.public,
            attributorId: null,
            privateSince: null,
            releasedBy: customer.attributorId,
            releasedAt: now,
            updateTime: now,
          },
          eq(customers.id, customer.id),
        );
      }
      await writeCustomerRecord(
        tx,
        { clock },
        { companyId, userId: null, ip: null },
        customer.id,
        CustomerRecordTypes.autoPublic,
        manager && manager.id !== customer.attributorId
          ? `私客${reason}，按规则转给店长${manager.name}`
          : `私客${reason}，按规则自动转为公客`,
      );
    });
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
