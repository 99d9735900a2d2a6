/**
 * What the customer area offers the signing area (issue 41, STYLE 13): a customer the user may see,
 * as the 乙方 of a contract (the phone as the customer book shows it to this user), and the deal
 * written back when the contract is signed (customerTransactionStatus 成交) and taken back when it
 * is voided, in the caller's transaction, each with a record naming the contract.
 */
import { eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { customers } from '../../db/schema-customer';
import { companyScope } from '../../db/company-scope';
import type { Session } from '../../contract/types';
import type { Clock } from '../../clock';
import type { RecordAuthor } from '../records/app-records';
import { customerAccess, findVisibleCustomer } from './access';
import { phoneShown } from './book';
import { writeCustomerRecord } from './records';
import { CustomerDeal, CustomerPools, CustomerRecordTypes } from '../../../domain/customer-rules';

export type CustomerForContract = {
  customerId: number;
  name: string;
  /** The full phone when the customer book shows it to this user, else null (the broker types it). */
  phone: string | null;
};

export async function customerForContract(
  db: Db,
  session: Session,
  customerId: number,
): Promise<CustomerForContract> {
  const access = await customerAccess(db, session);
  const customer = await findVisibleCustomer(db, access, customerId);
  const shown = phoneShown(access, customer, customer.phone);
  return { customerId: customer.id, name: customer.name, phone: shown === customer.phone ? shown : null };
}

export type CustomerRef = { customerId: number; customerNo: string; name: string; dealStatus: 0 | 1 };

export async function customerRefs(
  db: Db,
  companyId: number,
  customerIds: number[],
): Promise<Map<number, CustomerRef>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: customers.id,
      customerNo: customers.customerNo,
      name: customers.name,
      dealStatus: customers.dealStatus,
    })
    .from(customers)
    .where(companyScope(db, companyId).where(customers, inArray(customers.id, customerIds)));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        customerId: row.id,
        customerNo: row.customerNo,
        name: row.name,
        dealStatus: row.dealStatus === CustomerDeal.deal ? 1 : 0,
      },
    ]),
  );
}

async function lockedCustomer(tx: Db, companyId: number, customerId: number) {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(companyScope(tx, companyId).where(customers, eq(customers.id, customerId)))
    .for('update');
  return customer;
}

/** The contract is signed: the customer is 成交, with a record naming the contract. */
export async function applyCustomerDeal(
  tx: Db,
  clock: Clock,
  who: RecordAuthor,
  input: { customerId: number; contractNo: string },
): Promise<void> {
  const customer = await lockedCustomer(tx, who.companyId, input.customerId);
  if (!customer) return;
  const now = clock.now();
  await companyScope(tx, who.companyId).update(
    customers,
    { dealStatus: CustomerDeal.deal, dealAt: now, updateTime: now },
    eq(customers.id, customer.id),
  );
  await writeCustomerRecord(
    tx,
    { clock },
    who,
    customer.id,
    CustomerRecordTypes.deal,
    `合同 ${input.contractNo} 已签约，客户成交`,
    [
      {
        field: 'dealStatus',
        title: '成交状态',
        before: customer.dealStatus === CustomerDeal.deal ? '成交' : '未成交',
        after: '成交',
      },
    ],
  );
}

/** The contract is voided (or ended otherwise) after it was a deal: the customer is 未成交 again, with a record. */
export async function undoCustomerDeal(
  tx: Db,
  clock: Clock,
  who: RecordAuthor,
  input: { customerId: number; contractNo: string; ended?: string },
): Promise<void> {
  const customer = await lockedCustomer(tx, who.companyId, input.customerId);
  if (!customer || customer.dealStatus !== CustomerDeal.deal) return;
  const now = clock.now();
  await companyScope(tx, who.companyId).update(
    customers,
    { dealStatus: CustomerDeal.none, dealAt: null, updateTime: now },
    eq(customers.id, customer.id),
  );
  await writeCustomerRecord(
    tx,
    { clock },
    who,
    customer.id,
    CustomerRecordTypes.cancelDeal,
    `合同 ${input.contractNo} ${input.ended ?? '已作废'}，取消成交`,
    [{ field: 'dealStatus', title: '成交状态', before: '成交', after: '未成交' }],
  );
}

export async function requireVisibleCustomer(db: Db, session: Session, customerId: number): Promise<void> {
  await findVisibleCustomer(db, await customerAccess(db, session), customerId);
}

export type CustomerHandover = {
  companyId: number;
  from: { id: number; name: string };
  to: { id: number; name: string; deptId: number | null } | null;
  operatorUserId: number;
  ip: string | null;
};

export async function countHandoverCustomers(db: Db, companyId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      companyScope(db, companyId).where(
        customers,
        eq(customers.attributorId, userId),
        isNull(customers.deletedAt),
      ),
    );
  return rows.length;
}

/**
 * A leaver's private customers, in the resignation's transaction: to the receiver, or without one to
 * the public pool (公客); each customer's record names both.
 */
export async function handOverCustomers(tx: Db, clock: Clock, handover: CustomerHandover): Promise<number> {
  const now = clock.now();
  const moved = await companyScope(tx, handover.companyId)
    .update(
      customers,
      handover.to
        ? { attributorId: handover.to.id, deptId: handover.to.deptId, privateSince: now, updateTime: now }
        : {
            attribution: CustomerPools.public,
            attributorId: null,
            deptId: null,
            privateSince: null,
            releasedBy: handover.from.id,
            releasedAt: now,
            updateTime: now,
          },
      eq(customers.attributorId, handover.from.id),
    )
    .returning({ id: customers.id });
  const who = { companyId: handover.companyId, userId: handover.operatorUserId, ip: handover.ip };
  for (const { id } of moved) {
    await writeCustomerRecord(
      tx,
      { clock },
      who,
      id,
      handover.to ? CustomerRecordTypes.assign : CustomerRecordTypes.toPublic,
      handover.to
        ? `${handover.from.name} 离职，客户交接给 ${handover.to.name}`
        : `${handover.from.name} 离职且无交接人，客户转为公客`,
      [
        {
          field: 'attributorId',
          title: '维护人',
          before: handover.from.name,
          after: handover.to?.name ?? '公客',
        },
      ],
    );
  }
  return moved.length;
}
