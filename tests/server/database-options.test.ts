/** The embedded database's memory setting: PGlite opens with small shared buffers unless configured. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteSharedBuffers } from '../../server/db/client';
import { readConfig } from '../../server/config';

const shown = async (sharedBuffers?: string) => {
  const database = await openDatabase({ sharedBuffers });
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    return (result as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers;
  } finally {
    await database.close();
  }
};

// PGlite only: the PostgreSQL project would open the same embedded databases a second time.
describe.skipIf(process.env['TEST_DATABASE'] === 'postgres')('PGlite shared buffers', () => {
  it('opens with 16MB by default and with PGLITE_SHARED_BUFFERS when set', async () => {
    expect(pgliteSharedBuffers).toBe('16MB');
    expect(await shown()).toBe('16MB');
    const config = readConfig({ PGLITE_SHARED_BUFFERS: '32MB' });
    expect(config.sharedBuffers).toBe('32MB');
    expect(await shown(config.sharedBuffers)).toBe('32MB');
    expect(readConfig({}).sharedBuffers).toBeUndefined();
  });
});
