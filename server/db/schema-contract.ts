/**
 * The contract ledger: sale (type 1) and rent (type 2) contracts recorded by the company, with
 * their tags, pictures, state history and state-change requests waiting for approval. The form
 * groups (parties, transaction, rental, terms, bank info, furniture) are kept as the JSON the
 * contract describes; the fields the ledger searches on are copied into columns.
 */
import { sql } from 'drizzle-orm';
import {
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
import type { components } from '../../openapi/generated/api';
import { companies, departments, users } from './schema';

type Schemas = components['schemas'];

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

export const ledgerContracts = pgTable(
  'ledger_contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 1 买卖, 2 租赁 */
    contractType: smallint('contract_type').notNull(),
    contractNo: text('contract_no').notNull(),
    /** Sale: 1 待办理 … 7 解除; rent: 1 正常 … 4 完成 (docs/approvals.md). */
    state: smallint('state').notNull(),
    /** The state a frozen sale contract returns to when it is unfrozen. */
    frozenFromState: smallint('frozen_from_state'),
    houseInfo: jsonb('house_info').$type<Schemas['ContractHouseInfo']>().notNull(),
    houseName: text('house_name').notNull(),
    parties: jsonb('parties').$type<Schemas['ContractParties']>().notNull(),
    partyAName: text('party_a_name').notNull(),
    partyAPhone: text('party_a_phone'),
    partyBName: text('party_b_name').notNull(),
    partyBPhone: text('party_b_phone'),
    transaction: jsonb('transaction')
      .$type<Schemas['ContractSaleTransaction'] | Schemas['ContractRentTransaction']>()
      .notNull(),
    rental: jsonb('rental').$type<Schemas['ContractRental']>().notNull(),
    terms: jsonb('terms').$type<Schemas['ContractTerms']>().notNull(),
    bankinfo: jsonb('bankinfo')
      .$type<Schemas['ContractBankInfo']>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    furniture: jsonb('furniture').$type<Schemas['ContractFurniture']>().notNull(),
    remark: text('remark'),
    signDate: date('sign_date', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deptId: integer('dept_id').references(() => departments.id),
    signContractId: integer('sign_contract_id'),
    /** The listing and the customer (乙方) the contract concerns (issue 41), when it was started from them. */
    houseId: integer('house_id'),
    customerId: integer('customer_id'),
    entryTime: at('entry_time').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('ledger_contracts_company_idx').on(t.companyId, t.contractType, t.signDate),
    uniqueIndex('ledger_contracts_no_uq').on(t.companyId, t.contractNo),
    index('ledger_contracts_house_idx').on(t.companyId, t.houseId),
    index('ledger_contracts_customer_idx').on(t.companyId, t.customerId),
  ],
);

/** The company's contract tags (分类标签). */
export const ledgerTags = pgTable(
  'ledger_tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('ledger_tags_company_name_uq').on(t.companyId, t.name)],
);

export const ledgerContractTags = pgTable(
  'ledger_contract_tags',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => ledgerContracts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => ledgerTags.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.tagId] }),
    index('ledger_contract_tags_tag_idx').on(t.tagId),
  ],
);

export const ledgerPictures = pgTable(
  'ledger_pictures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => ledgerContracts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    name: text('name'),
    categoryName: text('category_name'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_pictures_contract_idx').on(t.contractId)],
);

export const ledgerStateRecords = pgTable(
  'ledger_state_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => ledgerContracts.id, { onDelete: 'cascade' }),
    fromState: smallint('from_state').notNull(),
    toState: smallint('to_state').notNull(),
    remark: text('remark'),
    approvalId: integer('approval_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('ledger_state_records_contract_idx').on(t.contractId)],
);

/** A state change waiting for its approval; applied by the approval outcome hook when approved. */
export const ledgerStateRequests = pgTable(
  'ledger_state_requests',
  {
    approvalId: integer('approval_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => ledgerContracts.id, { onDelete: 'cascade' }),
    oaItemId: smallint('oa_item_id').notNull(),
    fromState: smallint('from_state').notNull(),
    targetState: smallint('target_state').notNull(),
    remark: text('remark'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 0 审批中, 1 已通过 (applied), 2 已拒绝, 3 已撤回 */
    status: smallint('status').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('ledger_state_requests_contract_idx').on(t.contractId, t.status)],
);
