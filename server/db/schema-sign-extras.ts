/**
 * What a sign contract collects around it: follow-ups (签约跟进) with their company-level
 * categories, pictures filed under company-level picture categories, and its print records
 * (each print and each request to print again, with the reason) plus the rendered print file.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema';
import { signContracts } from './schema-sign';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const signFollowUpCategories = pgTable(
  'sign_follow_up_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_follow_up_categories_name_uq').on(t.companyId, t.name)],
);

export const signFollowUps = pgTable(
  'sign_follow_ups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => signFollowUpCategories.id),
    content: text('content').notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull(),
    operatorUserId: integer('operator_user_id')
      .notNull()
      .references(() => users.id),
    /** The client's key for one follow-up: a retried request finds the row it made. */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_follow_ups_contract_idx').on(t.contractId, t.id),
    uniqueIndex('sign_follow_ups_request_uq').on(t.companyId, t.operatorUserId, t.requestId),
  ],
);

export const signPictureCategories = pgTable(
  'sign_picture_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sign_picture_categories_company_idx').on(t.companyId)],
);

export const signPictures = pgTable(
  'sign_pictures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => signPictureCategories.id),
    url: text('url').notNull(),
    uploaderUserId: integer('uploader_user_id')
      .notNull()
      .references(() => users.id),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sign_pictures_contract_idx').on(t.contractId, t.categoryId)],
);

export const signPrintRecords = pgTable(
  'sign_print_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    /** 1 打印, 2 申请重新打印 */
    kind: smallint('kind').notNull(),
    reason: text('reason'),
    operatorUserId: integer('operator_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('sign_print_records_contract_idx').on(t.contractId, t.id)],
);

/** The PDF printed for a contract not in signing, rendered once per content version. */
export const signPrintFiles = pgTable('sign_print_files', {
  contractId: integer('contract_id')
    .primaryKey()
    .references(() => signContracts.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  contentVersion: integer('content_version').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});
