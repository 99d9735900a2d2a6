/**
 * Communities (小区 / 楼盘字典): the platform's city-wide community base (reference data shared by every
 * company, 001 section 7 /intensiveFarming) and each company's own archive over it: the fields the
 * company maintains, its buildings (楼栋 → 单元 → 楼层 × 每层户数, from which a room is chosen when a
 * listing is entered) and its pictures.
 */
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema';

export type CommunityBuildingRow = {
  buildingNo: string;
  unitCount: number;
  floorCount: number;
  householdsPerFloor: number;
  elevator?: 0 | 1;
};

/** The platform community base (no company): one row per real community of an open city. */
export const platformCommunities = pgTable(
  'platform_communities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    alias: text('alias'),
    cityId: integer('city_id').notNull(),
    districtId: integer('district_id'),
    regionId: integer('region_id'),
    regionName: text('region_name'),
    address: text('address'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    buildYear: integer('build_year'),
    developer: text('developer'),
    propertyCompany: text('property_company'),
    propertyFee: doublePrecision('property_fee'),
    buildingType: text('building_type'),
    totalBuildings: integer('total_buildings'),
    totalHouseholds: integer('total_households'),
    greeningRate: doublePrecision('greening_rate'),
    plotRatio: doublePrecision('plot_ratio'),
    parkingSpaces: integer('parking_spaces'),
    avgUnitPrice: doublePrecision('avg_unit_price'),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('platform_communities_city_idx').on(t.cityId, t.districtId),
    uniqueIndex('platform_communities_city_name_key').on(t.cityId, t.name),
  ],
);

/** A company's archive of one platform community: what the company maintains over the platform data. */
export const communityArchives = pgTable(
  'community_archives',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    communityId: integer('community_id')
      .notNull()
      .references(() => platformCommunities.id),
    alias: text('alias'),
    address: text('address'),
    buildYear: integer('build_year'),
    developer: text('developer'),
    propertyCompany: text('property_company'),
    propertyPhone: text('property_phone'),
    propertyFee: doublePrecision('property_fee'),
    totalBuildings: integer('total_buildings'),
    totalHouseholds: integer('total_households'),
    parkingSpaces: integer('parking_spaces'),
    greeningRate: doublePrecision('greening_rate'),
    plotRatio: doublePrecision('plot_ratio'),
    buildings: jsonb('buildings').$type<CommunityBuildingRow[]>().notNull().default([]),
    remark: text('remark'),
    updateUserId: integer('update_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('community_archives_company_community_key').on(t.companyId, t.communityId)],
);

/** Pictures of a company's community archive, by category (1 外景 … 6 其他). */
export const communityPictures = pgTable(
  'community_pictures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    communityId: integer('community_id')
      .notNull()
      .references(() => platformCommunities.id),
    type: smallint('type').notNull(),
    url: text('url').notNull(),
    uploaderId: integer('uploader_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_pictures_company_community_idx').on(t.companyId, t.communityId, t.type)],
);
