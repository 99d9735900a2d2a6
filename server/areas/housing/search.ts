/**
 * The house list (housingPosts, 001 section 3 "House search") over the listings the user sees, 15 a
 * page, with every filter of the search body, and the type tabs with their counts (housingTypeList).
 * Protected numbers (building and room) are left out of list rows unless the user maintains the listing.
 */
import {
  and,
  asc,
  count,
  eq,
  getTableName,
  gte,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { pageTotal } from '../../db/paging';
import { inCompany } from '../../db/company-scope';
import { literal, plainValues, preparedPerShape, type StatementValues } from '../../db/prepared';
import { appCategories, housePictures, houseTeam, houses } from '../../db/schema-house';
import { departments, users } from '../../db/schema';
import type { BodyOf, Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { escapeLike, districtName, platformCommunitiesNamed, regionsOf } from '../community/platform';
import { houseStateNamesColumn, stateNamesOf } from './settings';
import { dealtHouseState } from './contract-deals';
import { houseAccess, visibleHouses, type HouseAccess } from './access';
import { HouseAuth } from '../../../domain/auth-ids';
import { houseStateName, TeamRoles } from '../../../domain/house-rules';

type HouseSearch = BodyOf<'housingPosts'>;
type Range = { min?: number | null; max?: number | null } | undefined;
type DateRange = { start?: string | null; end?: string | null } | undefined;

/** A range filter; its bounds are values named after it (`priceMin`, `priceMax`). */
function numberRange(
  values: StatementValues,
  name: string,
  column: AnyPgColumn,
  range: Range,
  title: string,
): SQL | undefined {
  if (!range) return undefined;
  const { min, max } = range;
  if (min != null && max != null && min > max) throw businessError(`${title}的最小值不能大于最大值`);
  return and(
    min != null ? gte(column, values.value(`${name}Min`, min)) : undefined,
    max != null ? lte(column, values.value(`${name}Max`, max)) : undefined,
  );
}

function dateRange(
  values: StatementValues,
  name: string,
  column: AnyPgColumn,
  range: DateRange,
  title: string,
): SQL | undefined {
  if (!range) return undefined;
  const { start, end } = range;
  if (start && end && start > end) throw businessError(`${title}的开始日期不能晚于结束日期`);
  return and(
    start ? gte(column, values.value(`${name}Start`, new Date(`${start}T00:00:00+08:00`))) : undefined,
    end ? lte(column, values.value(`${name}End`, new Date(`${end}T23:59:59.999+08:00`))) : undefined,
  );
}

/** A filter on one of a few values of a column (`= any(...)`, the list one value of the statement). */
function oneOf(values: StatementValues, name: string, column: AnyPgColumn, list: number[] | undefined) {
  return list?.length ? sql`${column} = any(${values.value(name, list)})` : undefined;
}

const yes = literal(1);

/** 更多筛选 (others): each code a fixed condition, or one on the user. */
const otherConditions: Record<number, (session: Session, values: StatementValues) => SQL> = {
  1: () => sql`${houses.isKey} = ${yes}`,
  2: () => sql`${houses.isSoleAgency} = ${yes}`,
  3: () => sql`exists (select 1 from ${housePictures} where ${housePictures.houseId} = ${houses.id})`,
  4: () => sql`${houses.vrUrl} is not null`,
  5: () => sql`${houses.isLock} = ${yes}`,
  6: () => sql`${houses.isTop} = ${yes}`,
  7: () => sql`${houses.isSeal} = ${yes}`,
  // 我维护的: the listings the user holds (归属人) or co-maintains (协同维护人, house_team).
  8: (session, values) => {
    const userId = values.value('maintainerId', session.userId);
    return or(
      eq(houses.attributorId, userId),
      sql`exists (select 1 from ${houseTeam} where ${houseTeam.houseId} = ${houses.id} and ${houseTeam.role} = ${literal(TeamRoles.maintainer)} and ${houseTeam.userId} = ${userId})`,
    )!;
  },
  9: (session, values) => eq(houses.entryUserId, values.value('entryUserId', session.userId)),
};

/** The search's keyword as typed, with, for 小区名称或地址, the platform communities it names. */
export type HouseKeyword = { type: number; like: string; communityIds: number[] } | null;

/**
 * Resolves the keyword: for 小区名称或地址 the platform community base is the index, and the
 * communities the keyword names are found in memory (platformCommunitiesNamed) so that the statement
 * carries their ids and the listings' search index is used, its total counted from the index alone.
 */
export async function resolveKeyword(db: Db, newKey: HouseSearch['newKey']): Promise<HouseKeyword> {
  const key = newKey?.key.trim();
  if (!newKey || !key) return null;
  const like = `%${escapeLike(key)}%`;
  if (newKey.type === 2 || newKey.type === 3) return { type: newKey.type, like, communityIds: [] };
  return { type: 1, like, communityIds: await platformCommunitiesNamed(db, key) };
}

/**
 * The keyword as one or more mutually exclusive conditions, any of which a listing may meet. For 小区名称或地址:
 * the listings in the communities the keyword names (none when it names none), and a listing typed on
 * a community outside the base, matched by name, as a second condition (counted on its own small index:
 * an OR of the two would read every matching row).
 */
export function keywordBranches(keyword: HouseKeyword, values: StatementValues = plainValues): SQL[] {
  if (!keyword) return [];
  const { like } = keyword;
  if (keyword.type === 2) return [sql`${houses.houseNo} ilike ${values.value('houseNoLike', like)}`];
  if (keyword.type === 3) return [sql`${houses.ownerName} ilike ${values.value('ownerNameLike', like)}`];
  const typed = and(
    isNull(houses.communityId),
    sql`${houses.communityName} ilike ${values.value('communityLike', like)}`,
  )!;
  return keyword.communityIds.length > 0
    ? [sql`${houses.communityId} = any(${values.value('communityIds', keyword.communityIds)})`, typed]
    : [typed];
}

/**
 * Every condition of the search but the keyword's and the type tab's. Its values go through `values`
 * (server/db/prepared.ts): housingPosts runs the search as a statement built once per shape.
 */
export function searchConditions(
  access: HouseAccess,
  search: HouseSearch,
  values: StatementValues = plainValues,
): SQL {
  const { session } = access;
  const phone = search.contactPhone;
  const houseType = search.houseType ?? [];
  const roomCounts = houseType.filter((rooms) => rooms !== 5);
  const fiveOrMore = houseType.includes(5);
  if (fiveOrMore) values.choice('fiveRoomsOrMore');
  const text = (name: string, column: AnyPgColumn, value: string | null | undefined) =>
    value ? eq(column, values.value(name, value.trim())) : undefined;
  const id = (name: string, column: AnyPgColumn, value: number | null | undefined) =>
    value ? eq(column, values.value(name, value)) : undefined;
  const others = [...new Set(search.others ?? [])];
  for (const other of others) values.choice(`other${other}`);
  // A dealt listing (我售 / 我租) has left the pools: 公盘 and 私盘 list it only when the search asks
  // for its state; 全部 keeps it, with its state on the row (issue 41).
  const isPoolWithoutDeals = Boolean(search.attribution) && !search.houseState?.length;
  if (isPoolWithoutDeals) values.choice('poolWithoutDeals');
  return and(
    visibleHouses(access, values),
    phone
      ? phone.length === 4
        ? sql`right(${houses.ownerPhone}, 4) = ${values.value('phoneTail', phone)}`
        : eq(houses.ownerPhone, values.value('phone', phone))
      : undefined,
    dateRange(values, 'entry', houses.entryTime, search.entryTime, '录入时间'),
    dateRange(values, 'followUp', houses.lastFollowUpAt, search.followUpTime, '跟进时间'),
    dateRange(values, 'update', houses.updateTime, search.updateTime, '更新时间'),
    numberRange(values, 'price', houses.price, search.price, '价格区间'),
    numberRange(values, 'unitPrice', houses.unitPrice, search.unitPrice, '单价区间'),
    numberRange(values, 'floor', houses.floor, search.floor, '楼层区间'),
    numberRange(values, 'area', houses.area, search.area, '面积区间'),
    text('buildingNo', houses.buildingNo, search.buildingNo),
    text('unitNo', houses.unitNo, search.unitNo),
    text('roomNo', houses.roomNo, search.roomNo),
    id('district', houses.districtId, search.district),
    id('region', houses.regionId, search.region),
    id('communityId', houses.communityId, search.communityId),
    houseType.length > 0
      ? or(
          oneOf(values, 'rooms', houses.room, roomCounts),
          fiveOrMore ? sql`${houses.room} >= ${literal(5)}` : undefined,
        )
      : undefined,
    oneOf(values, 'renovation', houses.renovation, search.renovation),
    oneOf(values, 'toward', houses.toward, search.toward),
    oneOf(values, 'property', houses.property, search.property),
    oneOf(values, 'houseState', houses.houseState, search.houseState),
    // Any of the tags: the listing's tag array contains one of them.
    search.tags?.length
      ? sql`${houses.tags} @> any(${values.value(
          'tags',
          search.tags.map((tag) => JSON.stringify([tag])),
        )}::jsonb[])`
      : undefined,
    id('attribution', houses.attribution, search.attribution),
    isPoolWithoutDeals ? sql`${houses.houseState} <> ${literal(dealtHouseState)}` : undefined,
    id('deptId', houses.deptId, search.deptId),
    id('userId', houses.attributorId, search.userId),
    ...others.map((other) => otherConditions[other]!(session, values)),
  )!;
}

export function regionName(districtId: number | null, regionId: number | null): string | null {
  if (!districtId || !regionId) return null;
  return regionsOf(districtId).find((region) => region.regionId === regionId)?.regionName ?? null;
}

function typeCondition(type: number | undefined, values: StatementValues): SQL | undefined {
  if (type === 1 || type === 2) return eq(houses.type, values.value('type', type));
  if (type === 3) {
    values.choice('otherProperties');
    return sql`${houses.property} not in (1, 2)`;
  }
  return undefined;
}

/** Descending with nulls last, as the list's indexes are built (plain DESC would put nulls first). */
const descLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;

const sorts: Record<number, SQL[]> = {
  // 默认: pinned first, then the latest activity (last follow-up, or entry for a listing not yet followed up).
  0: [descLast(houses.isTop), sql`coalesce(${houses.lastFollowUpAt}, ${houses.entryTime}) desc`],
  1: [descLast(houses.entryTime)],
  2: [asc(houses.entryTime)],
  3: [descLast(houses.price)],
  4: [asc(houses.price)],
  5: [descLast(houses.unitPrice)],
  6: [asc(houses.unitPrice)],
  7: [descLast(houses.area)],
  8: [asc(houses.area)],
  9: [descLast(houses.lastFollowUpAt)],
  10: [asc(houses.lastFollowUpAt)],
};

/** The ORDER BY of a sort choice, with the id as the last key so that pages never overlap. */
export function houseOrder(sort: number): SQL[] {
  return [...(sorts[sort] ?? sorts[0]!), descLast(houses.id)];
}

/** The search's conditions: the filters and the type tab, and the keyword's branches (keywordBranches). */
export function houseSearchWhere(
  access: HouseAccess,
  search: HouseSearch,
  keyword: HouseKeyword,
  values: StatementValues = plainValues,
) {
  const filters = and(searchConditions(access, search, values), typeCondition(search.type, values))!;
  const branches = keywordBranches(keyword, values);
  return {
    where: branches.length > 0 ? and(filters, or(...branches))! : filters,
    /** The total as one expression: the branches exclude each other, so their counts add up. */
    total: sql.join(
      (branches.length > 0 ? branches : [undefined]).map(
        (branch) => sql`(select count(*) from ${houses} where ${and(filters, branch)})`,
      ),
      sql` + `,
    ),
  };
}

/**
 * The company's listing tags by id, read once per statement (an InitPlan) rather than joined for each
 * row: the rows' names are looked up in it (listedTags).
 */
function companyTagNames(companyId: number | SQLWrapper) {
  return sql<Record<
    string,
    string
  > | null>`(select json_object_agg(${appCategories.id}, ${appCategories.name}) from ${appCategories} where ${inCompany(appCategories, companyId)} and ${appCategories.appType} = ${literal(HouseAuth.appType)} and ${appCategories.type} = ${literal(1)})`;
}

/** A listing's tags by name, in the order it keeps them; a tag deleted since is left out. */
export function listedTags(tags: readonly unknown[], names: Record<string, string> | null): string[] {
  if (!names) return [];
  return tags.map((id) => names[String(id)]).filter((name): name is string => name !== undefined);
}

/**
 * A column of the listing row named from inside a sub-select of the select list. Drizzle writes a
 * one-table select's fields without their table, so a bare column there would name the sub-select's
 * own table where it has a column of that name (house_pictures.id for houses.id).
 */
const listing = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(houses))}.${sql.identifier(column.name)}`;

/** A name looked up by id for each row (a sub-select: cheaper to plan than a join, and the same answer). */
const nameOf = (table: typeof users | typeof departments, id: AnyPgColumn) =>
  sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${listing(id)})`;

