/**
 * Quick-sign records (快速签署): the upload that creates or replaces a record's file, the unfinished
 * record offered as 继续 / 重新填写, reading a record back, and the settings with the signature
 * positions that fileSignStart turns into a sign contract (state 1 待发起, contract type 3, listed with
 * the other sign contracts) and fileSignEdit changes while the contract is still 1 or 3.
 * Everything is per company and per user: a record is only ever found for the user who made it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import {
  fileSignActors,
  fileSignRecords,
  type FileSignStoredPage,
  type FileSignStoredPosition,
} from '../../db/schema-file-sign';
import { signContracts, signTemplateGroups, signTemplates } from '../../db/schema-sign';
import { ApiError, Codes, Messages, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session, UploadedFile } from '../../contract/types';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { resolveFlow } from '../oa/flows';
import { SignAuth, requireSignAuth } from '../sign/access';
import { writeLog } from '../sign/operation-log';
import { SignStates } from '../sign/states';
import { allocateContractNo } from '../sign/contract-numbers';
import { convertToPdf, maxUploadBytes, renderPreviews, uploadKinds } from './convert';

export type RecordRow = typeof fileSignRecords.$inferSelect;
export type ActorRow = typeof fileSignActors.$inferSelect;

/** The item of the quick-sign approval (自定义合同 49, with the company's 快速签署审批 setting first). */
export const fileSignOaItemId = 49;
export const RecordStatus = { unfinished: 1, contract: 2, abandoned: 3 } as const;

const conflict = () => new ApiError(Codes.stateConflict, Messages.stateNotAllowed);

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
        eq(fileSignRecords.companyId, session.companyId),
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
          eq(fileSignRecords.companyId, session.companyId),
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
        eq(fileSignRecords.companyId, session.companyId),
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

type Settings = BodyOf<'fileSignStart'>;

type CheckedSettings = {
  contractName: string;
  signDeadline: number;
  signOrder: 1 | 2;
  showSignDate: 0 | 1;
  watermarkType: 0 | 1 | 2;
  watermark: string;
  positions: FileSignStoredPosition[];
  order: number[];
};

function actorLabel(actor: ActorRow): string {
  return actor.actorType === 2 ? (actor.cropName ?? '') : actor.name;
}

/** The seed's defaults (7 days, ordered, date shown, custom watermark) and every rule on parties and boxes. */
export function checkSettings(record: RecordRow, actors: ActorRow[], body: Settings): CheckedSettings {
  const contractName = body.contractName.trim();
  if (!contractName) throw businessError('请输入合同名称');
  const watermarkType = body.watermarkType ?? 2;
  const watermark = (body.watermark ?? '').trim();
  if (watermarkType === 2 && !watermark) throw businessError('请输入水印内容（watermark）');
  if (actors.length === 0) throw businessError('请添加签署方');
  for (const actor of actors) {
    if (actor.complete !== 1) throw businessError(`企业签署方「${actorLabel(actor)}」还未填写经办人`);
  }
  const byId = new Map(actors.map((actor) => [actor.id, actor]));
  const positions: FileSignStoredPosition[] = [];
  for (const [index, position] of body.positions.entries()) {
    const actor = byId.get(position.actorId);
    const label = `第 ${index + 1} 个签署位置`;
    if (!actor) throw businessError(`${label}的签署方（actorId）不存在`);
    const page = record.pages.find((candidate) => candidate.pageNo === position.pageNo);
    if (!page) throw businessError(`${label}的页码（pageNo）超出文件页数（共 ${record.pages.length} 页）`);
    if (position.x + position.width > page.width + 0.5 || position.y + position.height > page.height + 0.5)
      throw businessError(`${label}超出第 ${page.pageNo} 页的范围`);
    if (actor.actorType === 1 && position.positionType !== 1)
      throw businessError(`个人签署方「${actor.name}」只能设置签字位置`);
    positions.push({
      actorId: position.actorId,
      pageNo: position.pageNo,
      positionType: position.positionType,
      x: position.x,
      y: position.y,
      width: position.width,
      height: position.height,
    });
  }
  for (const actor of actors) {
    const own = positions.filter((position) => position.actorId === actor.id);
    if (own.length === 0) throw businessError(`请为签署方「${actorLabel(actor)}」设置签署位置`);
    if (actor.actorType === 2 && !own.some((position) => position.positionType === 2))
      throw businessError(`请为企业签署方「${actorLabel(actor)}」设置盖章位置`);
  }
  let order = actors.map((actor) => actor.id);
  if (body.actorOrder) {
    const given = body.actorOrder;
    if (given.length !== actors.length || !given.every((id) => byId.has(id)))
      throw businessError('签署顺序（actorOrder）须包含全部签署方');
    order = given;
  }
  return {
    contractName,
    signDeadline: body.signDeadline ?? 7,
    signOrder: body.signOrder ?? 2,
    showSignDate: body.showSignDate ?? 1,
    watermarkType,
    watermark,
    positions,
    order,
  };
}

