/**
 * Uploaded and generated files (photos, seals, contract PDFs) kept in the database, so every server
 * process sharing it serves every file and one backup holds them all (server/storage/files.ts).
 */
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const storedFiles = pgTable('stored_files', {
  /** Content address: SHA-256 of the bytes, with the kind as extension. */
  name: text('name').primaryKey(),
  kind: text('kind').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
