/**
 * 合同基础设置: one row per company holding its contract settings (number rules, default
 * commission and its split, required attachments, the ledger's state names), stored whole as the
 * other basic settings are; read with defaults until first saved.
 */
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './schema';

export const contractSettings = pgTable('contract_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  setting: jsonb('setting').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
