import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ilike, isNull, or } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { houses } from '../../server/db/schema-house';
import { platformCommunities } from '../../server/db/schema-community';
import { users } from '../../server/db/schema';

type Listed = { houseId: number; communityId: number | null; communityName: string };

/**
 * The house list's keyword 小区名称或地址 finds a listing by its community's name, alias or address in
 * the platform base (matched in memory, server/areas/community/platform.ts) or by the name typed for a
 * community outside the base, and counts them as ILIKE over the stored rows would.
 */
describe('house list keyword on the community name, alias or address', () => {
  let t: TestApp;
  let manager: Record<string, string>;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await login(t.app, '13800000000');
    const [row] = await t.database.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.userName, '13800000000'));
    companyId = row!.companyId;
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the database itself finds for the key: the listings of communities whose texts contain it, and typed names. */
  async function expectedTotal(key: string): Promise<number> {
    const like = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const named = or(
      ilike(platformCommunities.name, like),
      ilike(platformCommunities.alias, like),
      ilike(platformCommunities.address, like),
    );
    const [inBase] = await t.database.db
      .select({ n: count() })
      .from(houses)
      .innerJoin(platformCommunities, eq(platformCommunities.id, houses.communityId))
      .where(and(eq(houses.companyId, companyId), isNull(houses.deletedAt), named));
    const [typed] = await t.database.db
      .select({ n: count() })
      .from(houses)
      .where(
        and(
          eq(houses.companyId, companyId),
          isNull(houses.deletedAt),
          isNull(houses.communityId),
          ilike(houses.communityName, like),
        ),
      );
    return inBase!.n + typed!.n;
  }

  async function search(key: string) {
    const page = await call(t.app, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { newKey: { type: 1, key }, pagesize: 50 },
    });
    expect(page.code).toBe(200);
    return { rows: page.data as Listed[], total: page.total as number };
  }

  it('finds the listings of a community by its alias and by a part of its address', async () => {
    const [aliased] = await t.database.db
      .select({
        id: platformCommunities.id,
        name: platformCommunities.name,
        alias: platformCommunities.alias,
      })
      .from(platformCommunities)
      .innerJoin(houses, and(eq(houses.communityId, platformCommunities.id), eq(houses.companyId, companyId)))
      .where(eq(platformCommunities.alias, '波托菲诺'))
      .limit(1);
    expect(aliased?.name).toBe('华侨城波托菲诺');
    const byAlias = await search('波托菲诺');
    expect(byAlias.total).toBeGreaterThan(0);
    expect(byAlias.total).toBe(await expectedTotal('波托菲诺'));
    expect(new Set(byAlias.rows.map((row) => row.communityName))).toContain('华侨城波托菲诺');

    const byAddress = await search('景田北路');
    expect(byAddress.total).toBeGreaterThan(0);
    expect(byAddress.total).toBe(await expectedTotal('景田北路'));
    const onThatRoad = await t.database.db
      .select({ name: platformCommunities.name })
      .from(platformCommunities)
      .where(ilike(platformCommunities.address, '%景田北路%'));
    expect(onThatRoad.map((row) => row.name)).toContain('天健世纪花园');
    for (const row of byAddress.rows) expect(onThatRoad.map((c) => c.name)).toContain(row.communityName);
  });

  it('a key that names no community finds only the typed names, and % or _ are plain characters', async () => {
    for (const key of ['花园', '%', '_', '不存在的小区名']) {
      const found = await search(key);
      expect(found.total, key).toBe(await expectedTotal(key));
    }
    expect((await search('%')).total).toBe(0);
  });
});
