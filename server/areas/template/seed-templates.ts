/**
 * Gives a company the built-in template groups (常用模板 first, 其他模板 last) and the shipped sale
 * and rent templates. Idempotent: run for every new company and again by the demo seed.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signTemplateGroups, signTemplates } from '../../db/schema-sign';
import { builtinTemplates } from './builtin-templates';

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
    .where(and(eq(signTemplateGroups.companyId, companyId), eq(signTemplateGroups.systemKey, 'common')));
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
