/**
 * fileSignContractStart: type 1 starts the quick-sign approval (item 49; the company's 快速签署审批
 * setting first), type 2 starts signing. Signing goes through the signing area exactly like a template
 * contract: one link (hash) per actor in sign_signatories (role 8), one sign credit, the contract in
 * 7 待签字; the document is the uploaded PDF with the watermark, and each actor's boxes are its slots
 * (signature boxes take the signature, seal boxes the company seal). The start itself is the sign
 * area's (sign/start-signing.ts), shared with a passed approval: this module gives it the quick
 * contract's plan and registers that plan for the approvals. Everything is one transaction; the
 * parties get their link by SMS after it commits.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { fileSignRecords } from '../../db/schema-file-sign';
import { signContracts } from '../../db/schema-sign';
import { signDocuments } from '../../db/schema-signing';
import { ApiError, Codes, Messages, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import type { FileStorage } from '../../storage/files';
import type { SmsProvider } from '../../sandbox/sms';
import { formatDateTime } from '../../format';
import { resolveFlow } from '../oa/flows';
import { startApproval } from '../oa/instances';
import { findVisibleContract, requireSignAuth, type ContractRow } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import { signSubjectKind } from '../sign/approval-link';
import { companyNameOf } from '../sign/contracts';
import { writeLog } from '../sign/operation-log';
import { SignStates, isAllowed } from '../sign/states';
import {
  beginSigning,
  registerSigningPlanner,
  sendInvitations,
  type SigningPlan,
} from '../sign/start-signing';
import { recordAudit } from '../signing/documents';
import { signInvitationText } from '../signing/links';
import { sha256Hex } from '../signing/pdf-seal';
import { fileSignOaItemId, listRecordActors, type RecordRow } from './records';
import { applyWatermark, watermarkText } from './watermark';

const conflict = () => new ApiError(Codes.stateConflict, Messages.stateNotAllowed);

type StartContext = { db: Db; files: FileStorage; sms: SmsProvider; now: Date; session: Session };

async function findRecordOf(db: Db, contract: ContractRow): Promise<RecordRow | null> {
  const [record] = await db
    .select()
    .from(fileSignRecords)
    .where(and(eq(fileSignRecords.contractId, contract.id), inCompany(fileSignRecords, contract.companyId)));
  return record ?? null;
}

async function findQuickContract(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.start);
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  const record = await findRecordOf(db, contract);
  if (!record) throw notFound('快速签署合同不存在');
  return { contract, record };
}

function reply(contract: ContractRow, approvalId: number | null = null) {
  return {
    contractId: contract.id,
    state: contract.state as 2 | 7,
    approvalId: approvalId ?? contract.oaApprovalId,
    signDeadlineTime: contract.signDeadline ? formatDateTime(contract.signDeadline) : null,
  };
}

async function startQuickApproval(context: StartContext, contract: ContractRow, remark: string | null) {
  const { db, session, now } = context;
  if (contract.state === SignStates.pendingApproval) return reply(contract);
  if (!isAllowed('startApproval', contract.state, contract.signatureType)) throw conflict();
  if (contract.approved === 1) throw businessError('该合同已通过审批，请直接发起签署');
  return db.transaction(async (tx) => {
    const started = await startApproval(tx, {
      companyId: session.companyId,
      sponsorUserId: session.userId,
      oaItemId: fileSignOaItemId,
      subject: { kind: signSubjectKind, id: contract.id, title: contract.boxName, no: contract.contractNo },
      remark,
      flow: { fileSign: true },
      now,
    });
    if (!started) throw businessError('快速签署未启用审批流程，请直接发起签署');
    const [moved] = await tx
      .update(signContracts)
      .set({
        state: SignStates.pendingApproval,
        oaItemId: fileSignOaItemId,
        oaApprovalId: started.approvalId,
        rejectReason: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(signContracts.id, contract.id),
          isNull(signContracts.deletedAt),
          inArray(signContracts.state, [SignStates.toStart, SignStates.rejected]),
        ),
      )
      .returning();
    if (!moved) throw conflict();
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '发起审批',
      content: remark ? `发起审批：${remark}` : '发起审批',
      fromState: contract.state,
      toState: SignStates.pendingApproval,
      operatorUserId: session.userId,
      at: now,
    });
    return reply(moved, started.approvalId);
  });
}

/** The signing document: the record's PDF with the watermark, and one slot per box. */
async function createDocument(
  tx: Db,
  files: FileStorage,
  contract: ContractRow,
  record: RecordRow,
  signatoryOf: Map<number, number>,
  now: Date,
) {
  const source = await files.read(record.pdfName);
  if (!source) throw businessError('合同文件丢失，请重新上传');
  const text = watermarkText(record.watermarkType, record.watermark, contract.contractNo);
  const bytes = text ? await applyWatermark(source, text) : new Uint8Array(source);
  const stored = await files.save(Buffer.from(bytes), `${contract.contractNo}.pdf`, ['pdf']);
  const sha256 = sha256Hex(bytes);
  const slots = record.positions.map((position) => ({
    signatoryId: signatoryOf.get(position.actorId)!,
    page: position.pageNo - 1,
    x: position.x,
    y: position.y,
    width: position.width,
    height: position.height,
    kind: position.positionType === 2 ? ('seal' as const) : ('signature' as const),
  }));
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
  await tx
    .insert(signDocuments)
    .values(row)
    .onConflictDoUpdate({ target: signDocuments.contractId, set: row });
  await recordAudit(tx, {
    companyId: contract.companyId,
    contractId: contract.id,
    actor: '安居签',
    action: '生成合同文件',
    detail: `快速签署文件「${record.fileName}」，${record.pages.length} 页，签署位置 ${slots.length} 个${text ? `，水印「${text}」` : ''}`,
    hashAfter: sha256,
    at: now,
  });
}

