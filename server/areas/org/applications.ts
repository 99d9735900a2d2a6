/**
 * Invitation links and applications to join the company. An invitee opens the link without
 * logging in, confirms the mobile with an SMS code and applies; someone with 组织架构管理 (8801)
 * whose scope covers the department approves (the staff member is created then) or rejects.
 * Whether joining needs approval is the management setting joinApprove at the time the link is made.
 * Staff added by a non-manager while 添加员工需审核 is on wait here too (source 2); their adder sees
 * them under 我添加的 and may not approve them.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
} from 'drizzle-orm';
import { acrossCompanies, inCompany } from '../../db/company-scope';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { companies, departments, positions, roles, users } from '../../db/schema';
import { orgApplies, orgInvites } from '../../db/schema-org';
import { ApiError, Codes, Messages, businessError, forbidden, notFound } from '../../contract/envelope';
import type { BodyOf, QueryOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { formatDateTime } from '../../format';
import { hasAuth } from '../../../domain/permissions';
import { loadAuthSnapshot } from '../auth/auth-snapshot';
import { checkVerifyCode } from '../user/verify-codes';
import { loadVisibleDepartments } from './department-scope';
import { requireOrgManagement } from './departments';
import {
  insertStaffMember,
  requireFreeMobile,
  requireFreeSeat,
  requireNoPendingApply,
  requirePlacement,
} from './staff';
import { readManageSetting } from './manage-settings';

const inviteMissing = '邀请不存在或已被删除';
const applyMissing = '申请不存在或已被删除';
const pending = 1;
const approved = 2;
const rejected = 3;
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const creator = alias(users, 'invite_creator');
const applicant = alias(users, 'apply_applicant');
const handler = alias(users, 'apply_handler');

function inviteUrl(code: string): string {
  return `/#/invite?code=${code}`;
}

function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += codeAlphabet.charAt(randomInt(codeAlphabet.length));
  return code;
}

function page(query: { pageindex?: number; pagesize?: number }) {
  const size = query.pagesize ?? 15;
  return { limit: size, offset: ((query.pageindex ?? 1) - 1) * size };
}

function inviteState(row: { cancelledAt: Date | null; expiresAt: Date }, now: Date): 1 | 2 | 3 {
  if (row.cancelledAt) return 3;
  return row.expiresAt.getTime() <= now.getTime() ? 2 : 1;
}

function selectInvites(db: Db) {
  return db
    .select({
      invite: orgInvites,
      deptName: departments.name,
      roleName: roles.name,
      positionName: positions.name,
      creatorName: creator.name,
      joinCount: db.$count(orgApplies, eq(orgApplies.inviteId, orgInvites.id)),
    })
    .from(orgInvites)
    .innerJoin(departments, eq(departments.id, orgInvites.deptId))
    .innerJoin(roles, eq(roles.id, orgInvites.roleId))
    .leftJoin(positions, eq(positions.id, orgInvites.positionId))
    .innerJoin(creator, eq(creator.id, orgInvites.creatorUserId));
}

type InviteRow = Awaited<ReturnType<ReturnType<typeof selectInvites>['execute']>>[number];

function toInvite(row: InviteRow, now: Date) {
  return {
    inviteId: row.invite.id,
    inviteCode: row.invite.code,
    inviteUrl: inviteUrl(row.invite.code),
    deptId: row.invite.deptId,
    deptName: row.deptName,
    roleId: row.invite.roleId,
    roleName: row.roleName,
    positionId: row.invite.positionId,
    positionName: row.positionName,
    needApprove: row.invite.needApprove ? (1 as const) : (0 as const),
    state: inviteState(row.invite, now),
    joinCount: row.joinCount,
    expireTime: formatDateTime(row.invite.expiresAt),
    creatorName: row.creatorName,
    createTime: formatDateTime(row.invite.createdAt),
  };
}

export async function createInvite(db: Db, clock: Clock, session: Session, body: BodyOf<'inviteCreate'>) {
  const visible = await requireOrgManagement(db, session);
  await requirePlacement(db, session, visible, body);
  const now = clock.now();
  const validDays = body.validDays ?? 7;
  const setting = await readManageSetting(db, session.companyId);
  let inviteId: number | undefined;
  for (let attempt = 0; attempt < 5 && inviteId === undefined; attempt++) {
    const [row] = await db
      .insert(orgInvites)
      .values({
        companyId: session.companyId,
        code: newInviteCode(),
        deptId: body.deptId,
        roleId: body.roleId,
        positionId: body.positionId ?? null,
        needApprove: setting.joinApprove === 1,
        creatorUserId: session.userId,
        expiresAt: new Date(now.getTime() + validDays * 24 * 60 * 60 * 1000),
        createdAt: now,
      })
      .onConflictDoNothing({ target: orgInvites.code })
      .returning({ id: orgInvites.id });
    inviteId = row?.id;
  }
  if (inviteId === undefined) throw new Error('could not draw a free invitation code');
  const [row] = await selectInvites(db).where(eq(orgInvites.id, inviteId));
  return toInvite(row!, now);
}

export async function listInvites(db: Db, clock: Clock, session: Session, query: QueryOf<'inviteList'>) {
  await requireOrgManagement(db, session);
  const now = clock.now();
  const byState: Record<number, SQL | undefined> = {
    1: and(isNull(orgInvites.cancelledAt), gt(orgInvites.expiresAt, now)),
    2: and(isNull(orgInvites.cancelledAt), lte(orgInvites.expiresAt, now)),
    3: isNotNull(orgInvites.cancelledAt),
  };
  const where = and(
    inCompany(orgInvites, session.companyId),
    query.state === undefined ? undefined : byState[query.state],
  );
  const { limit, offset } = page(query);
  const [rows, [total]] = await Promise.all([
    selectInvites(db)
      .where(where)
      .orderBy(desc(orgInvites.createdAt), desc(orgInvites.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orgInvites).where(where),
  ]);
  return { data: rows.map((row) => toInvite(row, now)), total: total?.n ?? 0 };
}

export async function cancelInvite(db: Db, clock: Clock, session: Session, inviteId: number): Promise<void> {
  await requireOrgManagement(db, session);
  const [row] = await db
    .select()
    .from(orgInvites)
    .where(and(eq(orgInvites.id, inviteId), inCompany(orgInvites, session.companyId)))
    .limit(1);
  if (!row) throw notFound(inviteMissing);
  if (inviteState(row, clock.now()) !== 1) throw new ApiError(Codes.stateConflict, '邀请已过期或已作废');
  await db.update(orgInvites).set({ cancelledAt: clock.now() }).where(eq(orgInvites.id, row.id));
}

async function findInviteByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      invite: orgInvites,
      companyName: companies.name,
      deptName: departments.name,
      inviterName: users.name,
    })
    .from(orgInvites)
    .innerJoin(companies, eq(companies.id, orgInvites.companyId))
    .innerJoin(departments, eq(departments.id, orgInvites.deptId))
    .innerJoin(users, eq(users.id, orgInvites.creatorUserId))
    .where(eq(orgInvites.code, code))
    .limit(1);
  if (!row) throw notFound(inviteMissing);
  return row;
}

export async function readPublicInvite(db: Db, clock: Clock, code: string) {
  const row = await findInviteByCode(db, code);
  const state = inviteState(row.invite, clock.now());
  return {
    companyName: row.companyName,
    deptName: row.deptName,
    inviterName: row.inviterName,
    expireTime: formatDateTime(row.invite.expiresAt),
    valid: state === 1 ? (1 as const) : (0 as const),
    state,
    needApprove: row.invite.needApprove ? (1 as const) : (0 as const),
  };
}

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** The invitee's view of an application, by the ticket given when applying (404 when they do not match). */
export async function readApplyStatus(db: Db, query: { applyId: number; ticket: string }) {
  const [row] = await db
    .select({ apply: orgApplies, companyName: companies.name, deptName: departments.name })
    .from(orgApplies)
    .innerJoin(companies, eq(companies.id, orgApplies.companyId))
    .leftJoin(departments, eq(departments.id, orgApplies.deptId))
    .where(
      and(
        eq(orgApplies.id, query.applyId),
        eq(orgApplies.ticketHash, hashTicket(query.ticket)),
        acrossCompanies('the invitee has no session; the ticket names the application'),
      ),
    )
    .limit(1);
  if (!row) throw notFound(applyMissing);
  return {
    applyId: row.apply.id,
    state: row.apply.state as 1 | 2 | 3,
    companyName: row.companyName,
    deptName: row.deptName ?? '',
    rejectReason: row.apply.rejectReason,
    handleTime: row.apply.handledAt ? formatDateTime(row.apply.handledAt) : null,
  };
}

