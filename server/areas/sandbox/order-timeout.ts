/**
 * 模拟订单关闭 on the sandbox cashier: the order's pay window runs out now. Its own timestamps
 * (created, expires) move back by what was left of the window, so the server's rule (an unpaid
 * order past expireAt is closed) closes it on its real clock; neither the clock nor the rule changes.
 */
import { and, eq, gt } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { rechargeOrders } from '../../db/schema-recharge';
import { notFound } from '../../contract/envelope';
import { orderMessages, readOrder } from '../recharge/orders';

export async function timeOutOrder(db: Db, companyId: number, now: Date, orderNumber: string) {
  const [row] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.orderNumber, orderNumber), inCompany(rechargeOrders, companyId)));
  if (!row) throw notFound('订单不存在');
  const left = row.expireAt ? row.expireAt.getTime() - now.getTime() : 0;
  // Paid, cancelled, free (no pay window) or already past its window: nothing to run out.
  if (row.status === 0 && left > 0) {
    await db
      .update(rechargeOrders)
      .set({ expireAt: now, createdAt: new Date(row.createdAt.getTime() - left) })
      .where(
        and(eq(rechargeOrders.id, row.id), eq(rechargeOrders.status, 0), gt(rechargeOrders.expireAt, now)),
      );
  }
  const order = await readOrder(db, companyId, orderNumber, now);
  return { order, message: order.status === 3 ? orderMessages.closed : '订单不在待支付状态，无需模拟超时' };
}