/** What the sign contract keeps of a quick-sign record (the signing area reads order, date flag and operators). */
export type FileSignContent = {
  source: 'fileSign';
  contractsysId: string;
  contractName: string;
  signDeadline: number;
  signOrder: 1 | 2;
  showSignDate: 0 | 1;
  watermarkType: 0 | 1 | 2;
  watermark: string;
  actors: {
    actorId: number;
    actorType: 1 | 2;
    sortNo: number;
    name: string;
    phone: string;
    cropName: string | null;
    certType: number | null;
    certNo: string | null;
  }[];
};

function contentOf(record: RecordRow, actors: ActorRow[], settings: CheckedSettings): FileSignContent {
  return {
    source: 'fileSign',
    contractsysId: record.sysId,
    contractName: settings.contractName,
    signDeadline: settings.signDeadline,
    signOrder: settings.signOrder,
    showSignDate: settings.showSignDate,
    watermarkType: settings.watermarkType,
    watermark: settings.watermark,
    actors: actors.map((actor) => ({
      actorId: actor.id,
      actorType: actor.actorType as 1 | 2,
      sortNo: actor.sortNo,
      name: actor.name,
      phone: actor.phone,
      cropName: actor.cropName,
      certType: actor.certType,
      certNo: actor.certNo,
    })),
  };
}

function summaryOf(actors: ActorRow[]) {
  return {
    partyANames: actors.map(actorLabel).join('、').slice(0, 200),
    searchText: actors.map((actor) => `${actorLabel(actor)} ${actor.name} ${actor.phone}`).join(' '),
  };
}

/** The hidden template every quick-sign contract points at (deleted, so no template list shows it). */
async function ensureFileSignTemplate(tx: Db, companyId: number, now: Date) {
  const find = async () =>
    (
      await tx
        .select()
        .from(signTemplates)
        .where(and(eq(signTemplates.companyId, companyId), eq(signTemplates.builtinKey, 'file-sign')))
    )[0];
  const existing = await find();
  if (existing) return existing;
  let [group] = await tx
    .select({ id: signTemplateGroups.id })
    .from(signTemplateGroups)
    .where(eq(signTemplateGroups.companyId, companyId))
    .orderBy(asc(signTemplateGroups.id))
    .limit(1);
  if (!group) {
    [group] = await tx
      .insert(signTemplateGroups)
      .values({ companyId, name: '其他模板', systemKey: 'other', sort: 1 })
      .onConflictDoNothing()
      .returning({ id: signTemplateGroups.id });
    group ??= (
      await tx
        .select({ id: signTemplateGroups.id })
        .from(signTemplateGroups)
        .where(eq(signTemplateGroups.companyId, companyId))
    )[0];
  }
  await tx
    .insert(signTemplates)
    .values({
      companyId,
      groupId: group!.id,
      name: '快速签署',
      type: 3,
      builtinKey: 'file-sign',
      state: 2,
      mainTitle: '快速签署',
      numberPrefix: 'KS',
      deletedAt: now,
    })
    .onConflictDoNothing();
  return (await find())!;
}

async function nextContractNo(
  tx: Db,
  companyId: number,
  now: Date,
): Promise<{ templateId: number; no: string }> {
  const template = await ensureFileSignTemplate(tx, companyId, now);
  return { templateId: template.id, no: await allocateContractNo(tx, template, now) };
}

async function isQuickApprovalEnabled(db: Db, companyId: number): Promise<boolean> {
  const flow = await resolveFlow(db, companyId, fileSignOaItemId, { fileSign: true });
  return flow.source !== 0;
}

async function startResult(db: Db, companyId: number, contractId: number, approved: number) {
  const enabled = await isQuickApprovalEnabled(db, companyId);
  return { contractId, nextType: enabled && approved !== 1 ? (2 as const) : (1 as const) };
}

async function saveSettings(tx: Db, record: RecordRow, settings: CheckedSettings, now: Date) {
  for (const [index, actorId] of settings.order.entries()) {
    await tx
      .update(fileSignActors)
      .set({ sortNo: index + 1 })
      .where(and(eq(fileSignActors.id, actorId), eq(fileSignActors.recordId, record.id)));
  }
  const [updated] = await tx
    .update(fileSignRecords)
    .set({
      contractName: settings.contractName,
      signDeadline: settings.signDeadline,
      signOrder: settings.signOrder,
      showSignDate: settings.showSignDate,
      watermarkType: settings.watermarkType,
      watermark: settings.watermark,
      positions: settings.positions,
      updatedAt: now,
    })
    .where(eq(fileSignRecords.id, record.id))
    .returning();
  return { record: updated!, actors: await listRecordActors(tx, record.id) };
}

