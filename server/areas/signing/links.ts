/**
 * Signing through a signatory's link (hash): the landing data of the awaiting-signature page, the
 * SMS code to the signatory's phone, an individual's drawn or generated signature, a company's
 * signature with its seal (VerificationCode), and the company's own seal applied without
 * verification when its seal-free authorisation is valid. Every refusal happens before anything
 * changes; the signature, the stamped file, the audit event and the move to 8 are one transaction.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import QRCode from 'qrcode';
import type { Db } from '../../db/db';
import { signContracts, signSignatories } from '../../db/schema-sign';
import { signDocuments, signSignatures } from '../../db/schema-signing';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import type { Clock } from '../../clock';
import type { SmsProvider } from '../../sandbox/sms';
import type { FileStorage } from '../../storage/files';
import type { Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { CERT_TYPE_NAMES, checkCertificate, normalizeIdCard } from '../../../domain/validators';
import { checkVerifyCode, sendVerifyCode } from '../user/verify-codes';
import { companyNameOf, listSignatories } from '../sign/contracts';
import { findVisibleContract, requireSignAuth } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import { markSignedWhenAllSigned } from '../sign/lifecycle';
import { SignStates } from '../sign/states';
import {
  DocumentMovedError,
  ensureDocument,
  fileUrl,
  lockDocumentBase,
  prepareSeal,
  prepareStamp,
  readDocumentBase,
  roleLabels,
  writeChange,
  type DocumentBase,
  type DocumentChange,
} from './documents';
import { identityWrong, requireIdCard, requirePassedFace } from './identity';
import { operatorPhone, sealForContract, sealTypeNames } from './seals';
import type { Stamp } from './pdf-document';
import type { SignerSubject } from './ca/provider';
import type { SigningTrust } from './trust';

type SignatoryRow = typeof signSignatories.$inferSelect;
type ContractRow = typeof signContracts.$inferSelect;

const linkGone = () => new ApiError(Codes.stateConflict, '签署链接已失效（合同已终止或作废）');

/** The link's signatory and contract, in the session's company; 404 for anything else. */
async function findLink(db: Db, session: Session, hash: string) {
  const [signatory] = await db
    .select()
    .from(signSignatories)
    .where(and(eq(signSignatories.hash, hash), inCompany(signSignatories, session.companyId)));
  if (!signatory) throw notFound('签署链接不存在');
  const [contract] = await db
    .select()
    .from(signContracts)
    .where(and(eq(signContracts.id, signatory.contractId), inCompany(signContracts, session.companyId)));
  if (!contract || contract.deletedAt) throw notFound('签署链接不存在');
  return { signatory, contract };
}

function isExpired(contract: ContractRow, now: Date): boolean {
  return (
    contract.state === SignStates.awaitingSignature &&
    contract.signDeadline !== null &&
    contract.signDeadline.getTime() <= now.getTime()
  );
}

/** Refuses (without changing anything) a link that cannot sign now. */
function requireSignable(signatory: SignatoryRow, contract: ContractRow, now: Date) {
  if (signatory.active !== 1 || contract.state === SignStates.voided) throw linkGone();
  if (signatory.signStatus === 1) throw new ApiError(Codes.stateConflict, '您已签署，请勿重复签署');
  if (contract.state !== SignStates.awaitingSignature)
    throw new ApiError(Codes.stateConflict, '当前状态不允许此操作！');
  if (isExpired(contract, now)) throw businessError('签署链接已过期，请联系经办人重新发起签署');
}

/** Ordered quick file-sign (signOrder 2): a signatory's turn comes when everyone before has signed. */
async function requireTurn(db: Db, signatory: SignatoryRow, contract: ContractRow) {
  if ((contract.content as { signOrder?: number }).signOrder !== 2) return;
  const [waiting] = await db
    .select({ name: signSignatories.name })
    .from(signSignatories)
    .where(
      and(
        eq(signSignatories.contractId, contract.id),
        eq(signSignatories.active, 1),
        eq(signSignatories.signStatus, 0),
        lt(signSignatories.sort, signatory.sort),
      ),
    )
    .orderBy(asc(signSignatories.sort))
    .limit(1);
  if (waiting) throw businessError(`本合同按顺序签署，请等待「${waiting.name}」签署完成后再签署`);
}

