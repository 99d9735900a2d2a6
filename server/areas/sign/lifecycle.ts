/**
 * State changes of a sign contract: start (approval, or signing through start-signing.ts), terminate, complete, void,
 * revoke void, delete; and the move to 8 已签约 when every signatory has signed (for the signing
 * area). Each change is one transaction with a conditional UPDATE on the allowed `from` states and
 * a log row. Retrying an action whose target state is already reached answers that state without
 * doing anything again (no second credit, no second log). Any other state is refused by the
 * edit-state check: 405 with the marker of domain/page-state.ts, which disables the page showing the
 * contract (001 section 8); a request that loses the race after the check passed still answers 409.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts, signSignatories } from '../../db/schema-sign';
import { ApiError, Codes, Messages, businessError, editStateRefusal } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { changeSignBalance, SignLedgerKinds } from '../recharge/entitlements';
import { revokeApproval } from '../oa/instances';
import type { ApprovalServices } from '../oa/outcome-hooks';
import { findVisibleContract, requireSignAuth, type ContractRow } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import { isApprovalEnabled } from './approval-link';
import { companyNameOf, startApprovalIn } from './contracts';
import type { ContractContent } from './contract-form';
import { writeLog } from './operation-log';
import { applyDeal, undoDeal } from './deal-links';
import { requireSignSetting } from './settings';
import { beginSigning, registerSigningPlanner, type Signer, type SigningPlan } from './start-signing';
import {
  allowedFrom,
  isAllowed,
  stateAfterInvalidRevoke,
  SignStates,
  type SignAction,
  type SignState,
} from './states';

type Clock = { now: () => Date };
type StateResult = { contractId: number; state: SignState };

const conflict = () => new ApiError(Codes.stateConflict, Messages.stateNotAllowed);

function result(contract: Pick<ContractRow, 'id' | 'state'>): StateResult {
  return { contractId: contract.id, state: contract.state as SignState };
}

/** Moves the contract from one of the action's allowed states; 409 when another request got there first. */
async function move(
  tx: Db,
  contract: ContractRow,
  action: SignAction,
  set: Partial<typeof signContracts.$inferInsert>,
): Promise<ContractRow> {
  const [moved] = await tx
    .update(signContracts)
    .set(set)
    .where(
      and(
        eq(signContracts.id, contract.id),
        inCompany(signContracts, contract.companyId),
        isNull(signContracts.deletedAt),
        inArray(signContracts.state, [...allowedFrom(action, contract.signatureType)]),
      ),
    )
    .returning();
  if (!moved) throw conflict();
  return moved;
}

/** Who signs, from the parties: an agent signs instead of the party; co-owners sign too; a company signs by agent or legal person. */
export function signersOf(content: ContractContent, companyName: string): Signer[] {
  const signers: Signer[] = [];
  const sides = [
    { party: content.partyA, role: 1, agentRole: 3, ownerRole: 5 },
    { party: content.partyB, role: 2, agentRole: 4, ownerRole: 6 },
  ];
  for (const { party, role, agentRole, ownerRole } of sides) {
    if (!party) continue;
    if (party.subjectType === 1) {
      const signer = party.agent ?? party;
      signers.push({
        role: party.agent ? agentRole : role,
        subjectType: 1,
        name: signer.name,
        phone: signer.phone,
        certType: signer.certType ?? 1,
        certNo: signer.certNo,
      });
      for (const owner of party.coOwners ?? []) {
        signers.push({
          role: ownerRole,
          subjectType: 1,
          name: owner.name,
          phone: owner.phone,
          certType: owner.certType ?? 1,
          certNo: owner.certNo,
        });
      }
    } else {
      const person = party.agent ?? party.legalPerson;
      signers.push({
        role: party.agent ? agentRole : role,
        subjectType: 2,
        name: party.name,
        phone: person?.phone ?? party.phone ?? null,
        certType: null,
        certNo: party.certNo,
      });
    }
  }
  signers.push({ role: 7, subjectType: 2, name: companyName, phone: null, certType: null, certNo: null });
  return signers.map((signer, sort) => ({ ...signer, sort }));
}

async function deactivateSignatories(tx: Db, contractId: number): Promise<void> {
  await tx
    .update(signSignatories)
    .set({ active: 0 })
    .where(and(eq(signSignatories.contractId, contractId), eq(signSignatories.active, 1)));
}

