/**
 * A company's community archive (小区档案) over the platform base: the list (communityPosts: the
 * platform communities of the company's open cities, with the company's house counts and whether it
 * has an archive), the archive with its buildings, creating or replacing it (companyCommunity),
 * deleting it (refused while the company has listings there), and its pictures.
 * 查看小区档案 (3/0/301) reads, 编辑小区档案 (302) writes.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { companyRow, inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { communityArchives, communityPictures, platformCommunities } from '../../db/schema-community';
import { businessError, forbidden, notFound } from '../../contract/envelope';
import type { BodyOf, QueryOf, Session } from '../../contract/types';
import type { Clock } from '../../clock';
import type { FileStorage } from '../../storage/files';
import { formatDateTime } from '../../format';
import { requireAuth } from '../auth/require-auth';
import { listOpenCities } from '../org/open-cities';
import { checkPictureUrls } from '../sign/picture-urls';
import { countHouses } from './house-counts';
import { districtName, findPlatformCommunity, platformSearch, toCommunityDetail } from './platform';
import { findCity } from '../regions/regions';
import { CommunityAuth } from '../../../domain/auth-ids';
import { archiveRefusal } from '../../../domain/estate-rules';
import { readEstateSetting } from './settings';

export const archiveNotFound = '本公司尚未建立该小区的档案';

async function requireCommunityAuth(db: Db, session: Session, authId: number): Promise<void> {
  await requireAuth(db, session, CommunityAuth.appType, CommunityAuth.itemId, authId);
}

/** What the estate settings allow a holder of 编辑小区档案: creating (archive null) or changing this archive. */
async function requireArchiveRight(
  db: Db,
  session: Session,
  archive: { createUserId: number | null } | null,
): Promise<void> {
  const setting = await readEstateSetting(db, session.companyId);
  const refusal = archiveRefusal(
    setting,
    { isManager: session.isManager, userId: session.userId, holdsEdit: true },
    archive,
  );
  if (refusal) throw forbidden(refusal);
}

async function openCityIds(db: Db, session: Session): Promise<number[]> {
  return (await listOpenCities(db, session)).map((city) => city.cityid);
}

export async function listCommunities(db: Db, session: Session, query: QueryOf<'communityPosts'>) {
  await requireCommunityAuth(db, session, CommunityAuth.view);
  const opened = await openCityIds(db, session);
  const cityIds = query.cityId ? opened.filter((id) => id === query.cityId) : opened;
  const archived = db
    .select({ communityId: communityArchives.communityId })
    .from(communityArchives)
    .where(inCompany(communityArchives, session.companyId));
  const where = and(
    platformSearch({ cityIds, key: query.key, districtId: query.distractId, regionId: query.regionId }),
    query.archived === 1 ? inArray(platformCommunities.id, archived) : undefined,
  );
  const pageSize = query.pagesize ?? 15;
  const offset = ((query.pageindex ?? 1) - 1) * pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select({ community: platformCommunities, archive: communityArchives })
      .from(platformCommunities)
      .leftJoin(
        communityArchives,
        and(
          eq(communityArchives.communityId, platformCommunities.id),
          inCompany(communityArchives, session.companyId),
        ),
      )
      .where(where)
      .orderBy(sql`${communityArchives.updatedAt} desc nulls last`, asc(platformCommunities.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ n: count() }).from(platformCommunities).where(where),
  ]);
  const ids = rows.map((row) => row.community.id);
  const [counts, covers] = await Promise.all([
    countHouses(db, session.companyId, ids),
    firstPictures(db, session.companyId, ids),
  ]);
  return {
    data: rows.map(({ community, archive }) => ({
      communityId: community.id,
      communityName: community.name,
      alias: archive?.alias ?? community.alias,
      cityName: findCity(community.cityId)?.name ?? '',
      districtName: districtName(community.districtId, community.cityId),
      regionName: community.regionName,
      address: archive?.address ?? community.address,
      buildYear: archive?.buildYear ?? community.buildYear,
      avgUnitPrice: community.avgUnitPrice,
      sellCount: counts.get(community.id)?.sellCount ?? 0,
      rentCount: counts.get(community.id)?.rentCount ?? 0,
      coverUrl: covers.get(community.id) ?? community.pictures[0] ?? null,
      isArchived: archive ? (1 as const) : (0 as const),
    })),
    total: total?.n ?? 0,
  };
}

async function firstPictures(
  db: Db,
  companyId: number,
  communityIds: number[],
): Promise<Map<number, string>> {
  if (communityIds.length === 0) return new Map();
  const rows = await db
    .select({ communityId: communityPictures.communityId, url: communityPictures.url })
    .from(communityPictures)
    .where(and(inCompany(communityPictures, companyId), inArray(communityPictures.communityId, communityIds)))
    .orderBy(asc(communityPictures.type), desc(communityPictures.createdAt));
  const covers = new Map<number, string>();
  for (const row of rows) if (!covers.has(row.communityId)) covers.set(row.communityId, row.url);
  return covers;
}

