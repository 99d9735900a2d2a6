/**
 * The management centre (001 section 7): the company's profile (公司资料, companyInfo /
 * companyInfoUpdate) beside the company's name in `companies`, and the statistics' daily roll-ups.
 */
import { date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './schema';

export const companyProfiles = pgTable('company_profiles', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  shortName: text('short_name'),
  logo: text('logo'),
  contactName: text('contact_name').notNull(),
  contactPhone: text('contact_phone').notNull(),
  provinceId: integer('province_id'),
  cityId: integer('city_id'),
  districtId: integer('district_id'),
  address: text('address'),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The statistics' daily roll-ups (issue 36, docs/management.md): per company, closed Beijing day,
 * person and measure (server/areas/management/statistics-facts.ts), how many, kept by the job
 * management.statisticsRollup. Days before `statistics_rollups.rolled_until` are rolled up; the
 * rest are counted over the raw rows when asked. Migration 0037 adds the covering index
 * (company_id, measure, day, user_id) INCLUDE (n) the statistics read it by.
 */
export const statisticsDaily = pgTable(
  'statistics_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    measure: smallint('measure').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.userId, t.measure] })],
);

/** The same summed over the company's people: a whole company's trend reads a row per day and measure. */
export const statisticsDailyCompany = pgTable(
  'statistics_daily_company',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    measure: smallint('measure').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.measure, t.day] })],
);

/** How far each company's roll-ups reach: every day before `rolled_until` is in statistics_daily. */
export const statisticsRollups = pgTable('statistics_rollups', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  rolledUntil: date('rolled_until', { mode: 'string' }).notNull(),
});

/**
 * Rolled-up days whose raw rows changed afterwards (a follow-up deleted, a team role handed over, a
 * listing's type edited), marked by triggers on the raw tables: counted raw until the job rolls
 * them up again.
 */
export const statisticsChangedDays = pgTable(
  'statistics_changed_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);
