/**
 * Pictures of a sign contract, filed by the company's picture categories (every company starts
 * with 身份证件, 房产证, 合同照片 and 收据). Saving a category's pictures replaces its whole list
 * (so a retry changes nothing more); the category list is saved whole as well, and a category
 * that still holds pictures cannot be removed.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { signPictureCategories, signPictures } from '../../db/schema-sign-extras';
import { ApiError, Codes, businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import type { ContractRow } from './access';
import { writeLog } from './operation-log';
import { checkPictureUrls } from './picture-urls';

export const defaultPictureCategories = ['身份证件', '房产证', '合同照片', '收据'] as const;

type CategoryRow = typeof signPictureCategories.$inferSelect;

async function readCategories(db: Db, companyId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(signPictureCategories)
    .where(inCompany(signPictureCategories, companyId))
    .orderBy(asc(signPictureCategories.sort), asc(signPictureCategories.id));
}

/** The company's categories; the defaults are written the first time anyone asks. */
async function ensureCategories(db: Db, companyId: number): Promise<CategoryRow[]> {
  const rows = await readCategories(db, companyId);
  if (rows.length) return rows;
  return db.transaction(async (tx) => {
    // One writer at a time per company: the company row is the lock.
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
    const again = await readCategories(tx, companyId);
    if (again.length) return again;
    await tx
      .insert(signPictureCategories)
      .values(defaultPictureCategories.map((name, sort) => ({ companyId, name, sort })));
    return readCategories(tx, companyId);
  });
}

async function countsOf(db: Db, contractId: number) {
  const rows = await db
    .select({ categoryId: signPictures.categoryId, n: count() })
    .from(signPictures)
    .where(eq(signPictures.contractId, contractId))
    .groupBy(signPictures.categoryId);
  return new Map(rows.map((row) => [row.categoryId, row.n]));
}

export async function listPictureCategories(db: Db, contract: ContractRow) {
  const categories = await ensureCategories(db, contract.companyId);
  const counts = await countsOf(db, contract.id);
  return categories.map((category) => ({
    categoryId: category.id,
    name: category.name,
    sort: category.sort,
    count: counts.get(category.id) ?? 0,
  }));
}

export async function listPictures(db: Db, contract: ContractRow, categoryId?: number) {
  const conditions = [inCompany(signPictures, contract.companyId), eq(signPictures.contractId, contract.id)];
  if (categoryId !== undefined) conditions.push(eq(signPictures.categoryId, categoryId));
  const rows = await db
    .select({ picture: signPictures, uploaderName: users.name, categorySort: signPictureCategories.sort })
    .from(signPictures)
    .innerJoin(signPictureCategories, eq(signPictureCategories.id, signPictures.categoryId))
    .leftJoin(users, eq(users.id, signPictures.uploaderUserId))
    .where(and(...conditions))
    .orderBy(
      asc(signPictureCategories.sort),
      asc(signPictures.categoryId),
      asc(signPictures.sort),
      asc(signPictures.id),
    );
  return rows.map(({ picture, uploaderName }) => ({
    pictureId: picture.id,
    categoryId: picture.categoryId,
    url: picture.url,
    name: null,
    uploaderName: uploaderName ?? null,
    createTime: formatDateTime(picture.createdAt),
  }));
}

