/** The sandbox providers' own operations (dev pages). Off when the server runs with SANDBOX=0. */
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema';
import { notFound } from '../../contract/envelope';
import type { HandlerMap } from '../../contract/types';
import { formatDateTime } from '../../format';

export const sandboxHandlers = {
  async smsOutbox({ query }, { db, isSandbox }) {
    if (!isSandbox) throw notFound('沙箱未开启');
    const rows = await db
      .select()
      .from(smsOutbox)
      .where(query.phone ? eq(smsOutbox.phone, query.phone) : undefined)
      .orderBy(desc(smsOutbox.id))
      .limit(50);
    return { data: rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt) })) };
  },
} satisfies HandlerMap;
