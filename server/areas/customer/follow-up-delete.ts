/**
 * Deleting a customer's follow-up (/app/followUpDel with appType 2, the seed's call for every app's
 * follow-ups). The author may delete his own; anyone else needs 删除客源 (the customer catalogue has no
 * follow-up grant of its own). The customer's last follow-up and last visit move back to the newest
 * remaining ones (the pool rules count from them) and the change record keeps what was deleted.
 */
import { and, eq, max } from 'drizzle-orm';
import { customerFollowUps } from '../../db/schema-customer';
import { companyScope, inCompany } from '../../db/company-scope';
import { customers } from '../../db/schema-customer';
import type { BodyOf, HandlerContext, Session } from '../../contract/types';
import { forbidden, notFound } from '../../contract/envelope';
import { author, writeCustomerRecord } from './records';
import { customerAccess, findVisibleCustomer, type CustomerAccess } from './access';
import { CustomerAuth } from '../../../domain/auth-ids';
import {
  CustomerFollowCategories,
  CustomerRecordTypes,
  customerFollowCategoryNames,
} from '../../../domain/customer-rules';
import { noPermissionMessage } from '../../../domain/permissions';

/** 1 when this user may delete a follow-up written by `authorId`. */
export function canDeleteCustomerFollowUp(access: CustomerAccess, authorId: number | null): 0 | 1 {
  return authorId === access.session.userId || access.grants.has(CustomerAuth.remove) ? 1 : 0;
}

export async function deleteCustomerFollowUp(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'followUpDel'>,
): Promise<void> {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  const customer = await findVisibleCustomer(db, access, body.itemId);
  const [followUp] = await db
    .select()
    .from(customerFollowUps)
    .where(
      and(
        inCompany(customerFollowUps, session.companyId),
        eq(customerFollowUps.id, body.followId),
        eq(customerFollowUps.customerId, customer.id),
      ),
    );
  if (!followUp) throw notFound('跟进不存在或已被删除');
  if (canDeleteCustomerFollowUp(access, followUp.userId) === 0) throw forbidden(noPermissionMessage);
  await db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    await scope.delete(customerFollowUps, eq(customerFollowUps.id, followUp.id));
    const ofCustomer = and(
      inCompany(customerFollowUps, session.companyId),
      eq(customerFollowUps.customerId, customer.id),
    );
    const [latest] = await tx
      .select({ at: max(customerFollowUps.createdAt) })
      .from(customerFollowUps)
      .where(ofCustomer);
    const [latestVisit] = await tx
      .select({ at: max(customerFollowUps.createdAt) })
      .from(customerFollowUps)
      .where(and(ofCustomer, eq(customerFollowUps.category, CustomerFollowCategories.visit)));
    await scope.update(
      customers,
      {
        lastFollowUpAt: latest?.at ? new Date(latest.at) : null,
        lastVisitAt: latestVisit?.at ? new Date(latestVisit.at) : null,
      },
      eq(customers.id, customer.id),
    );
    await writeCustomerRecord(
      tx,
      { clock },
      author(context, session),
      customer.id,
      CustomerRecordTypes.removeFollowUp,
      `删除了一条${customerFollowCategoryNames[followUp.category] ?? '跟进'}：${followUp.content.slice(0, 40)}`,
    );
  });
}