export async function startContract(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'contractStart'>,
): Promise<StateResult> {
  const snapshot = await requireSignAuth(db, session, SignAuth.start);
  await requireSignSetting(db, session.companyId);
  const contract = await findVisibleContract(db, session, body.contractId, snapshot);
  const now = clock.now();
  if (body.type === 1) {
    if (contract.state === SignStates.pendingApproval) return result(contract);
    if (!isAllowed('startApproval', contract.state, contract.signatureType)) throw editStateRefusal();
    const oaParam = body.oaParam!;
    if (oaParam.oaItemId !== ({ 1: 45, 2: 47, 3: 49 } as const)[contract.contractType as 1 | 2 | 3]) {
      throw businessError('审批流程项与合同类型不符');
    }
    if (contract.approved === 1) throw businessError('该合同已通过审批，请直接发起签署');
    const moved = await db.transaction((tx) => startApprovalIn(tx, session, contract, oaParam, now));
    return result(moved);
  }
  if (contract.state === SignStates.awaitingSignature) return result(contract);
  if (!isAllowed('startSigning', contract.state, contract.signatureType)) throw editStateRefusal();
  if (
    contract.approved !== 1 &&
    (await isApprovalEnabled(db, session.companyId, contract.contractType as 1 | 2 | 3, contract.templateId))
  ) {
    throw businessError('该合同需审批通过后才能发起签署，请先发起审批');
  }
  const plan = await templateSigningPlan(db, contract, body.signDeadline ?? 7);
  const started = await db.transaction((tx) =>
    beginSigning(tx, contract, plan, {
      from: allowedFrom('startSigning', contract.signatureType),
      operatorUserId: session.userId,
      now,
    }),
  );
  return result(started.contract);
}

/** How a template contract is signed: its parties and the company, one link each (paper: none); nobody is sent an SMS. */
export async function templateSigningPlan(
  db: Db,
  contract: ContractRow,
  deadlineDays = 7,
): Promise<SigningPlan> {
  const electronic = contract.signatureType === 1;
  return {
    signers: signersOf(contract.content, await companyNameOf(db, contract.companyId)),
    withLinks: electronic,
    deadlineDays,
    describe: electronic ? '电子签署' : '纸质签署',
  };
}

registerSigningPlanner('template', (db, contract) => templateSigningPlan(db, contract));

export async function terminateContract(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'contractTerminate'>,
  services: ApprovalServices,
): Promise<StateResult> {
  const snapshot = await requireSignAuth(db, session, SignAuth.start);
  const contract = await findVisibleContract(db, session, body.contractId, snapshot);
  if (!isAllowed('terminate', contract.state, contract.signatureType)) throw editStateRefusal();
  const now = clock.now();
  const moved = await db.transaction(async (tx) => {
    if (contract.state === SignStates.pendingApproval && contract.oaApprovalId !== null) {
      // Withdraws the running approval; its outcome (撤回) no longer finds the contract in 2 once moved below.
      await revokeApproval(tx, clock, session, contract.oaApprovalId, services);
    }
    const [updated] = await tx
      .update(signContracts)
      .set({ state: SignStates.toStart, signDeadline: null, creditsHeld: 0, updatedAt: now })
      .where(
        and(
          eq(signContracts.id, contract.id),
          inArray(signContracts.state, [
            SignStates.pendingApproval,
            SignStates.awaitingSignature,
            SignStates.toStart,
          ]),
        ),
      )
      .returning();
    if (!updated) throw conflict();
    await deactivateSignatories(tx, contract.id);
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '终止',
      content: body.reason
        ? `终止${contract.state === 2 ? '审批' : '签署'}：${body.reason}`
        : `终止${contract.state === 2 ? '审批' : '签署'}`,
      fromState: contract.state,
      toState: SignStates.toStart,
      operatorUserId: session.userId,
      at: now,
    });
    return updated;
  });
  return result(moved);
}

export async function completeContract(
  db: Db,
  clock: Clock,
  session: Session,
  contractId: number,
): Promise<StateResult> {
  const snapshot = await requireSignAuth(db, session, SignAuth.start);
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  if (contract.state === SignStates.completed) return result(contract);
  if (!isAllowed('complete', contract.state, contract.signatureType)) throw editStateRefusal();
  const now = clock.now();
  const moved = await db.transaction(async (tx) => {
    const updated = await move(tx, contract, 'complete', {
      state: SignStates.completed,
      completeTime: now,
      updatedAt: now,
    });
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '签约完成',
      content: '确认签约完成',
      fromState: contract.state,
      toState: SignStates.completed,
      operatorUserId: session.userId,
      at: now,
    });
    await applyDeal(tx, clock, updated, session.userId);
    return updated;
  });
  return result(moved);
}