export async function joinByInvite(db: Db, clock: Clock, body: BodyOf<'inviteJoin'>) {
  const { invite } = await findInviteByCode(db, body.inviteCode);
  if (inviteState(invite, clock.now()) !== 1)
    throw new ApiError(Codes.stateConflict, '邀请链接已过期或已作废');
  await requireFreeMobile(db, invite.companyId, body.mobile);
  await requireNoPendingApply(db, invite.companyId, body.mobile, '您已提交过加入申请，请等待审核');
  const name = body.name.trim();
  if (name === '') throw businessError('姓名不能为空');
  if (!invite.needApprove) await requireFreeSeat(db, clock, invite.companyId);
  await checkVerifyCode(db, clock, body.mobile, body.code, { consume: true });
  const ticket = randomBytes(24).toString('base64url');
  return db.transaction(async (tx) => {
    const userId = invite.needApprove
      ? null
      : await insertStaffMember(tx, invite.companyId, {
          name,
          mobile: body.mobile,
          deptId: invite.deptId,
          roleId: invite.roleId,
          positionId: invite.positionId,
        });
    const [row] = await tx
      .insert(orgApplies)
      .values({
        companyId: invite.companyId,
        source: 1,
        inviteId: invite.id,
        name,
        mobile: body.mobile,
        deptId: invite.deptId,
        roleId: invite.roleId,
        positionId: invite.positionId,
        applicantUserId: invite.creatorUserId,
        state: userId === null ? pending : approved,
        userId,
        handledAt: userId === null ? null : clock.now(),
        ticketHash: hashTicket(ticket),
        createdAt: clock.now(),
      })
      .returning({ id: orgApplies.id });
    return { applyId: row!.id, state: userId === null ? (1 as const) : (2 as const), userId, ticket };
  });
}

