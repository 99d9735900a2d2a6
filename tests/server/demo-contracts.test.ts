/** A newcomer's office has sign contracts to look at: eight on the company's own listings, three out for signing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { seedShowcaseContracts } from '../../server/areas/sign/demo-contracts';
import { signContracts } from '../../server/db/schema-sign';
import { houses } from '../../server/db/schema-house';

type Row = { contractId: number; state: number; houseName?: string | null };

describe('sample sign contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('company A gets eight sale contracts on its own listings, three 签署中 and five 待发起', async () => {
    expect(await seedShowcaseContracts(t.database.db, t.clock)).toBe(8);
    const rows = await t.database.db.select().from(signContracts);
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.state === 7)).toHaveLength(3);
    expect(rows.filter((row) => row.state === 1)).toHaveLength(5);
    const companyA = rows[0]!.companyId;
    const listed = await t.database.db
      .select({ communityName: houses.communityName, ownerName: houses.ownerName })
      .from(houses)
      .where(eq(houses.companyId, companyA));
    for (const row of rows) {
      const content = row.content as { partyA: { name: string }; property: { houseName: string } };
      expect(listed).toContainEqual({
        communityName: content.property.houseName,
        ownerName: content.partyA.name,
      });
    }
    const manager = await login(t.app, '13800000000');
    const list = await call(t.app, 'GET', '/sign/signPosts', { headers: manager, query: { state: '0' } });
    expect(list.total).toBe(8);
    expect(new Set((list.data as Row[]).map((row) => row.state))).toEqual(new Set([1, 7]));
    const otherCompany = await login(t.app, '13900000000');
    const theirs = await call(t.app, 'GET', '/sign/signPosts', {
      headers: otherCompany,
      query: { state: '0' },
    });
    expect(theirs.total).toBe(0);
  });
});
