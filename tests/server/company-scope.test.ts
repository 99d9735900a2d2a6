/** The company scope (server/db/company-scope.ts, ADR 0005) keeps every read and write in one company. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '../../server/db/schema';
import { communityPictures, platformCommunities } from '../../server/db/schema-community';
import { companyRow, companyScope, inCompany } from '../../server/db/company-scope';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the company scope', () => {
  let t: TestApp;
  let a: number;
  let b: number;
  let communityId: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const db = t.database.db;
    const rows = await db
      .insert(companies)
      .values([{ name: '甲公司' }, { name: '乙公司' }])
      .returning();
    a = rows[0]!.id;
    b = rows[1]!.id;
    const [community] = await db.select().from(platformCommunities).limit(1);
    communityId = community!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes new rows into its own company, whatever company the values name', async () => {
    const scopeA = companyScope(t.database.db, a);
    const [row] = await scopeA
      .insert(communityPictures, { communityId, type: 1, url: '/files/a.png', ...{ companyId: b } })
      .returning();
    expect(row?.companyId).toBe(a);
    expect(companyRow(a, { companyId: b, url: 'x' })).toEqual({ companyId: a, url: 'x' });
  });

  it('reads only its own company’s rows', async () => {
    const db = t.database.db;
    await companyScope(db, b).insert(communityPictures, { communityId, type: 2, url: '/files/b.png' });
    const ofA = await db.select().from(communityPictures).where(companyScope(db, a).where(communityPictures));
    const ofB = await db.select().from(communityPictures).where(inCompany(communityPictures, b));
    expect(ofA.map((row) => row.url)).toEqual(['/files/a.png']);
    expect(ofB.map((row) => row.url)).toEqual(['/files/b.png']);
  });

  it('changes and deletes nothing of another company, even by the row’s own id', async () => {
    const db = t.database.db;
    const [rowOfA] = await db.select().from(communityPictures).where(inCompany(communityPictures, a));
    const scopeB = companyScope(db, b);
    const changed = await scopeB
      .update(communityPictures, { url: '/files/stolen.png' }, eq(communityPictures.id, rowOfA!.id))
      .returning();
    const removed = await scopeB.delete(communityPictures, eq(communityPictures.id, rowOfA!.id)).returning();
    expect(changed).toEqual([]);
    expect(removed).toEqual([]);
    const [still] = await db.select().from(communityPictures).where(eq(communityPictures.id, rowOfA!.id));
    expect(still?.url).toBe('/files/a.png');

    const scopeA = companyScope(db, a);
    const own = await scopeA
      .update(communityPictures, { url: '/files/a2.png' }, eq(communityPictures.id, rowOfA!.id))
      .returning();
    expect(own.map((row) => row.url)).toEqual(['/files/a2.png']);
    const gone = await scopeA.delete(communityPictures, eq(communityPictures.id, rowOfA!.id)).returning();
    expect(gone).toHaveLength(1);
  });
});