/** Which pending applications the user may handle: all for a manager, its scope's departments with 8801, none otherwise. */
async function reviewableFilter(db: Db, session: Session): Promise<SQL | undefined> {
  const snapshot = await loadAuthSnapshot(db, session);
  if (!hasAuth(snapshot, 88, 0, 8801)) return eq(orgApplies.id, -1);
  // Someone whose additions need approval does not approve them himself.
  const notOwnAddition = snapshot.isManager
    ? undefined
    : or(
        ne(orgApplies.source, 2),
        isNull(orgApplies.applicantUserId),
        ne(orgApplies.applicantUserId, session.userId),
      );
  const visible = await loadVisibleDepartments(db, session);
  if (visible.allDepts) return notOwnAddition;
  return and(
    notOwnAddition,
    inArray(orgApplies.deptId, visible.deptIds.size > 0 ? [...visible.deptIds] : [-1]),
  );
}

function selectApplies(db: Db) {
  return db
    .select({
      apply: orgApplies,
      deptName: departments.name,
      roleName: roles.name,
      positionName: positions.name,
      applicantName: applicant.name,
      handlerName: handler.name,
    })
    .from(orgApplies)
    .leftJoin(departments, eq(departments.id, orgApplies.deptId))
    .leftJoin(roles, eq(roles.id, orgApplies.roleId))
    .leftJoin(positions, eq(positions.id, orgApplies.positionId))
    .leftJoin(applicant, eq(applicant.id, orgApplies.applicantUserId))
    .leftJoin(handler, eq(handler.id, orgApplies.handlerUserId));
}

type ApplyRow = Awaited<ReturnType<ReturnType<typeof selectApplies>['execute']>>[number];

function toApply(row: ApplyRow) {
  return {
    applyId: row.apply.id,
    name: row.apply.name,
    mobile: row.apply.mobile,
    deptId: row.apply.deptId ?? 0,
    deptName: row.deptName ?? '',
    roleId: row.apply.roleId,
    roleName: row.roleName,
    positionId: row.apply.positionId,
    positionName: row.positionName,
    source: row.apply.source === 2 ? (2 as const) : (1 as const),
    applicantUserId: row.apply.applicantUserId,
    applicantName: row.applicantName ?? '',
    state: row.apply.state as 1 | 2 | 3,
    rejectReason: row.apply.rejectReason,
    handlerName: row.handlerName,
    handleTime: row.apply.handledAt ? formatDateTime(row.apply.handledAt) : null,
    createTime: formatDateTime(row.apply.createdAt),
  };
}

function mine(session: Session): SQL | undefined {
  return and(
    inCompany(orgApplies, session.companyId),
    eq(orgApplies.source, 2),
    eq(orgApplies.applicantUserId, session.userId),
  );
}

