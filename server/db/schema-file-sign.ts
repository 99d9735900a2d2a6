/**
 * Quick file-based signing (快速签署): the record a user builds in the wizard (uploaded file turned
 * into a PDF, settings, signature positions), its actors (personal or corporate signatories) and
 * each user's frequent contacts. fileSignStart turns a record into a sign contract (contract_id),
 * which then signs through the signing area like a template contract.
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
const at = (name: string) => timestamp(name, { withTimezone: true });

/** One page of the converted PDF: size in points and its stored preview image (72 dpi PNG). */
export type FileSignStoredPage = { pageNo: number; width: number; height: number; imageName: string };

/** A signature (1) or seal (2) box of an actor on a page, in PDF points from the page's lower left. */
export type FileSignStoredPosition = {
  actorId: number;
  pageNo: number;
  positionType: 1 | 2;
  x: number;
  y: number;
  width: number;
  height: number;
};

export const fileSignRecords = pgTable(
  'file_sign_records',
  {
    id: serial('id').primaryKey(),
    /** contractsysId on the wire: 32 hex characters. */
    sysId: text('sys_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 未完成 (wizard in progress), 2 已生成合同 (fileSignStart done), 3 已放弃 (重新填写). */
    status: smallint('status').notNull().default(1),
    fileName: text('file_name').notNull(),
    /** The stored PDF (converted when the upload was not a PDF). */
    pdfName: text('pdf_name').notNull(),
    pages: jsonb('pages').$type<FileSignStoredPage[]>().notNull(),
    contractName: text('contract_name').notNull(),
    signDeadline: integer('sign_deadline').notNull().default(7),
    /** 1 无序, 2 有序 */
    signOrder: smallint('sign_order').notNull().default(2),
    showSignDate: smallint('show_sign_date').notNull().default(1),
    /** 0 无, 1 合同编号, 2 自定义 */
    watermarkType: smallint('watermark_type').notNull().default(2),
    watermark: text('watermark').notNull().default(''),
    positions: jsonb('positions').$type<FileSignStoredPosition[]>().notNull().default([]),
    contractId: integer('contract_id').references(() => signContracts.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_sign_records_sys_uq').on(t.sysId),
    index('file_sign_records_user_idx').on(t.companyId, t.userId, t.status),
    uniqueIndex('file_sign_records_contract_uq').on(t.contractId),
  ],
);

export const fileSignActors = pgTable(
  'file_sign_actors',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    recordId: integer('record_id')
      .notNull()
      .references(() => fileSignRecords.id, { onDelete: 'cascade' }),
    /** 1 个人, 2 企业 */
    actorType: smallint('actor_type').notNull(),
    sortNo: integer('sort_no').notNull(),
    /** The person, or the company's operator (经办人); '' until step 2 for a company. */
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    contactsId: integer('contacts_id'),
    /** Personal: 1 发起方填写, 2 由签署方自行填写. */
    fillMethods: smallint('fill_methods'),
    certType: smallint('cert_type'),
    certNo: text('cert_no'),
    cropName: text('crop_name'),
    complete: smallint('complete').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('file_sign_actors_record_idx').on(t.recordId, t.sortNo)],
);

/** Frequent contacts: personal (kind 1, one per phone) and corporate (kind 2, one per company and operator phone). */
export const fileSignContacts = pgTable(
  'file_sign_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    certType: smallint('cert_type'),
    certNo: text('cert_no'),
    /** '' for personal contacts (keeps the unique key simple). */
    cropName: text('crop_name').notNull().default(''),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_sign_contacts_uq').on(t.companyId, t.userId, t.kind, t.cropName, t.phone)],
);
