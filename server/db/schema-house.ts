/**
 * Listings (房源, 001 sections 3-9): the listing with its pool (公盘 / 私盘 and its maintainer), its
 * pictures, team, follow-ups and key-information views; the company's listing settings; the
 * categories of category management (/app); the operation records of any item (/app/appRecord);
 * and the listing's state on each portal.
 */
import { sql } from 'drizzle-orm';
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
} from 'drizzle-orm/pg-core';
import { companies, departments, users } from './schema';

export type HouseRentInfo = {
  rentType?: 1 | 2;
  deposit?: number;
  leaseTermMin?: number;
  leaseTermMax?: number;
  checkInDate?: string;
  rentExpire?: string;
  facilities?: string[];
  requirement?: string;
};

const time = (name: string) => timestamp(name, { withTimezone: true });

export const houses = pgTable(
  'houses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseNo: text('house_no').notNull().default(''),
    type: smallint('type').notNull(),
    attribution: smallint('attribution').notNull(),
    communityId: integer('community_id'),
    communityName: text('community_name').notNull(),
    cityId: integer('city_id'),
    districtId: integer('district_id'),
    regionId: integer('region_id'),
    address: text('address'),
    buildingNo: text('building_no'),
    unitNo: text('unit_no'),
    roomNo: text('room_no'),
    title: text('title'),
    room: smallint('room').notNull(),
    hall: smallint('hall').notNull(),
    bath: smallint('bath').notNull(),
    area: doublePrecision('area').notNull(),
    insideArea: doublePrecision('inside_area'),
    floor: smallint('floor'),
    totalFloor: smallint('total_floor'),
    toward: smallint('toward'),
    renovation: smallint('renovation'),
    property: smallint('property'),
    buildYear: integer('build_year'),
    elevator: smallint('elevator'),
    price: doublePrecision('price').notNull(),
    unitPrice: doublePrecision('unit_price'),
    bottomPrice: doublePrecision('bottom_price'),
    paymentMethod: text('payment_method'),
    taxYears: smallint('tax_years'),
    onlyHouse: smallint('only_house'),
    ownerName: text('owner_name').notNull(),
    ownerPhone: text('owner_phone').notNull(),
    certificateNo: text('certificate_no'),
    source: text('source'),
    level: text('level'),
    houseState: smallint('house_state').notNull().default(1),
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    remark: text('remark'),
    isKey: smallint('is_key').notNull().default(0),
    isSoleAgency: smallint('is_sole_agency').notNull().default(0),
    isLock: smallint('is_lock').notNull().default(0),
    isSeal: smallint('is_seal').notNull().default(0),
    isTop: smallint('is_top').notNull().default(0),
    vrUrl: text('vr_url'),
    fieldsList: jsonb('fields_list').$type<Record<string, unknown>>().notNull().default({}),
    /** Rent listings: 出租方式, 押金, 租期, 可入住日期, 配套设施, 对租客的要求 (rentExtension). */
    rentInfo: jsonb('rent_info').$type<HouseRentInfo>(),
    /** The maintainer (归属人); null for a public listing nobody maintains. */
    attributorId: integer('attributor_id').references(() => users.id),
    deptId: integer('dept_id').references(() => departments.id),
    entryUserId: integer('entry_user_id').references(() => users.id),
    /** When it last became private (the privacyToPublic countdown starts here or at the last follow-up). */
    privateSince: time('private_since'),
    lastFollowUpAt: time('last_follow_up_at'),
    entryTime: time('entry_time').notNull().defaultNow(),
    updateTime: time('update_time'),
    deletedAt: time('deleted_at'),
    deleteUserId: integer('delete_user_id').references(() => users.id),
    deleteReason: text('delete_reason'),
  },
  (t) => [
    index('houses_company_list_idx')
      .on(t.companyId, t.entryTime.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('houses_company_community_idx').on(t.companyId, t.communityId),
    // The house list: its default order, and a community keyword with the price and area ranges.
    index('houses_default_order_idx')
      .on(t.companyId, t.isTop.desc(), sql`coalesce(${t.lastFollowUpAt}, ${t.entryTime}) desc`, t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('houses_search_idx')
      .on(t.companyId, t.type, t.communityId, t.price, t.area)
      .where(sql`${t.deletedAt} IS NULL`),
    // Listings typed on a community outside the dictionary, searched by name.
    index('houses_free_community_idx')
      .on(t.companyId)
      .where(sql`${t.communityId} IS NULL`),
    index('houses_company_phone_idx').on(t.companyId, t.ownerPhone),
    index('houses_private_due_idx').on(t.companyId, t.attribution, t.privateSince),
    index('houses_company_deleted_idx').on(t.companyId, t.deletedAt),
  ],
);

export const housePictures = pgTable(
  'house_pictures',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
    uploaderId: integer('uploader_id').references(() => users.id),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('house_pictures_house_idx').on(t.houseId, t.sort)],
);

export const houseTeam = pgTable(
  'house_team',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('house_team_house_idx').on(t.houseId, t.role)],
);

export const houseFollowUps = pgTable(
  'house_follow_ups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'cascade' }),
    category: smallint('category').notNull(),
    content: text('content').notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    remindTime: time('remind_time'),
    userId: integer('user_id').references(() => users.id),
    customerName: text('customer_name'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('house_follow_ups_house_idx').on(t.houseId, t.createdAt.desc())],
);

/** Each view of a protected field: counted per person per day, and the reason for 4001001. */
export const houseKeyViews = pgTable(
  'house_key_views',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    /** The field is 查看需写跟进: opening the listing again needs a follow-up first. */
    needsFollowUp: smallint('needs_follow_up').notNull().default(0),
    viewedAt: time('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('house_key_views_user_day_idx').on(t.companyId, t.userId, t.viewedAt),
    index('house_key_views_house_user_idx').on(t.houseId, t.userId, t.viewedAt),
  ],
);

/** The company's listing settings (getHousingSetting / housingSetting); absent until first saved. */
export const housingSettings = pgTable('housing_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  setting: jsonb('setting').$type<Record<string, unknown>>().notNull(),
  updatedAt: time('updated_at').notNull().defaultNow(),
});

/** Category management (/app/getCategoryV2): tags, follow-up methods, picture categories, sources. */
export const appCategories = pgTable(
  'app_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appType: smallint('app_type').notNull(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    isSystem: smallint('is_system').notNull().default(0),
    color: text('color'),
  },
  (t) => [index('app_categories_company_app_idx').on(t.companyId, t.appType, t.type)],
);

/** The operation record (/app/appRecord) of any item: the listing's audit trail. */
export const appRecords = pgTable(
  'app_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appType: smallint('app_type').notNull(),
    itemId: integer('item_id').notNull(),
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    changes:
      jsonb('changes').$type<
        { field: string; title: string; before: string | null; after: string | null }[]
      >(),
    userId: integer('user_id').references(() => users.id),
    ip: text('ip'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('app_records_item_idx').on(t.companyId, t.appType, t.itemId, t.createdAt.desc())],
);