async function previewUrlOf(db: Db, files: FileStorage, contract: ContractRow, now: Date): Promise<string> {
  const [document] = await db.select().from(signDocuments).where(eq(signDocuments.contractId, contract.id));
  if (document?.sealedFileName) return fileUrl(document.sealedFileName);
  if (contract.state !== SignStates.awaitingSignature && !document) return '';
  const current = document ?? (await ensureDocument(db, files, contract, now));
  return fileUrl(current.fileName);
}

export async function readLanding(db: Db, files: FileStorage, session: Session, now: Date, hash: string) {
  const { signatory, contract } = await findLink(db, session, hash);
  if (contract.state === SignStates.voided) throw linkGone();
  const signatories = await listSignatories(db, contract.id);
  const own = signatories.find((item) => item.signatoryId === signatory.id);
  if (!own) throw linkGone();
  return {
    hash,
    contractId: contract.id,
    contractNo: contract.contractNo,
    boxName: contract.boxName,
    state: contract.state as 1 | 2 | 3 | 4 | 6 | 7 | 8,
    signatory: own,
    signatories,
    previewUrl: await previewUrlOf(db, files, contract, now),
    needFace: 0 as const,
    signDeadline: contract.signDeadline ? formatDateTime(contract.signDeadline) : null,
    expired: isExpired(contract, now) ? (1 as const) : (0 as const),
  };
}

export async function sendLinkCode(
  db: Db,
  clock: Clock,
  sms: SmsProvider,
  session: Session,
  resendSeconds: number,
  hash: string,
) {
  const { signatory, contract } = await findLink(db, session, hash);
  requireSignable(signatory, contract, clock.now());
  await requireTurn(db, signatory, contract);
  if (!signatory.phone) throw businessError('该签署方没有手机号，请使用企业认证签署');
  const sent = await sendVerifyCode(db, clock, sms, signatory.phone, resendSeconds);
  return { ...sent, phone: `${signatory.phone.slice(0, 3)}****${signatory.phone.slice(7)}` };
}

type SignContext = {
  db: Db;
  clock: Clock;
  files: FileStorage;
  session: Session;
  ip: string;
  sms: SmsProvider;
  signingTrust: SigningTrust;
};

/** The SMS that gives a party its signing link. */
export function signInvitationText(input: {
  companyName: string;
  boxName: string;
  deadline: string;
  hash: string;
}): string {
  return `【安居签】${input.companyName}邀请您签署《${input.boxName}》，请在 ${input.deadline} 前打开签署链接完成签署：/#/views/sign/to-be-signed?hash=${input.hash}`;
}

/** Ordered signing (signOrder 2): once a party has signed, the next one gets its link by SMS. */
async function inviteNextInOrder(context: SignContext, contract: ContractRow): Promise<void> {
  if ((contract.content as { signOrder?: number }).signOrder !== 2 || !contract.signDeadline) return;
  const [next] = await context.db
    .select()
    .from(signSignatories)
    .where(
      and(
        eq(signSignatories.contractId, contract.id),
        eq(signSignatories.active, 1),
        eq(signSignatories.signStatus, 0),
      ),
    )
    .orderBy(asc(signSignatories.sort))
    .limit(1);
  if (!next?.phone || !next.hash) return;
  await context.sms.send(
    next.phone,
    signInvitationText({
      companyName: await companyNameOf(context.db, contract.companyId),
      boxName: contract.boxName,
      deadline: formatDateTime(contract.signDeadline),
      hash: next.hash,
    }),
  );
}

/** The active signatories of a contract who have not signed, in order. */
async function unsignedSignatories(db: Db, contractId: number) {
  return db
    .select()
    .from(signSignatories)
    .where(
      and(
        eq(signSignatories.contractId, contractId),
        eq(signSignatories.active, 1),
        eq(signSignatories.signStatus, 0),
      ),
    )
    .orderBy(asc(signSignatories.sort), asc(signSignatories.id));
}

