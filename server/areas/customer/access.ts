/**
 * Who sees and who changes which customer (001 section 6: visibility by attribution, department and
 * user). The public pool is seen by everyone holding 查看客源 (202); a private customer inside the view
 * scope (1 本人: the maintainer, 2 本部门, 3 全公司, 4 指定部门). A customer outside what the user sees
 * answers 404, as another company's; a missing grant answers 403.
 */
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { customerSettings, customers } from '../../db/schema-customer';
import { inCompany } from '../../db/company-scope';
import type { Session } from '../../contract/types';
import { forbidden, notFound } from '../../contract/envelope';
import { loadGrants, type Grant, type Grants } from '../auth/grants';
import { CustomerAuth } from '../../../domain/auth-ids';
import { CustomerPools, customerNotFoundMessage } from '../../../domain/customer-rules';
import { noPermissionMessage } from '../../../domain/permissions';

export type Customer = typeof customers.$inferSelect;
/** phonesProtected: the company's 客户电话查看需写跟进 (customer settings' phoneProtection). */
export type CustomerAccess = { session: Session; grants: Grants; phonesProtected: boolean };

export async function customerAccess(db: Db, session: Session): Promise<CustomerAccess> {
  const grants = await loadGrants(db, session, CustomerAuth.appType);
  if (!grants.has(CustomerAuth.view)) throw forbidden(noPermissionMessage);
  const [row] = await db
    .select({ setting: customerSettings.setting })
    .from(customerSettings)
    .where(inCompany(customerSettings, session.companyId));
  return { session, grants, phonesProtected: row?.setting['phoneProtection'] !== 0 };
}

export function requireGrant(access: CustomerAccess, authId: number): void {
  if (!access.grants.has(authId)) throw forbidden(noPermissionMessage);
}

/** The condition "inside this grant's scope" on a customer's maintainer and department. */
function inScope(session: Session, grant: Grant | undefined): SQL | undefined {
  if (!grant) return eq(customers.attributorId, session.userId);
  switch (grant.range) {
    case 1:
      return eq(customers.attributorId, session.userId);
    case 2:
      return session.deptId === null
        ? eq(customers.attributorId, session.userId)
        : or(eq(customers.deptId, session.deptId), eq(customers.attributorId, session.userId));
    case 4:
      return grant.selectDepartment.length > 0
        ? or(inArray(customers.deptId, grant.selectDepartment), eq(customers.attributorId, session.userId))
        : eq(customers.attributorId, session.userId);
    default:
      return undefined;
  }
}

/** The customers the user sees (not deleted), as one condition for lists and counts. */
export function visibleCustomers(access: CustomerAccess): SQL {
  const { session, grants } = access;
  const privateInScope = inScope(session, grants.get(CustomerAuth.view));
  return and(
    inCompany(customers, session.companyId),
    isNull(customers.deletedAt),
    privateInScope ? or(eq(customers.attribution, CustomerPools.public), privateInScope) : undefined,
  )!;
}

/** The private customers the user sees. */
export function visiblePrivate(access: CustomerAccess): SQL {
  const privateInScope = inScope(access.session, access.grants.get(CustomerAuth.view));
  return and(
    inCompany(customers, access.session.companyId),
    isNull(customers.deletedAt),
    eq(customers.attribution, CustomerPools.private),
    privateInScope,
  )!;
}

/** One customer the user sees, or 404. */
export async function findVisibleCustomer(
  db: Db,
  access: CustomerAccess,
  customerId: number,
): Promise<Customer> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(visibleCustomers(access), eq(customers.id, customerId)));
  if (!customer) throw notFound(customerNotFoundMessage);
  return customer;
}

/** Whether the customer lies in the scope of the grant (the maintainer always; the public pool counts). */
export function inGrantScope(access: CustomerAccess, authId: number, customer: Customer): boolean {
  const grant = access.grants.get(authId);
  if (!grant) return false;
  if (customer.attributorId === access.session.userId || grant.range === 3) return true;
  if (customer.attribution === CustomerPools.public) return true;
  if (grant.range === 2) return customer.deptId !== null && customer.deptId === access.session.deptId;
  if (grant.range === 4) return customer.deptId !== null && grant.selectDepartment.includes(customer.deptId);
  return false;
}

/** 编辑客源 (203) with the customer in its scope, or 403. */
export function requireEditable(access: CustomerAccess, customer: Customer): void {
  if (!inGrantScope(access, CustomerAuth.edit, customer)) throw forbidden(noPermissionMessage);
}
