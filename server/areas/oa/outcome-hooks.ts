/**
 * How an approval's outcome reaches its business record. The area that starts approvals for a
 * kind of record ('sale-contract', 'sign-contract', ...) registers a handler once at module load;
 * the approval service calls it INSIDE the transaction that decides the approval, so the record
 * and the approval change together or not at all (a handler that throws undoes the decision).
 * What must not happen unless the decision is kept (an SMS to someone outside) is handed to
 * `afterCommit` and runs once the deciding transaction has finished. docs/approvals.md shows an example.
 */
import type { Db } from '../../db/db';
import type { SmsProvider } from '../../sandbox/sms';
import type { FileStorage } from '../../storage/files';

export type ApprovalOutcome = {
  approvalId: number;
  companyId: number;
  oaItemId: number;
  subjectKind: string;
  subjectId: number;
  /** 1 已通过, 2 已拒绝, 3 已撤回 */
  status: 1 | 2 | 3;
  /** The approver who decided, or the sponsor who revoked. */
  userId: number;
  /** Who started the approval. */
  sponsorUserId: number;
  remark: string | null;
  at: Date;
};

/** The app's services an outcome may need (an approved sign contract starts signing: files, SMS). */
export type ApprovalServices = { files: FileStorage; sms: SmsProvider };

export type OutcomeEffects = ApprovalServices & {
  /** Runs `task` after the deciding transaction has finished (not at all when it rolled back). */
  afterCommit: (task: () => Promise<void>) => void;
};

export type ApprovalOutcomeHandler = (
  tx: Db,
  outcome: ApprovalOutcome,
  effects: OutcomeEffects,
) => Promise<void>;

const handlers = new Map<string, ApprovalOutcomeHandler[]>();

/** Registers a handler for approvals of one subject kind; registering the same function twice has no effect. */
export function onApprovalDecided(kind: string, handler: ApprovalOutcomeHandler): void {
  const list = handlers.get(kind) ?? [];
  if (!list.includes(handler)) list.push(handler);
  handlers.set(kind, list);
}

export async function runOutcomeHandlers(
  tx: Db,
  outcome: ApprovalOutcome,
  effects: OutcomeEffects,
): Promise<void> {
  for (const handler of handlers.get(outcome.subjectKind) ?? []) await handler(tx, outcome, effects);
}

/**
 * Runs `decide` (a transaction that may call runOutcomeHandlers with the effects given to it), then
 * the tasks the handlers left for after it. A task that fails is logged, not thrown: the decision stands.
 */
export async function withOutcomeEffects<T>(
  services: ApprovalServices,
  decide: (effects: OutcomeEffects) => Promise<T>,
): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await decide({ ...services, afterCommit: (task) => tasks.push(task) });
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      console.error('approval outcome: a task after the decision failed', error);
    }
  }
  return result;
}
