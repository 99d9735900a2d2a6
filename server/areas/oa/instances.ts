/**
 * Approval instances (审批记录): started from a business record, walked step by step by the users
 * each step resolved to, decided once. Statuses 0 审批中, 1 已通过, 2 已拒绝, 3 已撤回; steps
 * 0 未到达, 1 审批中, 2 已通过, 3 已拒绝, 4 已终止.
 *
 * Exactly one outcome: every decision first moves the instance row with a conditional UPDATE
 * (status still 0 and the step still the one the decider saw) inside a transaction; a decision
 * that loses the race updates nothing and is refused with 409, and nothing else is written.
 * The outcome handlers of the subject's area run in that same transaction (outcome-hooks.ts).
 */
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { pageTotal, totalColumn } from '../../db/paging';
import { remindApprovalResult, remindApprovers } from '../messages/approval-reminders';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { departments, users } from '../../db/schema';
import { oaInstanceSteps, oaInstances } from '../../db/schema-oa';
import { ApiError, Codes, Messages, editStateRefusal, forbidden, notFound } from '../../contract/envelope';
import type { QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { findOaItem, oaItemName, type OaAppType, type OaItemId } from './items';
import { resolveFlow, type FlowOptions } from './flows';
import { describeApprovers, loadPeople, personOf, resolveCandidates } from './people';
import {
  runOutcomeHandlers,
  withOutcomeEffects,
  type ApprovalOutcome,
  type ApprovalServices,
  type OutcomeEffects,
} from './outcome-hooks';

export const InstanceStatus = { pending: 0, approved: 1, rejected: 2, revoked: 3 } as const;
export const StepStatus = { waiting: 0, current: 1, approved: 2, rejected: 3, stopped: 4 } as const;

const approvalMissing = '审批记录不存在或已被删除';
// The seed's refusal for a record whose state no longer allows the step (001 section 6).
const alreadyFinished = Messages.stateNotAllowed;
const notCurrentApprover = '您不是当前节点的审批人';
const onlySponsorRevokes = '只有发起人可以撤回审批';
export const alreadyPending = '该记录已有审批中的申请，请等待审批结束';

export type StartApprovalInput = {
  companyId: number;
  sponsorUserId: number;
  oaItemId: OaItemId;
  /** The business record: a kind registered with onApprovalDecided, its id, and a line describing it. */
  subject: { kind: string; id: number; title: string; no?: string | null | undefined };
  /** The sponsor's note (oaParam.oaReamrk). */
  remark?: string | null | undefined;
  /** Extra summary rows shown in the approval detail. */
  fields?: { label: string; value: string }[] | undefined;
  /** Use the sign template's own setting (boxId) or the quick-sign setting before the company's definition. */
  flow?: FlowOptions | undefined;
  now?: Date | undefined;
};

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Starts an approval for a business record when its approval item has an enabled flow. Returns
 * null when no approval is needed (the caller goes ahead at once). Refuses (409) a second running
 * approval for the same record. Call it inside the caller's transaction so the record's own
 * bookkeeping and the approval are written together.
 */
export async function startApproval(
  db: Db,
  input: StartApprovalInput,
): Promise<{ approvalId: number } | null> {
  const item = findOaItem(input.oaItemId);
  if (!item) throw new Error(`unknown approval item ${input.oaItemId}`);
  const flow = await resolveFlow(db, input.companyId, input.oaItemId, input.flow);
  if (flow.source === 0) return null;
  const now = input.now ?? new Date();
  const candidates = await resolveCandidates(db, input.companyId, input.sponsorUserId, flow.approvers);
  const people = await loadPeople(db, input.companyId, [input.sponsorUserId]);
  const stepNames = await describeApprovers(db, input.companyId, flow.approvers);
  const participants = [...new Set([input.sponsorUserId, ...candidates.flat(), ...flow.sendCopy])];
  try {
    return await db.transaction(async (tx) => {
      const [instance] = await tx
        .insert(oaInstances)
        .values({
          companyId: input.companyId,
          oaApprovalId: flow.oaApprovalId,
          appType: item.appType,
          oaItemId: item.oaItemId,
          subjectKind: input.subject.kind,
          subjectId: input.subject.id,
          itemNo: input.subject.no ?? null,
          title: `${personOf(people, input.sponsorUserId).name}提交的${item.name}`,
          fields: [{ label: '审批事项', value: input.subject.title }, ...(input.fields ?? [])],
          sponsorUserId: input.sponsorUserId,
          remark: input.remark?.trim() || null,
          status: InstanceStatus.pending,
          currentStep: 1,
          currentCandidates: candidates[0] ?? [],
          sendCopy: flow.sendCopy,
          participants,
          entryTime: now,
        })
        .returning({ id: oaInstances.id });
      await tx.insert(oaInstanceSteps).values(
        flow.approvers.map((step, index) => ({
          instanceId: instance!.id,
          sort: index + 1,
          companyId: input.companyId,
          approverType: step.approverType,
          name: stepNames[index]?.name ?? '',
          candidates: candidates[index] ?? [],
          status: index === 0 ? StepStatus.current : StepStatus.waiting,
        })),
      );
      await remindApprovers(tx, {
        companyId: input.companyId,
        userIds: candidates[0] ?? [],
        title: `${personOf(people, input.sponsorUserId).name}提交的${item.name}`,
        senderId: input.sponsorUserId,
        approvalId: instance!.id,
        now,
      });
      return { approvalId: instance!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(Codes.stateConflict, alreadyPending);
    throw error;
  }
}

/** The running approval of a business record, if any. */
export async function findPendingApproval(db: Db, companyId: number, kind: string, subjectId: number) {
  const [row] = await db
    .select({ approvalId: oaInstances.id, oaItemId: oaInstances.oaItemId, entryTime: oaInstances.entryTime })
    .from(oaInstances)
    .where(
      and(
        inCompany(oaInstances, companyId),
        eq(oaInstances.subjectKind, kind),
        eq(oaInstances.subjectId, subjectId),
        eq(oaInstances.status, InstanceStatus.pending),
      ),
    );
  return row ?? null;
}

async function findInstance(db: Db, companyId: number, approvalId: number) {
  const [row] = await db
    .select()
    .from(oaInstances)
    .where(and(eq(oaInstances.id, approvalId), inCompany(oaInstances, companyId)));
  if (!row) throw notFound(approvalMissing);
  return row;
}

type InstanceRow = typeof oaInstances.$inferSelect;

export async function decideApproval(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  input: { approvalId: number; result: 'approve' | 'reject'; remark?: string | undefined },
  services: ApprovalServices,
) {
  const remark = input.remark?.trim() || null;
  if (input.result === 'reject' && !remark) throw new ApiError(Codes.business, '请填写拒绝的审批意见');
  await withOutcomeEffects(services, (effects) => decideIn(db, clock, session, input, remark, effects));
  return readApproval(db, session, input.approvalId);
}

async function decideIn(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  input: { approvalId: number; result: 'approve' | 'reject' },
  remark: string | null,
  effects: OutcomeEffects,
): Promise<void> {
  await db.transaction(async (tx) => {
    const instance = await findInstance(tx, session.companyId, input.approvalId);
    // The edit-state check (decided or withdrawn elsewhere): 405 with its marker disables the page.
    if (instance.status !== InstanceStatus.pending || instance.currentStep === null) {
      throw editStateRefusal(alreadyFinished);
    }
    if (!instance.currentCandidates.includes(session.userId)) throw forbidden(notCurrentApprover);
    const step = instance.currentStep;
    const steps = await tx
      .select()
      .from(oaInstanceSteps)
      .where(eq(oaInstanceSteps.instanceId, instance.id))
      .orderBy(asc(oaInstanceSteps.sort));
    const next = steps.find((s) => s.sort === step + 1);
    const now = clock.now();
    const approved = input.result === 'approve';
    const finishes = !approved || !next;
    const [moved] = await tx
      .update(oaInstances)
      .set(
        finishes
          ? {
              status: approved ? InstanceStatus.approved : InstanceStatus.rejected,
              currentStep: null,
              currentCandidates: [],
              overTime: now,
            }
          : { currentStep: next.sort, currentCandidates: next.candidates },
      )
      .where(
        and(
          eq(oaInstances.id, instance.id),
          eq(oaInstances.status, InstanceStatus.pending),
          eq(oaInstances.currentStep, step),
        ),
      )
      .returning({ id: oaInstances.id });
    // Someone else decided (or the sponsor revoked) between our read and our write.
    if (!moved) throw new ApiError(Codes.stateConflict, alreadyFinished);
    await tx
      .update(oaInstanceSteps)
      .set({
        status: approved ? StepStatus.approved : StepStatus.rejected,
        handlerUserId: session.userId,
        remark,
        handledAt: now,
      })
      .where(and(eq(oaInstanceSteps.instanceId, instance.id), eq(oaInstanceSteps.sort, step)));
    if (!finishes) {
      await tx
        .update(oaInstanceSteps)
        .set({ status: StepStatus.current })
        .where(and(eq(oaInstanceSteps.instanceId, instance.id), eq(oaInstanceSteps.sort, next.sort)));
      await remindApprovers(tx, {
        companyId: instance.companyId,
        userIds: next.candidates,
        title: instance.title,
        senderId: instance.sponsorUserId,
        approvalId: instance.id,
        now,
      });
      return;
    }
    await remindApprovalResult(tx, {
      companyId: instance.companyId,
      sponsorUserId: instance.sponsorUserId,
      sendCopy: instance.sendCopy,
      title: instance.title,
      approved,
      senderId: session.userId,
      approvalId: instance.id,
      now,
    });
    if (!approved) await stopRemainingSteps(tx, instance.id, step);
    await runOutcomeHandlers(
      tx,
      outcomeOf(instance, {
        status: approved ? InstanceStatus.approved : InstanceStatus.rejected,
        userId: session.userId,
        remark,
        at: now,
      }),
      effects,
    );
  });
}

/** What an approval's subject is told when it ends: the approval, and who ended it how. */
function outcomeOf(
  instance: typeof oaInstances.$inferSelect,
  end: Pick<ApprovalOutcome, 'status' | 'userId' | 'remark' | 'at'>,
): ApprovalOutcome {
  return {
    approvalId: instance.id,
    companyId: instance.companyId,
    oaItemId: instance.oaItemId,
    subjectKind: instance.subjectKind,
    subjectId: instance.subjectId,
    sponsorUserId: instance.sponsorUserId,
    ...end,
  };
}

async function stopRemainingSteps(tx: Db, instanceId: number, afterSort: number): Promise<void> {
  await tx
    .update(oaInstanceSteps)
    .set({ status: StepStatus.stopped })
    .where(
      and(
        eq(oaInstanceSteps.instanceId, instanceId),
        sql`${oaInstanceSteps.sort} > ${afterSort}`,
        inArray(oaInstanceSteps.status, [StepStatus.waiting, StepStatus.current]),
      ),
    );
}

export async function revokeApproval(
  db: Db,
  clock: { now: () => Date },
  session: Session,
  approvalId: number,
  services: ApprovalServices,
): Promise<void> {
  // Inside a caller's transaction (terminating a sign contract) the tasks run when its savepoint is released.
  await withOutcomeEffects(services, (effects) =>
    db.transaction(async (tx) => {
      const instance = await findInstance(tx, session.companyId, approvalId);
      if (instance.sponsorUserId !== session.userId) throw forbidden(onlySponsorRevokes);
      if (instance.status !== InstanceStatus.pending) throw editStateRefusal(alreadyFinished);
      const now = clock.now();
      const [moved] = await tx
        .update(oaInstances)
        .set({
          status: InstanceStatus.revoked,
          currentStep: null,
          currentCandidates: [],
          overTime: now,
          revokedAt: now,
        })
        .where(and(eq(oaInstances.id, instance.id), eq(oaInstances.status, InstanceStatus.pending)))
        .returning({ id: oaInstances.id });
      if (!moved) throw new ApiError(Codes.stateConflict, alreadyFinished);
      await stopRemainingSteps(tx, instance.id, 0);
      await runOutcomeHandlers(
        tx,
        outcomeOf(instance, {
          status: InstanceStatus.revoked,
          userId: session.userId,
          remark: null,
          at: now,
        }),
        effects,
      );
    }),
  );
}

function containsUser(column: AnyPgColumn, userId: number): SQL {
  return sql`${column} @> ${JSON.stringify([userId])}::jsonb`;
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

function nextDayStart(day: string): Date {
  return new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);
}

async function summarise(db: Db, session: Session, rows: InstanceRow[]) {
  const people = await loadPeople(
    db,
    session.companyId,
    rows.flatMap((row) => [row.sponsorUserId, ...row.currentCandidates]),
  );
  const sponsorIds = [...new Set(rows.map((row) => row.sponsorUserId))];
  const deptRows =
    sponsorIds.length > 0
      ? await db
          .select({ userId: users.id, deptName: departments.name })
          .from(users)
          .leftJoin(departments, eq(departments.id, users.deptId))
          .where(and(inCompany(users, session.companyId), inArray(users.id, sponsorIds)))
      : [];
  const deptNames = new Map(deptRows.map((row) => [row.userId, row.deptName]));
  return rows.map((row) => {
    const isPending = row.status === InstanceStatus.pending;
    return {
      approvalId: row.id,
      oaApprovalId: row.oaApprovalId,
      oaItemId: row.oaItemId as OaItemId,
      oaItemName: oaItemName(row.oaItemId),
      appType: row.appType as OaAppType,
      itemId: row.subjectId,
      itemNo: row.itemNo,
      title: row.title,
      sponsorUserId: row.sponsorUserId,
      sponsorName: personOf(people, row.sponsorUserId).name,
      sponsorDeptName: deptNames.get(row.sponsorUserId) ?? null,
      status: row.status as 0 | 1 | 2 | 3,
      remark: row.remark,
      entryTime: formatDateTime(row.entryTime),
      overTime: row.overTime ? formatDateTime(row.overTime) : null,
      currentStep: row.currentStep,
      currentApproverNames: row.currentCandidates.map((id) => personOf(people, id).name),
      canApprove: isPending && row.currentCandidates.includes(session.userId) ? (1 as const) : (0 as const),
      canRevoke: isPending && row.sponsorUserId === session.userId ? (1 as const) : (0 as const),
    };
  });
}

export async function listApprovals(db: Db, session: Session, query: QueryOf<'companyOaApprovalList'>) {
  const me = session.userId;
  const view = query.type ?? 1;
  const conditions: (SQL | undefined)[] = [inCompany(oaInstances, session.companyId)];
  if (view === 0 && !session.isManager) conditions.push(containsUser(oaInstances.participants, me));
  if (view === 1) {
    conditions.push(
      eq(oaInstances.status, InstanceStatus.pending),
      containsUser(oaInstances.currentCandidates, me),
    );
  }
  if (view === 2) {
    conditions.push(
      sql`exists (select 1 from ${oaInstanceSteps} where ${oaInstanceSteps.instanceId} = ${oaInstances.id} and ${oaInstanceSteps.handlerUserId} = ${me})`,
    );
  }
  if (view === 3) conditions.push(eq(oaInstances.sponsorUserId, me));
  if (view === 4) conditions.push(containsUser(oaInstances.sendCopy, me));
  if (query.appType !== undefined) conditions.push(eq(oaInstances.appType, query.appType));
  if (query.sponsorUserId !== undefined) conditions.push(eq(oaInstances.sponsorUserId, query.sponsorUserId));
  if (query.status !== undefined) conditions.push(eq(oaInstances.status, query.status));
  if (query.entryTimeStart) conditions.push(gte(oaInstances.entryTime, dayStart(query.entryTimeStart)));
  if (query.entryTimeEnd) conditions.push(lt(oaInstances.entryTime, nextDayStart(query.entryTimeEnd)));
  if (query.overTimeStart) conditions.push(gte(oaInstances.overTime, dayStart(query.overTimeStart)));
  if (query.overTimeEnd) conditions.push(lt(oaInstances.overTime, nextDayStart(query.overTimeEnd)));
  const where = and(...conditions);
  const pageSize = query.pagesize ?? 15;
  const page = query.pageindex ?? 1;
  // The page and its total in one statement (server/db/paging.ts).
  const rows = await db
    .select({ ...getTableColumns(oaInstances), total: totalColumn(oaInstances, where) })
    .from(oaInstances)
    .where(where)
    .orderBy(desc(oaInstances.entryTime), desc(oaInstances.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await pageTotal(rows, page, async () => {
    const [counted] = await db.select({ n: count() }).from(oaInstances).where(where);
    return counted?.n ?? 0;
  });
  return { data: await summarise(db, session, rows), total };
}

export async function readApproval(db: Db, session: Session, approvalId: number) {
  const instance = await findInstance(db, session.companyId, approvalId);
  if (!session.isManager && !instance.participants.includes(session.userId)) throw forbidden();
  const steps = await db
    .select()
    .from(oaInstanceSteps)
    .where(eq(oaInstanceSteps.instanceId, instance.id))
    .orderBy(asc(oaInstanceSteps.sort));
  const people = await loadPeople(db, session.companyId, [
    ...steps.flatMap((s) => [...s.candidates, ...(s.handlerUserId ? [s.handlerUserId] : [])]),
    ...instance.sendCopy,
  ]);
  const [summary] = await summarise(db, session, [instance]);
  return {
    ...summary!,
    steps: steps.map((s) => ({
      sort: s.sort,
      approverType: s.approverType as 1 | 2 | 3,
      name: s.name,
      status: s.status as 0 | 1 | 2 | 3 | 4,
      candidates: s.candidates.map((id) => personOf(people, id)),
      handler: s.handlerUserId ? personOf(people, s.handlerUserId) : null,
      remark: s.remark,
      handledAt: s.handledAt ? formatDateTime(s.handledAt) : null,
    })),
    sendCopy: instance.sendCopy.map((id) => personOf(people, id)),
    fields: instance.fields,
    revokedAt: instance.revokedAt ? formatDateTime(instance.revokedAt) : null,
  };
}
