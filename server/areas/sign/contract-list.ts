/** The sign list (signPosts): conditions, sort orders, list items and the counts per state (pageCount). */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { pageTotal, totalColumn } from '../../db/paging';
import type { Db } from '../../db/db';
import { departments, roles, users } from '../../db/schema';
import { signContracts, signSignatories, signTemplates } from '../../db/schema-sign';
import type { QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { loadHierarchy, subtreeIds } from '../org/department-scope';
import { requireSignAuth, viewScope, type ContractRow } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import type { AuthSnapshot } from '../../../domain/permissions';
// ---------------------------------------------------------------- list and counts

export type ListQuery = QueryOf<'signPosts'>;

export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

export async function listConditions(
  db: Db,
  session: Session,
  query: Omit<ListQuery, 'state' | 'sortField' | 'pageindex' | 'pagesize'>,
  snapshot?: AuthSnapshot,
) {
  const conditions: SQL[] = [
    inCompany(signContracts, session.companyId),
    isNull(signContracts.deletedAt),
    await viewScope(db, session, snapshot),
  ];
  if (query.key) {
    const like = `%${query.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(signContracts.searchText, like), ilike(signContracts.contractNo, like)) as SQL);
  }
  if (query.contractNo)
    conditions.push(
      ilike(signContracts.contractNo, `%${query.contractNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    );
  if (query.boxId !== undefined) conditions.push(eq(signContracts.templateId, query.boxId));
  if (query.boxGroupType !== undefined) conditions.push(eq(signContracts.contractType, query.boxGroupType));
  if (query.userId !== undefined) conditions.push(eq(signContracts.creatorUserId, query.userId));
  if (query.deptId !== undefined) {
    const ids = [...subtreeIds(await loadHierarchy(db, session.companyId), [query.deptId])];
    conditions.push(ids.length ? inArray(signContracts.deptId, ids) : sql`false`);
  }
  if (query.dateStart) conditions.push(gte(signContracts.createdAt, dayStart(query.dateStart)));
  if (query.dateEnd)
    conditions.push(
      lt(signContracts.createdAt, new Date(dayStart(query.dateEnd).getTime() + 24 * 3600 * 1000)),
    );
  return conditions;
}

export const sortOrders: Record<number, SQL[]> = {
  1: [sql`${signContracts.startTime} desc nulls last`, desc(signContracts.id)],
  2: [sql`${signContracts.startTime} asc nulls last`, asc(signContracts.id)],
  3: [desc(signContracts.createdAt), desc(signContracts.id)],
  4: [desc(signContracts.updatedAt), desc(signContracts.id)],
};

export async function listContracts(db: Db, session: Session, query: ListQuery) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const conditions = await listConditions(db, session, query, snapshot);
  const state = query.state ?? 7;
  if (state !== 0) conditions.push(eq(signContracts.state, state));
  const size = query.pagesize ?? 15;
  const index = query.pageindex ?? 1;
  const where = and(...conditions);
  // One statement: the page, its total (server/db/paging.ts) and each contract's signatory counts.
  const rows = await db
    .select({
      contract: listColumns,
      creatorName: users.name,
      deptName: departments.name,
      roleName: roles.name,
      display: {
        user: signTemplates.showUser,
        dept: signTemplates.showDept,
        role: signTemplates.showRole,
        sendtime: signTemplates.showSendtime,
        updatetime: signTemplates.showUpdatetime,
      },
      ...signatoryCountColumns,
      total: totalColumn(signContracts, where),
    })
    .from(signContracts)
    .innerJoin(users, eq(users.id, signContracts.creatorUserId))
    .leftJoin(departments, eq(departments.id, signContracts.deptId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(signTemplates, eq(signTemplates.id, signContracts.templateId))
    .where(where)
    .orderBy(...(sortOrders[query.sortField ?? 4] ?? sortOrders[4]!))
    .limit(size)
    .offset((index - 1) * size);
  const total = await pageTotal(rows, index, async () => {
    const [counted] = await db.select({ n: count() }).from(signContracts).where(where);
    return counted?.n ?? 0;
  });
  return {
    data: rows.map((row) => {
      const item = listItem(row.contract, { name: row.creatorName, deptName: row.deptName });
      return {
        ...item,
        creator: { ...item.creator, roleName: row.roleName },
        // The template's list display flags (模板管理 › 列表显示); all shown for a template gone since.
        display: displayOf(row.display),
        signedCount: row.signedCount,
        signerCount: row.signerCount,
      };
    }),
    total,
  };
}

type DisplayRow = Record<'user' | 'dept' | 'role' | 'sendtime' | 'updatetime', number>;

function displayOf(row: DisplayRow | null) {
  const flag = (value: number | undefined): 0 | 1 => (value === 0 ? 0 : 1);
  return {
    user: flag(row?.user),
    dept: flag(row?.dept),
    role: flag(row?.role),
    sendtime: flag(row?.sendtime),
    updatetime: flag(row?.updatetime),
  };
}

const signatories = (filter: SQL) =>
  sql<number>`(select count(*) from ${signSignatories} where ${signSignatories.contractId} = ${signContracts.id} and ${signSignatories.active} = 1 and ${filter})`.mapWith(
    Number,
  );

/** A list row's signatories (active) and how many of them signed, as sub-selects of its statement. */
export const signatoryCountColumns = {
  signerCount: signatories(sql`true`),
  signedCount: signatories(eq(signSignatories.signStatus, 1)),
};

export function houseInfoOfRow(contract: ContractRow) {
  return houseInfoOf(contract, contract.content['houseInfo']);
}

function houseInfoOf(
  contract: Pick<ContractRow, 'houseName' | 'houseBuilding' | 'houseRoomNo'>,
  houseInfo: unknown,
) {
  const info = (houseInfo ?? {}) as Record<string, unknown>;
  return {
    ...info,
    houseName: contract.houseName,
    houseBuilding: contract.houseBuilding,
    houseRoomNo: contract.houseRoomNo,
  };
}

/**
 * What a list row shows of a contract: its columns without the contract's whole content (a list of
 * 15 read and parsed every form's content only to show the house), of which only houseInfo.
 */
export const listColumns = {
  id: signContracts.id,
  contractNo: signContracts.contractNo,
  templateId: signContracts.templateId,
  boxName: signContracts.boxName,
  contractType: signContracts.contractType,
  state: signContracts.state,
  signatureType: signContracts.signatureType,
  houseName: signContracts.houseName,
  houseBuilding: signContracts.houseBuilding,
  houseRoomNo: signContracts.houseRoomNo,
  houseInfo: sql<unknown>`${signContracts.content}->'houseInfo'`,
  partyANames: signContracts.partyANames,
  partyBNames: signContracts.partyBNames,
  creatorUserId: signContracts.creatorUserId,
  deptId: signContracts.deptId,
  createdAt: signContracts.createdAt,
  startTime: signContracts.startTime,
  signTime: signContracts.signTime,
  updatedAt: signContracts.updatedAt,
};

export type ListRow = Pick<ContractRow, Exclude<keyof typeof listColumns, 'houseInfo'>> & {
  houseInfo: unknown;
};

/** A whole contract row as a list row. */
export function listRowOf(contract: ContractRow): ListRow {
  return { ...contract, houseInfo: contract.content['houseInfo'] };
}

export const at = (date: Date | null) => (date ? formatDateTime(date) : null);

export function listItem(contract: ListRow, creator: { name: string; deptName: string | null }) {
  return {
    contractId: contract.id,
    contractNo: contract.contractNo,
    boxId: contract.templateId,
    boxName: contract.boxName,
    contractType: contract.contractType as 1 | 2 | 3,
    state: contract.state as 1 | 2 | 3 | 4 | 6 | 7 | 8,
    signatureType: contract.signatureType as 1 | 2,
    houseInfo: houseInfoOf(contract, contract.houseInfo),
    partyANames: contract.partyANames,
    partyBNames: contract.partyBNames,
    creator: {
      userId: contract.creatorUserId,
      name: creator.name,
      deptId: contract.deptId,
      deptName: creator.deptName,
    },
    createTime: formatDateTime(contract.createdAt),
    startTime: at(contract.startTime),
    signTime: at(contract.signTime),
    updateTime: formatDateTime(contract.updatedAt),
  };
}

export async function countByState(db: Db, session: Session, query: QueryOf<'pageCount'>) {
  const snapshot = await requireSignAuth(db, session, SignAuth.view);
  const conditions = await listConditions(db, session, query, snapshot);
  const rows = await db
    .select({ state: signContracts.state, n: count() })
    .from(signContracts)
    .where(and(...conditions))
    .groupBy(signContracts.state);
  const byState = new Map(rows.map((row) => [row.state, row.n]));
  const states = [1, 2, 3, 4, 6, 7, 8] as const;
  return [
    { state: 0 as const, count: rows.reduce((sum, row) => sum + row.n, 0) },
    ...states.map((state) => ({ state, count: byState.get(state) ?? 0 })),
  ];
}
