/**
 * The contract ledger (001 section 7 "Contracts"): sale and rent contracts with the seed's search
 * (keyword by community, contract number, phone, party name; signatory; entry time; state; tags;
 * sort by signing date; 15 per page), detail, pictures, soft delete, and recording a contract.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import { pageTotal, totalColumn } from '../../db/paging';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { departments, users } from '../../db/schema';
import {
  ledgerContractTags,
  ledgerContracts,
  ledgerPictures,
  ledgerStateRecords,
  ledgerStateRequests,
  ledgerTags,
} from '../../db/schema-contract';
import { ApiError, Codes, Messages, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import type { components } from '../../../openapi/generated/api';
import { formatDateTime } from '../../format';
import {
  deletableRentStates,
  deletableSaleStates,
  type RentState,
  type SaleState,
} from '../../../machines/contract-states';
import { hasAuth } from '../../../domain/permissions';
import { isLedgerDeal, isRunningContract } from '../../../domain/sign-deal';
import { loadAuthSnapshot } from '../auth/auth-snapshot';
import { dealRefs, takeBackDeal } from '../deals/contract-deal';
import { findPendingApproval } from '../oa/instances';
import { loadHierarchy, subtreeIds } from '../org/department-scope';
import { requireContractAuth, visibleContracts } from './scope';
import { ContractAuth } from '../../../domain/auth-ids';
import { ledgerStateNaming } from '../contract-settings/settings';

export const contractMissing = '合同不存在或已被删除';

export type LedgerType = 1 | 2;
export const subjectKinds: Record<LedgerType, string> = { 1: 'ledger-sale', 2: 'ledger-rent' };

type ContractRow = typeof ledgerContracts.$inferSelect;
type SearchBody = BodyOf<'contractSalePosts'> | BodyOf<'contractRentPosts'>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** Finds a contract of the company that the user may see, or 404. */
export async function findVisibleContract(
  db: Db,
  session: Session,
  type: LedgerType,
  contractId: number,
): Promise<ContractRow> {
  const scope = await visibleContracts(db, session);
  const [row] = await db
    .select()
    .from(ledgerContracts)
    .where(
      and(
        eq(ledgerContracts.id, contractId),
        inCompany(ledgerContracts, session.companyId),
        eq(ledgerContracts.contractType, type),
        isNull(ledgerContracts.deletedAt),
        scope,
      ),
    );
  if (!row) throw notFound(contractMissing);
  return row;
}

async function searchConditions(
  db: Db,
  session: Session,
  type: LedgerType,
  body: SearchBody,
): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [
    inCompany(ledgerContracts, session.companyId),
    eq(ledgerContracts.contractType, type),
    isNull(ledgerContracts.deletedAt),
    await visibleContracts(db, session),
  ];
  const key = body.searchKey?.key.trim();
  if (body.searchKey && key) {
    const pattern = `%${escapeLike(key)}%`;
    const like = (column: AnyPgColumn) => sql`${column} ilike ${pattern}`;
    switch (body.searchKey.type) {
      case 1:
        conditions.push(like(ledgerContracts.houseName));
        break;
      case 2:
        conditions.push(like(ledgerContracts.contractNo));
        break;
      case 3:
        conditions.push(or(like(ledgerContracts.partyAPhone), like(ledgerContracts.partyBPhone)));
        break;
      case 4:
        conditions.push(or(like(ledgerContracts.partyAName), like(ledgerContracts.partyBName)));
        break;
    }
  }
  if (body.signatorySearch?.userId !== undefined)
    conditions.push(eq(ledgerContracts.userId, body.signatorySearch.userId));
  if (body.signatorySearch?.deptId !== undefined) {
    const ids = [...subtreeIds(await loadHierarchy(db, session.companyId), [body.signatorySearch.deptId])];
    conditions.push(ids.length > 0 ? inArray(ledgerContracts.deptId, ids) : sql`false`);
  }
  if (body.entryTime?.start) conditions.push(gte(ledgerContracts.entryTime, dayStart(body.entryTime.start)));
  if (body.entryTime?.end) {
    conditions.push(
      lt(ledgerContracts.entryTime, new Date(dayStart(body.entryTime.end).getTime() + 86_400_000)),
    );
  }
  if (body.state !== undefined) conditions.push(eq(ledgerContracts.state, body.state));
  for (const tagId of body.tags ?? []) {
    conditions.push(
      sql`exists (select 1 from ${ledgerContractTags} where ${ledgerContractTags.contractId} = ${ledgerContracts.id} and ${ledgerContractTags.tagId} = ${tagId})`,
    );
  }
  return and(...conditions);
}