export async function startRecord(db: Db, session: Session, now: Date, body: Settings) {
  await requireSignAuth(db, session, SignAuth.start);
  const found = await findRecord(db, session, body.contractsysId);
  if (found.contractId !== null)
    throw new ApiError(Codes.stateConflict, '该快速签署记录已生成合同，请使用修改（fileSignEdit）');
  const settings = checkSettings(found, await listRecordActors(db, found.id), body);
  const [creator] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, session.userId));
  const contract = await db.transaction(async (tx) => {
    const record = await findRecord(tx, session, body.contractsysId, true);
    if (record.contractId !== null) throw conflict();
    const saved = await saveSettings(tx, record, settings, now);
    const { templateId, no } = await nextContractNo(tx, session.companyId, now);
    const [created] = await tx
      .insert(signContracts)
      .values({
        companyId: session.companyId,
        templateId,
        boxName: settings.contractName,
        contractType: 3,
        contractNo: no,
        state: SignStates.toStart,
        signatureType: 1,
        content: contentOf(saved.record, saved.actors, settings),
        ...summaryOf(saved.actors),
        creatorUserId: session.userId,
        deptId: creator?.deptId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(fileSignRecords)
      .set({ status: RecordStatus.contract, contractId: created!.id, updatedAt: now })
      .where(eq(fileSignRecords.id, record.id));
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: created!.id,
      action: '提交',
      content: `快速签署《${settings.contractName}》，合同编号 ${no}，签署方 ${saved.actors.length} 个`,
      toState: SignStates.toStart,
      operatorUserId: session.userId,
      at: now,
    });
    return created!;
  });
  return startResult(db, session.companyId, contract.id, contract.approved);
}

export async function editRecord(db: Db, session: Session, now: Date, body: Settings) {
  await requireSignAuth(db, session, SignAuth.start);
  const found = await findRecord(db, session, body.contractsysId);
  if (found.contractId === null)
    throw businessError('该快速签署记录还未生成合同，请先保存发起（fileSignStart）');
  await requireEditable(db, found);
  const settings = checkSettings(found, await listRecordActors(db, found.id), body);
  const contract = await db.transaction(async (tx) => {
    const record = await findRecord(tx, session, body.contractsysId, true);
    const saved = await saveSettings(tx, record, settings, now);
    const [updated] = await tx
      .update(signContracts)
      .set({
        boxName: settings.contractName,
        content: contentOf(saved.record, saved.actors, settings),
        ...summaryOf(saved.actors),
        // A passed approval was for the earlier version.
        approved: 0,
        version: sql`${signContracts.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(signContracts.id, record.contractId!),
          eq(signContracts.companyId, session.companyId),
          inArray(signContracts.state, [SignStates.toStart, SignStates.rejected]),
        ),
      )
      .returning();
    if (!updated) throw conflict();
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: updated.id,
      action: '修改',
      content: `修改快速签署《${settings.contractName}》`,
      fromState: updated.state,
      toState: updated.state,
      operatorUserId: session.userId,
      at: now,
    });
    return updated;
  });
  return startResult(db, session.companyId, contract.id, contract.approved);
}

/**
 * The wizard's draft before fileSignStart: settings and boxes as they are, so 继续 restores every
 * step. Only existence of the parties and the page bounds are checked here; fileSignStart checks
 * that every party has its boxes.
 */
export async function saveDraft(db: Db, session: Session, now: Date, body: BodyOf<'fileSignDraftSave'>) {
  await requireSignAuth(db, session, SignAuth.start);
  await db.transaction(async (tx) => {
    const record = await findRecord(tx, session, body.contractsysId, true);
    if (record.contractId !== null)
      throw new ApiError(Codes.stateConflict, '该快速签署记录已生成合同，请使用修改（fileSignEdit）');
    const actorIds = new Set((await listRecordActors(tx, record.id)).map((actor) => actor.id));
    const positions: FileSignStoredPosition[] = [];
    for (const [index, position] of (body.positions ?? record.positions).entries()) {
      const label = `第 ${index + 1} 个签署位置`;
      if (!actorIds.has(position.actorId)) throw businessError(`${label}的签署方（actorId）不存在`);
      const page = record.pages.find((candidate) => candidate.pageNo === position.pageNo);
      if (!page) throw businessError(`${label}的页码（pageNo）超出文件页数（共 ${record.pages.length} 页）`);
      if (position.x + position.width > page.width + 0.5 || position.y + position.height > page.height + 0.5)
        throw businessError(`${label}超出第 ${page.pageNo} 页的范围`);
      positions.push({ ...position });
    }
    await tx
      .update(fileSignRecords)
      .set({
        ...(body.contractName !== undefined && body.contractName.trim()
          ? { contractName: body.contractName.trim() }
          : {}),
        ...(body.signDeadline !== undefined ? { signDeadline: body.signDeadline } : {}),
        ...(body.signOrder !== undefined ? { signOrder: body.signOrder } : {}),
        ...(body.showSignDate !== undefined ? { showSignDate: body.showSignDate } : {}),
        ...(body.watermarkType !== undefined ? { watermarkType: body.watermarkType } : {}),
        ...(body.watermark !== undefined ? { watermark: body.watermark.trim() } : {}),
        positions,
        updatedAt: now,
      })
      .where(eq(fileSignRecords.id, record.id));
  });
}
