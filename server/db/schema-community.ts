/**
 * Communities (小区 / 楼盘字典): the platform's city-wide community base (reference data shared by every
 * company, 001 section 7 /intensiveFarming) and each company's own archive over it: the fields the
 * company maintains, its buildings (楼栋 → 单元 → 楼层 × 每层户数, from which a room is chosen when a
 * listing is entered) and its pictures.
 */
import {
  bigint,
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
import { houses } from './schema-house';

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
    /** Who created the archive (建档人): the estate setting may let only them and managers change it. */
    createUserId: integer('create_user_id').references(() => users.id),
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

/** The company's estate basic settings (小区基础设置, /views/system/setting/fp-estate-setting), stored whole. */
export const estateSettings = pgTable('estate_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  setting: jsonb('setting').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Market listings of the collect provider saved as the company's listings (/gather/save): which
 * listing each became, for the list's 已转入 and the per-person daily limit. One row per company and
 * collected listing; a row whose listing was deleted is replaced by the next save.
 */
export const collectSaves = pgTable(
  'collect_saves',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    gatherId: bigint('gather_id', { mode: 'number' }).notNull(),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collect_saves_company_gather_key').on(t.companyId, t.gatherId),
    index('collect_saves_company_user_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);