export async function readPlatformDetail(db: Db, session: Session, communityId: number) {
  await requireCommunityAuth(db, session, CommunityAuth.view);
  return toCommunityDetail(await findPlatformCommunity(db, communityId));
}

export async function readHouseCount(db: Db, session: Session, communityId: number) {
  await requireCommunityAuth(db, session, CommunityAuth.view);
  await findPlatformCommunity(db, communityId);
  const counts = await countHouses(db, session.companyId, [communityId]);
  return counts.get(communityId) ?? { communityId, sellCount: 0, rentCount: 0, dealCount: 0, totalCount: 0 };
}

async function findArchive(db: Db, session: Session, communityId: number) {
  const [archive] = await db
    .select()
    .from(communityArchives)
    .where(
      and(inCompany(communityArchives, session.companyId), eq(communityArchives.communityId, communityId)),
    );
  if (!archive) throw notFound(archiveNotFound);
  return archive;
}

export async function readArchive(db: Db, session: Session, communityId: number) {
  await requireCommunityAuth(db, session, CommunityAuth.view);
  const community = await findPlatformCommunity(db, communityId);
  const archive = await findArchive(db, session, communityId);
  const people = [archive.createUserId, archive.updateUserId].filter((id): id is number => id !== null);
  const [[pictures], counts, names] = await Promise.all([
    db
      .select({ n: count() })
      .from(communityPictures)
      .where(
        and(inCompany(communityPictures, session.companyId), eq(communityPictures.communityId, communityId)),
      ),
    countHouses(db, session.companyId, [communityId]),
    people.length > 0
      ? db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(inCompany(users, session.companyId), inArray(users.id, people)))
      : Promise.resolve([]),
  ]);
  const nameOf = (id: number | null) => names.find((person) => person.id === id)?.name ?? null;
  const platform = toCommunityDetail(community);
  return {
    archiveId: archive.id,
    community: {
      ...platform,
      alias: archive.alias ?? platform.alias,
      address: archive.address ?? platform.address,
      buildYear: archive.buildYear ?? platform.buildYear,
      developer: archive.developer ?? platform.developer,
      propertyCompany: archive.propertyCompany ?? platform.propertyCompany,
      propertyFee: archive.propertyFee ?? platform.propertyFee,
      totalBuildings: archive.totalBuildings ?? platform.totalBuildings,
      totalHouseholds: archive.totalHouseholds ?? platform.totalHouseholds,
      parkingSpaces: archive.parkingSpaces ?? platform.parkingSpaces,
      greeningRate: archive.greeningRate ?? platform.greeningRate,
      plotRatio: archive.plotRatio ?? platform.plotRatio,
    },
    propertyPhone: archive.propertyPhone,
    buildings: archive.buildings,
    remark: archive.remark,
    pictureCount: pictures?.n ?? 0,
    houseCount: counts.get(communityId) ?? {
      communityId,
      sellCount: 0,
      rentCount: 0,
      dealCount: 0,
      totalCount: 0,
    },
    createUserId: archive.createUserId,
    createUserName: nameOf(archive.createUserId),
    updateUserName: nameOf(archive.updateUserId),
    updateTime: formatDateTime(archive.updatedAt),
  };
}

/** Building numbers are unique within a community: 楼栋号 3栋 重复. */
function checkBuildings(buildings: BodyOf<'companyCommunity'>['buildings']): void {
  const seen = new Set<string>();
  for (const building of buildings ?? []) {
    const key = building.buildingNo.trim();
    if (key === '') throw businessError('楼栋号不能为空');
    if (seen.has(key)) throw businessError(`楼栋号 ${key} 重复`);
    seen.add(key);
  }
}

