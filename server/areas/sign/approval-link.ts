/**
 * The sign area's link to the approvals (server/areas/oa): whether a contract's approval item
 * (45/47/49 for contract type 1/2/3, or the template's own setting) has an enabled flow, starting
 * that approval, and what its outcome does to the contract (registered once at module load and run
 * by the approvals inside the transaction that decides):
 * passed -> 2 待审核 to 1 待发起 (approved, signing may start); rejected -> 3 被拒绝; revoked -> 1 待发起.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signContracts } from '../../db/schema-sign';
import type { Session } from '../../contract/types';
import { resolveFlow, readSignSetting, setSignBoxLookup } from '../oa/flows';
import { startApproval } from '../oa/instances';
import { onApprovalDecided, type ApprovalOutcome } from '../oa/outcome-hooks';
import { findTemplate } from '../template/templates';
import { signOaItems, SignStates } from './states';
import { writeLog } from './operation-log';

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

export async function readTemplateOaSetting(db: Db, session: Session, boxId: number) {
  return readSignSetting(db, session, boxId);
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

async function applyOutcome(tx: Db, outcome: ApprovalOutcome): Promise<void> {
  const target = outcome.status === 2 ? SignStates.rejected : SignStates.toStart;
  const [row] = await tx
    .update(signContracts)
    .set({
      state: target,
      approved: outcome.status === 1 ? 1 : 0,
      rejectReason: outcome.status === 2 ? (outcome.remark ?? '审批未通过') : null,
      updatedAt: outcome.at,
    })
    .where(
      and(
        eq(signContracts.id, outcome.subjectId),
        eq(signContracts.companyId, outcome.companyId),
        eq(signContracts.state, SignStates.pendingApproval),
      ),
    )
    .returning({ id: signContracts.id });
  // A contract terminated or voided meanwhile has left 2 待审核; the outcome no longer applies.
  if (!row) return;
  const action = outcome.status === 1 ? '审批通过' : outcome.status === 2 ? '审批驳回' : '撤回审批';
  await writeLog(tx, {
    companyId: outcome.companyId,
    contractId: outcome.subjectId,
    action,
    content: outcome.remark ? `${action}：${outcome.remark}` : action,
    fromState: SignStates.pendingApproval,
    toState: target,
    operatorUserId: outcome.userId,
    at: outcome.at,
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
