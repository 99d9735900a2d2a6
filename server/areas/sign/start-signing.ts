/**
 * Starting signing, the one routine behind every way a sign contract reaches 7 待签字: contractStart
 * type 2 (template contracts, lifecycle.ts), fileSignContractStart type 2 (quick file-sign contracts,
 * file-sign/start.ts) and an approval that passes (approval-link.ts, 审批通过后自动发起签署).
 *
 * Each kind of contract says how it is signed in a plan (who signs, links or paper, the deadline,
 * its own document step, who is invited by SMS); `beginSigning` carries it out in the caller's
 * transaction: the conditional move to 7 from the states the caller allows (409 otherwise), one sign
 * credit (406 when none, which rolls the move back with the caller's transaction or savepoint), the
 * earlier round's links switched off, one signatory per signer with its link, the log row. The SMS
 * invitations it answers go out with `sendInvitations` once the transaction has committed.
 *
 * The approvals find a contract's plan through `planSigning`: the quick file-sign area registers a
 * planner that claims its own contracts, the template planner (lifecycle.ts) takes every other one.
 * Registration instead of imports keeps the sign, approval and quick-sign modules free of cycles.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts, signSignatories } from '../../db/schema-sign';
import { ApiError, Codes, Messages } from '../../contract/envelope';
import type { SmsProvider } from '../../sandbox/sms';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { spendSignCredits } from '../recharge/entitlements';
import type { ContractRow } from './access';
import { writeLog } from './operation-log';
import { SignStates, type SignState } from './states';

const dayMs = 24 * 60 * 60 * 1000;

export type Signer = Omit<typeof signSignatories.$inferInsert, 'companyId' | 'contractId' | 'hash'>;
export type SignatoryRow = typeof signSignatories.$inferSelect;

export type SigningPlan = {
  /** The parties in signing order. */
  signers: Signer[];
  /** Electronic signing: every signatory gets a link (hash). Paper: none. */
  withLinks: boolean;
  deadlineDays: number;
  /** What is started, for the log: 电子签署, 纸质签署, 快速签署，有序签署 … */
  describe: string;
  /** The SMS that hands each party its link: to every party, or only to the first (ordered signing). */
  invitations?: { to: 'all' | 'first'; text: (input: { hash: string; deadline: string }) => string };
  /** The kind's own step once the signatories exist (quick contracts: the signing document with each party's boxes). */
  prepare?: (tx: Db, contract: ContractRow, signatories: SignatoryRow[], now: Date) => Promise<void>;
};

export type Invitation = { phone: string; text: string };

export type BeginSigningInput = {
  /** The states the contract may leave: 1 待发起 for a start, 2 待审核 for a passed approval. */
  from: readonly SignState[];
  operatorUserId: number;
  now: Date;
  /** The log row's words before 发起…, e.g. 审批通过后自动. */
  logPrefix?: string;
};

/** Carries the plan out in `tx` (see the module header); the contract as moved and the SMS to send after commit. */
export async function beginSigning(
  tx: Db,
  contract: ContractRow,
  plan: SigningPlan,
  input: BeginSigningInput,
): Promise<{ contract: ContractRow; invitations: Invitation[] }> {
  const { now } = input;
  const [moved] = await tx
    .update(signContracts)
    .set({
      state: SignStates.awaitingSignature,
      startTime: now,
      signTime: null,
      signDeadline: new Date(now.getTime() + plan.deadlineDays * dayMs),
      creditsHeld: 1,
      // Leaving 2 means the approval passed; signing again after a terminate needs no new approval.
      ...(contract.state === SignStates.pendingApproval ? { approved: 1, rejectReason: null } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(signContracts.id, contract.id),
        inCompany(signContracts, contract.companyId),
        isNull(signContracts.deletedAt),
        inArray(signContracts.state, [...input.from]),
      ),
    )
    .returning();
  if (!moved) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  await spendSignCredits(tx, contract.companyId, 1, contract.contractNo);
  await tx
    .update(signSignatories)
    .set({ active: 0 })
    .where(and(eq(signSignatories.contractId, contract.id), eq(signSignatories.active, 1)));
  const signatories = await tx
    .insert(signSignatories)
    .values(
      plan.signers.map((signer) => ({
        ...signer,
        companyId: contract.companyId,
        contractId: contract.id,
        hash: plan.withLinks ? randomBytes(16).toString('hex') : null,
      })),
    )
    .returning();
  await plan.prepare?.(tx, moved, signatories, now);
  await writeLog(tx, {
    companyId: contract.companyId,
    contractId: contract.id,
    action: '发起签署',
    content: `${input.logPrefix ?? ''}发起${plan.describe}，签署期限 ${plan.deadlineDays} 天，扣减签约份数 1 份`,
    fromState: contract.state,
    toState: SignStates.awaitingSignature,
    operatorUserId: input.operatorUserId,
    at: now,
  });
  return { contract: moved, invitations: invitationsOf(plan, moved, signatories) };
}

function invitationsOf(plan: SigningPlan, contract: ContractRow, signatories: SignatoryRow[]): Invitation[] {
  if (!plan.invitations || !contract.signDeadline) return [];
  const deadline = formatDateTime(contract.signDeadline);
  const invited = plan.invitations.to === 'first' ? signatories.slice(0, 1) : signatories;
  return invited.flatMap((signatory) =>
    signatory.phone && signatory.hash
      ? [{ phone: signatory.phone, text: plan.invitations!.text({ hash: signatory.hash, deadline }) }]
      : [],
  );
}

export async function sendInvitations(sms: SmsProvider, invitations: Invitation[]): Promise<void> {
  for (const invitation of invitations) await sms.send(invitation.phone, invitation.text);
}

/** A contract kind's plan, or null when the contract is not of that kind. */
export type SigningPlanner = (
  db: Db,
  contract: ContractRow,
  files: FileStorage,
) => Promise<SigningPlan | null>;

const planners: Partial<Record<'quick' | 'template', SigningPlanner>> = {};

/** Registered once at module load: 'quick' claims quick file-sign contracts, 'template' every other one. */
export function registerSigningPlanner(kind: 'quick' | 'template', planner: SigningPlanner): void {
  planners[kind] = planner;
}

/** The plan of a contract of any kind (for the approvals, which do not know the kinds). */
export async function planSigning(db: Db, contract: ContractRow, files: FileStorage): Promise<SigningPlan> {
  const plan =
    (await planners.quick?.(db, contract, files)) ?? (await planners.template?.(db, contract, files));
  if (!plan) throw new Error('no signing planner registered for sign contracts');
  return plan;
}
