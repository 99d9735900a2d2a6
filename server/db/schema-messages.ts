/**
 * Notices (公告, the note host's gonggao) and each user's messages (000 section 3 "Message"): a
 * notice sends one message of type 1 to every receiver; business reminders are type 2, contract
 * reports type 3. Read state lives on the message, so a notice's read count is counted, not kept.
 */
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './schema';

export type NoticeRange = { allCompany: 0 | 1; deptIds: number[]; userIds: number[] };
export type NoticeAttachment = { name: string; url: string };
export type MessageLinkValue = {
  appType: number;
  appId?: number | null;
  path: string;
  params?: Record<string, unknown>;
};

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    top: smallint('top').notNull().default(0),
    range: jsonb('range').$type<NoticeRange>().notNull(),
    attachments: jsonb('attachments').$type<NoticeAttachment[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('notices_company_idx').on(t.companyId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 公告通知, 2 业务提醒, 3 合同报告 */
    messageType: smallint('message_type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    noticeId: integer('notice_id').references(() => notices.id),
    senderId: integer('sender_id').references(() => users.id),
    link: jsonb('link').$type<MessageLinkValue>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_user_type_idx').on(t.userId, t.messageType, t.readAt),
    index('messages_notice_idx').on(t.noticeId),
  ],
);
