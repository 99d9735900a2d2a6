/**
 * Cloud collect (云采集) behind an interface: market listings that owners posted on the portals,
 * searched by city with filters, sorts and paging, and found again by their id when a company saves
 * one. A real provider calls the collect service; callers do not change.
 *
 * The sandbox provider makes plausible listings offline: every day each city whose platform
 * communities it knows gets a fixed number of sale and rent postings in those real communities,
 * priced around the community's average, published across the day. Everything is derived from
 * (day, city, number) with a fixed-seed generator, so a listing's id names it and the same clock
 * always shows the same market. The list covers the last `collectDays` days up to the clock's now.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/db';
import { platformCommunities } from '../db/schema-community';
import { matchesRoomFilter } from '../../domain/estate-rules';
import { renovationNames, towardNames, unitPrice } from '../../domain/house-rules';

export type MarketListing = {
  gatherId: number;
  cityId: number;
  type: 1 | 2;
  title: string;
  communityId: number;
  communityName: string;
  districtId: number | null;
  address: string | null;
  buildingNo: string;
  unitNo: string | null;
  roomNo: string;
  room: number;
  hall: number;
  bath: number;
  area: number;
  floor: number;
  totalFloor: number;
  /** towardNames code */
  toward: number;
  /** renovationNames code */
  renovation: number;
  /** Sale: total price in 万元; rent: 元/月. */
  price: number;
  unitPrice: number | null;
  ownerName: string;
  phone: string;
  source: number;
  sourceName: string;
  sourceUrl: string | null;
  pictures: string[];
  publishTime: Date;
};

export type CollectQuery = {
  cityId: number;
  type: 1 | 2;
  key?: string | undefined;
  districtId?: number | undefined;
  source?: number | undefined;
  room?: number | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  areaMin?: number | undefined;
  areaMax?: number | undefined;
  /** 0 newest first; 1/2 total price, 3/4 unit price, 5/6 rent, 7/8 area (odd up, even down). */
  sort: number;
  offset: number;
  limit: number;
};

export type CollectProvider = {
  name: string;
  sources: { value: number; label: string }[];
  /** Whether the provider collects in this city. */
  covers: (cityId: number) => Promise<boolean>;
  search: (query: CollectQuery, now: Date) => Promise<{ rows: MarketListing[]; total: number }>;
  /** The listing as it is now, or null when it is unknown or no longer listed. */
  find: (gatherId: number, now: Date) => Promise<MarketListing | null>;
};

export const collectSources = [
  { value: 1, label: '58同城' },
  { value: 2, label: '安居客' },
  { value: 3, label: '贝壳找房' },
  { value: 4, label: '房天下' },
];

/** Days the list goes back, and postings per city and day. */
export const collectDays = 30;
const postingsPerDay = { 1: 8, 2: 5 } as const;
/** gatherId = day × 1,000,000 + city × 100 + number; sale numbers from 0, rent from 50. */
const rentFirst = 50;

const dayMs = 24 * 60 * 60 * 1000;
const beijingOffsetMs = 8 * 60 * 60 * 1000;

/** Days since 2000-01-01 in Beijing time. */
function dayOf(time: Date): number {
  return Math.floor((time.getTime() + beijingOffsetMs) / dayMs) - 10957;
}

function dayStart(day: number): number {
  return (day + 10957) * dayMs - beijingOffsetMs;
}

function generator(seed: number) {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type Community = typeof platformCommunities.$inferSelect;

const layouts = [
  { room: 1, hall: 1, bath: 1, area: [35, 55], weight: 2 },
  { room: 2, hall: 1, bath: 1, area: [58, 88], weight: 4 },
  { room: 3, hall: 2, bath: 1, area: [85, 115], weight: 4 },
  { room: 3, hall: 2, bath: 2, area: [100, 135], weight: 2 },
  { room: 4, hall: 2, bath: 2, area: [135, 185], weight: 2 },
  { room: 5, hall: 2, bath: 3, area: [180, 260], weight: 1 },
] as const;
const weightedLayouts = layouts.flatMap((layout) => Array.from({ length: layout.weight }, () => layout));
const roomWords = ['', '一房', '两房', '三房', '四房', '五房'];
const highlights = ['业主自住', '诚心出售', '满五唯一', '南北通透', '采光好', '近地铁', '带学位', '随时看房'];
const rentHighlights = ['拎包入住', '家电齐全', '近地铁', '随时看房', '可短租', '采光好'];
const surnames = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '林', '郑', '何'];