export async function invalidContract(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'signInvalid'>,
): Promise<StateResult> {
  const snapshot = await requireSignAuth(db, session, SignAuth.view, SignAuth.invalid);
  const contract = await findVisibleContract(db, session, body.contractId, snapshot);
  if (contract.state === SignStates.voided) return result(contract);
  if (!isAllowed('invalid', contract.state, contract.signatureType)) throw editStateRefusal();
  const now = clock.now();
  const moved = await db.transaction(async (tx) => {
    const updated = await move(tx, contract, 'invalid', {
      state: SignStates.voided,
      stateBeforeInvalid: contract.state,
      invalidReason: body.reason,
      creditsHeld: 0,
      updatedAt: now,
    });
    let refunded = false;
    if (contract.state === SignStates.awaitingSignature && contract.creditsHeld > 0) {
      const [signed] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(signSignatories)
        .where(
          and(
            eq(signSignatories.contractId, contract.id),
            eq(signSignatories.active, 1),
            eq(signSignatories.signStatus, 1),
          ),
        );
      if ((signed?.n ?? 0) === 0) {
        await changeSignBalance(
          tx,
          session.companyId,
          contract.creditsHeld,
          `作废退还 ${contract.contractNo}`,
          { kind: SignLedgerKinds.refund, contractNo: contract.contractNo },
        );
        refunded = true;
      }
    }
    if (contract.state === SignStates.awaitingSignature) await deactivateSignatories(tx, contract.id);
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '作废',
      content: `作废合同：${body.reason}${refunded ? '（未有签字，退还签约份数 1 份）' : ''}`,
      fromState: contract.state,
      toState: SignStates.voided,
      operatorUserId: session.userId,
      at: now,
    });
    await undoDeal(tx, clock, updated, session.userId);
    return updated;
  });
  return result(moved);
}

export async function revokeInvalid(
  db: Db,
  clock: Clock,
  session: Session,
  contractId: number,
): Promise<StateResult> {
  const snapshot = await requireSignAuth(db, session, SignAuth.view, SignAuth.invalid);
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  if (!isAllowed('invalidRevoke', contract.state, contract.signatureType)) throw editStateRefusal();
  const now = clock.now();
  const target = stateAfterInvalidRevoke(contract.stateBeforeInvalid);
  const moved = await db.transaction(async (tx) => {
    const updated = await move(tx, contract, 'invalidRevoke', {
      state: target,
      stateBeforeInvalid: null,
      invalidReason: null,
      ...(target === SignStates.toStart ? { signDeadline: null } : {}),
      updatedAt: now,
    });
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '撤销作废',
      content: `撤销作废，合同回到${target === SignStates.toStart ? '待发起' : '作废前状态'}`,
      fromState: SignStates.voided,
      toState: target,
      operatorUserId: session.userId,
      at: now,
    });
    if (target === SignStates.signed || target === SignStates.completed)
      await applyDeal(tx, clock, updated, session.userId);
    return updated;
  });
  return result(moved);
}

export async function deleteContract(
  db: Db,
  clock: Clock,
  session: Session,
  contractId: number,
): Promise<void> {
  const snapshot = await requireSignAuth(db, session, SignAuth.view, SignAuth.remove);
  const [gone] = await db
    .select({ id: signContracts.id })
    .from(signContracts)
    .where(
      and(
        eq(signContracts.id, contractId),
        inCompany(signContracts, session.companyId),
        sql`${signContracts.deletedAt} is not null`,
      ),
    );
  if (gone) return; // a retried delete
  const contract = await findVisibleContract(db, session, contractId, snapshot);
  if (!isAllowed('delete', contract.state, contract.signatureType)) throw editStateRefusal();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await move(tx, contract, 'delete', { deletedAt: now, updatedAt: now });
    await writeLog(tx, {
      companyId: session.companyId,
      contractId: contract.id,
      action: '删除',
      content: '删除合同',
      fromState: contract.state,
      toState: contract.state,
      operatorUserId: session.userId,
      at: now,
    });
  });
}

/**
 * For the signing area: after recording a signature, call this in the same transaction; when every
 * active signatory has signed, the contract moves 7 待签字 -> 8 已签约 (once, whoever calls first).
 */
export async function markSignedWhenAllSigned(
  tx: Db,
  companyId: number,
  contractId: number,
  now: Date,
): Promise<boolean> {
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(signSignatories)
    .where(
      and(
        eq(signSignatories.contractId, contractId),
        eq(signSignatories.active, 1),
        sql`${signSignatories.signStatus} <> 1`,
      ),
    );
  if ((pending?.n ?? 0) > 0) return false;
  const [moved] = await tx
    .update(signContracts)
    .set({ state: SignStates.signed, signTime: now, updatedAt: now })
    .where(
      and(
        eq(signContracts.id, contractId),
        inCompany(signContracts, companyId),
        eq(signContracts.state, SignStates.awaitingSignature),
      ),
    )
    .returning();
  if (!moved) return false;
  await writeLog(tx, {
    companyId,
    contractId,
    action: '已签约',
    content: '各方均已签字，合同已签约',
    fromState: SignStates.awaitingSignature,
    toState: SignStates.signed,
    operatorUserId: null,
    at: now,
  });
  await applyDeal(tx, { now: () => now }, moved, null);
  return true;
}
