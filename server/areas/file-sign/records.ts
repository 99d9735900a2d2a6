/**
 * Quick-sign records (快速签署): the upload that creates or replaces a record's file, the unfinished
 * record offered as 继续 / 重新填写, reading a record back, and the settings with the signature
 * positions that fileSignStart turns into a sign contract (state 1 待发起, contract type 3, listed with
 * the other sign contracts) and fileSignEdit changes while the contract is still 1 or 3.
 * Everything is per company and per user: a record is only ever found for the user who made it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { fileSignActors, fileSignRecords, type FileSignStoredPage } from '../../db/schema-file-sign';
import { signContracts } from '../../db/schema-sign';
import { ApiError, Codes, Messages, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session, UploadedFile } from '../../contract/types';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { requireSignAuth } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import { SignStates } from '../sign/states';
import { convertToPdf, maxUploadBytes, renderPreviews, uploadKinds } from './convert';

export type RecordRow = typeof fileSignRecords.$inferSelect;
export type ActorRow = typeof fileSignActors.$inferSelect;

/** The item of the quick-sign approval (自定义合同 49, with the company's 快速签署审批 setting first). */
export const fileSignOaItemId = 49;
export const RecordStatus = { unfinished: 1, contract: 2, abandoned: 3 } as const;

export const conflict = () => new ApiError(Codes.stateConflict, Messages.stateNotAllowed);

export function fileUrlOf(name: string): string {
  return `/files/${name}`;
}

/** The session user's record, or 404 (also for another user's or another company's record). */
export async function findRecord(db: Db, session: Session, sysId: string, lock = false): Promise<RecordRow> {
  const query = db
    .select()
    .from(fileSignRecords)
    .where(
      and(
        eq(fileSignRecords.sysId, sysId),
        inCompany(fileSignRecords, session.companyId),
        eq(fileSignRecords.userId, session.userId),
      ),
    );
  const [record] = lock ? await query.for('update') : await query;
  if (!record || record.status === RecordStatus.abandoned) throw notFound('快速签署记录不存在');
  return record;
}

/** Parties, file and positions may change until signing or approval starts (contract 1 待发起 or 3 被拒绝). */
export async function requireEditable(db: Db, record: RecordRow): Promise<void> {
  if (record.contractId === null) return;
  const [contract] = await db
    .select({ state: signContracts.state, deletedAt: signContracts.deletedAt })
    .from(signContracts)
    .where(eq(signContracts.id, record.contractId));
  if (!contract || contract.deletedAt) throw notFound('合同不存在或已被删除');
  if (contract.state !== SignStates.toStart && contract.state !== SignStates.rejected) throw conflict();
}

export function describeFile(record: RecordRow) {
  return {
    contractsysId: record.sysId,
    fileName: record.fileName,
    fileUrl: fileUrlOf(record.pdfName),
    pageCount: record.pages.length,
    pages: record.pages.map((page) => ({
      pageNo: page.pageNo,
      width: page.width,
      height: page.height,
      imageUrl: fileUrlOf(page.imageName),
    })),
  };
}

function maskCert(certNo: string | null): string | null {
  return certNo && certNo.length > 6
    ? `${certNo.slice(0, 3)}${'*'.repeat(certNo.length - 7)}${certNo.slice(-4)}`
    : certNo;
}

export function describeActor(actor: ActorRow) {
  return {
    actorId: actor.id,
    actorType: actor.actorType as 1 | 2,
    sortNo: actor.sortNo,
    name: actor.name,
    phone: actor.phone,
    contactsId: actor.contactsId,
    fillMethods: actor.fillMethods as 1 | 2 | null,
    certType: actor.certType as 1 | 2 | 3 | 4 | null,
    certNo: maskCert(actor.certNo),
    cropName: actor.cropName,
    complete: actor.complete as 0 | 1,
  };
}

export async function listRecordActors(db: Db, recordId: number): Promise<ActorRow[]> {
  return db
    .select()
    .from(fileSignActors)
    .where(eq(fileSignActors.recordId, recordId))
    .orderBy(asc(fileSignActors.sortNo), asc(fileSignActors.id));
}

