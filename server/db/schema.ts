/**
 * The one database schema, for PGlite and PostgreSQL alike. Every business table carries
 * company_id; services always filter by the session's company.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('departments_company_idx').on(t.companyId)],
);

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('positions_company_idx').on(t.companyId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** A stable key for the built-in roles (store_manager, broker, ...); null for company-defined roles. */
    builtinKey: text('builtin_key'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('roles_company_idx').on(t.companyId)],
);

/** The permission catalogue: which authIds exist per app type and item; shared by every company. */
export const authCatalogue = pgTable(
  'auth_catalogue',
  {
    appType: integer('app_type').notNull(),
    itemId: integer('item_id').notNull(),
    authId: integer('auth_id').notNull(),
    parentAuthId: integer('parent_auth_id'),
    name: text('name').notNull(),
    hasRange: boolean('has_range').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appType, t.itemId, t.authId] })],
);

export const roleAuths = pgTable(
  'role_auths',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    appType: integer('app_type').notNull(),
    itemId: integer('item_id').notNull(),
    authId: integer('auth_id').notNull(),
    range: smallint('range'),
    contents: jsonb('contents').$type<unknown>(),
    selectDepartment: jsonb('select_department').$type<number[]>(),
    count: integer('count'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.appType, t.itemId, t.authId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    isManager: boolean('is_manager').notNull().default(false),
    deptId: integer('dept_id').references(() => departments.id),
    roleId: integer('role_id').references(() => roles.id),
    positionId: integer('position_id').references(() => positions.id),
    faceUrl: text('face_url'),
    /** 1 在职, 2 离职 */
    status: smallint('status').notNull().default(1),
    scopeAllDepts: boolean('scope_all_depts').notNull().default(false),
    scopeDeptIds: jsonb('scope_dept_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(t.userName),
    index('users_company_idx').on(t.companyId),
    // The staff list: counted per department and read by department, id within it.
    index('users_company_status_dept_idx').on(t.companyId, t.status, t.deptId, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash)],
);

/** SMS verification codes (hashed); at most one live code per phone. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** What the sandbox SMS provider "sent": the dev outbox page reads this. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
});
