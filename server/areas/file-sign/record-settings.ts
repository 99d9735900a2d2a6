/**
 * A quick file-sign record's settings (fileSignStart / Edit / DraftSave): signatories, positions and
 * options checked, the record started as a contract, edited, or kept as a draft.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { fileSignActors, fileSignRecords, type FileSignStoredPosition } from '../../db/schema-file-sign';
import { signContracts, signTemplateGroups, signTemplates } from '../../db/schema-sign';
import { ApiError, Codes, businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { resolveFlow } from '../oa/flows';
import { requireSignAuth } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import { writeLog } from '../sign/operation-log';
import { SignStates } from '../sign/states';
import { allocateContractNo } from '../sign/contract-numbers';
import {
  type ActorRow,
  type RecordRow,
  RecordStatus,
  conflict,
  fileSignOaItemId,
  findRecord,
  listRecordActors,
  requireEditable,
} from './records';
export type Settings = BodyOf<'fileSignStart'>;

export type CheckedSettings = {
  contractName: string;
  signDeadline: number;
  signOrder: 1 | 2;
  showSignDate: 0 | 1;
  watermarkType: 0 | 1 | 2;
  watermark: string;
  positions: FileSignStoredPosition[];
  order: number[];
};

export function actorLabel(actor: ActorRow): string {
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

export function contentOf(record: RecordRow, actors: ActorRow[], settings: CheckedSettings): FileSignContent {
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

export function summaryOf(actors: ActorRow[]) {
  return {
    partyANames: actors.map(actorLabel).join('、').slice(0, 200),
    searchText: actors.map((actor) => `${actorLabel(actor)} ${actor.name} ${actor.phone}`).join(' '),
  };
}

/** The hidden template every quick-sign contract points at (deleted, so no template list shows it). */
export async function ensureFileSignTemplate(tx: Db, companyId: number, now: Date) {
  const find = async () =>
    (
      await tx
        .select()
        .from(signTemplates)
        .where(and(inCompany(signTemplates, companyId), eq(signTemplates.builtinKey, 'file-sign')))
    )[0];
  const existing = await find();
  if (existing) return existing;
  let [group] = await tx
    .select({ id: signTemplateGroups.id })
    .from(signTemplateGroups)
    .where(inCompany(signTemplateGroups, companyId))
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
        .where(inCompany(signTemplateGroups, companyId))
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

export async function nextContractNo(
  tx: Db,
  companyId: number,
  now: Date,
): Promise<{ templateId: number; no: string }> {
  const template = await ensureFileSignTemplate(tx, companyId, now);
  return { templateId: template.id, no: await allocateContractNo(tx, template, now) };
}

export async function isQuickApprovalEnabled(db: Db, companyId: number): Promise<boolean> {
  const flow = await resolveFlow(db, companyId, fileSignOaItemId, { fileSign: true });
  return flow.source !== 0;
}

export async function startResult(db: Db, companyId: number, contractId: number, approved: number) {
  const enabled = await isQuickApprovalEnabled(db, companyId);
  return { contractId, nextType: enabled && approved !== 1 ? (2 as const) : (1 as const) };
}

export async function saveSettings(tx: Db, record: RecordRow, settings: CheckedSettings, now: Date) {
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
          inCompany(signContracts, session.companyId),
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
