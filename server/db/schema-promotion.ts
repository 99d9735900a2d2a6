/**
 * Promotion (推广, issue 37): each listing's push on each portal, the queue of push work (ADR 0007),
 * brokers' portal accounts, and the sandbox portals' own listings (what a real portal would keep on
 * its side; the sandbox keeps it in our database so that every process sees the same portal).
 */
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './schema';
import { houses } from './schema-house';

const time = (name: string) => timestamp(name, { withTimezone: true });

/** What the portal was sent: the listing as it was when it was pushed (the list shows it). */
export type PushedListing = {
  houseNo: string;
  title: string;
  communityName: string;
  cityName: string | null;
  room: number;
  hall: number;
  bath: number;
  area: number;
  price: number;
  pictureCount: number;
  coverUrl: string | null;
  userName: string | null;
  deptName: string | null;
};

/** One listing on one portal (channel 1 幸福里, 2 58 优选, 3 房天下, 4 天猫好房); state per domain/promotion.ts. */
export const portalPushes = pgTable(
  'portal_pushes',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    houseType: smallint('house_type').notNull(),
    state: smallint('state').notNull(),
    outId: text('out_id'),
    url: text('url'),
    message: text('message'),
    listing: jsonb('listing').$type<PushedListing>().notNull(),
    userId: integer('user_id').references(() => users.id),
    viewCount: integer('view_count').notNull().default(0),
    leadCount: integer('lead_count').notNull().default(0),
    pushTime: time('push_time'),
    updateTime: time('update_time'),
  },
  (t) => [
    primaryKey({ columns: [t.houseId, t.channel] }),
    index('portal_pushes_list_idx').on(t.companyId, t.channel, t.houseType, t.state),
  ],
);

/**
 * Push work, one row per job (ADR 0007): claimed by an UPDATE over `FOR UPDATE SKIP LOCKED`, retried
 * with back-off, reclaimed when a process died holding it (locked_until passed). At most one open
 * job per listing and portal (the partial unique index), so a double click or two processes never
 * queue the same work twice.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    houseId: integer('house_id')
      .notNull()
      .references(() => houses.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    /** push, online, offline, remove, withdraw (the listing left the company's stock). */
    action: text('action').notNull(),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id),
    /** queued, running, done, failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAfter: time('run_after').notNull(),
    lockedUntil: time('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: time('created_at').notNull(),
    finishedAt: time('finished_at'),
  },
  (t) => [
    uniqueIndex('push_jobs_open_idx')
      .on(t.houseId, t.channel)
      .where(sql`status in ('queued', 'running')`),
    index('push_jobs_due_idx').on(t.status, t.runAfter),
  ],
);

/** A broker's account on a portal that needs one (58 优选, 天猫好房). */
export const brokerBindings = pgTable(
  'broker_bindings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: smallint('channel').notNull(),
    account: text('account').notNull(),
    phone: text('phone').notNull(),
    storeName: text('store_name').notNull(),
    /** The portal's own id of the broker, given when it verified the account. */
    outBrokerId: text('out_broker_id').notNull(),
    boundAt: time('bound_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/** The sandbox portals' side: one row per listing key (company-house) they were sent. */
export const sandboxPortalListings = pgTable(
  'sandbox_portal_listings',
  {
    channel: smallint('channel').notNull(),
    key: text('key').notNull(),
    outId: text('out_id').notNull(),
    /** online, offline, removed, rejected, or new (called but not yet answered). */
    state: text('state').notNull(),
    /** Calls the portal received for this key (the sandbox fails the first N when told to). */
    calls: integer('calls').notNull().default(0),
    /** Listings the portal created for this key: more than 1 would be a duplicate on the portal. */
    created: integer('created').notNull().default(0),
    price: doublePrecision('price'),
    views: integer('views').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.key] })],
);

/**
 * A sandbox portal's outage for one company's account (sandboxPortalOutage): while `until` is ahead
 * of the clock, the portal of `channel` answers 服务暂不可用 to that company's calls. The portal's
 * side, like sandbox_portal_listings, so not tied to the companies table.
 */
export const sandboxPortalOutages = pgTable(
  'sandbox_portal_outages',
  {
    channel: smallint('channel').notNull(),
    companyId: integer('company_id').notNull(),
    until: time('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.companyId] })],
);
