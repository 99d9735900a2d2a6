/**
 * How an approval's outcome reaches its business record. The area that starts approvals for a
 * kind of record ('sale-contract', 'sign-contract', ...) registers a handler once at module load;
 * the approval service calls it INSIDE the transaction that decides the approval, so the record
 * and the approval change together or not at all (a handler that throws undoes the decision).
 * docs/approvals.md shows an example.
 */
import type { Db } from '../../db/client';

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
  remark: string | null;
  at: Date;
};

export type ApprovalOutcomeHandler = (tx: Db, outcome: ApprovalOutcome) => Promise<void>;

const handlers = new Map<string, ApprovalOutcomeHandler[]>();

/** Registers a handler for approvals of one subject kind; registering the same function twice has no effect. */
export function onApprovalDecided(kind: string, handler: ApprovalOutcomeHandler): void {
  const list = handlers.get(kind) ?? [];
  if (!list.includes(handler)) list.push(handler);
  handlers.set(kind, list);
}

export async function runOutcomeHandlers(tx: Db, outcome: ApprovalOutcome): Promise<void> {
  for (const handler of handlers.get(outcome.subjectKind) ?? []) await handler(tx, outcome);
}
