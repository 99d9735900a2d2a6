/**
 * Category management (/app/getCategoryV2, updateCategoryV2): per company, app type and kind
 * (1 标签, 2 跟进方式, 3 图片分类, 4 客户来源). The built-in categories are created on first read and
 * cannot be renamed or deleted; the list is saved whole.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { appCategories } from '../../db/schema-house';
import { companyScope } from '../../db/company-scope';
import type { BodyOf, Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { requireAuth } from '../auth/require-auth';
import { followUpCategoryNames, pictureTypeNames } from '../../../domain/house-rules';

/** Built-in categories, by app type and kind. */
const builtIn: Record<string, string[]> = {
  '1:1': ['满五唯一', '满二', '近地铁', '学区房', '南北通透', '随时看房', '急售', '带车位', '拎包入住'],
  '1:2': Object.values(followUpCategoryNames).filter((name) => name !== '状态变更'),
  '1:3': Object.values(pictureTypeNames),
  '2:1': ['首次置业', '改善', '投资', '全款', '急需', '学区'],
  '2:2': ['普通跟进', '电话跟进', '带看', '面谈'],
  '2:4': ['门店接待', '电话咨询', '网络端口', '老客户介绍', '社区驻守', '其他'],
};

const tagColors = [
  '#E5484D',
  '#F76B15',
  '#30A46C',
  '#0090FF',
  '#8E4EC6',
  '#D6409F',
  '#12A594',
  '#978365',
  '#6E56CF',
];

async function ensureBuiltIn(db: Db, session: Session, appType: number, type: number): Promise<void> {
  const names = builtIn[`${appType}:${type}`];
  if (!names) return;
  const scope = companyScope(db, session.companyId);
  const existing = await db
    .select({ id: appCategories.id })
    .from(appCategories)
    .where(scope.where(appCategories, eq(appCategories.appType, appType), eq(appCategories.type, type)))
    .limit(1);
  if (existing.length > 0) return;
  for (const [sort, name] of names.entries()) {
    await scope.insert(appCategories, {
      appType,
      type,
      name,
      sort,
      isSystem: 1,
      color: type === 1 ? (tagColors[sort % tagColors.length] ?? null) : null,
    });
  }
}

export async function listCategories(db: Db, session: Session, appType: number, type?: number) {
  const kinds = type ? [type] : [1, 2, 3, 4];
  for (const kind of kinds) await ensureBuiltIn(db, session, appType, kind);
  const rows = await db
    .select()
    .from(appCategories)
    .where(
      companyScope(db, session.companyId).where(
        appCategories,
        eq(appCategories.appType, appType),
        inArray(appCategories.type, kinds),
      ),
    )
    .orderBy(asc(appCategories.type), asc(appCategories.sort), asc(appCategories.id));
  return rows.map((row) => ({
    categoryId: row.id,
    appType: row.appType as 1,
    type: row.type as 1 | 2 | 3 | 4,
    name: row.name,
    sort: row.sort,
    isSystem: row.isSystem as 0 | 1,
    color: row.color,
    useCount: 0,
  }));
}

export async function saveCategories(
  db: Db,
  session: Session,
  body: BodyOf<'updateCategoryV2'>,
): Promise<void> {
  await requireAuth(db, session, 88, 0, 8807);
  await ensureBuiltIn(db, session, body.appType, body.type);
  const scope = companyScope(db, session.companyId);
  const current = await db
    .select()
    .from(appCategories)
    .where(
      scope.where(appCategories, eq(appCategories.appType, body.appType), eq(appCategories.type, body.type)),
    );
  const byId = new Map(current.map((row) => [row.id, row]));
  const names = body.categories.map((category) => category.name.trim());
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw businessError(`分类名称「${repeated}」重复`);
  for (const category of body.categories) {
    if (category.categoryId === undefined) continue;
    const row = byId.get(category.categoryId);
    if (!row) throw businessError(`分类（categoryId ${category.categoryId}）不存在`);
    if (row.isSystem === 1 && row.name !== category.name.trim())
      throw businessError(`系统分类「${row.name}」不可改名`);
  }
  const kept = new Set(
    body.categories.map((category) => category.categoryId).filter((id) => id !== undefined),
  );
  const removedSystem = current.find((row) => row.isSystem === 1 && !kept.has(row.id));
  if (removedSystem) throw businessError(`系统分类「${removedSystem.name}」不可删除`);
  await db.transaction(async (tx) => {
    const txScope = companyScope(tx, session.companyId);
    const removed = current.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (removed.length > 0) await txScope.delete(appCategories, inArray(appCategories.id, removed));
    for (const category of body.categories) {
      const values = { name: category.name.trim(), sort: category.sort, color: category.color ?? null };
      if (category.categoryId === undefined) {
        await txScope.insert(appCategories, {
          ...values,
          appType: body.appType,
          type: body.type,
          isSystem: 0,
        });
      } else {
        await txScope.update(appCategories, values, eq(appCategories.id, category.categoryId));
      }
    }
  });
}

/** Tag names of a listing, in the company's order; unknown ids are skipped. */
export async function tagNames(db: Db, session: Session, appType: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: appCategories.id, name: appCategories.name })
    .from(appCategories)
    .where(
      and(
        companyScope(db, session.companyId).where(appCategories, eq(appCategories.appType, appType)),
        eq(appCategories.type, 1),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.name]));
}