function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim().slice(0, 50) || '合同文件';
}

export async function uploadFile(
  db: Db,
  files: FileStorage,
  session: Session,
  now: Date,
  body: BodyOf<'fileSignUploadFile'>,
  file: UploadedFile | undefined,
) {
  await requireSignAuth(db, session, SignAuth.start);
  if (!file) throw businessError('请选择合同文件（file）');
  if (body.contractsysId) await requireEditable(db, await findRecord(db, session, body.contractsysId));
  // Extension, content (magic bytes) and size are checked here; nothing is written before.
  const original = await files.save(file.data, file.fileName, uploadKinds, maxUploadBytes);
  const converted = await convertToPdf(file.data, original.kind);
  const pdf = original.kind === 'pdf' ? original : await files.save(converted.pdf, 'contract.pdf', ['pdf']);
  const previews = await renderPreviews(converted.pdf, files);
  const pages: FileSignStoredPage[] = converted.pages.map((page, index) => ({
    ...page,
    imageName: previews[index] ?? '',
  }));
  const record = await db.transaction(async (tx) => {
    if (body.contractsysId) {
      const current = await findRecord(tx, session, body.contractsysId, true);
      await requireEditable(tx, current);
      // A new file: the old positions no longer mean anything.
      const [updated] = await tx
        .update(fileSignRecords)
        .set({ fileName: file.fileName, pdfName: pdf.name, pages, positions: [], updatedAt: now })
        .where(eq(fileSignRecords.id, current.id))
        .returning();
      return updated!;
    }
    // 重新填写: the user's earlier unfinished record is given up.
    await tx
      .update(fileSignRecords)
      .set({ status: RecordStatus.abandoned, updatedAt: now })
      .where(
        and(
          inCompany(fileSignRecords, session.companyId),
          eq(fileSignRecords.userId, session.userId),
          eq(fileSignRecords.status, RecordStatus.unfinished),
        ),
      );
    const [created] = await tx
      .insert(fileSignRecords)
      .values({
        sysId: randomBytes(16).toString('hex'),
        companyId: session.companyId,
        userId: session.userId,
        fileName: file.fileName,
        pdfName: pdf.name,
        pages,
        contractName: baseName(file.fileName),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return describeFile(record);
}

export async function readUnfinished(db: Db, session: Session) {
  await requireSignAuth(db, session, SignAuth.start);
  const [record] = await db
    .select()
    .from(fileSignRecords)
    .where(
      and(
        inCompany(fileSignRecords, session.companyId),
        eq(fileSignRecords.userId, session.userId),
        eq(fileSignRecords.status, RecordStatus.unfinished),
      ),
    )
    .orderBy(desc(fileSignRecords.updatedAt), desc(fileSignRecords.id))
    .limit(1);
  if (!record) return { state: 0 as const, record: null };
  const actors = await listRecordActors(db, record.id);
  return {
    state: 1 as const,
    record: {
      contractsysId: record.sysId,
      contractName: record.contractName,
      fileName: record.fileName,
      actorCount: actors.length,
      updateTime: formatDateTime(record.updatedAt),
    },
  };
}

export async function readRecord(db: Db, session: Session, sysId: string) {
  await requireSignAuth(db, session, SignAuth.start);
  const record = await findRecord(db, session, sysId);
  const actors = await listRecordActors(db, record.id);
  return {
    contractsysId: record.sysId,
    contractId: record.contractId,
    contractName: record.contractName,
    file: describeFile(record),
    signDeadline: record.signDeadline,
    signOrder: record.signOrder as 1 | 2,
    showSignDate: record.showSignDate as 0 | 1,
    watermarkType: record.watermarkType as 0 | 1 | 2,
    watermark: record.watermark,
    actors: actors.map(describeActor),
    positions: record.positions,
    updateTime: formatDateTime(record.updatedAt),
  };
}