/**
 * How a quick contract is signed: one link per actor (role 8) in the record's order, the record's
 * deadline, the watermarked document with each actor's boxes, and the link by SMS to every party (or
 * only the first when the order is fixed; the next one's turn is announced by the signing area).
 */
async function quickSigningPlan(
  db: Db,
  files: FileStorage,
  contract: ContractRow,
  record: RecordRow,
): Promise<SigningPlan> {
  const actors = await listRecordActors(db, record.id);
  if (actors.length === 0 || actors.some((actor) => actor.complete !== 1))
    throw businessError('签署方信息不完整，请先完善签署方');
  const companyName = await companyNameOf(db, contract.companyId);
  return {
    signers: actors.map((actor) => ({
      role: 8,
      subjectType: actor.actorType,
      name: actor.actorType === 2 ? (actor.cropName ?? '') : actor.name,
      phone: actor.phone,
      certType: actor.certType,
      certNo: actor.certNo,
      sort: actor.sortNo,
    })),
    withLinks: true,
    deadlineDays: record.signDeadline,
    describe: `快速签署，${record.signOrder === 2 ? '有序' : '无序'}签署`,
    invitations: {
      to: record.signOrder === 2 ? 'first' : 'all',
      text: ({ hash, deadline }) =>
        signInvitationText({ companyName, boxName: contract.boxName, deadline, hash }),
    },
    prepare: async (tx, moved, signatories, now) => {
      const signatoryOf = new Map(actors.map((actor, index) => [actor.id, signatories[index]!.id]));
      await createDocument(tx, files.within(tx), moved, record, signatoryOf, now);
    },
  };
}

registerSigningPlanner('quick', async (db, contract, files) => {
  const record = await findRecordOf(db, contract);
  return record ? quickSigningPlan(db, files, contract, record) : null;
});

async function startQuickSigning(context: StartContext, contract: ContractRow, record: RecordRow) {
  const { db, files, session, now } = context;
  if (contract.state === SignStates.awaitingSignature) return reply(contract);
  if (!isAllowed('startSigning', contract.state, contract.signatureType)) throw conflict();
  const flow = await resolveFlow(db, session.companyId, fileSignOaItemId, { fileSign: true });
  if (flow.source !== 0 && contract.approved !== 1)
    throw businessError('该合同需审批通过后才能发起签署，请先发起审批');
  const plan = await quickSigningPlan(db, files, contract, record);
  const started = await db.transaction((tx) =>
    beginSigning(tx, contract, plan, {
      from: [SignStates.toStart],
      operatorUserId: session.userId,
      now,
    }),
  );
  await sendInvitations(context.sms, started.invitations);
  return reply(started.contract);
}

export async function startQuickContract(context: StartContext, body: BodyOf<'fileSignContractStart'>) {
  const { contract, record } = await findQuickContract(context.db, context.session, body.contractId);
  if (body.type === 1) return startQuickApproval(context, contract, body.oaParam?.oaReamrk ?? null);
  return startQuickSigning(context, contract, record);
}
