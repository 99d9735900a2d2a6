/**
 * The management centre (001 section 7): the company's profile (公司资料, companyInfo /
 * companyInfoUpdate) beside the company's name in `companies`.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