export async function countApplies(db: Db, session: Session) {
  const reviewable = and(
    inCompany(orgApplies, session.companyId),
    eq(orgApplies.state, pending),
    await reviewableFilter(db, session),
  );
  const [[pendingRow], [mineRow]] = await Promise.all([
    db.select({ n: count() }).from(orgApplies).where(reviewable),
    db.select({ n: count() }).from(orgApplies).where(mine(session)),
  ]);
  return { pendingCount: pendingRow?.n ?? 0, myApplyCount: mineRow?.n ?? 0 };
}

export async function listPendingApplies(db: Db, session: Session, query: QueryOf<'pendingApplyList'>) {
  const text = query.keywords?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    inCompany(orgApplies, session.companyId),
    eq(orgApplies.state, pending),
    await reviewableFilter(db, session),
    pattern ? or(ilike(orgApplies.name, pattern), ilike(orgApplies.mobile, pattern)) : undefined,
  );
  const { limit, offset } = page(query);
  const [rows, [total]] = await Promise.all([
    selectApplies(db)
      .where(where)
      .orderBy(desc(orgApplies.createdAt), desc(orgApplies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orgApplies).where(where),
  ]);
  return { data: rows.map(toApply), total: total?.n ?? 0 };
}

export async function listMyApplies(db: Db, session: Session, query: QueryOf<'myApplyList'>) {
  const where = and(mine(session), query.state === undefined ? undefined : eq(orgApplies.state, query.state));
  const { limit, offset } = page(query);
  const [rows, [total]] = await Promise.all([
    selectApplies(db)
      .where(where)
      .orderBy(desc(orgApplies.createdAt), desc(orgApplies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orgApplies).where(where),
  ]);
  return { data: rows.map(toApply), total: total?.n ?? 0 };
}

async function findPendingApply(db: Db, session: Session, applyId: number) {
  const [row] = await db
    .select()
    .from(orgApplies)
    .where(and(eq(orgApplies.id, applyId), inCompany(orgApplies, session.companyId)))
    .limit(1);
  if (!row) throw notFound(applyMissing);
  if (row.state !== pending) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  if (row.source === 2 && row.applicantUserId === session.userId && !session.isManager)
    throw forbidden('不能审核自己添加的员工');
  return row;
}

export async function approveApply(db: Db, clock: Clock, session: Session, body: BodyOf<'applyApprove'>) {
  const visible = await requireOrgManagement(db, session);
  const apply = await findPendingApply(db, session, body.applyId);
  if (!visible.allDepts && (apply.deptId === null || !visible.deptIds.has(apply.deptId))) {
    throw notFound(applyMissing);
  }
  const deptId = body.deptId ?? apply.deptId;
  const roleId = body.roleId ?? apply.roleId;
  if (deptId === null) throw businessError('请选择部门');
  if (roleId === null) throw businessError('请选择角色');
  const positionId = body.positionId === undefined ? apply.positionId : body.positionId;
  await requirePlacement(db, session, visible, { deptId, roleId, positionId });
  await requireFreeMobile(db, session.companyId, apply.mobile);
  await requireFreeSeat(db, clock, session.companyId);
  return db.transaction(async (tx) => {
    const userId = await insertStaffMember(tx, session.companyId, {
      name: apply.name,
      mobile: apply.mobile,
      deptId,
      roleId,
      positionId,
      rankId: apply.rankId,
      sex: apply.sex ?? 0,
      entryDate: apply.entryDate,
    });
    const changed = await tx
      .update(orgApplies)
      .set({
        state: approved,
        deptId,
        roleId,
        positionId,
        userId,
        handlerUserId: session.userId,
        handledAt: clock.now(),
      })
      .where(and(eq(orgApplies.id, apply.id), eq(orgApplies.state, pending)))
      .returning({ id: orgApplies.id });
    if (changed.length === 0) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
    return { userId };
  });
}

export async function rejectApply(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'applyReject'>,
): Promise<void> {
  const visible = await requireOrgManagement(db, session);
  const apply = await findPendingApply(db, session, body.applyId);
  if (!visible.allDepts && (apply.deptId === null || !visible.deptIds.has(apply.deptId))) {
    throw notFound(applyMissing);
  }
  const changed = await db
    .update(orgApplies)
    .set({
      state: rejected,
      rejectReason: body.reason?.trim() || null,
      handlerUserId: session.userId,
      handledAt: clock.now(),
    })
    .where(and(eq(orgApplies.id, apply.id), eq(orgApplies.state, pending)))
    .returning({ id: orgApplies.id });
  if (changed.length === 0) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
}