function generate(community: Community, gatherId: number, publishTime: Date, type: 1 | 2): MarketListing {
  const random = generator(gatherId % 2147483647);
  const layout = random.pick(weightedLayouts);
  const area = random.int(layout.area[0], layout.area[1]) + random.int(0, 9) / 10;
  const base = community.avgUnitPrice ?? 50000;
  const sale = Math.round((area * base * (0.85 + random.next() * 0.3)) / 10000);
  const price = type === 1 ? sale : Math.max(1500, Math.round((area * base) / 650 / 100) * 100);
  const totalFloor = random.pick([6, 9, 11, 18, 26, 30, 32, 33]);
  const floor = random.int(1, totalFloor);
  const buildings = Math.max(1, Math.min(community.totalBuildings ?? 8, 30));
  const toward = random.pick([2, 2, 9, 9, 5, 1, 7, 3]);
  const renovation = random.pick([2, 3, 4, 4, 5, 1]);
  const source = random.pick(collectSources);
  const words = type === 1 ? highlights : rentHighlights;
  const first = random.int(0, words.length - 1);
  const second = (first + random.int(1, words.length - 1)) % words.length;
  const title =
    type === 1
      ? `${community.name} ${renovationNames[renovation]}${roomWords[layout.room]} ${words[first]} ${words[second]}`
      : `${community.name} ${layout.room}室${layout.hall}厅 ${words[first]} ${towardNames[toward]}向`;
  return {
    gatherId,
    cityId: community.cityId,
    type,
    title,
    communityId: community.id,
    communityName: community.name,
    districtId: community.districtId,
    address: community.address,
    buildingNo: `${random.int(1, buildings)}栋`,
    unitNo: random.next() < 0.5 ? `${random.int(1, 2)}单元` : null,
    roomNo: `${floor}${String(random.int(1, 4)).padStart(2, '0')}`,
    room: layout.room,
    hall: layout.hall,
    bath: layout.bath,
    area,
    floor,
    totalFloor,
    toward,
    renovation,
    price,
    unitPrice: unitPrice(type, price, area),
    ownerName: `${random.pick(surnames)}${random.next() < 0.5 ? '先生' : '女士'}`,
    phone: `1${random.pick(['35', '36', '37', '38', '39', '58', '59', '86', '88'])}${String(random.int(0, 99999999)).padStart(8, '0')}`,
    source: source.value,
    sourceName: source.label,
    sourceUrl: null,
    pictures: [],
    publishTime,
  };
}

/** One city's postings of one day and kind (those published by `now`). */
function postingsOf(communities: Community[], cityId: number, day: number, type: 1 | 2, now: Date) {
  const listings: MarketListing[] = [];
  const first = type === 1 ? 0 : rentFirst;
  for (let number = 0; number < postingsPerDay[type]; number += 1) {
    const gatherId = day * 1_000_000 + cityId * 100 + first + number;
    const random = generator((gatherId * 7) % 2147483647);
    const publishTime = new Date(dayStart(day) + (8 * 3600 + random.int(0, 14 * 3600)) * 1000);
    if (publishTime.getTime() > now.getTime()) continue;
    listings.push(generate(random.pick(communities), gatherId, publishTime, type));
  }
  return listings;
}

function compareBy(sort: number): (a: MarketListing, b: MarketListing) => number {
  const newest = (a: MarketListing, b: MarketListing) =>
    b.publishTime.getTime() - a.publishTime.getTime() || b.gatherId - a.gatherId;
  const by = (value: (row: MarketListing) => number, up: boolean) => (a: MarketListing, b: MarketListing) =>
    (up ? value(a) - value(b) : value(b) - value(a)) || newest(a, b);
  switch (sort) {
    case 1:
    case 5:
      return by((row) => row.price, true);
    case 2:
    case 6:
      return by((row) => row.price, false);
    case 3:
      return by((row) => row.unitPrice ?? 0, true);
    case 4:
      return by((row) => row.unitPrice ?? 0, false);
    case 7:
      return by((row) => row.area, true);
    case 8:
      return by((row) => row.area, false);
    default:
      return newest;
  }
}

function matches(row: MarketListing, query: CollectQuery): boolean {
  const key = query.key?.trim();
  if (key && !row.title.includes(key) && !row.communityName.includes(key) && !row.address?.includes(key))
    return false;
  if (query.districtId && row.districtId !== query.districtId) return false;
  if (query.source && row.source !== query.source) return false;
  if (query.room && !matchesRoomFilter(query.room, row.room)) return false;
  if (query.priceMin !== undefined && row.price < query.priceMin) return false;
  if (query.priceMax !== undefined && row.price > query.priceMax) return false;
  if (query.areaMin !== undefined && row.area < query.areaMin) return false;
  if (query.areaMax !== undefined && row.area > query.areaMax) return false;
  return true;
}

export function createSandboxCollect(db: Db): CollectProvider {
  const communitiesOf = (cityId: number) =>
    db
      .select()
      .from(platformCommunities)
      .where(eq(platformCommunities.cityId, cityId))
      .orderBy(asc(platformCommunities.name), asc(platformCommunities.id));
  const listingsOf = async (cityId: number, type: 1 | 2, now: Date) => {
    const communities = await communitiesOf(cityId);
    if (communities.length === 0) return [];
    const today = dayOf(now);
    const rows: MarketListing[] = [];
    for (let day = today - collectDays + 1; day <= today; day += 1)
      rows.push(...postingsOf(communities, cityId, day, type, now));
    return rows;
  };
  return {
    name: 'sandbox',
    sources: collectSources,
    covers: async (cityId) => (await communitiesOf(cityId)).length > 0,
    async search(query, now) {
      const rows = (await listingsOf(query.cityId, query.type, now)).filter((row) => matches(row, query));
      rows.sort(compareBy(query.sort));
      return { rows: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
    },
    async find(gatherId, now) {
      if (!Number.isSafeInteger(gatherId)) return null;
      const day = Math.floor(gatherId / 1_000_000);
      const cityId = Math.floor((gatherId % 1_000_000) / 100);
      const number = gatherId % 100;
      const today = dayOf(now);
      if (day > today || day <= today - collectDays) return null;
      const type = number >= rentFirst ? 2 : 1;
      const communities = await communitiesOf(cityId);
      if (communities.length === 0) return null;
      return postingsOf(communities, cityId, day, type, now).find((row) => row.gatherId === gatherId) ?? null;
    },
  };
}
