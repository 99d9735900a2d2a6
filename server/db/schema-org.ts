/**
 * Organisation details that the core tables (schema.ts) do not carry: department contact and
 * manager, staff profile and resignation, remarks of positions and roles, and the company's open
 * cities; invitation links and applications to join; rank groups and ranks (职级序列, 职级); the
 * company's management settings (管理设置). Detail rows are one per core row, same
 * company_id, removed with it.
 */
import {
  boolean,
  date,
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
import { companies, departments, positions, roles, users } from './schema';

export const departmentDetails = pgTable(
  'department_details',
  {
    departmentId: integer('department_id')
      .primaryKey()
      .references(() => departments.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    managerUserId: integer('manager_user_id').references(() => users.id),
    phone: text('phone'),
    address: text('address'),
    cityId: integer('city_id'),
  },
  (t) => [index('department_details_company_idx').on(t.companyId)],
);

export const staffDetails = pgTable(
  'staff_details',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 0 未知, 1 男, 2 女 */
    sex: smallint('sex').notNull().default(0),
    entryDate: date('entry_date', { mode: 'string' }),
    rankId: integer('rank_id').references(() => ranks.id, { onDelete: 'set null' }),
    resignDate: date('resign_date', { mode: 'string' }),
    resignedAt: timestamp('resigned_at', { withTimezone: true }),
    resignReason: text('resign_reason'),
    handoverUserId: integer('handover_user_id').references(() => users.id),
  },
  (t) => [index('staff_details_company_idx').on(t.companyId)],
);

export const positionDetails = pgTable('position_details', {
  positionId: integer('position_id')
    .primaryKey()
    .references(() => positions.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  remark: text('remark'),
});

export const roleDetails = pgTable('role_details', {
  roleId: integer('role_id')
    .primaryKey()
    .references(() => roles.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  remark: text('remark'),
});

export const openCities = pgTable(
  'open_cities',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    cityId: integer('city_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.cityId] })],
);

/** Invitation links: a code that lets someone apply to join a department with a role. */
export const orgInvites = pgTable(
  'org_invites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    needApprove: boolean('need_approve').notNull(),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('org_invites_code_uq').on(t.code), index('org_invites_company_idx').on(t.companyId)],
);

/** Applications to join: from an invitation link (source 1) or staff added by a non-manager (source 2). */
export const orgApplies = pgTable(
  'org_applies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    source: smallint('source').notNull(),
    inviteId: integer('invite_id').references(() => orgInvites.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    deptId: integer('dept_id').references(() => departments.id, { onDelete: 'set null' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    /** What an addition by a non-manager (source 2) also carried, applied on approval. */
    rankId: integer('rank_id').references(() => ranks.id, { onDelete: 'set null' }),
    sex: smallint('sex'),
    entryDate: date('entry_date', { mode: 'string' }),
    applicantUserId: integer('applicant_user_id').references(() => users.id),
    /** 1 待审核, 2 已通过, 3 已拒绝 */
    state: smallint('state').notNull().default(1),
    rejectReason: text('reject_reason'),
    handlerUserId: integer('handler_user_id').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id),
    /** SHA-256 of the ticket an invitee got when applying, to read the application's state without a session. */
    ticketHash: text('ticket_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('org_applies_company_idx').on(t.companyId, t.state)],
);

/** Rank groups (职级序列, e.g. 业务序列): names unique in the company. */
export const rankGroups = pgTable(
  'rank_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rank_groups_company_name_uq').on(t.companyId, t.name)],
);

/** Ranks (职级) of a group: name and level unique within the group; a higher level is a higher rank. */
export const ranks = pgTable(
  'ranks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    rankGroupId: integer('rank_group_id')
      .notNull()
      .references(() => rankGroups.id),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    remark: text('remark'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ranks_group_name_uq').on(t.rankGroupId, t.name),
    uniqueIndex('ranks_group_level_uq').on(t.rankGroupId, t.level),
    index('ranks_company_idx').on(t.companyId),
  ],
);

/** The company's management settings (/ChangeCenter/manageSetting), one row per company once saved. */
export const manageSettings = pgTable('manage_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  settings: jsonb('settings').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id),
});