type CompleteInput = {
  signatory: SignatoryRow;
  contract: ContractRow;
  kind: 1 | 2 | 3;
  stamp: Stamp;
  signatureStamp?: Stamp;
  imageName: string | null;
  /** A drawn signature, stored with the signature (so a refused signing stores nothing). */
  signaturePng?: Buffer;
  sealId: number | null;
  actor: string;
  detail: string;
  /** Who the signer's certificate names. */
  signer: SignerSubject;
  /** A quick-sign person's own certificate, kept on the signatory with the signature. */
  identity?: OwnIdentity;
};

/**
 * What this signing does to the document, made before its transaction opens (the CA issues the
 * certificates, the TSA dates each signature; a TSA that is down refuses here and nothing is
 * stored): the party's signature, the company's seal-free seal when only it is left, and the
 * validation data with 签署证明 when that completes the contract.
 */
type SigningPlan = {
  base: DocumentBase;
  stamp: DocumentChange;
  sealFree: { signatoryId: number; sealId: number; imageName: string; change: DocumentChange } | null;
  seal: DocumentChange | null;
  /** The signatories still unsigned afterwards, by id. */
  unsignedIds: number[];
};

async function planSignature(context: SignContext, input: CompleteInput, now: Date): Promise<SigningPlan> {
  const { db, files, signingTrust: trust } = context;
  const { contract } = input;
  const base = await readDocumentBase(db, files, contract.id);
  if (base.sealed) throw new ApiError(Codes.stateConflict, '当前状态不允许此操作！');
  const stamp = await prepareStamp(db, {
    contract,
    before: base.bytes,
    slots: base.slots,
    signatoryId: input.signatory.id,
    trust,
    signer: input.signer,
    stamp: input.stamp,
    ...(input.signatureStamp ? { signatureStamp: input.signatureStamp } : {}),
    actor: input.actor,
    action: input.kind === 3 ? '盖章' : '签字',
    detail: input.detail,
    ip: context.ip,
    now,
  });
  let unsigned = (await unsignedSignatories(db, contract.id)).filter(
    (signatory) => signatory.id !== input.signatory.id,
  );
  let current = stamp.bytes;
  let sealFree: SigningPlan['sealFree'] = null;
  const chosen = await sealFreeCompanySeal(db, contract, unsigned, now);
  if (chosen) {
    const change = await prepareStamp(db, {
      contract,
      before: current,
      slots: base.slots,
      signatoryId: chosen.signatoryId,
      trust,
      // No person signs a seal-free seal: the company's own certificate does.
      signer: 'company',
      stamp: await sealStamp(files, chosen.seal),
      actor: chosen.corpName,
      action: '盖章',
      detail: `免验证签署授权有效（至 ${formatDateTime(chosen.seal.authFreeUntil)}），自动加盖${sealTypeNames[chosen.seal.sealType] ?? '印章'}「${chosen.seal.title}」`,
      ip: '',
      now,
    });
    sealFree = {
      signatoryId: chosen.signatoryId,
      sealId: chosen.seal.id,
      imageName: chosen.seal.imageName,
      change,
    };
    current = change.bytes;
    unsigned = [];
  }
  const seal =
    unsigned.length === 0
      ? await prepareSeal(db, {
          contract,
          before: current,
          now,
          trust,
          pendingEvents: [stamp.audit, ...(sealFree ? [sealFree.change.audit] : [])],
        })
      : null;
  return { base, stamp, sealFree, seal, unsignedIds: unsigned.map((signatory) => signatory.id) };
}

/** Tries a signing whose document moved on meanwhile (another party signed) again, this many times. */
const planAttempts = 3;

/**
 * Records the signature, stamps it, and moves on to 8 and the sealed file when it was the last. The
 * changes are prepared first (planSignature); the transaction stores them if the document is still
 * the one they were made from, and otherwise they are prepared again on the new one.
 */
async function completeSignature(context: SignContext, input: CompleteInput) {
  const { db, files } = context;
  const now = context.clock.now();
  await ensureDocument(db, files, input.contract, now);
  await context.signingTrust.tsa.prepare?.();
  for (let attempt = 1; ; attempt += 1) {
    const plan = await planSignature(context, input, now);
    try {
      const outcome = await db.transaction((tx) => storeSignature(tx, files.within(tx), input, plan, now));
      if (outcome.state === SignStates.awaitingSignature) await inviteNextInOrder(context, input.contract);
      return outcome;
    } catch (error) {
      if (!(error instanceof DocumentMovedError)) throw error;
      if (attempt >= planAttempts)
        throw new ApiError(Codes.stateConflict, '其他签署方正在签署本合同，请稍后重试');
    }
  }
}

