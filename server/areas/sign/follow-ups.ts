/**
 * Follow-ups of a sign contract (签约跟进): a category of the company's list, a text and up to
 * nine uploaded pictures, newest first, 15 per page. The categories are the company's own; every
 * company starts with 电话沟通, 面谈, 资料补充 and 其他. A retried submission with the same
 * requestId answers the follow-up it already made.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { departments, users } from '../../db/schema';
import { signFollowUpCategories, signFollowUps } from '../../db/schema-sign-extras';
import { businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import type { ContractRow } from './access';
import { checkPictureUrls } from './picture-urls';

export const defaultFollowUpCategories = ['电话沟通', '面谈', '资料补充', '其他'] as const;

export async function listFollowUpCategories(db: Db, companyId: number) {
  const read = () =>
    db
      .select({ categoryId: signFollowUpCategories.id, name: signFollowUpCategories.name })
      .from(signFollowUpCategories)
      .where(inCompany(signFollowUpCategories, companyId))
      .orderBy(asc(signFollowUpCategories.sort), asc(signFollowUpCategories.id));
  const rows = await read();
  if (rows.length) return rows;
  await db
    .insert(signFollowUpCategories)
    .values(defaultFollowUpCategories.map((name, sort) => ({ companyId, name, sort })))
    .onConflictDoNothing();
  return read();
}

type FollowUpBody = BodyOf<'signfollowUp'>;

export async function addFollowUp(
  db: Db,
  files: FileStorage,
  session: Session,
  contract: ContractRow,
  body: FollowUpBody,
  now: Date,
): Promise<{ followId: number }> {
  const content = body.content.trim();
  if (!content) throw businessError('请输入跟进内容（content）');
  const categories = await listFollowUpCategories(db, session.companyId);
  if (!categories.some((category) => category.categoryId === body.categoryId))
    throw businessError('跟进类型（categoryId）不存在，请重新选择');
  const pictures = await checkPictureUrls(files, body.pictures ?? [], { label: '跟进图片', key: 'pictures' });
  const mine = (requestId: string) =>
    and(
      inCompany(signFollowUps, session.companyId),
      eq(signFollowUps.operatorUserId, session.userId),
      eq(signFollowUps.requestId, requestId),
    );
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(signFollowUps)
      .values({
        companyId: session.companyId,
        contractId: contract.id,
        categoryId: body.categoryId,
        content,
        pictures,
        operatorUserId: session.userId,
        requestId: body.requestId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ followId: signFollowUps.id });
    if (inserted) return inserted;
    // Only a requestId can conflict: the same request came before.
    const [existing] = await tx
      .select({ followId: signFollowUps.id, contractId: signFollowUps.contractId })
      .from(signFollowUps)
      .where(mine(body.requestId ?? ''));
    if (!existing || existing.contractId !== contract.id)
      throw businessError('请求编号（requestId）已用于其他跟进，请刷新后重试');
    return { followId: existing.followId };
  });
}

export async function listFollowUps(
  db: Db,
  contract: ContractRow,
  query: { categoryId?: number; pageindex?: number; pagesize?: number },
) {
  const conditions = [
    inCompany(signFollowUps, contract.companyId),
    eq(signFollowUps.contractId, contract.id),
  ];
  if (query.categoryId !== undefined) conditions.push(eq(signFollowUps.categoryId, query.categoryId));
  const where = and(...conditions);
  const size = query.pagesize ?? 15;
  const index = query.pageindex ?? 1;
  const [total] = await db.select({ n: count() }).from(signFollowUps).where(where);
  const rows = await db
    .select({
      followUp: signFollowUps,
      categoryName: signFollowUpCategories.name,
      operatorName: users.name,
      deptId: users.deptId,
      deptName: departments.name,
    })
    .from(signFollowUps)
    .innerJoin(signFollowUpCategories, eq(signFollowUpCategories.id, signFollowUps.categoryId))
    .innerJoin(users, eq(users.id, signFollowUps.operatorUserId))
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(where)
    .orderBy(desc(signFollowUps.createdAt), desc(signFollowUps.id))
    .limit(size)
    .offset((index - 1) * size);
  return {
    data: rows.map((row) => ({
      followId: row.followUp.id,
      contractId: row.followUp.contractId,
      categoryId: row.followUp.categoryId,
      categoryName: row.categoryName,
      content: row.followUp.content,
      pictures: row.followUp.pictures,
      operator: {
        userId: row.followUp.operatorUserId,
        name: row.operatorName,
        deptId: row.deptId,
        deptName: row.deptName,
      },
      createTime: formatDateTime(row.followUp.createdAt),
    })),
    total: total?.n ?? 0,
  };
}
