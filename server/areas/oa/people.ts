/**
 * Approvers and copy recipients: checking what a definition names against the company's staff
 * and roles, showing it (OaApproverStep, OaCopyRecipient), and resolving each step to the users
 * who may decide it when an approval starts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { roles, users } from '../../db/schema';
import { departmentDetails } from '../../db/schema-org';
import type { OaApproverConfig } from '../../db/schema-oa';
import { businessError } from '../../contract/envelope';
import { ancestorChain, loadHierarchy } from '../org/department-scope';

export const deptHeadName = '发起人部门负责人';

export type Person = { userId: number; name: string; faceUrl: string | null };

type ApproverInput = { approverType: number; userId?: number | undefined; roleId?: number | undefined };

/** Normalises and checks the approver steps and copy recipients of a definition or setting. */
export async function checkApprovers(
  db: Db,
  companyId: number,
  approvers: ApproverInput[],
  sendCopy: number[] = [],
): Promise<{ approvers: OaApproverConfig[]; sendCopy: number[] }> {
  const normalised: OaApproverConfig[] = approvers.map((step) => {
    if (step.approverType === 1) return { approverType: 1, userId: step.userId };
    if (step.approverType === 2) return { approverType: 2, roleId: step.roleId };
    return { approverType: 3 };
  });
  const userIds = [...new Set([...normalised.flatMap((s) => (s.userId ? [s.userId] : [])), ...sendCopy])];
  const roleIds = [...new Set(normalised.flatMap((s) => (s.roleId ? [s.roleId] : [])))];
  if (userIds.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inCompany(users, companyId), eq(users.status, 1), inArray(users.id, userIds)));
    const active = new Set(found.map((row) => row.id));
    if (normalised.some((s) => s.userId !== undefined && !active.has(s.userId)))
      throw businessError('审批人不存在或已离职');
    if (sendCopy.some((id) => !active.has(id))) throw businessError('抄送人不存在或已离职');
  }
  if (roleIds.length > 0) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inCompany(roles, companyId), inArray(roles.id, roleIds)));
    if (found.length !== roleIds.length) throw businessError('审批角色不存在或已被删除');
  }
  return { approvers: normalised, sendCopy: [...new Set(sendCopy)] };
}

export async function loadPeople(
  db: Db,
  companyId: number,
  userIds: Iterable<number>,
): Promise<Map<number, Person>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, name: users.name, faceUrl: users.faceUrl })
    .from(users)
    .where(and(inCompany(users, companyId), inArray(users.id, ids)));
  return new Map(rows.map((row) => [row.userId, row]));
}

export function personOf(people: Map<number, Person>, userId: number): Person {
  return people.get(userId) ?? { userId, name: '已删除成员', faceUrl: null };
}

/** The definition's steps as the contract shows them (OaApproverStep), with names. */
export async function describeApprovers(db: Db, companyId: number, approvers: OaApproverConfig[]) {
  const people = await loadPeople(
    db,
    companyId,
    approvers.flatMap((s) => (s.userId ? [s.userId] : [])),
  );
  const roleIds = approvers.flatMap((s) => (s.roleId ? [s.roleId] : []));
  const roleRows =
    roleIds.length > 0
      ? await db
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(and(inCompany(roles, companyId), inArray(roles.id, roleIds)))
      : [];
  const roleNames = new Map(roleRows.map((row) => [row.id, row.name]));
  return approvers.map((step, index) => {
    const person = step.userId ? personOf(people, step.userId) : null;
    return {
      sort: index + 1,
      approverType: step.approverType,
      userId: step.userId ?? null,
      roleId: step.roleId ?? null,
      name:
        step.approverType === 1
          ? (person?.name ?? '')
          : step.approverType === 2
            ? (roleNames.get(step.roleId ?? 0) ?? '已删除角色')
            : deptHeadName,
      faceUrl: person?.faceUrl ?? null,
    };
  });
}

export async function describeCopies(db: Db, companyId: number, sendCopy: number[]): Promise<Person[]> {
  const people = await loadPeople(db, companyId, sendCopy);
  return sendCopy.map((id) => personOf(people, id));
}

async function companyManagers(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inCompany(users, companyId), eq(users.isManager, true), eq(users.status, 1)))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}

/**
 * The users who may decide each step, fixed when the approval starts. A step that resolves to
 * nobody (a role without active members, a department without a head) falls to the company's
 * managers, so an approval can never get stuck.
 */
export async function resolveCandidates(
  db: Db,
  companyId: number,
  sponsorUserId: number,
  approvers: OaApproverConfig[],
): Promise<number[][]> {
  const result: number[][] = [];
  for (const step of approvers) {
    let candidates: number[] = [];
    if (step.approverType === 1 && step.userId) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, step.userId), inCompany(users, companyId), eq(users.status, 1)));
      candidates = row ? [row.id] : [];
    } else if (step.approverType === 2 && step.roleId) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inCompany(users, companyId), eq(users.roleId, step.roleId), eq(users.status, 1)))
        .orderBy(users.id);
      candidates = rows.map((row) => row.id);
    } else if (step.approverType === 3) {
      candidates = await departmentHead(db, companyId, sponsorUserId);
    }
    result.push(candidates.length > 0 ? candidates : await companyManagers(db, companyId));
  }
  return result;
}

/** The nearest department head above the sponsor (own department first), excluding the sponsor. */
async function departmentHead(db: Db, companyId: number, sponsorUserId: number): Promise<number[]> {
  const [sponsor] = await db
    .select({ deptId: users.deptId })
    .from(users)
    .where(and(eq(users.id, sponsorUserId), inCompany(users, companyId)));
  if (!sponsor?.deptId) return [];
  const hierarchy = await loadHierarchy(db, companyId);
  const chain = ancestorChain(hierarchy, sponsor.deptId).map((dept) => dept.id);
  if (chain.length === 0) return [];
  const rows = await db
    .select({ deptId: departmentDetails.departmentId, managerUserId: departmentDetails.managerUserId })
    .from(departmentDetails)
    .where(and(inCompany(departmentDetails, companyId), inArray(departmentDetails.departmentId, chain)));
  const managers = new Map(rows.map((row) => [row.deptId, row.managerUserId]));
  for (const deptId of chain) {
    const manager = managers.get(deptId);
    if (manager && manager !== sponsorUserId) return [manager];
  }
  return [];
}
