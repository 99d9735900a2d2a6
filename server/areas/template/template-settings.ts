/** Template settings: contract number rule, range, widget fields and required flags, list display settings. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { departments, roles } from '../../db/schema';
import { signTemplates, type StoredTemplateField } from '../../db/schema-sign';
import { businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { builtinBodyFor, standardField, standardFieldsByType } from './builtin-templates';
import { readSignSetting } from '../oa/flows';
import { normalizeWidgetFields } from '../../../domain/widget-fields';
import { type TemplateRow, contractTypeOf, findGroup, findTemplate } from './templates';
// ---------------------------------------------------------------- settings

export const datePattern: Record<number, string> = { 0: '', 1: 'YYYYMMDD', 2: 'YYYYMM', 3: 'YYYY' };
export const serialWidth: Record<number, number> = { 1: 4, 2: 5, 3: 6 };

/** The date part of a contract number in Beijing time (also the period its serial restarts in). */
export function numberPeriod(date: Date, dateStyle: number): string {
  const pattern = datePattern[dateStyle] ?? 'YYYYMMDD';
  if (!pattern) return '';
  const beijing = new Date(date.getTime() + 8 * 60 * 60 * 1000);
  const yyyy = String(beijing.getUTCFullYear());
  const mm = String(beijing.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(beijing.getUTCDate()).padStart(2, '0');
  return pattern.replace('YYYY', yyyy).replace('MM', mm).replace('DD', dd);
}

export function formatContractNo(
  template: Pick<TemplateRow, 'numberPrefix' | 'numberDate' | 'numberStyle'>,
  date: Date,
  serial: number,
) {
  return `${template.numberPrefix}${numberPeriod(date, template.numberDate)}${String(serial).padStart(serialWidth[template.numberStyle] ?? 4, '0')}`;
}

export async function readRange(db: Db, companyId: number, template: TemplateRow) {
  const dept = template.rangeDeptIds.length
    ? await db
        .select({ deptId: departments.id, deptName: departments.name })
        .from(departments)
        .where(and(inCompany(departments, companyId), inArray(departments.id, template.rangeDeptIds)))
    : [];
  const role = template.rangeRoleIds.length
    ? await db
        .select({ roleId: roles.id, roleName: roles.name })
        .from(roles)
        .where(and(inCompany(roles, companyId), inArray(roles.id, template.rangeRoleIds)))
    : [];
  return { dept, role };
}

export async function readTemplateSettings(db: Db, session: Session, boxId: number, now: Date) {
  const companyId = session.companyId;
  const template = await findTemplate(db, companyId, boxId);
  return {
    boxId: template.id,
    boxName: template.name,
    groupId: template.groupId,
    signingInitiateType: template.signingInitiateType as (1 | 2)[],
    mobileShowStyle: template.mobileShowStyle as 1 | 2,
    contractNumber: {
      prefix: template.numberPrefix,
      date: template.numberDate as 0 | 1 | 2 | 3,
      numberStyle: template.numberStyle as 1 | 2 | 3,
      sample: formatContractNo(template, now, 1),
    },
    oaSetting: await readSignSetting(db, session, template.id),
    rangeSetting: await readRange(db, companyId, template),
  };
}

export async function saveTemplateSettings(db: Db, companyId: number, body: BodyOf<'templateSettings'>) {
  if (body.signingInitiateType.length === 0) throw businessError('请选择签约方式');
  await findTemplate(db, companyId, body.boxId);
  if (body.groupId !== undefined) await findGroup(db, companyId, body.groupId);
  await db
    .update(signTemplates)
    .set({
      signingInitiateType: [...new Set(body.signingInitiateType)].sort(),
      ...(body.mobileShowStyle !== undefined ? { mobileShowStyle: body.mobileShowStyle } : {}),
      ...(body.contractNumber?.prefix !== undefined ? { numberPrefix: body.contractNumber.prefix } : {}),
      ...(body.contractNumber?.date !== undefined ? { numberDate: body.contractNumber.date } : {}),
      ...(body.contractNumber?.numberStyle !== undefined
        ? { numberStyle: body.contractNumber.numberStyle }
        : {}),
      ...(body.groupId !== undefined ? { groupId: body.groupId } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(signTemplates.id, body.boxId), inCompany(signTemplates, companyId)));
}

export async function saveTemplateRange(db: Db, companyId: number, body: BodyOf<'templateRangeSetting'>) {
  await findTemplate(db, companyId, body.boxId);
  if (body.dept.length) {
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(inCompany(departments, companyId), inArray(departments.id, body.dept)));
    if (found.length !== new Set(body.dept).size) throw businessError('所选部门不存在');
  }
  if (body.role.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inCompany(roles, companyId), inArray(roles.id, body.role)));
    if (found.length !== new Set(body.role).size) throw businessError('所选角色不存在');
  }
  await db
    .update(signTemplates)
    .set({ rangeDeptIds: body.dept, rangeRoleIds: body.role, updatedAt: sql`now()` })
    .where(and(eq(signTemplates.id, body.boxId), inCompany(signTemplates, companyId)));
}