/** What a list row shows, with its names, tags and picture count as joins and sub-selects. */
const listColumns = {
  id: ledgerContracts.id,
  contractNo: ledgerContracts.contractNo,
  houseInfo: ledgerContracts.houseInfo,
  signDate: ledgerContracts.signDate,
  entryTime: ledgerContracts.entryTime,
  userId: ledgerContracts.userId,
  deptId: ledgerContracts.deptId,
  signContractId: ledgerContracts.signContractId,
  partyAName: ledgerContracts.partyAName,
  partyAPhone: ledgerContracts.partyAPhone,
  partyBName: ledgerContracts.partyBName,
  partyBPhone: ledgerContracts.partyBPhone,
  state: ledgerContracts.state,
  transaction: ledgerContracts.transaction,
  rental: ledgerContracts.rental,
  userName: users.name,
  deptName: departments.name,
  tags: sql<
    { tagId: number; tagName: string }[]
  >`coalesce((select json_agg(json_build_object('tagId', ${ledgerTags.id}, 'tagName', ${ledgerTags.name}) order by ${ledgerTags.sort}, ${ledgerTags.id}) from ${ledgerContractTags} inner join ${ledgerTags} on ${ledgerTags.id} = ${ledgerContractTags.tagId} where ${ledgerContractTags.contractId} = ${ledgerContracts.id}), '[]'::json)`,
  pictureCount:
    sql<number>`(select count(*) from ${ledgerPictures} where ${ledgerPictures.contractId} = ${ledgerContracts.id})`.mapWith(
      Number,
    ),
};

function listSelect(db: Db, where: SQL | undefined) {
  return db
    .select({ ...listColumns, total: totalColumn(ledgerContracts, where) })
    .from(ledgerContracts)
    .leftJoin(users, eq(users.id, ledgerContracts.userId))
    .leftJoin(departments, eq(departments.id, ledgerContracts.deptId))
    .where(where);
}

type ListRow = Awaited<ReturnType<typeof listSelect>>[number];

function listItem(row: ListRow) {
  return {
    contractId: row.id,
    contractNo: row.contractNo,
    houseInfo: row.houseInfo,
    signDate: row.signDate,
    entryTime: formatDateTime(row.entryTime),
    userId: row.userId,
    userName: row.userName ?? '',
    deptId: row.deptId ?? 0,
    deptName: row.deptId ? (row.deptName ?? '') : '',
    tags: row.tags,
    signContractId: row.signContractId,
    partyAName: row.partyAName,
    partyAPhone: row.partyAPhone,
    partyBName: row.partyBName,
    partyBPhone: row.partyBPhone,
    pictureCount: row.pictureCount,
  };
}

