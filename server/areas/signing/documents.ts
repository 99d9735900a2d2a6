/**
 * A contract's document through its signing: rendered from the template text when first needed,
 * then each signature is its own PAdES B-T signature appended as an incremental update (pades.ts):
 * the signatory's stamp (all of their boxes in one pass) and a certificate issued for that signer by
 * the CA provider, timestamped by the TSA, each change audited with the file's SHA-256 before and
 * after. After the last signature the validation data (PAdES B-LT, dss.ts) and 签署证明 are appended
 * in one update, sealed with the company's certificate the same way, covering the whole file. Earlier
 * bytes are never rewritten, so every earlier signature stays valid. Changes are prepared (CA, TSA)
 * before the signing's transaction opens and written inside it: no network call holds it open.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import type { signContracts } from '../../db/schema-sign';
import { signSignatories, signTemplates } from '../../db/schema-sign';
import { signAuditEvents, signDocuments } from '../../db/schema-signing';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { contractFieldText } from '../../../domain/sign-contract-text';
import { companyNameOf } from '../sign/contracts';
import { businessError } from '../../contract/envelope';
import { ensureCompanyCertificate } from './certificates';
import { drawCompletionPage, drawMarks, renderContractPdf, type Stamp } from './pdf-document';
import { companySigner, sha256Hex } from './pdf-seal';
import { openForUpdate } from './pdf-incremental';
import { signIncrementally, type PadesSignature } from './pades';
import { addDss, certificatesInSignatures } from './dss';
import { issueOwnCaCrls } from './ca/crl';
import type { SignerSubject } from './ca/provider';
import type { SigningTrust } from './trust';
import { TsaUnavailableError } from './tsa/provider';

type ContractRow = typeof signContracts.$inferSelect;

export const roleLabels: Record<number, string> = {
  1: '甲方',
  2: '乙方',
  3: '甲方代理人',
  4: '乙方代理人',
  5: '甲方共有人',
  6: '乙方共有人',
  7: '居间方',
  8: '签署方',
};

export type AuditInput = {
  companyId: number;
  contractId: number;
  signatoryId?: number | null;
  actor: string;
  action: string;
  detail?: string;
  ip?: string;
  hashBefore?: string | null;
  hashAfter?: string | null;
  at: Date;
};

/** The only way events are written: insert (the table refuses UPDATE and DELETE). */
export async function recordAudit(db: Db, event: AuditInput): Promise<void> {
  await db.insert(signAuditEvents).values({
    companyId: event.companyId,
    contractId: event.contractId,
    signatoryId: event.signatoryId ?? null,
    actor: event.actor,
    action: event.action,
    detail: event.detail ?? '',
    ip: event.ip ?? '',
    hashBefore: event.hashBefore ?? null,
    hashAfter: event.hashAfter ?? null,
    createdAt: event.at,
  });
}

export async function listAudit(db: Db, companyId: number, contractId: number) {
  return db
    .select()
    .from(signAuditEvents)
    .where(and(inCompany(signAuditEvents, companyId), eq(signAuditEvents.contractId, contractId)))
    .orderBy(asc(signAuditEvents.createdAt), asc(signAuditEvents.id));
}

/**
 * Text of the template's HTML as it reads: the entities templates use (&emsp; between the signature
 * lines) become their characters, the em space a full-width space the embedded CJK font has.
 */
