/**
 * What the contract ledger tells the deal module (server/areas/deals) when another contract's deal is
 * taken back (issue 41): which of its contracts still hold a listing or a customer as a deal — a
 * recorded contract not deleted and not 作废 / 解除 (isLedgerDeal) — so the listing stays 我售 / 我租
 * and the customer 成交.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { ledgerContracts } from '../../db/schema-contract';
import { isLedgerDeal } from '../../../domain/sign-deal';

export type DealHolding = { column: 'houseId' | 'customerId'; id: number };

/** The numbers of the company's ledger contracts whose deal still holds this listing or customer. */
export async function ledgerDealsHolding(
  db: Db,
  companyId: number,
  holding: DealHolding,
  exceptContractId: number | null,
): Promise<string[]> {
  const rows = await db
    .select({
      contractNo: ledgerContracts.contractNo,
      contractType: ledgerContracts.contractType,
      state: ledgerContracts.state,
    })
    .from(ledgerContracts)
    .where(
      and(
        inCompany(ledgerContracts, companyId),
        eq(ledgerContracts[holding.column], holding.id),
        isNull(ledgerContracts.deletedAt),
        ...(exceptContractId === null ? [] : [ne(ledgerContracts.id, exceptContractId)]),
      ),
    );
  return rows
    .filter((row) => isLedgerDeal(row.contractType === 2 ? 2 : 1, row.state))
    .map((row) => row.contractNo);
}
