/** Client versions, help pages and per-user new-version switches (000 section 7, "Other"). */
import { integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

export const appVersions = pgTable('app_versions', {
  id: serial('id').primaryKey(),
  platform: text('platform').notNull(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  versionCode: integer('version_code').notNull(),
  content: text('content').notNull(),
  downloadUrl: text('download_url').notNull(),
  forceUpdate: smallint('force_update').notNull().default(0),
  /** A staged release to one company first (灰度发布); null: every company. */
  companyId: integer('company_id'),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
});

export const helpPages = pgTable('help_pages', {
  id: serial('id').primaryKey(),
  cateAlias: text('cate_alias').notNull(),
  cateName: text('cate_name').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const upgradeStates = pgTable(
  'upgrade_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    app: integer('app').notNull(),
    upgradeState: smallint('upgrade_state').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.app] })],
);