export function toTemplateField(field: StoredTemplateField) {
  return { ...field };
}

/** Every standard field of the template's type with its switch (1 required, 0 optional). */
export function requireFlagsOf(template: TemplateRow): Record<string, 0 | 1> {
  const flags: Record<string, 0 | 1> = {};
  for (const field of standardFieldsByType[contractTypeOf(template)]) {
    flags[field.path] = template.requireFlags[field.path] === 1 ? 1 : 0;
  }
  return flags;
}

export async function readCustomizeSettings(db: Db, companyId: number, boxId: number) {
  const template = await findTemplate(db, companyId, boxId);
  return {
    boxId: template.id,
    boxName: template.name,
    fieldsList: template.fields.map(toTemplateField),
    requireFlags: requireFlagsOf(template),
  };
}

export async function saveCustomizeSettings(
  db: Db,
  companyId: number,
  body: BodyOf<'templateCustomizeSettings'>,
) {
  await db.transaction(async (tx) => {
    const [template] = await tx
      .select()
      .from(signTemplates)
      .where(
        and(
          inCompany(signTemplates, companyId),
          eq(signTemplates.id, body.boxId),
          isNull(signTemplates.deletedAt),
        ),
      )
      .for('update');
    if (!template) throw notFound('合同模板不存在或已被删除');
    const normalized = normalizeWidgetFields(
      body.fieldsList,
      new Set(template.fields.map((f) => f.fieldName)),
      template.fieldSeq,
      '该模板',
    );
    if (!normalized.ok) throw businessError(normalized.problem);
    const { fields, nextSeq: seq } = normalized.value;
    const requireFlags = { ...template.requireFlags };
    for (const [path, value] of Object.entries(body.requireFlags ?? {})) {
      if (!standardField(contractTypeOf(template), path)) throw businessError(`${path} 不是该模板的标准字段`);
      requireFlags[path] = value;
    }
    // A built-in template's text writes only the widget fields it still has as shipped.
    const bodyHtml = builtinBodyFor(template.builtinKey, fields);
    await tx
      .update(signTemplates)
      .set({
        fields,
        fieldSeq: seq,
        requireFlags,
        ...(bodyHtml === null ? {} : { bodyHtml }),
        updatedAt: sql`now()`,
      })
      .where(eq(signTemplates.id, template.id));
  });
}

export async function readOtherSettings(db: Db, companyId: number, boxId: number) {
  const template = await findTemplate(db, companyId, boxId);
  return {
    boxId: template.id,
    mainTitle: template.mainTitle,
    subTitle: template.subTitle,
    user: template.showUser as 0 | 1,
    dept: template.showDept as 0 | 1,
    role: template.showRole as 0 | 1,
    sendtime: template.showSendtime as 0 | 1,
    updatetime: template.showUpdatetime as 0 | 1,
  };
}

export function isTemplateField(template: TemplateRow, name: string): boolean {
  return (
    standardField(contractTypeOf(template), name) !== undefined ||
    /^(partyA|partyB)\.name$/.test(name) ||
    template.fields.some((f) => f.fieldName === name)
  );
}

export async function saveOtherSettings(db: Db, companyId: number, body: BodyOf<'templateOtherSettings'>) {
  const template = await findTemplate(db, companyId, body.boxId);
  if (!isTemplateField(template, body.mainTitle)) throw businessError('主标题须选择该模板的字段');
  if (body.subTitle && !isTemplateField(template, body.subTitle))
    throw businessError('副标题须选择该模板的字段');
  await db
    .update(signTemplates)
    .set({
      mainTitle: body.mainTitle,
      subTitle: body.subTitle ?? null,
      showUser: body.user ?? 1,
      showDept: body.dept ?? 1,
      showRole: body.role ?? 1,
      showSendtime: body.sendtime ?? 1,
      showUpdatetime: body.updatetime ?? 1,
      updatedAt: sql`now()`,
    })
    .where(and(eq(signTemplates.id, template.id), inCompany(signTemplates, companyId)));
}

/** For sign.yaml templatePostsV2: usable templates with their group and initiation types. */
