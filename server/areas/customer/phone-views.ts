/**
 * Protected customer phones shown one view at a time (customerPhoneView, issue 38), as the listing's
 * key information (server/areas/housing/protection.ts): each view is counted against the role's daily
 * limit (客源 207), written to the customer's change record with who and when, and the next view of
 * the same customer needs a follow-up on it first.
 */
import { and, count, desc, eq, gte } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Db } from '../../db/db';
import { customerFollowUps, customerPhoneViews } from '../../db/schema-customer';
import { companyScope, inCompany } from '../../db/company-scope';
import type { HandlerContext, Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { customerAccess, findVisibleCustomer } from './access';
import { phonesShownInFull } from './book';
import { author, writeCustomerRecord } from './records';
import { CustomerAuth } from '../../../domain/auth-ids';
import { CustomerRecordTypes, customerPhoneMessages } from '../../../domain/customer-rules';

/** Phone views the user made today (Beijing day on the server clock). */
async function viewsToday(db: Db, session: Session, now: Date): Promise<number> {
  const dayStart = dayjs(now).tz('Asia/Shanghai').startOf('day').toDate();
  const [row] = await db
    .select({ views: count() })
    .from(customerPhoneViews)
    .where(
      and(
        inCompany(customerPhoneViews, session.companyId),
        eq(customerPhoneViews.userId, session.userId),
        gte(customerPhoneViews.viewedAt, dayStart),
      ),
    );
  return row?.views ?? 0;
}

/** Whether the user viewed this customer's phones and wrote no follow-up on the customer since. */
async function owesFollowUp(db: Db, session: Session, customerId: number): Promise<boolean> {
  const [lastView] = await db
    .select({ viewedAt: customerPhoneViews.viewedAt })
    .from(customerPhoneViews)
    .where(
      and(
        inCompany(customerPhoneViews, session.companyId),
        eq(customerPhoneViews.customerId, customerId),
        eq(customerPhoneViews.userId, session.userId),
      ),
    )
    .orderBy(desc(customerPhoneViews.viewedAt))
    .limit(1);
  if (!lastView) return false;
  const [followUp] = await db
    .select({ createdAt: customerFollowUps.createdAt })
    .from(customerFollowUps)
    .where(
      and(
        inCompany(customerFollowUps, session.companyId),
        eq(customerFollowUps.customerId, customerId),
        eq(customerFollowUps.userId, session.userId),
        gte(customerFollowUps.createdAt, lastView.viewedAt),
      ),
    )
    .limit(1);
  return !followUp;
}

export async function viewCustomerPhones(context: HandlerContext, session: Session, customerId: number) {
  const { db, clock } = context;
  const access = await customerAccess(db, session);
  return db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, access, customerId);
    if (phonesShownInFull(access, customer)) throw businessError(customerPhoneMessages.shownAlready);
    if (await owesFollowUp(tx, session, customer.id))
      throw businessError(customerPhoneMessages.followUpFirst);
    const now = clock.now();
    const limit = access.grants.get(CustomerAuth.phoneDailyViewLimit)?.count ?? null;
    const used = await viewsToday(tx, session, now);
    if (limit !== null && used >= limit) throw businessError(customerPhoneMessages.limitReached(limit));
    await companyScope(tx, session.companyId).insert(customerPhoneViews, {
      customerId: customer.id,
      userId: session.userId,
      viewedAt: now,
    });
    await writeCustomerRecord(
      tx,
      context,
      author(context, session),
      customer.id,
      CustomerRecordTypes.viewPhone,
      customerPhoneMessages.viewed,
    );
    return {
      customerId: customer.id,
      phones: customer.phones.map((row) => ({ phone: row.phone, remark: row.remark ?? null })),
      remainingViews: limit === null ? null : Math.max(0, limit - used - 1),
    };
  });
}
