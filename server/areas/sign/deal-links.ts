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
import { businessError, forbidden } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { requireVisibleHouse } from '../housing/contract-deals';
import { requireVisibleCustomer } from '../customer/contract-deals';
import {
  checkDealLinks,
  dealRefs,
  takeBackDeal,
  writeDeal,
  type ContractDeal,
  type DealLinks,
} from '../deals/contract-deal';
import { ledgerContractsConcerning } from '../contract-ledger/contracts';
import { loadAuthSnapshot } from '../auth/auth-snapshot';
import type { ContractRow } from './access';
import { signApp } from './access';
import { SignAuth } from '../../../domain/auth-ids';
import { hasAuth, noPermissionMessage } from '../../../domain/permissions';
import { isRunningContract } from '../../../domain/sign-deal';
import { signStateNames, type SignState } from './states';

type DealContract = Pick<
  ContractRow,
  'id' | 'companyId' | 'contractNo' | 'contractType' | 'houseId' | 'customerId' | 'dealApplied' | 'content'
>;

function leaseEndOf(contract: DealContract): string | null {
  const transaction = (contract.content as { transaction?: { endDate?: unknown } }).transaction;
  return typeof transaction?.endDate === 'string' ? transaction.endDate : null;
}

const isDealKind = (type: number): type is 1 | 2 => type === 1 || type === 2;

/**
 * The listing and customer a submission names (checkDealLinks, server/areas/deals); a custom
 * contract (type 3) names no listing.
 */
export async function checkSignDealLinks(
  db: Db,
  session: Session,
  contractType: number,
  input: { houseId?: number | undefined; customerId?: number | undefined },
): Promise<DealLinks> {
  if (input.houseId !== undefined && !isDealKind(contractType)) throw businessError('自定义合同不能关联房源');
  if (isDealKind(contractType)) return checkDealLinks(db, session, contractType, input);
  return checkDealLinks(db, session, 1, { customerId: input.customerId });
}

const dealOf = (contract: DealContract & { contractType: 1 | 2 }): ContractDeal => ({
  companyId: contract.companyId,
  contractNo: contract.contractNo,
  kind: contract.contractType,
  houseId: contract.houseId,
  customerId: contract.customerId,
  leaseEnd: leaseEndOf(contract),
});

/** Writes the deal back once, when the contract has a listing or a customer. */
export async function applyDeal(
  tx: Db,
  clock: Clock,
  contract: DealContract,
  operatorUserId: number | null,
): Promise<void> {
  if (contract.dealApplied === 1 || !isDealKind(contract.contractType)) return;
  if (contract.houseId === null && contract.customerId === null) return;
  await writeDeal(tx, clock, dealOf({ ...contract, contractType: contract.contractType }), operatorUserId);
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
  await takeBackDeal(
    tx,
    clock,
    dealOf({ ...contract, contractType: contract.contractType }),
    { source: 1, contractId: contract.id },
    operatorUserId,
    '已作废',
  );
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
  return dealRefs(db, contract.companyId, contract);
}

async function signContractsConcerning(
  db: Db,
  session: Session,
  column: 'houseId' | 'customerId',
  id: number,
) {
  if (!hasAuth(await loadAuthSnapshot(db, session), signApp.appType, signApp.itemId, SignAuth.view))
    return null;
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
      source: 1 as const,
      contractId: row.id,
      contractNo: row.contractNo,
      boxName: row.boxName,
      contractType: row.contractType as 1 | 2 | 3,
      state: row.state,
      running: isRunningContract({ source: 1, contractType: row.contractType, state: row.state })
        ? (1 as const)
        : (0 as const),
      stateName: signStateNames[row.state as SignState],
      partyANames: row.partyANames,
      partyBNames: row.partyBNames,
      createTime: formatDateTime(row.createdAt),
    }));
}

/**
 * One list of the contracts concerning a listing or a customer: the sign contracts (查看签约) and the
 * ledger's (查看合同, its range), newest first; 403 when the user may see neither kind.
 */
async function contractsConcerning(
  db: Db,
  session: Session,
  link: { houseId: number } | { customerId: number },
) {
  const [signed, ledger] = await Promise.all([
    'houseId' in link
      ? signContractsConcerning(db, session, 'houseId', link.houseId)
      : signContractsConcerning(db, session, 'customerId', link.customerId),
    ledgerContractsConcerning(db, session, link),
  ]);
  if (signed === null && ledger === null) throw forbidden(noPermissionMessage);
  return (
    [...(signed ?? []), ...(ledger ?? [])]
      // createTime is YYYY-MM-DD HH:mm:ss (Beijing): its text order is its time order.
      .sort((a, b) => b.createTime.localeCompare(a.createTime) || b.contractId - a.contractId)
  );
}

/** houseContracts: the contracts concerning a listing the user sees. */
export async function listHouseContracts(db: Db, session: Session, houseId: number) {
  await requireVisibleHouse(db, session, houseId);
  return contractsConcerning(db, session, { houseId });
}

/** customerContracts: the contracts whose 乙方 is a customer the user sees. */
export async function listCustomerContracts(db: Db, session: Session, customerId: number) {
  await requireVisibleCustomer(db, session, customerId);
  return contractsConcerning(db, session, { customerId });
}
