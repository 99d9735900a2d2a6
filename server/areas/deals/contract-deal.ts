/**
 * A contract's deal, for both kinds of contract (issue 41): an online sign contract
 * (server/areas/sign/deal-links.ts) and a contract of the ledger (server/areas/contract-ledger). The
 * listing and the customer a contract names are checked with the caller's session when the contract
 * names them, the deal is written to them when the contract becomes a deal and taken back when it
 * stops being one, always in the transaction of the contract's own change and through the listing's
 * and the customer's services (STYLE 13), each change recorded with the contract named. A listing or
 * customer may be held by more than one deal (two contracts on one listing, of either kind): taking
 * one back leaves them dealt while another contract's deal still holds them, as each contract area
 * says (deal-holders.ts of the sign area and of the ledger).
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
  type ContractPurpose,
} from '../housing/contract-deals';
import {
  applyCustomerDeal,
  customerForContract,
  customerRefs,
  undoCustomerDeal,
} from '../customer/contract-deals';
import { signDealsHolding, type DealHolding } from '../sign/deal-holders';
import { ledgerDealsHolding } from '../contract-ledger/deal-holders';
import type { ContractSource } from '../../../domain/sign-deal';

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
 * company's or an unseen one answers 404 and nothing is written; a listing of the other kind 405,
 * worded for what is done (签 an online contract, 录入 a ledger contract).
 */
export async function checkDealLinks(
  db: Db,
  session: Session,
  kind: ContractKind,
  input: { houseId?: number | undefined; customerId?: number | undefined },
  purpose: ContractPurpose = 'sign',
): Promise<DealLinks> {
  if (input.houseId !== undefined) await houseForContract(db, session, input.houseId, kind, purpose);
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

/** Which contract's deal is taken back (1 在线签约, 2 合同台账): its own deal does not hold anything any more. */
export type DealContractRef = { source: ContractSource; contractId: number };

/** Whether another contract's deal, of either kind, still holds this listing or customer. */
async function isHeldByAnotherDeal(
  tx: Db,
  companyId: number,
  holding: DealHolding,
  self: DealContractRef,
): Promise<boolean> {
  const [signed, recorded] = await Promise.all([
    signDealsHolding(tx, companyId, holding, self.source === 1 ? self.contractId : null),
    ledgerDealsHolding(tx, companyId, holding, self.source === 2 ? self.contractId : null),
  ]);
  return signed.length + recorded.length > 0;
}

/**
 * The deal taken back: the listing 有效 again, the customer 未成交, each record saying how it ended —
 * except where another contract's deal still holds the listing or the customer.
 */
export async function takeBackDeal(
  tx: Db,
  clock: Clock,
  deal: ContractDeal,
  self: DealContractRef,
  operatorUserId: number | null,
  ended: DealEnd,
): Promise<void> {
  const who = { companyId: deal.companyId, userId: operatorUserId, ip: null };
  if (
    deal.houseId !== null &&
    !(await isHeldByAnotherDeal(tx, deal.companyId, { column: 'houseId', id: deal.houseId }, self))
  )
    await undoHouseDeal(tx, clock, who, {
      houseId: deal.houseId,
      contractNo: deal.contractNo,
      kind: deal.kind,
      ended,
    });
  if (
    deal.customerId !== null &&
    !(await isHeldByAnotherDeal(tx, deal.companyId, { column: 'customerId', id: deal.customerId }, self))
  )
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