/** The search's page with its total: one statement (server/db/paging.ts). */
async function searchPage(db: Db, session: Session, type: LedgerType, body: SearchBody) {
  const where = await searchConditions(db, session, type, body);
  const pageSize = body.pagesize ?? 15;
  const page = body.pageindex ?? 1;
  const order =
    body.sort === 2
      ? [asc(ledgerContracts.signDate), asc(ledgerContracts.id)]
      : [desc(ledgerContracts.signDate), desc(ledgerContracts.id)];
  const rows = await listSelect(db, where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await pageTotal(rows, page, async () => {
    const [counted] = await db.select({ n: count() }).from(ledgerContracts).where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
}

export async function listSaleContracts(db: Db, session: Session, body: BodyOf<'contractSalePosts'>) {
  const { rows, total } = await searchPage(db, session, 1, body);
  return {
    data: rows.map((row) => ({
      ...listItem(row),
      state: row.state as SaleState,
      transactionPrice: 'transactionPrice' in row.transaction ? row.transaction.transactionPrice : 0,
    })),
    total,
  };
}

export async function listRentContracts(db: Db, session: Session, body: BodyOf<'contractRentPosts'>) {
  const { rows, total } = await searchPage(db, session, 2, body);
  return {
    data: rows.map((row) => {
      const transaction = row.transaction as RentTransaction;
      return {
        ...listItem(row),
        state: row.state as RentState,
        monthlyRent: row.rental.monthlyRent ?? null,
        startDate: transaction.startDate,
        endDate: transaction.endDate,
      };
    }),
    total,
  };
}

async function readDetail(db: Db, session: Session, row: ContractRow) {
  const [listed] = await listSelect(db, eq(ledgerContracts.id, row.id));
  if (!listed) throw notFound(contractMissing);
  const records = await db
    .select({
      fromState: ledgerStateRecords.fromState,
      toState: ledgerStateRecords.toState,
      remark: ledgerStateRecords.remark,
      approvalId: ledgerStateRecords.approvalId,
      userName: users.name,
      createdAt: ledgerStateRecords.createdAt,
    })
    .from(ledgerStateRecords)
    .innerJoin(users, eq(users.id, ledgerStateRecords.userId))
    .where(and(eq(ledgerStateRecords.contractId, row.id), inCompany(ledgerStateRecords, session.companyId)))
    .orderBy(asc(ledgerStateRecords.createdAt), asc(ledgerStateRecords.id));
  const pending = await findPendingApproval(
    db,
    session.companyId,
    subjectKinds[row.contractType as LedgerType],
    row.id,
  );
  const {
    pictureCount: _count,
    partyAName: _a,
    partyAPhone: _ap,
    partyBName: _b,
    partyBPhone: _bp,
    ...common
  } = listItem(listed);
  return {
    ...common,
    parties: row.parties,
    rental: row.rental,
    terms: row.terms,
    bankinfo: row.bankinfo,
    furniture: row.furniture,
    remark: row.remark,
    ...(await dealRefs(db, session.companyId, { houseId: row.houseId, customerId: row.customerId })),
    stateRecords: records.map(({ createdAt, ...record }) => ({
      ...record,
      createTime: formatDateTime(createdAt),
    })),
    pendingApproval: pending
      ? {
          approvalId: pending.approvalId,
          oaItemId: pending.oaItemId,
          targetState: await pendingTarget(db, session.companyId, pending.approvalId, row.state),
          createTime: formatDateTime(pending.entryTime),
        }
      : null,
  };
}

async function pendingTarget(
  db: Db,
  companyId: number,
  approvalId: number,
  fallback: number,
): Promise<number> {
  const [request] = await db
    .select({ targetState: ledgerStateRequests.targetState })
    .from(ledgerStateRequests)
    .where(and(eq(ledgerStateRequests.approvalId, approvalId), inCompany(ledgerStateRequests, companyId)));
  return request?.targetState ?? fallback;
}

export async function readSaleContract(db: Db, session: Session, contractId: number) {
  const row = await findVisibleContract(db, session, 1, contractId);
  const detail = await readDetail(db, session, row);
  return { ...detail, state: row.state as SaleState, transaction: row.transaction as SaleTransaction };
}

export async function readRentContract(db: Db, session: Session, contractId: number) {
  const row = await findVisibleContract(db, session, 2, contractId);
  const detail = await readDetail(db, session, row);
  return { ...detail, state: row.state as RentState, transaction: row.transaction as RentTransaction };
}

type SaleTransaction = components['schemas']['ContractSaleTransaction'];
type RentTransaction = components['schemas']['ContractRentTransaction'];

export async function listPictures(
  db: Db,
  session: Session,
  query: { contractId: number; contractType: LedgerType },
) {
  await findVisibleContract(db, session, query.contractType, query.contractId);
  const rows = await db
    .select()
    .from(ledgerPictures)
    .where(and(eq(ledgerPictures.contractId, query.contractId), inCompany(ledgerPictures, session.companyId)))
    .orderBy(asc(ledgerPictures.createdAt), asc(ledgerPictures.id));
  return {
    data: rows.map((row) => ({
      pictureId: row.id,
      url: row.url,
      name: row.name,
      categoryName: row.categoryName,
      createTime: formatDateTime(row.createdAt),
    })),
    total: rows.length,
  };
}

export async function deleteContract(
  db: Db,
  session: Session,
  type: LedgerType,
  contractId: number,
  now: Date,
): Promise<void> {
  await requireContractAuth(db, session, ContractAuth.remove);
  await db.transaction(async (tx) => {
    const row = await findVisibleContract(tx, session, type, contractId);
    const deletable: readonly number[] = type === 1 ? deletableSaleStates : deletableRentStates;
    if (!deletable.includes(row.state)) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
    if (await findPendingApproval(tx, session.companyId, subjectKinds[type], row.id)) {
      throw new ApiError(Codes.stateConflict, '该合同有审批中的状态变更，不能删除');
    }
    const [deleted] = await tx
      .update(ledgerContracts)
      .set({ deletedAt: now })
      .where(
        and(
          eq(ledgerContracts.id, row.id),
          eq(ledgerContracts.state, row.state),
          isNull(ledgerContracts.deletedAt),
        ),
      )
      .returning({ id: ledgerContracts.id });
    if (!deleted) throw new ApiError(Codes.stateConflict, Messages.stateNotAllowed);
    // A 待办理 sale contract is still a deal: deleting it takes the deal back (issue 41).
    if ((row.houseId !== null || row.customerId !== null) && isLedgerDeal(type, row.state))
      await takeBackDeal(
        tx,
        { now: () => now },
        {
          companyId: row.companyId,
          contractNo: row.contractNo,
          kind: type,
          houseId: row.houseId,
          customerId: row.customerId,
          leaseEnd: null,
        },
        { source: 2, contractId: row.id },
        session.userId,
        '已删除',
      );
  });
}

/**
 * The ledger contracts concerning a listing or naming a customer as 乙方 (issue 41), as the listing's
 * and the customer's contract lists show them beside the sign contracts; only those the user's 查看合同
 * range shows, none without 查看合同. The caller checks that the listing or customer is visible.
 */
export async function ledgerContractsConcerning(
  db: Db,
  session: Session,
  link: { houseId: number } | { customerId: number },
) {
  if (
    !hasAuth(
      await loadAuthSnapshot(db, session),
      ContractAuth.appType,
      ContractAuth.itemId,
      ContractAuth.view,
    )
  )
    return null;
  const rows = await db
    .select()
    .from(ledgerContracts)
    .where(
      and(
        inCompany(ledgerContracts, session.companyId),
        'houseId' in link
          ? eq(ledgerContracts.houseId, link.houseId)
          : eq(ledgerContracts.customerId, link.customerId),
        isNull(ledgerContracts.deletedAt),
        await visibleContracts(db, session),
      ),
    )
    .orderBy(desc(ledgerContracts.entryTime), desc(ledgerContracts.id));
  const named = await ledgerStateNaming(db, session.companyId);
  return rows.map((row) => {
    const type = row.contractType as LedgerType;
    return {
      source: 2 as const,
      contractId: row.id,
      contractNo: row.contractNo,
      boxName: type === 1 ? '买卖合同台账' : '租赁合同台账',
      contractType: type,
      state: row.state,
      running: isRunningContract({ source: 2, contractType: type, state: row.state })
        ? (1 as const)
        : (0 as const),
      stateName: named(type, row.state),
      partyANames: row.partyAName,
      partyBNames: row.partyBName,
      createTime: formatDateTime(row.entryTime),
    };
  });
}