/** Creates the company's archive of a community of an open city, or replaces what the company maintains. */
export async function saveArchive(db: Db, clock: Clock, session: Session, body: BodyOf<'companyCommunity'>) {
  await requireCommunityAuth(db, session, CommunityAuth.edit);
  const community = await findPlatformCommunity(db, body.communityId);
  const [existing] = await db
    .select({ createUserId: communityArchives.createUserId })
    .from(communityArchives)
    .where(
      and(inCompany(communityArchives, session.companyId), eq(communityArchives.communityId, community.id)),
    );
  await requireArchiveRight(db, session, existing ?? null);
  if (!(await openCityIds(db, session)).includes(community.cityId))
    throw businessError(`${findCity(community.cityId)?.name ?? '该城市'}未开通，不能建立小区档案`);
  checkBuildings(body.buildings);
  const now = clock.now();
  const fields = {
    alias: body.alias?.trim() || null,
    address: body.address?.trim() || null,
    buildYear: body.buildYear ?? null,
    developer: body.developer?.trim() || null,
    propertyCompany: body.propertyCompany?.trim() || null,
    propertyPhone: body.propertyPhone?.trim() || null,
    propertyFee: body.propertyFee ?? null,
    totalBuildings: body.totalBuildings ?? null,
    totalHouseholds: body.totalHouseholds ?? null,
    parkingSpaces: body.parkingSpaces ?? null,
    greeningRate: body.greeningRate ?? null,
    plotRatio: body.plotRatio ?? null,
    buildings: (body.buildings ?? []).map((b) => ({ ...b, buildingNo: b.buildingNo.trim() })),
    remark: body.remark?.trim() || null,
    updateUserId: session.userId,
    updatedAt: now,
  };
  const [saved] = await db
    .insert(communityArchives)
    .values(
      companyRow(session.companyId, {
        communityId: community.id,
        createdAt: now,
        createUserId: session.userId,
        ...fields,
      }),
    )
    .onConflictDoUpdate({ target: [communityArchives.companyId, communityArchives.communityId], set: fields })
    .returning({ id: communityArchives.id });
  if (!saved) throw new Error('community archive not saved');
  return { archiveId: saved.id };
}

export async function deleteArchive(db: Db, session: Session, communityId: number): Promise<void> {
  await requireCommunityAuth(db, session, CommunityAuth.edit);
  const archive = await findArchive(db, session, communityId);
  await requireArchiveRight(db, session, archive);
  const houses = (await countHouses(db, session.companyId, [communityId])).get(communityId);
  if (houses && houses.totalCount > 0)
    throw businessError(`该小区还有 ${houses.totalCount} 套房源，请先处理房源后再删除小区档案`);
  await db.transaction(async (tx) => {
    await tx
      .delete(communityPictures)
      .where(
        and(inCompany(communityPictures, session.companyId), eq(communityPictures.communityId, communityId)),
      );
    await tx.delete(communityArchives).where(eq(communityArchives.id, archive.id));
  });
}

function toPicture(row: typeof communityPictures.$inferSelect, uploaderName: string | null) {
  return {
    pictureId: row.id,
    communityId: row.communityId,
    type: row.type as 1 | 2 | 3 | 4 | 5 | 6,
    url: row.url,
    uploaderName,
    createTime: formatDateTime(row.createdAt),
  };
}

export async function listPictures(db: Db, session: Session, query: QueryOf<'companyCommunityPictures'>) {
  await requireCommunityAuth(db, session, CommunityAuth.view);
  await findPlatformCommunity(db, query.communityId);
  const rows = await db
    .select({ picture: communityPictures, uploaderName: users.name })
    .from(communityPictures)
    .leftJoin(users, eq(users.id, communityPictures.uploaderId))
    .where(
      and(
        inCompany(communityPictures, session.companyId),
        eq(communityPictures.communityId, query.communityId),
        query.type ? eq(communityPictures.type, query.type) : undefined,
      ),
    )
    .orderBy(asc(communityPictures.type), desc(communityPictures.createdAt), desc(communityPictures.id));
  return rows.map((row) => toPicture(row.picture, row.uploaderName));
}

export async function addPictures(
  db: Db,
  files: FileStorage,
  clock: Clock,
  session: Session,
  body: BodyOf<'companyCommunityPicturesAdd'>,
) {
  await requireCommunityAuth(db, session, CommunityAuth.edit);
  await requireArchiveRight(db, session, await findArchive(db, session, body.communityId));
  const urls = await checkPictureUrls(files, body.urls, { label: '图片地址', key: 'urls' });
  const now = clock.now();
  const rows = await db
    .insert(communityPictures)
    .values(
      urls.map((url) =>
        companyRow(session.companyId, {
          communityId: body.communityId,
          type: body.type,
          url,
          uploaderId: session.userId,
          createdAt: now,
        }),
      ),
    )
    .returning();
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
  return rows.map((row) => toPicture(row, me?.name ?? null));
}

export async function deletePictures(db: Db, session: Session, body: BodyOf<'companyCommunityPicturesDel'>) {
  await requireCommunityAuth(db, session, CommunityAuth.edit);
  await requireArchiveRight(db, session, await findArchive(db, session, body.communityId));
  const mine = and(
    inCompany(communityPictures, session.companyId),
    eq(communityPictures.communityId, body.communityId),
    inArray(communityPictures.id, body.pictureIds),
  );
  const [found] = await db.select({ n: count() }).from(communityPictures).where(mine);
  if ((found?.n ?? 0) !== body.pictureIds.length) throw notFound('图片不存在或不属于该小区档案');
  await db.delete(communityPictures).where(mine);
}
