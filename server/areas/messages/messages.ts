/**
 * Each user's messages (000 section 3 "Message"): the message-centre menu with unread counts, the
 * list by type and read state (100 to a page), and marking read. Other areas send messages with
 * sendMessages inside their own transaction, so a message exists exactly when its cause does.
 */
import { and, count, desc, eq, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { messages, type MessageLinkValue } from '../../db/schema-messages';
import { users } from '../../db/schema';
import type { Session } from '../../contract/types';
import { notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';

export type MessageType = 1 | 2 | 3;

/** The message centre's menu, in this order (000 section 3: notices, reminders, contract reports). */
export const messageMenuItems: readonly { id: number; messageType: MessageType; name: string }[] = [
  { id: 1, messageType: 1, name: '公告通知' },
  { id: 2, messageType: 2, name: '业务提醒' },
  { id: 3, messageType: 3, name: '合同报告' },
];

export const messagePageSize = 100;

export type NewMessage = {
  companyId: number;
  userIds: readonly number[];
  messageType: MessageType;
  title: string;
  content: string;
  noticeId?: number | null;
  senderId?: number | null;
  link?: MessageLinkValue | null;
  now: Date;
};

/** One message to each user (duplicates ignored); call inside the transaction of the cause. */
export async function sendMessages(db: Db, message: NewMessage): Promise<number> {
  const userIds = [...new Set(message.userIds)];
  if (userIds.length === 0) return 0;
  await db.insert(messages).values(
    userIds.map((userId) => ({
      companyId: message.companyId,
      userId,
      messageType: message.messageType,
      title: message.title,
      content: message.content,
      noticeId: message.noticeId ?? null,
      senderId: message.senderId ?? null,
      link: message.link ?? null,
      createdAt: message.now,
    })),
  );
  return userIds.length;
}

export async function readMessageMenu(db: Db, session: Session) {
  const rows = await db
    .select({ messageType: messages.messageType, unread: count() })
    .from(messages)
    .where(and(eq(messages.userId, session.userId), isNull(messages.readAt)))
    .groupBy(messages.messageType);
  const unreadByType = new Map(rows.map((row) => [row.messageType, Number(row.unread)]));
  return messageMenuItems.map((item) => ({
    ...item,
    unreadCount: unreadByType.get(item.messageType) ?? 0,
    icon: null,
  }));
}

export type MessageQuery = {
  messageType?: MessageType | undefined;
  /** 0 all, 1 read, 2 unread */
  readed?: 0 | 1 | 2 | undefined;
  pageindex?: number | undefined;
  pagesize?: number | undefined;
};

function ownMessages(session: Session, query: Pick<MessageQuery, 'messageType' | 'readed'>): SQL {
  const conditions: SQL[] = [eq(messages.userId, session.userId), inCompany(messages, session.companyId)];
  if (query.messageType) conditions.push(eq(messages.messageType, query.messageType));
  if (query.readed === 1) conditions.push(isNotNull(messages.readAt));
  if (query.readed === 2) conditions.push(isNull(messages.readAt));
  return and(...conditions)!;
}

export async function listMessages(db: Db, session: Session, query: MessageQuery) {
  const pageSize = query.pagesize ?? messagePageSize;
  const page = query.pageindex ?? 1;
  const where = ownMessages(session, query);
  const [totalRow] = await db.select({ total: count() }).from(messages).where(where);
  const rows = await db
    .select({ message: messages, senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: Number(totalRow?.total ?? 0),
    data: rows.map(({ message, senderName }) => ({
      remindId: message.id,
      messageType: message.messageType as MessageType,
      title: message.title,
      content: message.content,
      readed: message.readAt ? (1 as const) : (2 as const),
      gonggaoId: message.noticeId,
      senderName,
      link: message.link,
      createTime: formatDateTime(message.createdAt),
    })),
  };
}

/** Marks every unread message of the user (of one type, if given) read; returns how many. */
export async function markAllRead(
  db: Db,
  session: Session,
  messageType: MessageType | undefined,
  now: Date,
): Promise<number> {
  const marked = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(ownMessages(session, { messageType, readed: 2 })))
    .returning({ id: messages.id });
  return marked.length;
}

/** Marks one of the user's own messages read; another user's message is 404. Repeating is harmless. */
export async function markOneRead(db: Db, session: Session, remindId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ id: messages.id, readAt: messages.readAt })
    .from(messages)
    .where(and(eq(messages.id, remindId), ownMessages(session, {})));
  if (!row) throw notFound('消息不存在或已被删除');
  if (!row.readAt) await db.update(messages).set({ readAt: now }).where(eq(messages.id, remindId));
}

/** Marks the user's message of a notice read (reading the notice reads its message). */
export async function markNoticeMessageRead(
  db: Db,
  session: Session,
  noticeId: number,
  now: Date,
): Promise<void> {
  await db
    .update(messages)
    .set({ readAt: now })
    .where(
      and(eq(messages.noticeId, noticeId), eq(messages.userId, session.userId), isNull(messages.readAt)),
    );
}

/** Receivers and readers of notices, by notice. */
export async function countNoticeReads(
  db: Db,
  noticeIds: readonly number[],
): Promise<Map<number, { receivers: number; readers: number }>> {
  if (noticeIds.length === 0) return new Map();
  const rows = await db
    .select({
      noticeId: messages.noticeId,
      receivers: count(),
      readers: sql<number>`count(${messages.readAt})`,
    })
    .from(messages)
    .where(inArray(messages.noticeId, [...noticeIds]))
    .groupBy(messages.noticeId);
  return new Map(
    rows.map((row) => [
      row.noticeId ?? 0,
      { receivers: Number(row.receivers), readers: Number(row.readers) },
    ]),
  );
}
