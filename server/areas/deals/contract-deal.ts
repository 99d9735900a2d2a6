/**
 * A contract's deal, for both kinds of contract (issue 41): an online sign contract
 * (server/areas/sign/deal-links.ts) and a contract of the ledger (server/areas/contract-ledger). The
 * listing and the customer a contract names are checked with the caller's session when the contract
 * names them, the deal is written to them when the contract becomes a deal and taken back when it
 * stops being one, always in the transaction of the contract's own change and through the listing's
 * and the customer's services (STYLE 13), each change recorded with the contract named.
 */
import type { Db } from '../../db/db';
import type { Clock } from '../../clock';
import type { Session } from '../../contract/types';
import {
  applyHouseDeal,
  houseForContract,
  houseRefs,
  undoHouseDeal,
  type ContractKind,
} from '../housing/contract-deals';
import {
  applyCustomerDeal,
  customerForContract,
  customerRefs,
  undoCustomerDeal,
} from '../customer/contract-deals';

export type DealLinks = { houseId: number | null; customerId: number | null };

export type ContractDeal = DealLinks & {
  companyId: number;
  contractNo: string;
  /** 1 买卖, 2 租赁 */
  kind: ContractKind;
  /** A lease's end date (YYYY-MM-DD), kept on the rented listing. */
  leaseEnd: string | null;
};

/** How a deal ended, as the listing's and the customer's records say it. */
export type DealEnd = '已作废' | '已解除' | '已删除';

/**
 * The listing and customer a new contract names, checked with its author's session: another
 * company's or an unseen one answers 404 and nothing is written; a listing of the other kind 405.
 */
export async function checkDealLinks(
  db: Db,
  session: Session,
  kind: ContractKind,
  input: { houseId?: number | undefined; customerId?: number | undefined },
): Promise<DealLinks> {
  if (input.houseId !== undefined) await houseForContract(db, session, input.houseId, kind);
  if (input.customerId !== undefined) await customerForContract(db, session, input.customerId);
  return { houseId: input.houseId ?? null, customerId: input.customerId ?? null };
}

/** The deal written: the listing 我售 / 我租 (a lease keeps its end), the customer 成交. */
export async function writeDeal(
  tx: Db,
  clock: Clock,
  deal: ContractDeal,
  operatorUserId: number | null,
): Promise<void> {
  const who = { companyId: deal.companyId, userId: operatorUserId, ip: null };
  if (deal.houseId !== null)
    await applyHouseDeal(tx, clock, who, {
      houseId: deal.houseId,
      contractNo: deal.contractNo,
      kind: deal.kind,
      leaseEnd: deal.leaseEnd,
    });
  if (deal.customerId !== null)
    await applyCustomerDeal(tx, clock, who, { customerId: deal.customerId, contractNo: deal.contractNo });
}

/** The deal taken back: the listing 有效 again, the customer 未成交, each record saying how it ended. */
export async function takeBackDeal(
  tx: Db,
  clock: Clock,
  deal: ContractDeal,
  operatorUserId: number | null,
  ended: DealEnd,
): Promise<void> {
  const who = { companyId: deal.companyId, userId: operatorUserId, ip: null };
  if (deal.houseId !== null)
    await undoHouseDeal(tx, clock, who, {
      houseId: deal.houseId,
      contractNo: deal.contractNo,
      kind: deal.kind,
      ended,
    });
  if (deal.customerId !== null)
    await undoCustomerDeal(tx, clock, who, {
      customerId: deal.customerId,
      contractNo: deal.contractNo,
      ended,
    });
}

/** The listing and customer of a contract, for its detail's links. */
export async function dealRefs(db: Db, companyId: number, links: DealLinks) {
  const [houses, customers] = await Promise.all([
    houseRefs(db, companyId, links.houseId === null ? [] : [links.houseId]),
    customerRefs(db, companyId, links.customerId === null ? [] : [links.customerId]),
  ]);
  return {
    houseId: links.houseId,
    customerId: links.customerId,
    house: links.houseId === null ? null : (houses.get(links.houseId) ?? null),
    customer: links.customerId === null ? null : (customers.get(links.customerId) ?? null),
  };
}