/** The plan stored in one transaction; DocumentMovedError when the contract moved on since it was made. */
async function storeSignature(
  tx: Db,
  files: FileStorage,
  input: CompleteInput,
  plan: SigningPlan,
  now: Date,
) {
  const { contract } = input;
  const [claimed] = await tx
    .update(signSignatories)
    .set({ signStatus: 1, signTime: now, ...(input.identity ?? {}) })
    .where(
      and(
        eq(signSignatories.id, input.signatory.id),
        eq(signSignatories.active, 1),
        eq(signSignatories.signStatus, 0),
      ),
    )
    .returning();
  if (!claimed) throw new ApiError(Codes.stateConflict, '您已签署，请勿重复签署');
  await lockDocumentBase(tx, contract.id, plan.base);
  const imageName = input.signaturePng
    ? (await files.save(input.signaturePng, 'signature.png', ['png'], 1024 * 1024)).name
    : input.imageName;
  await tx.insert(signSignatures).values({
    companyId: contract.companyId,
    contractId: contract.id,
    signatoryId: input.signatory.id,
    kind: input.kind,
    imageName,
    sealId: input.sealId,
  });
  let fileName = await writeChange(tx, files, contract, plan.stamp, 'stamp');
  if (plan.sealFree) {
    const [sealed] = await tx
      .update(signSignatories)
      .set({ signStatus: 1, signTime: now })
      .where(and(eq(signSignatories.id, plan.sealFree.signatoryId), eq(signSignatories.signStatus, 0)))
      .returning();
    if (!sealed) throw new DocumentMovedError('居间方已签署');
    await tx.insert(signSignatures).values({
      companyId: contract.companyId,
      contractId: contract.id,
      signatoryId: plan.sealFree.signatoryId,
      kind: 3,
      imageName: plan.sealFree.imageName,
      sealId: plan.sealFree.sealId,
    });
    fileName = await writeChange(tx, files, contract, plan.sealFree.change, 'stamp');
  }
  const unsignedIds = (await unsignedSignatories(tx, contract.id)).map((signatory) => signatory.id);
  if (unsignedIds.join(',') !== plan.unsignedIds.join(',')) throw new DocumentMovedError('签署方已变化');
  const signed = await markSignedWhenAllSigned(tx, contract.companyId, contract.id, now);
  if (signed !== (plan.seal !== null)) throw new DocumentMovedError('合同状态已变化');
  if (plan.seal) fileName = await writeChange(tx, files, contract, plan.seal, 'seal');
  return {
    signatoryId: input.signatory.id,
    signStatus: 1 as const,
    contractId: contract.id,
    state: signed ? SignStates.signed : SignStates.awaitingSignature,
    previewUrl: fileUrl(fileName),
  };
}

/** When only the company (居间方) is left and its seal is authorised for seal-free signing, it seals now. */
async function sealFreeCompanySeal(db: Db, contract: ContractRow, unsigned: SignatoryRow[], now: Date) {
  const [only] = unsigned;
  if (unsigned.length !== 1 || !only || only.role !== 7) return null;
  const chosen = await sealForContract(db, contract.companyId, contract.signBodyList);
  const until = chosen?.seal.authFreeUntil;
  if (!chosen || !until || until.getTime() <= now.getTime()) return null;
  return {
    signatoryId: only.id,
    corpName: chosen.body.corpName,
    seal: { ...chosen.seal, authFreeUntil: until },
  };
}

async function sealStamp(
  files: FileStorage,
  seal: { vectorName: string | null; imageName: string },
): Promise<Stamp> {
  if (seal.vectorName) {
    const pdf = await files.read(seal.vectorName);
    if (pdf) return { kind: 'vector', pdf };
  }
  const image = await files.read(seal.imageName);
  if (!image) throw businessError('印章图片丢失，请重新上传');
  return seal.imageName.endsWith('.png') ? { kind: 'image', png: image } : { kind: 'image', jpg: image };
}

/**
 * A quick-sign person whose details the initiator left to them (fillMethods 2: no certificate on
 * the signatory) enters them on the awaiting-signature page before signing.
 */
