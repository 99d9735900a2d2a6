/**
 * Contract templates and the sign lifecycle: template groups and templates (with their widget
 * fields and settings), the company's sign setting, contracts with their state, parties and
 * signatories, drafts, edit history, the operation log and the contract-number counters.
 * Every row carries company_id; contract content is kept as the submitted JSON (SignContractContent).
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export type StoredTemplateField = {
  fieldTitle: string;
  fieldName: string;
  type: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  placeholder: string | null;
  numUnit: string | null;
  requiredStatus: 0 | 1;
  optionsData: string[];
  optionStatus: 0 | 1;
  dateType: 1 | 2 | null;
};

export const signTemplateGroups = pgTable(
  'sign_template_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** 'common' (常用模板) or 'other' (其他模板) for the built-in groups; null for the company's own. */
    systemKey: text('system_key'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_template_groups_company_idx').on(t.companyId),
    uniqueIndex('sign_template_groups_system_uq').on(t.companyId, t.systemKey),
  ],
);

export const signTemplates = pgTable(
  'sign_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => signTemplateGroups.id),
    name: text('name').notNull(),
    /** 1 买卖合同, 2 租赁合同, 3 自定义合同 */
    type: smallint('type').notNull(),
    /** 'sale' / 'rent' for the shipped templates (seeding is idempotent on it). */
    builtinKey: text('builtin_key'),
    /** 1 上架, 2 下架 */
    state: smallint('state').notNull().default(1),
    signingInitiateType: jsonb('signing_initiate_type')
      .$type<number[]>()
      .notNull()
      .default(sql`'[1]'::jsonb`),
    mobileShowStyle: smallint('mobile_show_style').notNull().default(1),
    numberPrefix: text('number_prefix').notNull().default(''),
    numberDate: smallint('number_date').notNull().default(1),
    numberStyle: smallint('number_style').notNull().default(1),
    mainTitle: text('main_title').notNull(),
    subTitle: text('sub_title'),
    showUser: smallint('show_user').notNull().default(1),
    showDept: smallint('show_dept').notNull().default(1),
    showRole: smallint('show_role').notNull().default(1),
    showSendtime: smallint('show_sendtime').notNull().default(1),
    showUpdatetime: smallint('show_updatetime').notNull().default(1),
    rangeDeptIds: jsonb('range_dept_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rangeRoleIds: jsonb('range_role_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The widget (custom) fields, in display order. */
    fields: jsonb('fields')
      .$type<StoredTemplateField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Next number for generated field names (fieldsList_<n>). */
    fieldSeq: integer('field_seq').notNull().default(1),
    /** Standard-field require switches: path (property.houseArea) -> 1 required / 0 optional. */
    requireFlags: jsonb('require_flags')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The contract text with {{path}} placeholders. */
    bodyHtml: text('body_html').notNull().default(''),
    coverUrl: text('cover_url'),
    useCount: integer('use_count').notNull().default(0),
    creatorUserId: integer('creator_user_id').references(() => users.id),
    creatorName: text('creator_name').notNull().default('系统'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('sign_templates_company_idx').on(t.companyId),
    uniqueIndex('sign_templates_builtin_uq').on(t.companyId, t.builtinKey),
  ],
);

export const signSettings = pgTable('sign_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** 1 分步签约, 2 可视化签约 */
  signType: smallint('sign_type').notNull(),
  signLabel: text('sign_label').notNull().default('fada'),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const signContracts = pgTable(
  'sign_contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => signTemplates.id),
    boxName: text('box_name').notNull(),
    /** 1 买卖, 2 租赁, 3 自定义 */
    contractType: smallint('contract_type').notNull(),
    contractNo: text('contract_no').notNull(),
    /** 1 待发起, 2 待审核, 3 被拒绝, 4 已作废, 6 已完成, 7 待签字, 8 已签约 */
    state: smallint('state').notNull().default(1),
    stateBeforeInvalid: smallint('state_before_invalid'),
    /** 1 电子签署, 2 纸质签署 */
    signatureType: smallint('signature_type').notNull().default(1),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    signBodyList: jsonb('sign_body_list')
      .$type<{ signBodyId: number; sealId: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    houseName: text('house_name').notNull().default(''),
    houseBuilding: text('house_building').notNull().default(''),
    houseRoomNo: text('house_room_no').notNull().default(''),
    partyANames: text('party_a_names').notNull().default(''),
    partyBNames: text('party_b_names').notNull().default(''),
    /** Names and phones of every party, for the keyword search. */
    searchText: text('search_text').notNull().default(''),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    deptId: integer('dept_id'),
    /** The approval flow item (45/47/49) of the last approval started, and its outcome. */
    oaItemId: integer('oa_item_id'),
    oaApprovalId: integer('oa_approval_id'),
    /** The approval passed for the current version (edits reset it). */
    approved: smallint('approved').notNull().default(0),
    rejectReason: text('reject_reason'),
    invalidReason: text('invalid_reason'),
    /** Sign credits spent by the signing in progress (refunded on void when nobody signed). */
    creditsHeld: integer('credits_held').notNull().default(0),
    signDeadline: at('sign_deadline'),
    version: integer('version').notNull().default(1),
    /** The draft this contract was submitted from: a retried submission of the same draft finds it. */
    draftCode: text('draft_code'),
    /** The listing and the customer (乙方) the contract concerns, when it was started from them (issue 41). */
    houseId: integer('house_id'),
    customerId: integer('customer_id'),
    /** 1 while the deal is written back to the listing and the customer (signed or completed, not voided). */
    dealApplied: smallint('deal_applied').notNull().default(0),
    printCount: integer('print_count').notNull().default(0),
    startTime: at('start_time'),
    signTime: at('sign_time'),
    completeTime: at('complete_time'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('sign_contracts_company_state_idx').on(t.companyId, t.state),
    uniqueIndex('sign_contracts_no_uq').on(t.companyId, t.contractNo),
    uniqueIndex('sign_contracts_draft_uq').on(t.companyId, t.draftCode),
    index('sign_contracts_house_idx').on(t.companyId, t.houseId),
    index('sign_contracts_customer_idx').on(t.companyId, t.customerId),
  ],
);

/** Who signs a contract, derived from its parties when signing starts; hash is the sign link. */
export const signSignatories = pgTable(
  'sign_signatories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    /** 1 甲方, 2 乙方, 3 甲方代理人, 4 乙方代理人, 5 甲方共有人, 6 乙方共有人, 7 居间方 */
    role: smallint('role').notNull(),
    subjectType: smallint('subject_type').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    certType: smallint('cert_type'),
    certNo: text('cert_no'),
    hash: text('hash'),
    /** 0 未签, 1 已签, 2 已拒签 */
    signStatus: smallint('sign_status').notNull().default(0),
    signTime: at('sign_time'),
    sort: integer('sort').notNull().default(0),
    /** Links of an earlier signing round stop working when it is terminated or voided. */
    active: smallint('active').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_signatories_contract_idx').on(t.contractId),
    uniqueIndex('sign_signatories_hash_uq').on(t.hash),
  ],
);

export const signContractHistory = pgTable(
  'sign_contract_history',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    operatorUserId: integer('operator_user_id').references(() => users.id),
    operatorName: text('operator_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_contract_history_contract_idx').on(t.contractId)],
);

export const signOperationLogs = pgTable(
  'sign_operation_logs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    content: text('content').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state'),
    operatorUserId: integer('operator_user_id').references(() => users.id),
    operatorName: text('operator_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_operation_logs_contract_idx').on(t.contractId, t.id)],
);

export const signDrafts = pgTable(
  'sign_drafts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    draftCode: text('draft_code').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => signTemplates.id),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    houseName: text('house_name').notNull().default(''),
    houseBuilding: text('house_building').notNull().default(''),
    houseRoomNo: text('house_room_no').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_drafts_code_uq').on(t.draftCode),
    index('sign_drafts_user_idx').on(t.companyId, t.userId),
  ],
);

/**
 * The last serial given out per contract-number scope of a company: the number's fixed part (prefix
 * and date period), shared by every template that numbers the same way, so numbers stay unique in the
 * company; the row lock orders racing submissions.
 */
export const signNumberSequences = pgTable(
  'sign_number_sequences',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    scope: text('scope').notNull(),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope] })],
);