/**
 * The page of the search with its total and the company's status names on every row, as one statement
 * (its plan is printed by bench/).
 */
export function houseSearchPage(
  db: Db,
  access: HouseAccess,
  search: HouseSearch,
  keyword: HouseKeyword,
  values: StatementValues = plainValues,
) {
  const { where, total } = houseSearchWhere(access, search, keyword, values);
  const { companyId } = access.session;
  const pageSize = search.pagesize ?? 15;
  const sort = search.sort ?? 0;
  values.choice(`sort${sorts[sort] ? sort : 0}`);
  const cover = sql<
    string | null
  >`(select ${housePictures.url} from ${housePictures} where ${housePictures.houseId} = ${listing(houses.id)} order by ${housePictures.sort} limit 1)`;
  return (
    db
      .select({
        ...listColumns,
        tags: houses.tags,
        attributorName: nameOf(users, houses.attributorId),
        deptName: nameOf(departments, houses.deptId),
        coverUrl: cover,
        total: sql<number>`${total}`.mapWith(Number),
        stateNames: houseStateNamesColumn(values.value('settingsCompanyId', companyId)),
        tagNames: companyTagNames(values.value('tagsCompanyId', companyId)),
      })
      .from(houses)
      .where(where)
      .orderBy(...houseOrder(sort))
      // A number, or a placeholder (Drizzle takes both; its types say number | Placeholder).
      .limit(values.value('limit', pageSize) as number)
      .offset(values.value('offset', ((search.pageindex ?? 1) - 1) * pageSize) as number)
  );
}

