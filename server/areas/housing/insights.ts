/**
 * What the detail shows around a listing: the community's price history (housingPriceTrend), the
 * estimate from the company's own comparable listings (housingEvaluate; method in docs/listings.md),
 * the school district (communitSchool, from the sandbox school provider), the promotion copy, the
 * customers who viewed it, and its state on the portals.
 */
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import dayjs from 'dayjs';
import type { Db } from '../../db/db';
import { houses } from '../../db/schema-house';
import { listingPortalStates } from '../promotion/lists';
import { inCompany } from '../../db/company-scope';
import type { Clock } from '../../clock';
import type { QueryOf, Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { findPlatformCommunity } from '../community/platform';
import { schoolsNear } from '../../sandbox/schools';
import { findVisibleHouse, houseAccess } from './access';
import { HouseKinds, renovationNames, towardNames } from '../../../domain/house-rules';

const zone = 'Asia/Shanghai';

export async function priceTrend(db: Db, clock: Clock, session: Session, houseId: number, months: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  const start = dayjs(clock.now())
    .tz(zone)
    .startOf('month')
    .subtract(months - 1, 'month');
  const month = sql<string>`to_char(${houses.entryTime} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const sale = and(
    inCompany(houses, session.companyId),
    eq(houses.type, HouseKinds.sell),
    gte(houses.entryTime, start.toDate()),
    sql`${houses.unitPrice} is not null`,
  );
  const byMonth = (scope: ReturnType<typeof eq> | undefined) =>
    db
      .select({
        month,
        avg: sql<number>`avg(${houses.unitPrice})`.mapWith(Number),
        listings: sql<number>`count(*)`.mapWith(Number),
      })
      .from(houses)
      .where(and(sale, scope))
      .groupBy(month);
  const [community, district] = await Promise.all([
    house.communityId
      ? byMonth(eq(houses.communityId, house.communityId))
      : byMonth(eq(houses.communityName, house.communityName)),
    house.districtId ? byMonth(eq(houses.districtId, house.districtId)) : Promise.resolve([]),
  ]);
  const communityByMonth = new Map(community.map((row) => [row.month, row]));
  const districtByMonth = new Map(district.map((row) => [row.month, row]));
  return Array.from({ length: months }, (_, index) => {
    const key = start.add(index, 'month').format('YYYY-MM');
    const own = communityByMonth.get(key);
    const area = districtByMonth.get(key);
    return {
      month: key,
      avgUnitPrice: own ? Math.round(own.avg) : null,
      districtAvgUnitPrice: area ? Math.round(area.avg) : null,
      listingCount: own?.listings ?? 0,
    };
  });
}

/**
 * The estimate: the median unit price of the company's other sale listings in the same community
 * entered in the last 6 months (deals, state 3, count twice), times the area; ±5% as the range.
 */
export async function evaluateHouse(db: Db, clock: Clock, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  if (house.type !== HouseKinds.sell) throw businessError('出租房源暂不提供估价');
  const since = dayjs(clock.now()).subtract(6, 'month').toDate();
  const comparables = await db
    .select({ unitPrice: houses.unitPrice, state: houses.houseState })
    .from(houses)
    .where(
      and(
        inCompany(houses, session.companyId),
        eq(houses.type, HouseKinds.sell),
        ne(houses.id, house.id),
        isNull(houses.deletedAt),
        gte(houses.entryTime, since),
        house.communityId
          ? eq(houses.communityId, house.communityId)
          : eq(houses.communityName, house.communityName),
        sql`${houses.unitPrice} is not null`,
      ),
    );
  const prices = comparables.flatMap((row) =>
    row.state === 3 ? [row.unitPrice!, row.unitPrice!] : [row.unitPrice!],
  );
  if (prices.length === 0) throw businessError('该小区近 6 个月没有可比房源，暂无法估价');
  prices.sort((a, b) => a - b);
  const middle = Math.floor(prices.length / 2);
  const median = prices.length % 2 === 1 ? prices[middle]! : (prices[middle - 1]! + prices[middle]!) / 2;
  const evaluateUnitPrice = Math.round(median);
  const evaluatePrice = Math.round((evaluateUnitPrice * house.area) / 100) / 100;
  const average = prices.reduce((sum, price) => sum + price, 0) / prices.length;
  return {
    houseId: house.id,
    evaluatePrice,
    evaluateUnitPrice,
    lowPrice: Math.round(evaluatePrice * 95) / 100,
    highPrice: Math.round(evaluatePrice * 105) / 100,
    communityAvgUnitPrice: Math.round(average),
    listedPrice: house.price,
    evaluateTime: formatDateTime(clock.now()),
  };
}

export async function communitySchools(db: Db, session: Session, query: QueryOf<'communitSchool'>) {
  let communityId = query.communityId;
  if (!communityId && query.houseId) {
    const access = await houseAccess(db, session);
    const house = await findVisibleHouse(db, access, query.houseId);
    communityId = house.communityId ?? undefined;
    if (!communityId) return [];
  }
  if (!communityId) throw businessError('请选择小区（communityId）或房源（houseId）');
  const community = await findPlatformCommunity(db, communityId);
  return schoolsNear(community);
}

export async function readPushStates(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  return listingPortalStates(db, session.companyId, house.id);
}

export async function promotionSellDetail(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  if (house.type !== HouseKinds.sell) throw businessError('出租房源没有出售推广详情');
  const layout = `${house.room}室${house.hall}厅${house.bath}卫`;
  const features = [
    house.toward ? `${towardNames[house.toward]}向` : null,
    house.renovation ? renovationNames[house.renovation] : null,
    house.floor && house.totalFloor ? `${house.floor}/${house.totalFloor} 层` : null,
  ].filter(Boolean);
  return {
    houseId: house.id,
    title: house.title ?? `${house.communityName} ${layout} ${house.area}㎡ ${features.join(' ')}`.trim(),
    sellingPoint: `${layout}，建筑面积 ${house.area}㎡，${features.join('，') || '户型方正'}。`,
    ownerMentality: house.remark,
    communityIntro: house.address ? `小区位于${house.address}。` : null,
    serviceIntro: '专业经纪人全程陪同看房，协助办理贷款、过户等手续。',
    taxAnalysis:
      house.taxYears === 5 && house.onlyHouse === 1
        ? '满五唯一，免征个人所得税和增值税。'
        : house.taxYears === 2 || house.taxYears === 5
          ? '满二，免征增值税。'
          : null,
    pictures: [],
    channels: await listingPortalStates(db, session.companyId, house.id),
  };
}
