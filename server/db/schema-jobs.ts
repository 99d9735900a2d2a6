/**
 * Background jobs that run once per period however many API processes share the database: a run
 * is claimed by inserting (name, slot) — the slot is the period's number on the server clock — and
 * only the process whose insert succeeds runs it (server/jobs/scheduler.ts).
 */
import { pgTable, primaryKey, text, timestamp, integer } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    slot: text('slot').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** What the run changed (rows moved, messages sent), for the log. */
    affected: integer('affected'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