export function needsOwnIdentity(signatory: Pick<SignatoryRow, 'role' | 'subjectType' | 'certNo'>): boolean {
  return signatory.role === 8 && signatory.subjectType === 1 && !signatory.certNo;
}

type OwnIdentity = { certType: 1 | 2 | 3 | 4; certNo: string; name: string };

/** The party's own certificate (and name when the initiator left it empty), checked; null when not asked for. */
function ownIdentity(
  signatory: SignatoryRow,
  body: { certType?: 1 | 2 | 3 | 4; certNo?: string; name?: string },
): OwnIdentity | null {
  if (!needsOwnIdentity(signatory)) return null;
  const name = signatory.name.trim() || (body.name ?? '').trim();
  if (!name) throw businessError('请填写您的姓名（name）');
  const problem = checkCertificate(body.certType, body.certNo);
  if (problem !== null)
    throw businessError(`${problem}（${body.certType === undefined ? 'certType' : 'certNo'}）`);
  return { certType: body.certType!, certNo: normalizeIdCard(body.certNo!), name };
}

function maskedCert(certNo: string): string {
  return certNo.length > 6
    ? `${certNo.slice(0, 3)}${'*'.repeat(certNo.length - 7)}${certNo.slice(-4)}`
    : certNo;
}

export async function signIndividual(
  context: SignContext,
  body: {
    hash: string;
    verificationCode: string;
    signatureKind: 1 | 2;
    signatureImage: string;
    certType?: 1 | 2 | 3 | 4;
    certNo?: string;
    name?: string;
  },
) {
  const { db, clock, session } = context;
  const { signatory, contract } = await findLink(db, session, body.hash);
  requireSignable(signatory, contract, clock.now());
  await requireTurn(db, signatory, contract);
  if (signatory.subjectType !== 1) throw businessError('企业签署方请使用企业认证签署');
  if (!signatory.phone) throw businessError('该签署方没有手机号');
  const identity = ownIdentity(signatory, body);
  const png = Buffer.from(body.signatureImage.slice('data:image/png;base64,'.length), 'base64');
  if (png.length > 1024 * 1024) throw businessError('签名图片（signatureImage）不能超过 1 MB');
  await checkVerifyCode(db, clock, signatory.phone, body.verificationCode, { consume: true });
  return completeSignature(context, {
    signatory,
    contract,
    kind: body.signatureKind,
    stamp: { kind: 'image', png },
    imageName: null,
    signaturePng: png,
    sealId: null,
    signer: {
      name: identity?.name ?? signatory.name,
      identifier: identity?.certNo ?? (signatory.certNo || signatory.phone),
    },
    actor: `${roleLabels[signatory.role] ?? ''} ${identity?.name ?? signatory.name}`,
    detail: `短信验证码验证通过（${signatory.phone.slice(0, 3)}****${signatory.phone.slice(7)}），${identity ? `签署方自行填写证件：${CERT_TYPE_NAMES[identity.certType]} ${maskedCert(identity.certNo)}，` : ''}${body.signatureKind === 1 ? '手写签名' : '按姓名生成签名'}`,
    ...(identity ? { identity } : {}),
  });
}

type CompanySignBody = {
  hash: string;
  idNo: string;
  name: string;
  mobileNo: string;
  company: string;
  orgCode: string;
  verificationCode?: string;
  type: 1 | 2 | 3;
  faceId?: string;
  cardNo?: string;
};

type Person = { name?: string; certNo?: string; phone?: string };