/** Replaces the pictures of one category: kept ones stay (with their uploader), new ones are added, the rest go. */
export async function savePictures(
  db: Db,
  files: FileStorage,
  session: Session,
  contract: ContractRow,
  body: BodyOf<'signPictrueUpdateV2'>,
  now: Date,
) {
  const categories = await ensureCategories(db, session.companyId);
  const category = categories.find((candidate) => candidate.id === body.categoryId);
  if (!category) throw businessError('图片分类（categoryId）不存在，请刷新后重试');
  const urls = await checkPictureUrls(files, body.pictures, { label: '图片', key: 'pictures' });
  await db.transaction(async (tx) => {
    const inCategory = and(
      inCompany(signPictures, session.companyId),
      eq(signPictures.contractId, contract.id),
      eq(signPictures.categoryId, category.id),
    );
    // Concurrent saves of one category queue on the contract row.
    await tx.execute(sql`select id from sign_contracts where id = ${contract.id} for update`);
    const existing = await tx.select().from(signPictures).where(inCategory);
    const kept = new Map(existing.filter((row) => urls.includes(row.url)).map((row) => [row.url, row]));
    const removed = existing.filter((row) => !urls.includes(row.url)).map((row) => row.id);
    if (removed.length) await tx.delete(signPictures).where(inArray(signPictures.id, removed));
    for (const [sort, url] of urls.entries()) {
      const row = kept.get(url);
      if (row) {
        if (row.sort !== sort) await tx.update(signPictures).set({ sort }).where(eq(signPictures.id, row.id));
      } else {
        await tx.insert(signPictures).values({
          companyId: session.companyId,
          contractId: contract.id,
          categoryId: category.id,
          url,
          uploaderUserId: session.userId,
          sort,
          createdAt: now,
        });
      }
    }
    const added = urls.length - kept.size;
    if (added || removed.length)
      await writeLog(tx, {
        companyId: session.companyId,
        contractId: contract.id,
        action: '更新图片',
        content: `${category.name}：新增 ${added} 张，删除 ${removed.length} 张，现有 ${urls.length} 张`,
        operatorUserId: session.userId,
        at: now,
      });
  });
  return listPictures(db, contract, category.id);
}

/** Saves the whole category list: with categoryId renamed or moved, without it new, unlisted ones removed. */
export async function saveCategories(db: Db, session: Session, body: BodyOf<'signPictrueCategoryUpdateV2'>) {
  const names = new Set<string>();
  for (const [index, item] of body.categories.entries()) {
    const name = item.name.trim();
    if (!name) throw businessError(`第 ${index + 1} 个分类名称（name）不能为空`);
    if (names.has(name)) throw businessError(`分类名称（name）不能重复：${name}`);
    names.add(name);
  }
  await ensureCategories(db, session.companyId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from companies where id = ${session.companyId} for update`);
    const current = await readCategories(tx, session.companyId);
    const currentIds = new Set(current.map((category) => category.id));
    for (const item of body.categories)
      if (item.categoryId !== undefined && !currentIds.has(item.categoryId))
        throw businessError(`分类（categoryId ${item.categoryId}）不存在，请刷新后重试`);
    const keptIds = body.categories.flatMap((item) =>
      item.categoryId === undefined ? [] : [item.categoryId],
    );
    const removedIds = [...currentIds].filter((id) => !keptIds.includes(id));
    if (removedIds.length) {
      const [used] = await tx
        .select({ n: count() })
        .from(signPictures)
        .where(and(inCompany(signPictures, session.companyId), inArray(signPictures.categoryId, removedIds)));
      if ((used?.n ?? 0) > 0) {
        const usedNames = current.filter((category) => removedIds.includes(category.id)).map((c) => c.name);
        throw new ApiError(Codes.stateConflict, `分类下还有图片，不能删除：${usedNames.join('、')}`);
      }
      await tx
        .delete(signPictureCategories)
        .where(
          and(
            inCompany(signPictureCategories, session.companyId),
            inArray(signPictureCategories.id, removedIds),
          ),
        );
    }
    for (const item of body.categories) {
      const name = item.name.trim();
      if (item.categoryId === undefined) {
        await tx
          .insert(signPictureCategories)
          .values({ companyId: session.companyId, name, sort: item.sort });
      } else {
        await tx
          .update(signPictureCategories)
          .set({ name, sort: item.sort })
          .where(
            and(
              inCompany(signPictureCategories, session.companyId),
              eq(signPictureCategories.id, item.categoryId),
            ),
          );
      }
    }
  });
  const categories = await readCategories(db, session.companyId);
  const used = await db
    .select({ categoryId: signPictures.categoryId, n: count() })
    .from(signPictures)
    .where(inCompany(signPictures, session.companyId))
    .groupBy(signPictures.categoryId);
  const counts = new Map(used.map((row) => [row.categoryId, row.n]));
  // Without a contract, count is the company's pictures in the category (a category in use cannot be removed).
  return categories.map((category) => ({
    categoryId: category.id,
    name: category.name,
    sort: category.sort,
    count: counts.get(category.id) ?? 0,
  }));
}
