/**
 * The sign area's link to the approvals (server/areas/oa): whether a contract's approval item
 * (45/47/49 for contract type 1/2/3, or the template's own setting) has an enabled flow, starting
 * that approval, and what its outcome does to the contract (registered once at module load and run
 * by the approvals inside the transaction that decides):
 * - passed: signing starts at once (审批通过后自动发起签署), 2 待审核 -> 7 待签字, through the same
 *   routine as contractStart type 2 (start-signing.ts) in a savepoint of the decision. When that start
 *   is refused (no sign credit left, 406) the savepoint is rolled back and the decision still stands:
 *   the contract goes to 1 待发起 as approved, and the log says why;
 * - rejected -> 3 被拒绝; revoked -> 1 待发起.
 * The log names the approver for 审批通过 and the sponsor (who asked for the signing) for 发起签署;
 * the quick-sign parties' SMS invitations go out after the decision has committed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts } from '../../db/schema-sign';
import { resolveFlow, setSignBoxLookup } from '../oa/flows';
import { startApproval } from '../oa/instances';
import { ApiError, Codes } from '../../contract/envelope';
import { onApprovalDecided, type ApprovalOutcome, type OutcomeEffects } from '../oa/outcome-hooks';
import { findTemplate } from '../template/templates';
import { signOaItems, SignStates, type SignState } from './states';
import { writeLog } from './operation-log';
import { beginSigning, planSigning, sendInvitations } from './start-signing';

export const signSubjectKind = 'sign-contract';

export async function isApprovalEnabled(
  db: Db,
  companyId: number,
  contractType: 1 | 2 | 3,
  boxId: number,
): Promise<boolean> {
  const flow = await resolveFlow(db, companyId, signOaItems[contractType], { boxId });
  return flow.source !== 0;
}

export async function startSignApproval(
  db: Db,
  input: {
    companyId: number;
    userId: number;
    contractType: 1 | 2 | 3;
    boxId: number;
    contractId: number;
    contractNo: string;
    title: string;
    remark: string | null;
    now: Date;
  },
): Promise<{ approvalId: number } | null> {
  return startApproval(db, {
    companyId: input.companyId,
    sponsorUserId: input.userId,
    oaItemId: signOaItems[input.contractType],
    subject: { kind: signSubjectKind, id: input.contractId, title: input.title, no: input.contractNo },
    remark: input.remark,
    flow: { boxId: input.boxId },
    now: input.now,
  });
}

/** Why a passed approval could not start signing, for the log and the contract's page. */
function startRefusal(error: ApiError): string {
  if (error.code === Codes.insufficientPackage) return '审批通过，签约份数不足，请充值后发起签署';
  return `审批通过，未能自动发起签署（${error.message}），请处理后发起签署`;
}

async function applyPassed(tx: Db, outcome: ApprovalOutcome, effects: OutcomeEffects): Promise<void> {
  const [contract] = await tx
    .select()
    .from(signContracts)
    .where(
      and(
        eq(signContracts.id, outcome.subjectId),
        inCompany(signContracts, outcome.companyId),
        eq(signContracts.state, SignStates.pendingApproval),
        isNull(signContracts.deletedAt),
      ),
    );
  // A contract terminated meanwhile has left 2 待审核; the outcome no longer applies.
  if (!contract) return;
  const passed = outcome.remark ? `审批通过：${outcome.remark}` : '审批通过';
  let refusal: ApiError;
  try {
    // A savepoint: a refused start (406, or the plan's own refusal) undoes only itself, not the decision.
    const started = await tx.transaction(async (savepoint) => {
      await writeLog(savepoint, {
        companyId: outcome.companyId,
        contractId: contract.id,
        action: '审批通过',
        content: passed,
        fromState: SignStates.pendingApproval,
        toState: SignStates.awaitingSignature,
        operatorUserId: outcome.userId,
        at: outcome.at,
      });
      const plan = await planSigning(savepoint, contract, effects.files.within(savepoint));
      return beginSigning(savepoint, contract, plan, {
        from: [SignStates.pendingApproval],
        operatorUserId: outcome.sponsorUserId,
        now: outcome.at,
        logPrefix: '审批通过后自动',
      });
    });
    if (started.invitations.length > 0)
      effects.afterCommit(() => sendInvitations(effects.sms, started.invitations));
    return;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refusal = error;
  }
  await moveOutOfApproval(tx, outcome, {
    target: SignStates.toStart,
    approved: 1,
    action: '审批通过',
    content: outcome.remark
      ? `${startRefusal(refusal)}（审批意见：${outcome.remark}）`
      : startRefusal(refusal),
  });
}

async function moveOutOfApproval(
  tx: Db,
  outcome: ApprovalOutcome,
  change: { target: SignState; approved: 0 | 1; action: string; content: string; rejectReason?: string },
): Promise<void> {
  const [row] = await tx
    .update(signContracts)
    .set({
      state: change.target,
      approved: change.approved,
      rejectReason: change.rejectReason ?? null,
      updatedAt: outcome.at,
    })
    .where(
      and(
        eq(signContracts.id, outcome.subjectId),
        inCompany(signContracts, outcome.companyId),
        eq(signContracts.state, SignStates.pendingApproval),
      ),
    )
    .returning({ id: signContracts.id });
  // A contract terminated meanwhile has left 2 待审核; the outcome no longer applies.
  if (!row) return;
  await writeLog(tx, {
    companyId: outcome.companyId,
    contractId: outcome.subjectId,
    action: change.action,
    content: change.content,
    fromState: SignStates.pendingApproval,
    toState: change.target,
    operatorUserId: outcome.userId,
    at: outcome.at,
  });
}

async function applyOutcome(tx: Db, outcome: ApprovalOutcome, effects: OutcomeEffects): Promise<void> {
  if (outcome.status === 1) return applyPassed(tx, outcome, effects);
  const action = outcome.status === 2 ? '审批驳回' : '撤回审批';
  await moveOutOfApproval(tx, outcome, {
    target: outcome.status === 2 ? SignStates.rejected : SignStates.toStart,
    approved: 0,
    action,
    content: outcome.remark ? `${action}：${outcome.remark}` : action,
    ...(outcome.status === 2 ? { rejectReason: outcome.remark ?? '审批未通过' } : {}),
  });
}

onApprovalDecided(signSubjectKind, applyOutcome);
setSignBoxLookup(async (db, companyId, boxId) => {
  try {
    const template = await findTemplate(db, companyId, boxId);
    return { boxName: template.name };
  } catch {
    return null;
  }
});
