/**
 * Sign contracts: submission and edit (contractSubmissionV2501 / contractEditV2501) with the form
 * checks and the nextType decision, the list with its search and per-state counts, the detail,
 * the form for editing and the detail-page button flags.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { companies, departments, users } from '../../db/schema';
import {
  signContractHistory,
  signContracts,
  signDrafts,
  signSignatories,
  signTemplates,
} from '../../db/schema-sign';
import { ApiError, Codes, Messages, businessError, editStateRefusal } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { contractTypeOf, requireUsableTemplate, type TemplateRow } from '../template/templates';
import { findVisibleContract, holds, requireSignAuth, type ContractRow } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import { isApprovalEnabled, startSignApproval } from './approval-link';
import { checkContractContent, partyNames, searchTextOf, type ContractContent } from './contract-form';
import { writeLog } from './operation-log';
import { allocateContractNo } from './contract-numbers';
import { requireSignSetting } from './settings';
import { detailButtons, isAllowed, nextTypeAfterSubmit, signOaItems, SignStates } from './states';
import { at, listItem, listRowOf } from './contract-list';
import { checkSignBodyList, signBodyViews } from './sign-bodies';
import { checkSignDealLinks, dealRefsOf } from './deal-links';

type SubmitBody = BodyOf<'contractSubmissionV2501'>;

function summaryColumns(content: ContractContent) {
  const house = content.houseInfo ?? {};
  return {
    houseName: house.houseName ?? '',
    houseBuilding: house.houseBuilding ?? '',
    houseRoomNo: house.houseRoomNo ?? '',
    partyANames: partyNames(content.partyA),
    partyBNames: partyNames(content.partyB),
    searchText: searchTextOf(content),
  };
}

function checkOaParam(template: TemplateRow, oaParam: SubmitBody['oaParam']) {
  if (oaParam && oaParam.oaItemId !== signOaItems[contractTypeOf(template)]) {
    throw businessError('审批流程项与合同类型不符');
  }
}

async function submissionResult(db: Db, contract: ContractRow, approvalStarted: boolean) {
  const contractType = contract.contractType as 1 | 2 | 3;
  const approvalEnabled = await isApprovalEnabled(db, contract.companyId, contractType, contract.templateId);
  const nextType = nextTypeAfterSubmit({
    approvalStarted,
    approvalEnabled,
    approved: contract.approved === 1,
  });
  return {
    contractId: contract.id,
    contractNo: contract.contractNo,
    state: contract.state as 1 | 2,
    contractType,
    nextType,
    ...(nextType === 2 ? { oaItemId: signOaItems[contractType] } : {}),
  };
}

export async function startApprovalIn(
  tx: Db,
  session: Session,
  contract: ContractRow,
  oaParam: NonNullable<SubmitBody['oaParam']>,
  now: Date,
): Promise<ContractRow> {
  const started = await startSignApproval(tx, {
    companyId: session.companyId,
    userId: session.userId,
    contractType: contract.contractType as 1 | 2 | 3,
    boxId: contract.templateId,
    contractId: contract.id,
    contractNo: contract.contractNo,
    title: `${contract.boxName} ${contract.houseName}${contract.houseBuilding}${contract.houseRoomNo}`.trim(),
    remark: oaParam.oaReamrk ?? null,
    now,
  });
  if (!started) throw businessError('该合同类型未启用审批流程，请直接发起签署');
  const [moved] = await tx
    .update(signContracts)
    .set({
      state: SignStates.pendingApproval,
      oaItemId: oaParam.oaItemId,
      oaApprovalId: started.approvalId,
      rejectReason: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(signContracts.id, contract.id),
        inArray(signContracts.state, [SignStates.toStart, SignStates.rejected]),
      ),
    )
    .returning();
  if (!moved) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  await writeLog(tx, {
    companyId: session.companyId,
    contractId: contract.id,
    action: '发起审批',
    content: oaParam.oaReamrk ? `发起审批：${oaParam.oaReamrk}` : '发起审批',
    fromState: contract.state,
    toState: SignStates.pendingApproval,
    operatorUserId: session.userId,
    at: now,
  });
  return moved;
}

export async function submitContract(db: Db, session: Session, now: Date, body: SubmitBody) {
  if (body.contractId !== undefined)
    return editContract(db, session, now, { ...body, contractId: body.contractId });
  await requireSignAuth(db, session, SignAuth.start);
  await requireSignSetting(db, session.companyId);
  const template = await requireUsableTemplate(db, session, body.boxid);
  if (template.state !== 1) throw businessError('该模板已下架，不能发起签约');
  checkOaParam(template, body.oaParam);
  const content = checkContractContent(template, body.content);
  await checkSignBodyList(db, session.companyId, body.signBodyList ?? []);
  const links = await checkSignDealLinks(db, session, template.type, body);
  if (body.draftCode) {
    // A retried submission of the same draft answers with the contract it already made.
    const [existing] = await db
      .select()
      .from(signContracts)
      .where(and(inCompany(signContracts, session.companyId), eq(signContracts.draftCode, body.draftCode)));
    if (existing && existing.creatorUserId === session.userId)
      return submissionResult(db, existing, existing.state === SignStates.pendingApproval);
  }
  const [creator] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, session.userId));
  const result = await db.transaction(async (tx) => {
    const contractNo = await allocateContractNo(tx, template, now);
    const [created] = await tx
      .insert(signContracts)
      .values({
        companyId: session.companyId,
        templateId: template.id,
        boxName: template.name,
        contractType: template.type,
        contractNo,
        state: SignStates.toStart,
        signatureType: body.signatureType,
        content: content as Record<string, unknown>,
        signBodyList: body.signBodyList ?? [],
        ...summaryColumns(content),
        creatorUserId: session.userId,
        deptId: creator?.deptId ?? null,
        draftCode: body.draftCode ?? null,
        ...links,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(signTemplates)
      .set({ useCount: sql`${signTemplates.useCount} + 1` })
      .where(eq(signTemplates.id, template.id));
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: created!.id,
      action: '提交',
      content: `提交合同《${template.name}》，合同编号 ${contractNo}`,
      toState: SignStates.toStart,
      operatorUserId: session.userId,
      at: now,
    });
    if (body.draftCode) {
      await tx
        .delete(signDrafts)
        .where(
          and(
            inCompany(signDrafts, session.companyId),
            eq(signDrafts.userId, session.userId),
            eq(signDrafts.draftCode, body.draftCode),
          ),
        );
    }
    const contract = body.oaParam
      ? await startApprovalIn(tx, session, created!, body.oaParam, now)
      : created!;
    return { contract, approvalStarted: body.oaParam !== undefined };
  });
  return submissionResult(db, result.contract, result.approvalStarted);
}

export async function editContract(db: Db, session: Session, now: Date, body: BodyOf<'contractEditV2501'>) {
  const snapshot = await requireSignAuth(db, session, SignAuth.start);
  await requireSignSetting(db, session.companyId);
  const contract = await findVisibleContract(db, session, body.contractId, snapshot);
  // The edit-state check: 405 with its marker disables the page (001 section 8); a lost race below stays 409.
  if (!isAllowed('edit', contract.state, contract.signatureType)) throw editStateRefusal();
  if (body.boxid !== contract.templateId) throw businessError('修改合同时不能更换合同模板');
  const template = await requireUsableTemplate(db, session, contract.templateId);
  checkOaParam(template, body.oaParam);
  const content = checkContractContent(template, body.content);
  await checkSignBodyList(db, session.companyId, body.signBodyList ?? []);
  // An edit that names no listing or customer keeps those the contract has.
  const given = await checkSignDealLinks(db, session, template.type, body);
  const links = {
    houseId: given.houseId ?? contract.houseId,
    customerId: given.customerId ?? contract.customerId,
  };
  const result = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(signContracts)
      .set({
        content: content,
        signatureType: body.signatureType,
        signBodyList: body.signBodyList ?? [],
        ...summaryColumns(content),
        ...links,
        state: SignStates.toStart,
        approved: 0,
        rejectReason: null,
        version: contract.version + 1,
        updatedAt: now,
      })
      .where(
        and(
          eq(signContracts.id, contract.id),
          eq(signContracts.version, contract.version),
          inArray(signContracts.state, [SignStates.toStart, SignStates.rejected]),
        ),
      )
      .returning();
    if (!updated) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
    const [operator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
    await tx.insert(signContractHistory).values({
      companyId: session.companyId,
      contractId: contract.id,
      version: contract.version,
      content: contract.content,
      operatorUserId: session.userId,
      operatorName: operator?.name ?? '',
      createdAt: now,
    });
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '修改',
      content: `修改合同（第 ${contract.version + 1} 版）`,
      fromState: contract.state,
      toState: SignStates.toStart,
      operatorUserId: session.userId,
      at: now,
    });
    if (body.draftCode) {
      await tx
        .delete(signDrafts)
        .where(
          and(
            inCompany(signDrafts, session.companyId),
            eq(signDrafts.userId, session.userId),
            eq(signDrafts.draftCode, body.draftCode),
          ),
        );
    }
    const final = body.oaParam ? await startApprovalIn(tx, session, updated, body.oaParam, now) : updated;
    return { contract: final, approvalStarted: body.oaParam !== undefined };
  });
  return submissionResult(db, result.contract, result.approvalStarted);
}

// ---------------------------------------------------------------- detail

function maskPhone(phone: string | null): string | null {
  return phone && phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

function maskCert(certNo: string | null): string | null {
  return certNo && certNo.length > 8
    ? `${certNo.slice(0, 4)}${'*'.repeat(certNo.length - 8)}${certNo.slice(-4)}`
    : certNo;
}

export async function listSignatories(db: Db, contractId: number) {
  const rows = await db
    .select()
    .from(signSignatories)
    .where(and(eq(signSignatories.contractId, contractId), eq(signSignatories.active, 1)))
    .orderBy(asc(signSignatories.sort), asc(signSignatories.id));
  return rows.map((row) => ({
    signatoryId: row.id,
    role: row.role as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    subjectType: row.subjectType as 1 | 2,
    name: row.name,
    phone: maskPhone(row.phone),
    certType: row.certType,
    certNo: maskCert(row.certNo),
    signStatus: row.signStatus as 0 | 1 | 2,
    signTime: at(row.signTime),
    hash: row.hash,
    signUrl: row.hash ? `/#/views/sign/to-be-signed?hash=${row.hash}` : null,
  }));
}

export async function readContractDetail(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  return contractDetailOf(db, await findVisibleContract(db, session, contractId, snapshot));
}

/** The detail of a contract the caller has already found visible to the user. */
export async function contractDetailOf(db: Db, contract: ContractRow) {
  const [creator] = await db
    .select({ name: users.name, deptName: departments.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(eq(users.id, contract.creatorUserId));
  const item = listItem(listRowOf(contract), {
    name: creator?.name ?? '',
    deptName: creator?.deptName ?? null,
  });
  const approved: 0 | 1 = contract.approved === 1 ? 1 : 0;
  return {
    ...item,
    signatories: await listSignatories(db, contract.id),
    signBodyList: await signBodyViews(db, contract.companyId, contract.signBodyList),
    oaApprovalId: contract.oaApprovalId,
    rejectReason: contract.rejectReason,
    approved,
    invalidReason: contract.invalidReason,
    stateBeforeInvalid: (contract.state === SignStates.voided ? contract.stateBeforeInvalid : null) as
      1 | 2 | 3 | 4 | 6 | 7 | 8 | null,
    signDeadline: at(contract.signDeadline),
    pdfUrl: null,
    printCount: contract.printCount,
    completeTime: at(contract.completeTime),
    ...(await dealRefsOf(db, contract)),
  };
}

export async function readContractContent(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  return {
    contractId: contract.id,
    boxid: contract.templateId,
    contractType: contract.contractType as 1 | 2 | 3,
    state: contract.state as 1 | 2 | 3 | 4 | 6 | 7 | 8,
    signatureType: contract.signatureType as 1 | 2,
    content: contract.content as ContractContent,
    signBodyList: contract.signBodyList,
  };
}

export async function readButtons(db: Db, session: Session, contractId: number) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  const approvalEnabled = await isApprovalEnabled(
    db,
    session.companyId,
    contract.contractType as 1 | 2 | 3,
    contract.templateId,
  );
  return detailButtons(
    { state: contract.state, signatureType: contract.signatureType, approved: contract.approved === 1 },
    {
      canStart: holds(snapshot, SignAuth.start),
      canInvalid: holds(snapshot, SignAuth.view, SignAuth.invalid),
      canDelete: holds(snapshot, SignAuth.view, SignAuth.remove),
      approvalEnabled,
    },
  );
}

export async function companyNameOf(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}
