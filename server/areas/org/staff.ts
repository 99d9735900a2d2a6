/**
 * Staff: lists (active and resigned, paged 15, limited to the departments the user sees), detail,
 * adding, editing, resignation and reinstatement. The mobile number is the login account, unique
 * across all companies. Changes need the manager flag or 组织架构管理 (8801).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { preparedPerDb } from '../../db/prepared';
import { departments, positions, roles, sessions, users } from '../../db/schema';
import { orgApplies, ranks, staffDetails } from '../../db/schema-org';
import { ApiError, Codes, Messages, businessError, forbidden, notFound } from '../../contract/envelope';
import type { BodyOf, QueryOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { formatDate, formatDateTime } from '../../format';
import { revokeUserSessions } from '../user/sessions';
import { readAccountSummary } from '../recharge/entitlements';
import { canSee, loadVisibleDepartments, subtreeIds, type VisibleDepartments } from './department-scope';
import { requireOrgManagement, requireVisibleDepartment } from './departments';
import { requireRank } from './ranks';
import { readManageSetting } from './manage-settings';
import { orderGroups, pageRun } from './staff-page';
import { storeManagerOf } from './store-manager';
import { countHandoverHouses, handOverHouses } from '../housing/contract-deals';
import { countHandoverCustomers, handOverCustomers } from '../customer/contract-deals';
import { handledSignContracts } from '../sign/handover';
import { handledLedgerContracts } from '../contract-ledger/handover';
import { countHandledContracts, handOverHandledContracts } from '../handover/handled-contracts';
import { countHandoverApprovals, handOverApprovals } from '../oa/handover';

const staffMissing = '员工不存在或已被删除';
const active = 1;
const resigned = 2;

const handover = alias(users, 'handover_user');

const staffColumns = {
  userId: users.id,
  name: users.name,
  mobile: users.userName,
  faceUrl: users.faceUrl,
  deptId: users.deptId,
  deptName: departments.name,
  roleId: users.roleId,
  roleName: roles.name,
  positionId: users.positionId,
  positionName: positions.name,
  rankId: staffDetails.rankId,
  rankName: ranks.name,
  status: users.status,
  isManager: users.isManager,
  entryDate: staffDetails.entryDate,
  createdAt: users.createdAt,
  sex: staffDetails.sex,
  resignDate: staffDetails.resignDate,
  resignReason: staffDetails.resignReason,
  handoverUserName: handover.name,
};

function selectStaff(db: Db) {
  return db
    .select(staffColumns)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.deptId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(staffDetails, eq(staffDetails.userId, users.id))
    .leftJoin(ranks, eq(ranks.id, staffDetails.rankId))
    .leftJoin(handover, eq(handover.id, staffDetails.handoverUserId));
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof selectStaff>['execute']>>[number];

function toStaff(row: Omit<StaffRow, 'sex' | 'resignDate' | 'resignReason' | 'handoverUserName'>) {
  return {
    userId: row.userId,
    name: row.name,
    mobile: row.mobile,
    faceUrl: row.faceUrl,
    deptId: row.deptId ?? 0,
    deptName: row.deptName ?? '',
    roleId: row.roleId,
    roleName: row.roleName,
    positionId: row.positionId,
    positionName: row.positionName,
    rankId: row.rankId,
    rankName: row.rankName,
    state: row.status === resigned ? (2 as const) : (1 as const),
    isManager: row.isManager ? (1 as const) : (0 as const),
    entryDate: row.entryDate,
    createTime: formatDateTime(row.createdAt),
  };
}

function toStaffDetail(row: StaffRow, lastLogin: Date | null) {
  return {
    ...toStaff(row),
    sex: (row.sex ?? 0) as 0 | 1 | 2,
    resignDate: row.resignDate,
    resignReason: row.resignReason,
    handoverUserName: row.handoverUserName,
    // Private listings and customers are counted once those areas keep attribution in this database.
    houseCount: 0,
    customerCount: 0,
    lastLoginTime: lastLogin ? formatDateTime(lastLogin) : null,
  };
}

function scopeFilter(visible: VisibleDepartments, deptId: number | undefined): SQL | undefined {
  if (deptId !== undefined) {
    requireVisibleDepartment(visible, deptId);
    const ids = [...subtreeIds(visible.hierarchy, [deptId])].filter((id) => canSee(visible, id));
    return inArray(users.deptId, ids);
  }
  if (visible.allDepts) return undefined;
  return inArray(users.deptId, visible.deptIds.size > 0 ? [...visible.deptIds] : [-1]);
}

function keywordFilter(key: number, keywords: string | undefined): SQL | undefined {
  const text = keywords?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (key === 1) return ilike(users.name, pattern);
  if (key === 2) return ilike(users.userName, pattern);
  return or(ilike(users.name, pattern), ilike(users.userName, pattern));
}

function page(query: { pageindex?: number; pagesize?: number }) {
  const size = query.pagesize ?? 15;
  return { limit: size, offset: ((query.pageindex ?? 1) - 1) * size };
}

/** Which departments' staff the list shows: the chosen department's visible subtree, or all the user sees. */
function shownDepartments(
  visible: VisibleDepartments,
  deptId: number | undefined,
): (id: number | null) => boolean {
  if (deptId !== undefined) {
    requireVisibleDepartment(visible, deptId);
    const ids = new Set([...subtreeIds(visible.hierarchy, [deptId])].filter((id) => canSee(visible, id)));
    return (id) => id !== null && ids.has(id);
  }
  if (visible.allDepts) return () => true;
  return (id) => id !== null && visible.deptIds.has(id);
}

