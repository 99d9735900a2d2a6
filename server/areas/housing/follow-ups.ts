/**
 * Listing follow-ups: writing one (housingfollowUp; it also lifts 4001001 and restarts the private
 * pool's countdown), the list by category (getHousingfollowUp, /app/getFollowUp) with counts
 * (housingfollowUpCategory), and deleting one (/app/followUpDel: the author, or 删除跟进).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { houseFollowUps, houses } from '../../db/schema-house';
import { companyScope, inCompany } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import type { BodyOf, HandlerContext, QueryOf, Session } from '../../contract/types';
import { businessError, forbidden, notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { checkPictureUrls } from '../sign/picture-urls';
import { RecordTypes } from './records';
import { writeRecord } from '../records/app-records';
import { findVisibleHouse, houseAccess, type HouseAccess } from './access';
import { HouseAuth } from '../../../domain/auth-ids';
import { followUpCategoryNames } from '../../../domain/house-rules';
import { noPermissionMessage } from '../../../domain/permissions';

export async function writeFollowUp(
  context: HandlerContext,
  session: Session,
  body: BodyOf<'housingfollowUp'>,
) {
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, body.houseId);
  const content = body.content.trim();
  if (!content) throw businessError('请输入跟进内容（content）');
  const pictures = await checkPictureUrls(context.files, body.pictures ?? [], {
    label: '跟进图片',
    key: 'pictures',
  });
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    const [row] = await scope
      .insert(houseFollowUps, {
        houseId: house.id,
        category: body.category,
        content,
        pictures,
        remindTime: body.remindTime ? new Date(body.remindTime) : null,
        userId: session.userId,
        createdAt: now,
      })
      .returning({ id: houseFollowUps.id });
    await scope.update(houses, { lastFollowUpAt: now }, eq(houses.id, house.id));
    return { followId: row!.id };
  });
}

/** A follow-up written by the server (state changes, pool moves), category 7 状态变更. */
export async function writeSystemFollowUp(
  db: Db,
  companyId: number,
  houseId: number,
  userId: number | null,
  content: string,
  now: Date,
): Promise<void> {
  await companyScope(db, companyId).insert(houseFollowUps, {
    houseId,
    category: 7,
    content,
    userId,
    createdAt: now,
  });
}

function deletable(access: HouseAccess, authorId: number | null): 0 | 1 {
  return authorId === access.session.userId || access.grants.has(HouseAuth.removeFollowUp) ? 1 : 0;
}

export async function listFollowUps(
  db: Db,
  session: Session,
  houseId: number,
  category: number,
  page: { index: number; size: number },
) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  const where = and(
    inCompany(houseFollowUps, session.companyId),
    eq(houseFollowUps.houseId, house.id),
    category ? eq(houseFollowUps.category, category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        followUp: houseFollowUps,
        userName: users.name,
        deptName: departments.name,
        faceUrl: users.faceUrl,
      })
      .from(houseFollowUps)
      .leftJoin(users, eq(users.id, houseFollowUps.userId))
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(where)
      .orderBy(desc(houseFollowUps.createdAt), desc(houseFollowUps.id))
      .limit(page.size)
      .offset((page.index - 1) * page.size),
    db.select({ total: count() }).from(houseFollowUps).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    house,
    rows: rows.map(({ followUp, userName, deptName, faceUrl }) => ({
      followId: followUp.id,
      houseId: followUp.houseId,
      category: followUp.category as 1,
      categoryName: followUpCategoryNames[followUp.category] ?? '跟进',
      content: followUp.content,
      pictures: followUp.pictures,
      remindTime: followUp.remindTime ? formatDateTime(followUp.remindTime) : null,
      userId: followUp.userId,
      userName: userName ?? '系统',
      deptName,
      faceUrl,
      customerName: followUp.customerName,
      deletable: deletable(access, followUp.userId),
      createTime: formatDateTime(followUp.createdAt),
    })),
  };
}

export async function followUpCategories(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  const rows = await db
    .select({ category: houseFollowUps.category, count: count() })
    .from(houseFollowUps)
    .where(and(inCompany(houseFollowUps, session.companyId), eq(houseFollowUps.houseId, house.id)))
    .groupBy(houseFollowUps.category);
  const counts = new Map(rows.map((row) => [row.category, row.count]));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return [
    { category: 0 as const, name: '全部', count: total },
    ...Object.entries(followUpCategoryNames).map(([category, name]) => ({
      category: Number(category) as 1,
      name,
      count: counts.get(Number(category)) ?? 0,
    })),
  ];
}

/** /app/getFollowUp: listings only for now (appType 1); customers and contracts come with their areas. */
export async function appFollowUps(db: Db, session: Session, query: QueryOf<'getFollowUp'>) {
  if (query.appType !== HouseAuth.appType) throw businessError('该应用的跟进请在其详情页查看');
  const size = query.size ?? 15;
  const page = query.page ?? 1;
  const result = await listFollowUps(db, session, query.itemId, 0, { index: page, size });
  if (query.itemType !== 0 && result.house.type !== query.itemType) throw notFound('房源不存在或已被删除');
  return {
    page,
    size,
    total: result.total,
    data: result.rows.map((row) => ({
      followId: row.followId,
      appType: 1 as const,
      itemType: result.house.type as 1 | 2,
      itemId: row.houseId,
      category: row.category,
      categoryName: row.categoryName,
      content: row.content,
      pictures: row.pictures,
      remindTime: row.remindTime,
      userId: row.userId,
      userName: row.userName,
      deptName: row.deptName,
      faceUrl: row.faceUrl,
      deletable: row.deletable,
      createTime: row.createTime,
    })),
  };
}

export async function deleteFollowUp(context: HandlerContext, session: Session, body: BodyOf<'followUpDel'>) {
  if (body.appType !== HouseAuth.appType) throw businessError('该应用的跟进请在其详情页删除');
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, body.itemId);
  const [followUp] = await context.db
    .select()
    .from(houseFollowUps)
    .where(
      and(
        inCompany(houseFollowUps, session.companyId),
        eq(houseFollowUps.id, body.followId),
        eq(houseFollowUps.houseId, house.id),
      ),
    );
  if (!followUp) throw notFound('跟进不存在或已被删除');
  if (deletable(access, followUp.userId) === 0) throw forbidden(noPermissionMessage);
  if (followUp.category === 7) throw businessError('系统写入的状态变更跟进不可删除');
  await context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    await scope.delete(houseFollowUps, eq(houseFollowUps.id, followUp.id));
    const [latest] = await tx
      .select({ at: sql<Date | null>`max(${houseFollowUps.createdAt})` })
      .from(houseFollowUps)
      .where(and(inCompany(houseFollowUps, session.companyId), eq(houseFollowUps.houseId, house.id)));
    await scope.update(
      houses,
      { lastFollowUpAt: latest?.at ? new Date(latest.at) : null },
      eq(houses.id, house.id),
    );
    await writeRecord(
      tx,
      context.clock,
      { companyId: session.companyId, userId: session.userId, ip: context.ip },
      {
        appType: HouseAuth.appType,
        itemId: house.id,
        type: RecordTypes.operation,
        content: `删除了一条${followUpCategoryNames[followUp.category] ?? '跟进'}：${followUp.content.slice(0, 40)}`,
      },
    );
  });
}
