/**
 * Contract numbers: the template's prefix, the date period and a serial (001 section 3, template
 * settings). Unique in the company whatever the templates: the serial is counted per number scope
 * (prefix + period), shared by every template that numbers the same way, and a number already taken
 * (by a contract numbered before, or under another scope that happens to spell the same) is skipped.
 * Call inside the transaction that creates the contract.
 */
import { and, eq, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signContracts, signNumberSequences } from '../../db/schema-sign';
import { formatContractNo, numberPeriod } from '../template/template-settings';

type NumberedTemplate = Parameters<typeof formatContractNo>[0] & { companyId: number };

export async function allocateContractNo(db: Db, template: NumberedTemplate, now: Date): Promise<string> {
  const scope = `${template.numberPrefix}${numberPeriod(now, template.numberDate)}`;
  for (;;) {
    const [row] = await db
      .insert(signNumberSequences)
      .values({ companyId: template.companyId, scope, seq: 1 })
      .onConflictDoUpdate({
        target: [signNumberSequences.companyId, signNumberSequences.scope],
        set: { seq: sql`${signNumberSequences.seq} + 1` },
      })
      .returning({ seq: signNumberSequences.seq });
    const contractNo = formatContractNo(template, now, row!.seq);
    const [taken] = await db
      .select({ id: signContracts.id })
      .from(signContracts)
      .where(and(inCompany(signContracts, template.companyId), eq(signContracts.contractNo, contractNo)))
      .limit(1);
    if (!taken) return contractNo;
  }
}
