/**
 * Signing for real: the product's certificate authority and the per-company signing certificates,
 * company sign bodies (企业签约主体) with their seals and seal-free authorisations, face
 * verifications, the signatures put on a contract, the contract's document versions and the
 * append-only audit trail printed as 签署证明.
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
import { companies } from './schema';
import { signContracts, signSignatories } from './schema-sign';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The product's own root CA (one row, key 'root'), created on first use. Its private key is sealed
 * by the key vault (server/areas/signing/key-vault.ts): never in clear here.
 */
export const signingAuthorities = pgTable('signing_authorities', {
  key: text('key').primaryKey(),
  certPem: text('cert_pem').notNull(),
  keySealed: text('key_sealed').notNull(),
  createdAt: createdAt(),
});

/** A company's signing certificate issued by the product CA: its PKCS#12 and password, both sealed. */
export const signingCompanyCerts = pgTable('signing_company_certs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  certPem: text('cert_pem').notNull(),
  p12Sealed: text('p12_sealed').notNull(),
  p12PasswordSealed: text('p12_password_sealed').notNull(),
  serial: text('serial').notNull(),
  createdAt: createdAt(),
});

/** 企业签约主体 (corporate registration, regCompanyInfo). */
export const signBodies = pgTable(
  'sign_bodies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    etcomid: text('etcomid').notNull(),
    agentCode: text('agent_code'),
    corpName: text('corp_name').notNull(),
    corpIdentNo: text('corp_ident_no').notNull(),
    corpIdentType: smallint('corp_ident_type').notNull(),
    corpIdentMethod: smallint('corp_ident_method').notNull(),
    legalRepName: text('legal_rep_name').notNull(),
    legalPhone: text('legal_phone').notNull(),
    oprUserName: text('opr_user_name'),
    oprUserIdentNo: text('opr_user_ident_no'),
    oprUserMobile: text('opr_user_mobile'),
    licenseUrl: text('license_url').notNull(),
    /** 0 认证中, 1 已认证, 2 认证失败 */
    state: smallint('state').notNull().default(1),
    failReason: text('fail_reason'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_bodies_company_ident_uq').on(t.companyId, t.corpIdentNo),
    uniqueIndex('sign_bodies_etcomid_uq').on(t.etcomid),
  ],
);

/** 企业电子印章: type 1 公章, 2 合同专用章, 3 财务专用章; the image is a stored file. */
export const signSeals = pgTable(
  'sign_seals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    signBodyId: integer('sign_body_id')
      .notNull()
      .references(() => signBodies.id),
    sealType: smallint('seal_type').notNull(),
    title: text('title').notNull(),
    /** Stored PNG shown in lists (for a generated seal, rendered from its vector PDF). */
    imageName: text('image_name').notNull(),
    /** Stored one-page PDF with the vector seal (generated seals); null for uploaded images. */
    vectorName: text('vector_name'),
    /** 1 按名称生成, 2 上传图片 */
    source: smallint('source').notNull(),
    /** Seal-free signing (免验证签署) authorised until this time. */
    authFreeUntil: at('auth_free_until'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_seals_company_idx').on(t.companyId)],
);

/** Sandbox face verifications (getFaceUrl / getFaceStatus). */
export const signFaceChecks = pgTable('sign_face_checks', {
  faceId: text('face_id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  idNo: text('id_no').notNull(),
  hash: text('hash'),
  /** 0 未完成, 1 通过, 2 未通过, 3 已过期 */
  status: smallint('status').notNull().default(0),
  message: text('message'),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/** A signature (drawn, generated or a seal) a signatory put on a contract, with its place in the file. */
export const signSignatures = pgTable(
  'sign_signatures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    signatoryId: integer('signatory_id')
      .notNull()
      .references(() => signSignatories.id, { onDelete: 'cascade' }),
    /** 1 手写, 2 按姓名生成, 3 企业印章 */
    kind: smallint('kind').notNull(),
    imageName: text('image_name'),
    sealId: integer('seal_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_signatures_signatory_uq').on(t.signatoryId)],
);

/** The contract's document: the current working file, and the sealed file once everyone signed. */
export const signDocuments = pgTable(
  'sign_documents',
  {
    contractId: integer('contract_id')
      .primaryKey()
      .references(() => signContracts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * Where each signatory's signature goes: page index and box in PDF points. A signatory may have
     * several boxes; quick file-sign marks each as a signature or a seal box (kind).
     */
    slots: jsonb('slots')
      .$type<
        {
          signatoryId: number;
          page: number;
          x: number;
          y: number;
          width: number;
          height: number;
          kind?: 'signature' | 'seal';
        }[]
      >()
      .notNull(),
    sealedFileName: text('sealed_file_name'),
    sealedSha256: text('sealed_sha256'),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  // 验签 finds the contract of an uploaded file by the SHA-256 of the file or of a signed revision
  // of it, against both columns (server/areas/signing/verification-trail.ts).
  (t) => [
    index('sign_documents_sealed_sha256_idx').on(t.sealedSha256),
    index('sign_documents_sha256_idx').on(t.sha256),
  ],
);

/** Append-only audit trail of a contract's signing (never updated or deleted by the code). */
export const signAuditEvents = pgTable(
  'sign_audit_events',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id').notNull(),
    signatoryId: integer('signatory_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull().default(''),
    hashBefore: text('hash_before'),
    hashAfter: text('hash_after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_audit_events_contract_idx').on(t.contractId)],
);
