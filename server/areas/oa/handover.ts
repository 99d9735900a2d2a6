/**
 * Approvals waiting on a leaver (办理离职, issue 41): in the resignation's transaction the leaver is
 * replaced by the receiver among the deciders of every running approval's current and later steps
 * (and among those who see it), so no approval waits on an account nobody can use.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { oaInstanceSteps, oaInstances } from '../../db/schema-oa';
import { StepStatus } from './instances';

const pending = 0;

const replace = (ids: readonly number[], from: number, to: number) => [
  ...new Set(ids.map((id) => (id === from ? to : id))),
];

/** The running approvals with the user among the deciders of a step still to be decided. */
async function waitingOn(db: Db, companyId: number, userId: number) {
  const steps = await db
    .select({
      instanceId: oaInstanceSteps.instanceId,
      sort: oaInstanceSteps.sort,
      candidates: oaInstanceSteps.candidates,
    })
    .from(oaInstanceSteps)
    .innerJoin(oaInstances, eq(oaInstances.id, oaInstanceSteps.instanceId))
    .where(
      and(
        inCompany(oaInstanceSteps, companyId),
        eq(oaInstances.status, pending),
        inArray(oaInstanceSteps.status, [StepStatus.waiting, StepStatus.current]),
        sql`${oaInstanceSteps.candidates} @> ${JSON.stringify([userId])}::jsonb`,
      ),
    );
  return steps;
}

export async function countHandoverApprovals(db: Db, companyId: number, userId: number): Promise<number> {
  return new Set((await waitingOn(db, companyId, userId)).map((step) => step.instanceId)).size;
}

export async function handOverApprovals(
  tx: Db,
  companyId: number,
  fromUserId: number,
  toUserId: number,
): Promise<number> {
  const steps = await waitingOn(tx, companyId, fromUserId);
  for (const step of steps) {
    await tx
      .update(oaInstanceSteps)
      .set({ candidates: replace(step.candidates, fromUserId, toUserId) })
      .where(and(eq(oaInstanceSteps.instanceId, step.instanceId), eq(oaInstanceSteps.sort, step.sort)));
  }
  const instanceIds = [...new Set(steps.map((step) => step.instanceId))];
  if (instanceIds.length === 0) return 0;
  const instances = await tx
    .select({
      id: oaInstances.id,
      current: oaInstances.currentCandidates,
      participants: oaInstances.participants,
    })
    .from(oaInstances)
    .where(and(inCompany(oaInstances, companyId), inArray(oaInstances.id, instanceIds)));
  for (const instance of instances) {
    await tx
      .update(oaInstances)
      .set({
        currentCandidates: replace(instance.current, fromUserId, toUserId),
        participants: [...new Set([...instance.participants, toUserId])],
      })
      .where(eq(oaInstances.id, instance.id));
  }
  return instanceIds.length;
}
