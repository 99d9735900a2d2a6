/**
 * The platform community base (平台小区库, the /intensiveFarming host): reference data shared by every
 * company, searched by city, district and key, and described in full for one community. Loaded at
 * open from platform-data.ts.
 */
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { platformCommunities } from '../../db/schema-community';
import { notFound } from '../../contract/envelope';
import { comparePinyin, findCity, findProvince, findDistrict, pinyinInitial } from '../regions/regions';
import { platformCommunitySeeds, platformRegions, regionIdOf } from './platform-data';

export type PlatformCommunity = typeof platformCommunities.$inferSelect;

export const communityNotFound = '小区不存在';

/** Loads the shipped platform base into an empty table, or adds communities shipped since (idempotent). */
export async function loadPlatformCommunities(db: Db): Promise<void> {
  await db
    .insert(platformCommunities)
    .values(
      platformCommunitySeeds.map((seed) => ({
        ...seed,
        regionId: regionIdOf(seed.districtId, seed.regionName),
      })),
    )
    .onConflictDoNothing({ target: [platformCommunities.cityId, platformCommunities.name] });
}

type NamedCommunity = { id: number; texts: string[] };
const platformIndexes = new WeakMap<Db, Promise<NamedCommunity[]>>();

/**
 * The platform base's names, aliases and addresses, read once per database handle: the base is
 * reference data, loaded when the database is opened (loadPlatformCommunities) and never changed while
 * the product serves. An empty or failed read is not remembered.
 */
function platformIndex(db: Db): Promise<NamedCommunity[]> {
  let index = platformIndexes.get(db);
  if (!index) {
    index = db
      .select({
        id: platformCommunities.id,
        name: platformCommunities.name,
        alias: platformCommunities.alias,
        address: platformCommunities.address,
      })
      .from(platformCommunities)
      .then((rows) => {
        if (rows.length === 0) platformIndexes.delete(db);
        return rows.map(({ id, name, alias, address }) => ({
          id,
          texts: [name, alias, address]
            .filter((text): text is string => !!text)
            .map((text) => text.toLowerCase()),
        }));
      });
    index.catch(() => platformIndexes.delete(db));
    platformIndexes.set(db, index);
  }
  return index;
}

/**
 * The platform communities whose name, alias or address contains the key, as ILIKE '%key%' would find
 * them (ignoring case), answered from the index in memory: the house list asks this on every search.
 */
export async function platformCommunitiesNamed(db: Db, key: string): Promise<number[]> {
  const needle = key.toLowerCase();
  return (await platformIndex(db))
    .filter(({ texts }) => texts.some((text) => text.includes(needle)))
    .map(({ id }) => id);
}

export function districtName(districtId: number | null, cityId: number): string | null {
  if (districtId === null) return null;
  return findDistrict(cityId, districtId)?.distractName ?? null;
}

/** 片区 of a district, for the district list with regions (getDistractList type 2). */
export function regionsOf(districtId: number): { regionId: number; regionName: string }[] {
  return (platformRegions[districtId] ?? []).map((regionName, index) => ({
    regionId: districtId * 100 + index + 1,
    regionName,
  }));
}

export async function findPlatformCommunity(db: Db, communityId: number): Promise<PlatformCommunity> {
  const [row] = await db.select().from(platformCommunities).where(eq(platformCommunities.id, communityId));
  if (!row) throw notFound(communityNotFound);
  return row;
}

/** The conditions of a search in the platform base: key in name, alias or address; city, district, region. */
export function platformSearch(filters: {
  cityIds: number[];
  key?: string | undefined;
  districtId?: number | undefined;
  regionId?: number | undefined;
}): SQL | undefined {
  const key = filters.key?.trim();
  return and(
    inArray(platformCommunities.cityId, filters.cityIds.length > 0 ? filters.cityIds : [0]),
    filters.districtId ? eq(platformCommunities.districtId, filters.districtId) : undefined,
    filters.regionId ? eq(platformCommunities.regionId, filters.regionId) : undefined,
    key
      ? or(
          ilike(platformCommunities.name, `%${escapeLike(key)}%`),
          ilike(platformCommunities.alias, `%${escapeLike(key)}%`),
          ilike(platformCommunities.address, `%${escapeLike(key)}%`),
        )
      : undefined,
  );
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** CommunityDetail: the platform's description of one community. */
export function toCommunityDetail(row: PlatformCommunity) {
  const city = findCity(row.cityId);
  const province = city ? findProvince(city.provinceid) : undefined;
  return {
    communityId: row.id,
    communityName: row.name,
    alias: row.alias,
    provinceId: province?.provinceid ?? null,
    provinceName: province?.name ?? null,
    cityId: row.cityId,
    cityName: city?.name ?? '',
    distractId: row.districtId,
    distractName: districtName(row.districtId, row.cityId),
    regionId: row.regionId,
    regionName: row.regionName,
    address: row.address,
    lng: row.lng,
    lat: row.lat,
    buildYear: row.buildYear,
    developer: row.developer,
    propertyCompany: row.propertyCompany,
    propertyFee: row.propertyFee,
    buildingType: row.buildingType,
    totalBuildings: row.totalBuildings,
    totalHouseholds: row.totalHouseholds,
    greeningRate: row.greeningRate,
    plotRatio: row.plotRatio,
    parkingSpaces: row.parkingSpaces,
    avgUnitPrice: row.avgUnitPrice,
    pictures: row.pictures,
  };
}

/** Cities the platform base covers (openCity), grouped by pinyin initial in the picker. */
export async function listPlatformCities(db: Db) {
  const rows = await db
    .selectDistinct({ cityId: platformCommunities.cityId })
    .from(platformCommunities)
    .orderBy(asc(platformCommunities.cityId));
  const hot = new Set([1101, 3101, 4401, 4403]);
  return rows
    .flatMap(({ cityId }) => {
      const city = findCity(cityId);
      const province = city ? findProvince(city.provinceid) : undefined;
      if (!city || !province) return [];
      return [
        {
          cityId,
          cityName: city.name,
          provinceId: province.provinceid,
          provinceName: province.name,
          initial: pinyinInitial(city.name),
          hot: hot.has(cityId) ? (1 as const) : (0 as const),
        },
      ];
    })
    .sort((a, b) => comparePinyin(a.cityName, b.cityName));
}

/** getCommunityList: one city's platform communities by key and district, paged. */
export async function searchPlatformCommunities(
  db: Db,
  query: { cityId: number; keyword?: string; distractId?: number; pageindex?: number; pagesize?: number },
) {
  const where = platformSearch({ cityIds: [query.cityId], key: query.keyword, districtId: query.distractId });
  const pageSize = query.pagesize ?? 15;
  const offset = ((query.pageindex ?? 1) - 1) * pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(platformCommunities)
      .where(where)
      .orderBy(asc(platformCommunities.name))
      .limit(pageSize)
      .offset(offset),
    db.select({ n: count() }).from(platformCommunities).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      communityId: row.id,
      communityName: row.name,
      alias: row.alias,
      cityId: row.cityId,
      distractName: districtName(row.districtId, row.cityId),
      regionName: row.regionName,
      address: row.address,
      buildYear: row.buildYear,
      avgUnitPrice: row.avgUnitPrice,
    })),
    total: total?.n ?? 0,
  };
}
