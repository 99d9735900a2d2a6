/**
 * The login record (管理中心 登录记录): every password and SMS-code login attempt, successful or not,
 * append-only. It is also what the account lock reads (domain/login-lock.ts), so the lock holds across
 * API processes. company_id and user_id are null for a phone that is no account.
 */
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './schema';

export const loginRecords = pgTable(
  'login_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    userName: text('user_name').notNull(),
    ip: text('ip').notNull(),
    platform: text('platform').notNull().default('pc'),
    device: text('device').notNull().default(''),
    /** 1 password, 2 SMS code */
    loginType: smallint('login_type').notNull(),
    /** 1 success, 2 failure */
    result: smallint('result').notNull(),
    /** why a failure: wrong-password, locked, disabled, wrong-code */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_records_user_name_idx').on(t.userName, t.createdAt),
    index('login_records_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Events counted per client address for rate limits shared by every API process: SMS codes sent
 * (sms-send) and wrong codes entered (code-failure). Old rows only matter inside their window.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_events_kind_key_idx').on(t.kind, t.key, t.createdAt)],
);