/** housingPosts' statement, built once per shape of search (server/db/prepared.ts preparedPerShape). */
const searchPageStatement = preparedPerShape(
  (db, values, access: HouseAccess, search: HouseSearch, keyword: HouseKeyword) =>
    houseSearchPage(db, access, search, keyword, values),
);

export async function searchHouses(db: Db, session: Session, search: HouseSearch) {
  const [access, keyword] = await Promise.all([houseAccess(db, session), resolveKeyword(db, search.newKey)]);
  // One statement answers the page, its total (a sub-select, run once), the rows' tag names and the
  // company's status names.
  const rows = await searchPageStatement(db, access, search, keyword);
  // A page past the end has no row to carry the total: counted on its own (server/db/paging.ts).
  const counted = await pageTotal(rows, search.pageindex ?? 1, async () => {
    const { total } = houseSearchWhere(access, search, keyword);
    const [row] = await db
      .select({ total: sql<number>`${total}`.mapWith(Number) })
      .from(sql`(select 1) as one`);
    return row?.total ?? 0;
  });
  const stateNames = stateNamesOf(rows[0]?.stateNames);
  const tagNames = rows[0]?.tagNames ?? null;
  return {
    total: counted,
    data: rows.map((house) => {
      const mine = house.attributorId === session.userId || session.isManager;
      const states = house.type === 2 ? stateNames.rent : stateNames.sell;
      return {
        houseId: house.id,
        houseNo: house.houseNo,
        type: house.type as 1 | 2,
        title: house.title,
        communityId: house.communityId,
        communityName: house.communityName,
        districtName: house.districtId && house.cityId ? districtName(house.districtId, house.cityId) : null,
        regionName: regionName(house.districtId, house.regionId),
        buildingNo: house.buildingNo,
        unitNo: house.unitNo,
        roomNo: mine ? house.roomNo : null,
        room: house.room,
        hall: house.hall,
        bath: house.bath,
        area: house.area,
        floor: house.floor,
        totalFloor: house.totalFloor,
        toward: house.toward as 1 | null,
        renovation: house.renovation as 1 | null,
        price: house.price,
        unitPrice: house.unitPrice,
        houseState: house.houseState as 1,
        stateName: houseStateName(house.houseState, house.type, states),
        attribution: house.attribution as 1 | 2,
        tags: listedTags(house.tags, tagNames),
        coverUrl: house.coverUrl,
        hasVr: house.vrUrl ? (1 as const) : (0 as const),
        isKey: house.isKey as 0 | 1,
        isSoleAgency: house.isSoleAgency as 0 | 1,
        isLock: house.isLock as 0 | 1,
        isTop: house.isTop as 0 | 1,
        isSeal: house.isSeal as 0 | 1,
        attributorName: house.attributorName,
        deptName: house.deptName,
        entryTime: formatDateTime(house.entryTime),
        followUpTime: house.lastFollowUpAt ? formatDateTime(house.lastFollowUpAt) : null,
      };
    }),
  };
}