/** A company party signs: the legal person or the agent, verified, and the company's seal goes on. */
export async function signCompany(context: SignContext, body: CompanySignBody) {
  const { db, clock, files, session } = context;
  const { signatory, contract } = await findLink(db, session, body.hash);
  requireSignable(signatory, contract, clock.now());
  await requireTurn(db, signatory, contract);
  if (signatory.subjectType !== 2) throw businessError('个人签署方请使用短信验证码签字');
  const name = body.name.trim();
  const idNo = requireIdCard(body.idNo, '签署人身份证号');
  if (body.company.trim() !== signatory.name) throw businessError('企业名称与签署方不一致');
  let stamp: Stamp;
  let signatureStamp: Stamp | undefined;
  let sealId: number | null = null;
  let imageName: string | null = null;
  if (signatory.role === 8) {
    // Quick file-sign: the operator (经办人) registered with the company signs with their own phone.
    const operator = (
      contract.content as { actors?: { actorType: number; sortNo: number; name: string; phone: string }[] }
    ).actors?.find((actor) => actor.actorType === 2 && actor.sortNo === signatory.sort);
    if (!operator || operator.name !== name) throw identityWrong(name);
    if (body.type !== 2 && body.mobileNo !== operator.phone) throw identityWrong(name);
    stamp = { kind: 'seal', seal: { corpName: signatory.name, title: '合同专用章' } };
    signatureStamp = { kind: 'text', text: name };
  } else if (signatory.role === 7) {
    const chosen = await sealForContract(db, contract.companyId, contract.signBodyList);
    if (!chosen) throw businessError('本公司还没有已认证的签约主体和印章，请先在印章管理中创建');
    if (chosen.body.corpIdentNo !== body.orgCode) throw businessError('统一社会信用代码与签约主体不一致');
    const isLegal = chosen.body.legalRepName === name;
    const isOperator = chosen.body.oprUserName === name && chosen.body.oprUserIdentNo === idNo;
    if (!isLegal && !isOperator) throw identityWrong(name);
    if (
      body.type !== 2 &&
      body.mobileNo !== operatorPhone(chosen.body) &&
      body.mobileNo !== chosen.body.legalPhone
    ) {
      throw identityWrong(name);
    }
    stamp = await sealStamp(files, chosen.seal);
    sealId = chosen.seal.id;
    imageName = chosen.seal.imageName;
  } else {
    const party = (
      contract.content as Record<string, { certNo?: string; agent?: Person; legalPerson?: Person }>
    )[signatory.role === 1 || signatory.role === 3 ? 'partyA' : 'partyB'];
    if ((party?.certNo ?? '').toUpperCase() !== body.orgCode)
      throw businessError('统一社会信用代码与签署方不一致');
    const person = party?.agent ?? party?.legalPerson;
    if (person && (person.name !== name || (person.certNo && person.certNo.toUpperCase() !== idNo))) {
      throw identityWrong(name);
    }
    stamp = { kind: 'seal', seal: { corpName: signatory.name, title: '合同专用章' } };
  }
  if (body.type === 2) await requirePassedFace(db, session, body.faceId!, name, idNo);
  else await checkVerifyCode(db, clock, body.mobileNo, body.verificationCode!, { consume: true });
  return completeSignature(context, {
    signatory,
    contract,
    kind: 3,
    stamp,
    ...(signatureStamp ? { signatureStamp } : {}),
    imageName,
    sealId,
    actor: `${signatory.name}（${name}）`,
    detail: `${body.type === 2 ? '人脸核身通过' : '短信验证码验证通过'}，签署人 ${name}，加盖企业印章`,
    signer: { name, identifier: idNo, organization: { name: signatory.name, creditCode: body.orgCode } },
  });
}

export async function readSignInfo(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  const signatories = await listSignatories(db, contract.id);
  return {
    contractId: contract.id,
    state: contract.state as 1 | 2 | 3 | 4 | 6 | 7 | 8,
    signDeadline: contract.signDeadline ? formatDateTime(contract.signDeadline) : null,
    signedCount: signatories.filter((item) => item.signStatus === 1).length,
    signerCount: signatories.length,
    signatories,
  };
}

/**
 * createCorpWxMiniCode: a QR code of a company signatory's signing link, for the person who signs
 * for the company to scan with a phone (the desktop product's stand-in for the WeChat mini-program
 * code); valid while the link can sign, until the signing deadline.
 */
export async function createCompanyLinkCode(db: Db, session: Session, now: Date, hash: string) {
  const { signatory, contract } = await findLink(db, session, hash);
  if (signatory.subjectType !== 2) throw businessError('只有企业签署方可以生成扫码签署的二维码');
  requireSignable(signatory, contract, now);
  const path = `/#/views/sign/to-be-signed?hash=${hash}`;
  const codeUrl = await QRCode.toDataURL(path, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { codeUrl, path, expireTime: formatDateTime(contract.signDeadline ?? now) };
}