export function decodeEntities(text: string): string {
  return text
    .replace(/&(?:emsp|#8195|#x2003);/gi, '\u3000')
    .replace(/&(?:ensp|nbsp|#160|#xa0);/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * The template's text with its {{path}} placeholders filled, as headings and paragraphs: the same
 * values as the previews (contractFieldText: choices by their labels, capital amounts written out).
 */
export function contractParagraphs(bodyHtml: string, values: Record<string, unknown>) {
  const blocks: { kind: 'heading' | 'text'; text: string }[] = [];
  const pattern = /<(h[1-6]|p)[^>]*>([\s\S]*?)<\/\1>/gi;
  for (const match of bodyHtml.matchAll(pattern)) {
    const tag = (match[1] ?? 'p').toLowerCase();
    // The template's text is HTML; a value is plain text, kept as typed.
    const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ''));
    const inner = match[2] ?? '';
    let filled = '';
    let last = 0;
    for (const placeholder of inner.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) {
      filled += text(inner.slice(last, placeholder.index));
      filled += contractFieldText(values, placeholder[1] ?? '') ?? '____';
      last = placeholder.index + placeholder[0].length;
    }
    filled = (filled + text(inner.slice(last))).trim();
    if (filled) blocks.push({ kind: tag === 'p' ? 'text' : 'heading', text: filled });
  }
  return blocks;
}

async function activeSignatories(db: Db, contractId: number) {
  return db
    .select()
    .from(signSignatories)
    .where(and(eq(signSignatories.contractId, contractId), eq(signSignatories.active, 1)))
    .orderBy(asc(signSignatories.sort), asc(signSignatories.id));
}

/**
 * The template's card title fields (mainTitle, subTitle) name fields of the contract form
 * ('property.houseName'); the document shows their values under the contract's name, never the names.
 */
function cardTitleOf(content: unknown, fieldNames: (string | null | undefined)[]): string | null {
  const values = fieldNames
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .map((name) =>
      name
        .split('.')
        .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], content),
    )
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((value) => value.trim() !== '');
  return values.length > 0 ? values.join(' · ') : null;
}

/** The document of the current signing round, rendered on first use. */
export async function ensureDocument(db: Db, files: FileStorage, contract: ContractRow, now: Date) {
  const signers = await activeSignatories(db, contract.id);
  const [existing] = await db.select().from(signDocuments).where(eq(signDocuments.contractId, contract.id));
  const slotIds = new Set(existing?.slots.map((slot) => slot.signatoryId) ?? []);
  // A new signing round (terminated and started again) gets a new document.
  if (existing && signers.every((signer) => slotIds.has(signer.id))) return existing;
  const [template] = await db.select().from(signTemplates).where(eq(signTemplates.id, contract.templateId));
  const companyName = await companyNameOf(db, contract.companyId);
  const { bytes, slots } = await renderContractPdf({
    title: contract.boxName,
    subTitle: cardTitleOf(contract.content, [template?.mainTitle, template?.subTitle]),
    contractNo: contract.contractNo,
    paragraphs: contractParagraphs(template?.bodyHtml ?? '', {
      ...contract.content,
      contractNo: contract.contractNo,
      companyName,
    }),
    signatories: signers.map((signer) => ({
      signatoryId: signer.id,
      roleLabel: roleLabels[signer.role] ?? '签署方',
      name: signer.name,
    })),
  });
  const stored = await files.save(Buffer.from(bytes), `${contract.contractNo}.pdf`, ['pdf']);
  const sha256 = sha256Hex(bytes);
  const row = {
    contractId: contract.id,
    companyId: contract.companyId,
    fileName: stored.name,
    sha256,
    slots,
    sealedFileName: null,
    sealedSha256: null,
    version: 1,
    updatedAt: now,
  };
  await db
    .insert(signDocuments)
    .values(row)
    .onConflictDoUpdate({ target: signDocuments.contractId, set: row });
  await recordAudit(db, {
    companyId: contract.companyId,
    contractId: contract.id,
    actor: '安居签',
    action: '生成合同文件',
    detail: `合同 ${contract.contractNo}，签署方 ${signers.length} 个`,
    hashAfter: sha256,
    at: now,
  });
  const [created] = await db.select().from(signDocuments).where(eq(signDocuments.contractId, contract.id));
  return created!;
}

export function fileUrl(name: string): string {
  return `/files/${name}`;
}

/**
 * The signature made with trusted time; a TSA that cannot be reached refuses the signing with a
 * message the user sees. Called before the signing's transaction opens, so nothing is stored then.
 */
async function signWithTimestamp(
  update: Awaited<ReturnType<typeof openForUpdate>>,
  signature: PadesSignature,
  trust: SigningTrust,
): Promise<Buffer> {
  try {
    return await signIncrementally(update, signature, {
      tsa: trust.tsa,
      ...(trust.timestamp ? { options: trust.timestamp } : {}),
    });
  } catch (error) {
    if (error instanceof TsaUnavailableError) throw businessError(error.message);
    throw error;
  }
}

/**
 * One change of the document made ahead of its transaction: the file after it and the audit event
 * that records it (hashBefore is the file it was made from). Signing asks the CA and the TSA while
 * it makes these, outside any transaction; writeChange stores one inside.
 */
export type DocumentChange = { bytes: Buffer; audit: AuditInput };

/** The file a change starts from: the document row as read (the transaction checks it is still so). */
export type DocumentBase = { fileName: string; sha256: string; version: number; bytes: Buffer };

export async function readDocumentBase(
  db: Db,
  files: FileStorage,
  contractId: number,
): Promise<DocumentBase & { slots: (typeof signDocuments.$inferSelect)['slots']; sealed: boolean }> {
  const [document] = await db.select().from(signDocuments).where(eq(signDocuments.contractId, contractId));
  if (!document) throw new Error('合同文件不存在');
  const bytes = await files.read(document.fileName);
  if (!bytes) throw new Error('合同文件丢失');
  return {
    fileName: document.fileName,
    sha256: document.sha256,
    version: document.version,
    bytes: Buffer.from(bytes),
    slots: document.slots,
    sealed: document.sealedFileName !== null,
  };
}

/** One signatory's stamp and their own B-T signature over the file given (nothing is written). */
export async function prepareStamp(
  db: Db,
  input: {
    contract: ContractRow;
    before: Buffer;
    slots: (typeof signDocuments.$inferSelect)['slots'];
    signatoryId: number;
    trust: SigningTrust;
    /** Who signs: a certificate is issued for them; 'company' signs with the company's certificate. */
    signer: SignerSubject | 'company';
    stamp: Stamp;
    /** For boxes marked as signature boxes (quick file-sign), when it differs from the stamp. */
    signatureStamp?: Stamp;
    actor: string;
    action: string;
    detail: string;
    ip: string;
    now: Date;
  },
): Promise<DocumentChange> {
  // Quick file-sign: several boxes per signatory, and the date under them only when showSignDate is on.
  const slots = input.slots.filter((candidate) => candidate.signatoryId === input.signatoryId);
  if (slots.length === 0) throw new Error('签署位置不存在');
  const showDate = (input.contract.content as { showSignDate?: number }).showSignDate !== 0;
  const update = await openForUpdate(input.before);
  await drawMarks(
    update.doc,
    slots.map((slot) => ({
      slot,
      stamp: slot.kind === 'signature' && input.signatureStamp ? input.signatureStamp : input.stamp,
    })),
    showDate ? formatDateTime(input.now) : '',
  );
  const companyName = await companyNameOf(db, input.contract.companyId);
  const signer =
    input.signer === 'company'
      ? {
          ...companySigner(
            await ensureCompanyCertificate(db, input.contract.companyId, companyName, input.now),
          ),
          displayName: companyName,
        }
      : await input.trust.ca.issueSignerCredential({ db, subject: input.signer, now: input.now });
  const box = slots[0]!;
  const after = await signWithTimestamp(
    update,
    {
      signer,
      name: signer.displayName,
      reason: `${input.action} ${input.contract.contractNo}`,
      signingTime: input.now,
      box: { pageIndex: box.page, rect: [box.x, box.y, box.x + box.width, box.y + box.height] },
    },
    input.trust,
  );
  return {
    bytes: after,
    audit: {
      companyId: input.contract.companyId,
      contractId: input.contract.id,
      signatoryId: input.signatoryId,
      actor: input.actor,
      action: input.action,
      detail: input.detail,
      ip: input.ip,
      hashBefore: sha256Hex(input.before),
      hashAfter: sha256Hex(after),
      at: input.now,
    },
  };
}

/**
 * After the last signature: the B-LT validation data (dss.ts: every signature's certificates, the
 * company certificate's chain for the seal to come, the own CA's CRLs issued now, a provider's own
 * revocation data) and 签署证明 in one incremental update, with the audit trail so far (the events
 * stored and those of this signing, not yet stored) sealed with the company's certificate, covering
 * the whole file. Nothing is written.
 */
export async function prepareSeal(
  db: Db,
  input: {
    contract: ContractRow;
    before: Buffer;
    now: Date;
    trust: SigningTrust;
    /** This signing's events, stored with the seal. */
    pendingEvents: AuditInput[];
  },
): Promise<DocumentChange> {
  const { contract, now } = input;
  const companyName = await companyNameOf(db, contract.companyId);
  const signers = await activeSignatories(db, contract.id);
  const stored = await listAudit(db, contract.companyId, contract.id);
  const certificate = await ensureCompanyCertificate(db, contract.companyId, companyName, now);
  const seal = companySigner(certificate);
  const signatureCertificates = certificatesInSignatures(input.before);
  const extra = await input.trust.ca.validationData?.({ db, certificates: signatureCertificates, now });
  const update = await openForUpdate(input.before);
  addDss(update, input.before, {
    certificates: [seal.certificate, ...seal.chain, ...(extra?.certificates ?? [])],
    crls: [...(await issueOwnCaCrls(db, now)), ...(extra?.crls ?? [])],
    ocsps: extra?.ocsps ?? [],
  });
  await drawCompletionPage(
    update.doc,
    {
      title: contract.boxName,
      contractNo: contract.contractNo,
      companyName,
      signedAt: formatDateTime(now),
      signatories: signers.map((signer) => `${roleLabels[signer.role] ?? ''} ${signer.name}`),
    },
    [
      ...stored.map((event) => ({ ...event, at: event.createdAt })),
      ...input.pendingEvents.map((event) => ({
        ...event,
        detail: event.detail ?? '',
        ip: event.ip ?? '',
        hashBefore: event.hashBefore ?? null,
        hashAfter: event.hashAfter ?? null,
      })),
    ].map((event) => ({
      at: formatDateTime(event.at),
      actor: event.actor,
      action: event.action,
      detail: event.detail,
      ip: event.ip,
      hashBefore: event.hashBefore,
      hashAfter: event.hashAfter,
    })),
  );
  const sealed = await signWithTimestamp(
    update,
    {
      signer: seal,
      name: companyName,
      reason: `合同 ${contract.contractNo} 全部签署完成，附签署证明封存`,
      signingTime: now,
    },
    input.trust,
  );
  return {
    bytes: sealed,
    audit: {
      companyId: contract.companyId,
      contractId: contract.id,
      actor: companyName,
      action: '数字签名封存',
      detail:
        '写入长期验证数据（证书链与证书吊销列表），附签署证明页，以发起方数字证书（安居签证书颁发机构签发）签名',
      hashBefore: sha256Hex(input.before),
      hashAfter: sha256Hex(sealed),
      at: now,
    },
  };
}

/** A prepared change whose document moved on meanwhile (another party signed): prepare it again. */
export class DocumentMovedError extends Error {
  override name = 'DocumentMovedError';
}

/**
 * Locks the document row and checks it is still the one the changes were made from; throws
 * DocumentMovedError otherwise (the caller's transaction then stores nothing).
 */
export async function lockDocumentBase(tx: Db, contractId: number, base: DocumentBase): Promise<void> {
  const [document] = await tx
    .select()
    .from(signDocuments)
    .where(eq(signDocuments.contractId, contractId))
    .for('update');
  if (
    !document ||
    document.fileName !== base.fileName ||
    document.version !== base.version ||
    document.sealedFileName !== null
  )
    throw new DocumentMovedError('合同文件已被其他签署更新');
}

/**
 * Stores a prepared change: the file, the document row (a stamp, or the sealed file) and its audit
 * event. Returns the stored file's name.
 */
export async function writeChange(
  tx: Db,
  files: FileStorage,
  contract: ContractRow,
  change: DocumentChange,
  kind: 'stamp' | 'seal',
): Promise<string> {
  const stored = await files.save(change.bytes, `${contract.contractNo}.pdf`, ['pdf']);
  const hashAfter = change.audit.hashAfter!;
  if (kind === 'seal')
    await tx
      .update(signDocuments)
      .set({ sealedFileName: stored.name, sealedSha256: hashAfter, updatedAt: change.audit.at })
      .where(eq(signDocuments.contractId, contract.id));
  else
    await tx
      .update(signDocuments)
      .set({
        fileName: stored.name,
        sha256: hashAfter,
        version: sql`${signDocuments.version} + 1`,
        updatedAt: change.audit.at,
      })
      .where(eq(signDocuments.contractId, contract.id));
  await recordAudit(tx, change.audit);
  return stored.name;
}