/** The columns a list row shows (a listing's whole row carries its owner, remarks and custom fields). */
const listColumns = {
  id: houses.id,
  houseNo: houses.houseNo,
  type: houses.type,
  title: houses.title,
  communityId: houses.communityId,
  communityName: houses.communityName,
  cityId: houses.cityId,
  districtId: houses.districtId,
  regionId: houses.regionId,
  buildingNo: houses.buildingNo,
  unitNo: houses.unitNo,
  roomNo: houses.roomNo,
  room: houses.room,
  hall: houses.hall,
  bath: houses.bath,
  area: houses.area,
  floor: houses.floor,
  totalFloor: houses.totalFloor,
  toward: houses.toward,
  renovation: houses.renovation,
  price: houses.price,
  unitPrice: houses.unitPrice,
  houseState: houses.houseState,
  attribution: houses.attribution,
  vrUrl: houses.vrUrl,
  isKey: houses.isKey,
  isSoleAgency: houses.isSoleAgency,
  isLock: houses.isLock,
  isTop: houses.isTop,
  isSeal: houses.isSeal,
  attributorId: houses.attributorId,
  entryTime: houses.entryTime,
  lastFollowUpAt: houses.lastFollowUpAt,
};

export async function houseTypeCounts(db: Db, session: Session) {
  const access = await houseAccess(db, session);
  const [row] = await db
    .select({
      all: count(),
      sell: sql<number>`count(*) filter (where ${houses.type} = 1)`.mapWith(Number),
      rent: sql<number>`count(*) filter (where ${houses.type} = 2)`.mapWith(Number),
      other: sql<number>`count(*) filter (where ${houses.property} not in (1, 2))`.mapWith(Number),
    })
    .from(houses)
    .where(visibleHouses(access));
  return [
    { type: 0 as const, name: '全部', count: row?.all ?? 0 },
    { type: 1 as const, name: '出售', count: row?.sell ?? 0 },
    { type: 2 as const, name: '出租', count: row?.rent ?? 0 },
    { type: 3 as const, name: '其他', count: row?.other ?? 0 },
  ];
}
