/**
 * The contract's listing and customer (issue 41): checked when a contract names them, written back
 * when the contract becomes a deal and taken back when it is voided, always in the transaction of
 * the contract's own change (a failure anywhere leaves no half deal). The listing's and the
 * customer's areas do the writing through their services (STYLE 13).
 *
 * A template contract is a deal from the moment every party has signed (8 已签约) or it is completed
 * (6 已完成, also a paper contract); dealApplied keeps that the deal was written once. Voiding a
 * signed contract takes it back; revoking that void writes it again.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { signContracts } from '../../db/schema-sign';
import type { Clock } from '../../clock';
import type { Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import {
  applyHouseDeal,
  houseForContract,
  houseRefs,
  requireVisibleHouse,
  undoHouseDeal,
} from '../housing/contract-deals';
import {
  applyCustomerDeal,
  customerForContract,
  customerRefs,
  requireVisibleCustomer,
  undoCustomerDeal,
} from '../customer/contract-deals';
import type { ContractRow } from './access';
import { requireSignAuth } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import { signStateNames, type SignState } from './states';

export type DealLinks = { houseId: number | null; customerId: number | null };

/**
 * The listing and customer a submission names, checked with the submitter's session: another
 * company's or an unseen one answers 404 and nothing is written; a listing of the other kind 405.
 */
export async function checkDealLinks(
  db: Db,
  session: Session,
  contractType: number,
  input: { houseId?: number | undefined; customerId?: number | undefined },
): Promise<DealLinks> {
  if (input.houseId !== undefined) {
    if (contractType !== 1 && contractType !== 2) throw businessError('自定义合同不能关联房源');
    await houseForContract(db, session, input.houseId, contractType);
  }
  if (input.customerId !== undefined) await customerForContract(db, session, input.customerId);
  return { houseId: input.houseId ?? null, customerId: input.customerId ?? null };
}

type DealContract = Pick<
  ContractRow,
  'id' | 'companyId' | 'contractNo' | 'contractType' | 'houseId' | 'customerId' | 'dealApplied' | 'content'
>;

function leaseEndOf(contract: DealContract): string | null {
  const transaction = (contract.content as { transaction?: { endDate?: unknown } }).transaction;
  return typeof transaction?.endDate === 'string' ? transaction.endDate : null;
}

const isDealKind = (type: number): type is 1 | 2 => type === 1 || type === 2;

/** Writes the deal back once, when the contract has a listing or a customer. */
export async function applyDeal(
  tx: Db,
  clock: Clock,
  contract: DealContract,
  operatorUserId: number | null,
): Promise<void> {
  if (contract.dealApplied === 1 || !isDealKind(contract.contractType)) return;
  if (contract.houseId === null && contract.customerId === null) return;
  const who = { companyId: contract.companyId, userId: operatorUserId, ip: null };
  if (contract.houseId !== null)
    await applyHouseDeal(tx, clock, who, {
      houseId: contract.houseId,
      contractNo: contract.contractNo,
      kind: contract.contractType,
      leaseEnd: leaseEndOf(contract),
    });
  if (contract.customerId !== null)
    await applyCustomerDeal(tx, clock, who, {
      customerId: contract.customerId,
      contractNo: contract.contractNo,
    });
  await tx
    .update(signContracts)
    .set({ dealApplied: 1 })
    .where(and(eq(signContracts.id, contract.id), inCompany(signContracts, contract.companyId)));
}

/** Takes a written deal back (the contract is voided). */
export async function undoDeal(
  tx: Db,
  clock: Clock,
  contract: DealContract,
  operatorUserId: number | null,
): Promise<void> {
  if (contract.dealApplied !== 1 || !isDealKind(contract.contractType)) return;
  const who = { companyId: contract.companyId, userId: operatorUserId, ip: null };
  if (contract.houseId !== null)
    await undoHouseDeal(tx, clock, who, {
      houseId: contract.houseId,
      contractNo: contract.contractNo,
      kind: contract.contractType,
    });
  if (contract.customerId !== null)
    await undoCustomerDeal(tx, clock, who, {
      customerId: contract.customerId,
      contractNo: contract.contractNo,
    });
  await tx
    .update(signContracts)
    .set({ dealApplied: 0 })
    .where(and(eq(signContracts.id, contract.id), inCompany(signContracts, contract.companyId)));
}

/** The listing and customer of a contract, for its detail's links. */
export async function dealRefsOf(
  db: Db,
  contract: Pick<ContractRow, 'companyId' | 'houseId' | 'customerId'>,
) {
  const [houses, customers] = await Promise.all([
    houseRefs(db, contract.companyId, contract.houseId === null ? [] : [contract.houseId]),
    customerRefs(db, contract.companyId, contract.customerId === null ? [] : [contract.customerId]),
  ]);
  return {
    houseId: contract.houseId,
    customerId: contract.customerId,
    house: contract.houseId === null ? null : (houses.get(contract.houseId) ?? null),
    customer: contract.customerId === null ? null : (customers.get(contract.customerId) ?? null),
  };
}

async function contractsWhere(db: Db, session: Session, column: 'houseId' | 'customerId', id: number) {
  const rows = await db
    .select()
    .from(signContracts)
    .where(
      and(
        inCompany(signContracts, session.companyId),
        eq(signContracts[column], id),
        inArray(signContracts.state, [1, 2, 3, 4, 6, 7, 8]),
      ),
    )
    .orderBy(desc(signContracts.id));
  return rows
    .filter((row) => row.deletedAt === null)
    .map((row) => ({
      contractId: row.id,
      contractNo: row.contractNo,
      boxName: row.boxName,
      contractType: row.contractType as 1 | 2 | 3,
      state: row.state as SignState,
      stateName: signStateNames[row.state as SignState],
      partyANames: row.partyANames,
      partyBNames: row.partyBNames,
      createTime: formatDateTime(row.createdAt),
    }));
}

/** houseContracts: the contracts concerning a listing the user sees (查看签约 needed). */
export async function listHouseContracts(db: Db, session: Session, houseId: number) {
  await requireSignAuth(db, session, SignAuth.view);
  await requireVisibleHouse(db, session, houseId);
  return contractsWhere(db, session, 'houseId', houseId);
}

/** customerContracts: the contracts whose 乙方 is a customer the user sees. */
export async function listCustomerContracts(db: Db, session: Session, customerId: number) {
  await requireSignAuth(db, session, SignAuth.view);
  await requireVisibleCustomer(db, session, customerId);
  return contractsWhere(db, session, 'customerId', customerId);
}