/** The staff list's count without a keyword, its most frequent form: prepared once per database handle. */
const activeStaffPerDepartment = preparedPerDb((db) =>
  db
    .select({ deptId: users.deptId, n: count() })
    .from(users)
    .where(and(inCompany(users, sql.placeholder('companyId')), eq(users.status, active)))
    .groupBy(users.deptId)
    .prepare('active_staff_per_department'),
);

/**
 * Active staff in department order, a page and its total. The staff are counted per department (one
 * grouped count, read beside the hierarchy), the hierarchy orders the departments, and the page is read
 * from the run of departments it falls in (staff-page.ts): the company's staff are never sorted to find
 * fifteen of them. Department names come from the hierarchy; the other names are scalar subqueries (a
 * seven-table join took longer to plan than to run).
 */
export async function listStaff(db: Db, session: Session, query: QueryOf<'staffList'>) {
  const where = and(
    inCompany(users, session.companyId),
    eq(users.status, active),
    keywordFilter(query.key ?? 0, query.keywords),
  );
  const [visible, counted] = await Promise.all([
    loadVisibleDepartments(db, session),
    query.keywords?.trim()
      ? db.select({ deptId: users.deptId, n: count() }).from(users).where(where).groupBy(users.deptId)
      : activeStaffPerDepartment(db).execute({ companyId: session.companyId }),
  ]);
  const shown = shownDepartments(visible, query.deptId);
  const { hierarchy } = visible;
  const groups = orderGroups(
    hierarchy.rows.map((row) => row.id),
    counted.filter((group) => shown(group.deptId)),
  );
  const { limit, offset } = page(query);
  const { run, skip, total } = pageRun(groups, offset, limit);
  if (run.length === 0) return { data: [], total };
  const ids = run.filter((id): id is number => id !== null);
  const inRun = or(
    ids.length > 0 ? inArray(users.deptId, ids) : undefined,
    run.includes(null) ? isNull(users.deptId) : undefined,
  );
  const nameOf = (table: typeof roles | typeof positions | typeof ranks, id: SQL) =>
    sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${id})`;
  // array_position is null for staff without a department: last, as in the run.
  const runOrder =
    ids.length > 0
      ? sql`array_position(array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[], ${users.deptId})`
      : sql`1`;
  // The page's 15 people are chosen on users alone; their details and names are joined to those 15
  // (joined before the limit, the planner hashed every staff member's details; docs/performance.md).
  const chosen = db
    .select({
      id: users.id,
      name: users.name,
      userName: users.userName,
      faceUrl: users.faceUrl,
      deptId: users.deptId,
      roleId: users.roleId,
      positionId: users.positionId,
      status: users.status,
      isManager: users.isManager,
      createdAt: users.createdAt,
      runPosition: sql<number | null>`${runOrder}`.as('run_position'),
    })
    .from(users)
    .where(and(where, inRun))
    .orderBy(runOrder, asc(users.id))
    .limit(limit)
    .offset(skip)
    .as('chosen');
  const rows = await db
    .select({
      userId: chosen.id,
      name: chosen.name,
      mobile: chosen.userName,
      faceUrl: chosen.faceUrl,
      deptId: chosen.deptId,
      roleId: chosen.roleId,
      roleName: nameOf(roles, sql`${chosen.roleId}`),
      positionId: chosen.positionId,
      positionName: nameOf(positions, sql`${chosen.positionId}`),
      rankId: staffDetails.rankId,
      rankName: nameOf(ranks, sql`${staffDetails.rankId}`),
      status: chosen.status,
      isManager: chosen.isManager,
      entryDate: staffDetails.entryDate,
      createdAt: chosen.createdAt,
    })
    .from(chosen)
    .leftJoin(staffDetails, eq(staffDetails.userId, chosen.id))
    .orderBy(asc(chosen.runPosition), asc(chosen.id));
  const deptName = (id: number | null) => (id === null ? null : (hierarchy.byId.get(id)?.name ?? null));
  return { data: rows.map((row) => toStaff({ ...row, deptName: deptName(row.deptId) })), total };
}

export async function listResignedStaff(db: Db, session: Session, query: QueryOf<'resignedStaffList'>) {
  const visible = await loadVisibleDepartments(db, session);
  const where = and(
    inCompany(users, session.companyId),
    eq(users.status, resigned),
    scopeFilter(visible, query.deptId),
    keywordFilter(0, query.keywords),
  );
  const { limit, offset } = page(query);
  const [rows, [total]] = await Promise.all([
    selectStaff(db)
      .where(where)
      .orderBy(desc(staffDetails.resignedAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(users)
      .leftJoin(staffDetails, eq(staffDetails.userId, users.id))
      .where(where),
  ]);
  const lastLogins = await loadLastLogins(
    db,
    rows.map((row) => row.userId),
  );
  return {
    data: rows.map((row) => toStaffDetail(row, lastLogins.get(row.userId) ?? null)),
    total: total?.n ?? 0,
  };
}

async function loadLastLogins(db: Db, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: sessions.userId, last: max(sessions.createdAt) })
    .from(sessions)
    .where(inArray(sessions.userId, userIds))
    .groupBy(sessions.userId);
  return new Map(rows.filter((row) => row.last !== null).map((row) => [row.userId, row.last!]));
}

async function findStaff(db: Db, session: Session, userId: number): Promise<StaffRow> {
  const [row] = await selectStaff(db)
    .where(and(eq(users.id, userId), inCompany(users, session.companyId)))
    .limit(1);
  if (!row) throw notFound(staffMissing);
  return row;
}

export async function readStaffDetail(db: Db, session: Session, userId: number) {
  const row = await findStaff(db, session, userId);
  if (row.userId !== session.userId) {
    const visible = await loadVisibleDepartments(db, session);
    if (!canSee(visible, row.deptId)) throw forbidden();
  }
  const lastLogins = await loadLastLogins(db, [row.userId]);
  return toStaffDetail(row, lastLogins.get(row.userId) ?? null);
}

async function requireRole(db: Db, companyId: number, roleId: number): Promise<void> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), inCompany(roles, companyId)))
    .limit(1);
  if (!row) throw businessError('角色不存在，请重新选择');
}

async function requirePosition(
  db: Db,
  companyId: number,
  positionId: number | null | undefined,
): Promise<void> {
  if (positionId === null || positionId === undefined) return;
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.id, positionId), inCompany(positions, companyId)))
    .limit(1);
  if (!row) throw businessError('职位不存在，请重新选择');
}

/** The mobile is a login account: refuse one that is already taken, saying by whom. */
export async function requireFreeMobile(
  db: Db,
  companyId: number,
  mobile: string,
  selfId?: number,
): Promise<void> {
  const [holder] = await db
    .select({ id: users.id, companyId: users.companyId, status: users.status })
    .from(users)
    .where(eq(users.userName, mobile))
    .limit(1);
  if (!holder || holder.id === selfId) return;
  if (holder.companyId !== companyId) throw businessError('该手机号已注册其他公司的账号，不能添加');
  if (holder.status === active) throw businessError('该手机号已是本公司在职员工');
  throw businessError('该手机号是本公司离职员工，请在离职员工列表中办理复职');
}

/** One open application per mobile: a second one waits for nothing the first does not. */
export async function requireNoPendingApply(
  db: Db,
  companyId: number,
  mobile: string,
  message = '该手机号已有待审核的加入申请，请在 待处理的 中审核',
): Promise<void> {
  const [open] = await db
    .select({ id: orgApplies.id })
    .from(orgApplies)
    .where(and(inCompany(orgApplies, companyId), eq(orgApplies.mobile, mobile), eq(orgApplies.state, 1)))
    .limit(1);
  if (open) throw businessError(message);
}

/** A seat is free while the company's active staff are fewer than its package's accounts (406 otherwise). */
export async function requireFreeSeat(db: Db, clock: Clock, companyId: number): Promise<void> {
  const summary = await readAccountSummary(db, companyId, clock.now());
  if (summary.remainingCount <= 0)
    throw new ApiError(Codes.insufficientPackage, '账号席位已用完，请先增购账号');
}

export type NewStaffMember = {
  name: string;
  mobile: string;
  deptId: number;
  roleId: number;
  positionId?: number | null | undefined;
  sex?: number | undefined;
  entryDate?: string | null | undefined;
  rankId?: number | null | undefined;
};

/** Inserts an active staff member and its profile; call inside a transaction. */
export async function insertStaffMember(db: Db, companyId: number, member: NewStaffMember): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      userName: member.mobile,
      name: member.name,
      deptId: member.deptId,
      roleId: member.roleId,
      positionId: member.positionId ?? null,
    })
    .returning({ id: users.id });
  await db.insert(staffDetails).values({
    userId: row!.id,
    companyId,
    sex: member.sex ?? 0,
    entryDate: member.entryDate ?? null,
    rankId: member.rankId ?? null,
  });
  return row!.id;
}

/** Checks that the department (in the manager's scope), role and position belong to the company. */
export async function requirePlacement(
  db: Db,
  session: Session,
  visible: VisibleDepartments,
  placement: { deptId: number; roleId: number; positionId?: number | null | undefined },
): Promise<void> {
  requireVisibleDepartment(visible, placement.deptId);
  await requireRole(db, session.companyId, placement.roleId);
  await requirePosition(db, session.companyId, placement.positionId);
}

export async function addStaff(db: Db, clock: Clock, session: Session, body: BodyOf<'staffAdd'>) {
  const visible = await requireOrgManagement(db, session);
  await requirePlacement(db, session, visible, body);
  await requireRank(db, session.companyId, body.rankId);
  await requireFreeMobile(db, session.companyId, body.mobile);
  await requireNoPendingApply(db, session.companyId, body.mobile);
  const name = body.name.trim();
  if (name === '') throw businessError('姓名不能为空');
  const setting = await readManageSetting(db, session.companyId);
  if (setting.addStaffApprove === 1 && !session.isManager) {
    // 添加员工需审核: the addition waits as an application under the adder's 我添加的.
    const [row] = await db
      .insert(orgApplies)
      .values({
        companyId: session.companyId,
        source: 2,
        name,
        mobile: body.mobile,
        deptId: body.deptId,
        roleId: body.roleId,
        positionId: body.positionId ?? null,
        rankId: body.rankId ?? null,
        sex: body.sex ?? null,
        entryDate: body.entryDate ?? null,
        applicantUserId: session.userId,
        state: 1,
        createdAt: clock.now(),
      })
      .returning({ id: orgApplies.id });
    return { userId: null, applyId: row!.id };
  }
  await requireFreeSeat(db, clock, session.companyId);
  const userId = await db.transaction((tx) => insertStaffMember(tx, session.companyId, { ...body, name }));
  return { userId, applyId: null };
}

export async function editStaff(db: Db, session: Session, body: BodyOf<'staffEdit'>): Promise<void> {
  const visible = await requireOrgManagement(db, session);
  const target = await findStaff(db, session, body.userId);
  if (!canSee(visible, target.deptId)) throw forbidden();
  if (target.isManager && !session.isManager) throw forbidden();
  requireVisibleDepartment(visible, body.deptId);
  if (target.isManager && target.roleId !== null && target.roleId !== body.roleId) {
    throw new ApiError(Codes.stateConflict, '不能修改管理员的角色');
  }
  await requireRole(db, session.companyId, body.roleId);
  await requirePosition(db, session.companyId, body.positionId);
  await requireRank(db, session.companyId, body.rankId);
  await requireFreeMobile(db, session.companyId, body.mobile, target.userId);
  const name = body.name.trim();
  if (name === '') throw businessError('姓名不能为空');
  const details = { sex: body.sex ?? 0, entryDate: body.entryDate ?? null, rankId: body.rankId ?? null };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name,
        userName: body.mobile,
        deptId: body.deptId,
        roleId: target.isManager ? target.roleId : body.roleId,
        positionId: body.positionId ?? null,
      })
      .where(and(eq(users.id, target.userId), inCompany(users, session.companyId)));
    await tx
      .insert(staffDetails)
      .values({ userId: target.userId, companyId: session.companyId, ...details })
      .onConflictDoUpdate({ target: staffDetails.userId, set: details });
  });
}

/** Who receives a leaver's work: the 交接人, or without one the store manager of his store (approvals, contracts). */
async function handoverReceivers(
  db: Db,
  session: Session,
  leaver: { userId: number; deptId: number | null },
  handoverUserId: number | null,
) {
  const person = async (id: number) => {
    const [row] = await db
      .select({ id: users.id, name: users.name, deptId: users.deptId })
      .from(users)
      .where(and(eq(users.id, id), inCompany(users, session.companyId), eq(users.status, active)))
      .limit(1);
    return row ?? null;
  };
  if (handoverUserId !== null) {
    const receiver = await person(handoverUserId);
    if (!receiver || handoverUserId === leaver.userId) throw businessError('交接人须为本公司其他在职员工');
    return { receiver, fallback: receiver };
  }
  // Without a 交接人: listings and customers go to the public pools; contracts and approvals to the
  // store manager, or to the one who does the resignation when the store has none (or is the leaver).
  const manager = await storeManagerOf(db, session.companyId, leaver.deptId);
  const fallback = manager && manager.id !== leaver.userId ? manager : await person(session.userId);
  return { receiver: null, fallback };
}

/** What a resignation moves (the dialog shows it before it is confirmed). */
export async function previewResignation(db: Db, session: Session, query: QueryOf<'staffResignPreview'>) {
  const visible = await requireOrgManagement(db, session);
  const target = await findStaff(db, session, query.userId);
  if (!canSee(visible, target.deptId)) throw forbidden();
  const { receiver, fallback } = await handoverReceivers(db, session, target, query.handoverUserId ?? null);
  const [houseCount, customerCount, signContractCount, ledgerContractCount, approvalCount] =
    await Promise.all([
      countHandoverHouses(db, session.companyId, target.userId),
      countHandoverCustomers(db, session.companyId, target.userId),
      countHandledContracts(db, handledSignContracts, session.companyId, target.userId),
      countHandledContracts(db, handledLedgerContracts, session.companyId, target.userId),
      countHandoverApprovals(db, session.companyId, target.userId),
    ]);
  return {
    houseCount,
    customerCount,
    signContractCount,
    ledgerContractCount,
    approvalCount,
    receiverName: receiver?.name ?? null,
    fallbackName: fallback?.name ?? null,
  };
}

export async function resignStaff(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'staffResign'>,
  ip: string | null = null,
): Promise<void> {
  const visible = await requireOrgManagement(db, session);
  const target = await findStaff(db, session, body.userId);
  if (!canSee(visible, target.deptId)) throw forbidden();
  if (target.userId === session.userId) throw new ApiError(Codes.stateConflict, '不能给自己办理离职');
  if (target.isManager) throw new ApiError(Codes.stateConflict, '不能给管理员办理离职');
  if (target.status !== active) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  const handoverUserId = body.handoverUserId ?? null;
  const { receiver, fallback } = await handoverReceivers(db, session, target, handoverUserId);
  const now = clock.now();
  const details = {
    resignDate: body.resignDate ?? formatDate(now),
    resignedAt: now,
    resignReason: body.reason ?? null,
    handoverUserId,
  };
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ status: resigned })
      .where(and(eq(users.id, target.userId), inCompany(users, session.companyId), eq(users.status, active)))
      .returning({ id: users.id });
    if (changed.length === 0) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
    await tx
      .insert(staffDetails)
      .values({ userId: target.userId, companyId: session.companyId, ...details })
      .onConflictDoUpdate({ target: staffDetails.userId, set: details });
    // The leaver's work moves with the resignation, through each area's service (issue 41).
    const from = { id: target.userId, name: target.name };
    const who = { companyId: session.companyId, from, operatorUserId: session.userId, ip };
    await handOverHouses(tx, clock, { ...who, to: receiver });
    await handOverCustomers(tx, clock, { ...who, to: receiver });
    if (fallback) {
      await handOverHandledContracts(tx, clock, handledSignContracts, { ...who, to: fallback });
      await handOverHandledContracts(tx, clock, handledLedgerContracts, { ...who, to: fallback });
      await handOverApprovals(tx, session.companyId, target.userId, fallback.id);
    }
    await revokeUserSessions(tx, clock, target.userId);
  });
}

export async function reinstateStaff(
  db: Db,
  clock: Clock,
  session: Session,
  body: BodyOf<'staffReinstate'>,
): Promise<void> {
  const visible = await requireOrgManagement(db, session);
  const target = await findStaff(db, session, body.userId);
  if (target.status !== resigned) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
  await requirePlacement(db, session, visible, body);
  await requireFreeSeat(db, clock, session.companyId);
  const cleared = { resignDate: null, resignedAt: null, resignReason: null, handoverUserId: null };
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ status: active, deptId: body.deptId, roleId: body.roleId, positionId: body.positionId ?? null })
      .where(
        and(eq(users.id, target.userId), inCompany(users, session.companyId), eq(users.status, resigned)),
      )
      .returning({ id: users.id });
    if (changed.length === 0) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
    await tx
      .insert(staffDetails)
      .values({ userId: target.userId, companyId: session.companyId, ...cleared })
      .onConflictDoUpdate({ target: staffDetails.userId, set: cleared });
  });
}
