/**
 * What the signing area tells the deal module (server/areas/deals) when another contract's deal is
 * taken back (issue 41): which of its contracts still hold a listing or a customer as a deal — a
 * written deal (dealApplied) not deleted — so the listing stays 我售 / 我租 and the customer 成交.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { signContracts } from '../../db/schema-sign';

export type DealHolding = { column: 'houseId' | 'customerId'; id: number };

/** The numbers of the company's sign contracts whose deal still holds this listing or customer. */
export async function signDealsHolding(
  db: Db,
  companyId: number,
  holding: DealHolding,
  exceptContractId: number | null,
): Promise<string[]> {
  const rows = await db
    .select({ contractNo: signContracts.contractNo })
    .from(signContracts)
    .where(
      and(
        inCompany(signContracts, companyId),
        eq(signContracts[holding.column], holding.id),
        eq(signContracts.dealApplied, 1),
        isNull(signContracts.deletedAt),
        ...(exceptContractId === null ? [] : [ne(signContracts.id, exceptContractId)]),
      ),
    );
  return rows.map((row) => row.contractNo);
}
