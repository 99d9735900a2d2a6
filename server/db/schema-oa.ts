/**
 * Approvals (OA): approval groups, approval DEFINITIONS (one per approval item and company: the
 * ordered approver steps and the copy recipients), the sign-template and quick-sign approval
 * settings, and approval INSTANCES with their steps. An instance copies its steps, with the users
 * who may decide each step, when it is started, so editing a definition never changes a running
 * approval. docs/approvals.md describes the statuses.
 */
import { sql } from 'drizzle-orm';
import {
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
import { companies, users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/** One approver step of a definition: a user (1), any member of a role (2), the sponsor's department head (3). */
export type OaApproverConfig = {
  approverType: 1 | 2 | 3;
  userId?: number | undefined;
  roleId?: number | undefined;
};

export const oaGroups = pgTable(
  'oa_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oa_groups_company_name_uq').on(t.companyId, t.name)],
);

export const oaApprovals = pgTable(
  'oa_approvals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => oaGroups.id),
    appType: smallint('app_type').notNull(),
    oaItemId: smallint('oa_item_id').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    /** 1 启用, 0 停用 */
    state: smallint('state').notNull().default(1),
    approvers: jsonb('approvers').$type<OaApproverConfig[]>().notNull(),
    sendCopy: jsonb('send_copy')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oa_approvals_company_item_uq').on(t.companyId, t.oaItemId),
    index('oa_approvals_group_idx').on(t.groupId),
  ],
);

/** Per sign template (box) approval setting; the template itself belongs to the sign area. */
export const oaSignSettings = pgTable(
  'oa_sign_settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    boxId: integer('box_id').notNull(),
    oaState: smallint('oa_state').notNull(),
    approvers: jsonb('approvers').$type<OaApproverConfig[]>().notNull(),
    sendCopy: jsonb('send_copy')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.boxId] })],
);

/** The company's quick file-sign approval setting (approval item 49). */
export const oaFileSignSettings = pgTable('oa_file_sign_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  oaState: smallint('oa_state').notNull(),
  approvers: jsonb('approvers').$type<OaApproverConfig[]>().notNull(),
  sendCopy: jsonb('send_copy')
    .$type<number[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const oaInstances = pgTable(
  'oa_instances',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oaApprovalId: integer('oa_approval_id'),
    appType: smallint('app_type').notNull(),
    oaItemId: smallint('oa_item_id').notNull(),
    /** Which business record this approval decides: a kind the owning area registered ('sale-contract', 'sign-contract', ...) and its id. */
    subjectKind: text('subject_kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    itemNo: text('item_no'),
    title: text('title').notNull(),
    fields: jsonb('fields')
      .$type<{ label: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sponsorUserId: integer('sponsor_user_id')
      .notNull()
      .references(() => users.id),
    remark: text('remark'),
    /** 0 审批中, 1 已通过, 2 已拒绝, 3 已撤回 */
    status: smallint('status').notNull().default(0),
    /** The sort of the step waiting for a decision; null once finished. */
    currentStep: integer('current_step'),
    /** Who may decide the current step (empty once finished). */
    currentCandidates: jsonb('current_candidates')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sendCopy: jsonb('send_copy')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Sponsor, every step's candidates and the copy recipients: who may see it. */
    participants: jsonb('participants')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    entryTime: at('entry_time').notNull(),
    overTime: at('over_time'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    index('oa_instances_company_idx').on(t.companyId, t.entryTime),
    // One running approval per business record: a second start fails on this index even when racing.
    uniqueIndex('oa_instances_one_pending_uq')
      .on(t.companyId, t.subjectKind, t.subjectId)
      .where(sql`status = 0`),
  ],
);

export const oaInstanceSteps = pgTable(
  'oa_instance_steps',
  {
    instanceId: integer('instance_id')
      .notNull()
      .references(() => oaInstances.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    approverType: smallint('approver_type').notNull(),
    name: text('name').notNull(),
    candidates: jsonb('candidates').$type<number[]>().notNull(),
    /** 0 未到达, 1 审批中, 2 已通过, 3 已拒绝, 4 已终止 */
    status: smallint('status').notNull().default(0),
    handlerUserId: integer('handler_user_id').references(() => users.id),
    remark: text('remark'),
    handledAt: at('handled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.sort] }),
    index('oa_instance_steps_handler_idx').on(t.handlerUserId),
  ],
);
