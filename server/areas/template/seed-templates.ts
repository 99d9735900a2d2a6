/**
 * Gives a company the built-in template groups (常用模板 first, 其他模板 last) and the shipped sale
 * and rent templates. Idempotent: run for every new company and again by the demo seed. Templates
 * are copied into a company when it is created; refreshBuiltinTemplates (run at server start)
 * brings every company's built-in copies up to the shipped text.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signTemplateGroups, signTemplates } from '../../db/schema-sign';
import { builtinBodyFor, builtinTemplates } from './builtin-templates';

export const systemGroups = [
  { systemKey: 'common', name: '常用模板', sort: 0 },
  { systemKey: 'other', name: '其他模板', sort: 1000 },
] as const;

export async function ensureCompanyTemplates(db: Db, companyId: number): Promise<void> {
  await db
    .insert(signTemplateGroups)
    .values(systemGroups.map((group) => ({ companyId, ...group })))
    .onConflictDoNothing();
  const [common] = await db
    .select({ id: signTemplateGroups.id })
    .from(signTemplateGroups)
    .where(and(inCompany(signTemplateGroups, companyId), eq(signTemplateGroups.systemKey, 'common')));
  await db
    .insert(signTemplates)
    .values(
      builtinTemplates.map((template) => ({
        companyId,
        groupId: common!.id,
        name: template.name,
        type: template.type,
        builtinKey: template.builtinKey,
        state: 1,
        signingInitiateType: [1, 2],
        mainTitle: template.mainTitle,
        subTitle: template.subTitle,
        fields: template.fields,
        fieldSeq: template.fieldSeq,
        requireFlags: template.requireFlags,
        bodyHtml: template.bodyHtml,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Writes the shipped contract text into every company's built-in template (builtinKey sale / rent)
 * whose text differs: the text cannot be edited in the product, so an older copy simply gets the
 * new words — for the widget fields the copy still has as shipped (builtinBodyFor); the widget
 * fields, require switches and other settings the company may have changed are left as they are.
 * Idempotent; returns how many templates changed.
 */
export async function refreshBuiltinTemplates(db: Db): Promise<number> {
  const rows = await db
    .select({
      id: signTemplates.id,
      builtinKey: signTemplates.builtinKey,
      fields: signTemplates.fields,
      bodyHtml: signTemplates.bodyHtml,
    })
    .from(signTemplates)
    .where(isNotNull(signTemplates.builtinKey));
  let changed = 0;
  for (const row of rows) {
    const bodyHtml = builtinBodyFor(row.builtinKey, row.fields);
    if (bodyHtml === null || bodyHtml === row.bodyHtml) continue;
    await db
      .update(signTemplates)
      .set({ bodyHtml, updatedAt: sql`now()` })
      .where(eq(signTemplates.id, row.id));
    changed += 1;
  }
  return changed;
}
