/**
 * Shared set-up of the tests around a sign contract (sign-views, sign-material): the demo company
 * with its manager, broker and finance user, a user whose role holds nothing, company B's manager,
 * the sale template and one uploaded picture.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { call, createTestApp, login, type TestApp } from './test-app';
import { hashPassword } from '../../server/areas/user/passwords';
import { createDatabaseStorage } from '../../server/storage/files';
import { roles, users } from '../../server/db/schema';
import { saleContent } from './test-data';

export { saleContent };

export type Headers = Record<string, string>;

/** A 1x1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export type SignFixture = Awaited<ReturnType<typeof createSignFixture>>;

export async function createSignFixture() {
  const t: TestApp = await createTestApp();
  const get = (url: string, headers: Headers, query: Record<string, string | number> = {}) =>
    call(t.app, 'GET', url, {
      headers,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const post = (url: string, headers: Headers, body: unknown) => call(t.app, 'POST', url, { headers, body });
  const manager = await login(t.app, '13800000000');
  const broker = await login(t.app, '13800000003');
  const finance = await login(t.app, '13800000004');
  const managerB = await login(t.app, '13900000000');
  const [owner] = await t.database.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.userName, '13800000000'));
  const [role] = await t.database.db
    .insert(roles)
    .values({ companyId: owner!.companyId, name: '实习生', sort: 99 })
    .returning({ id: roles.id });
  await t.database.db.insert(users).values({
    companyId: owner!.companyId,
    userName: '13800000099',
    name: '无权限',
    passwordHash: await hashPassword('demo1234'),
    roleId: role!.id,
  });
  const nobody = await login(t.app, '13800000099');
  const templates = (await get('/sign/templatePostsV2', manager)).data as {
    boxId: number;
    contractType: number;
  }[];
  const saleBoxId = templates.find((x) => x.contractType === 1)!.boxId;
  const pictureUrl = (await createDatabaseStorage(t.database.db).save(png, 'id.png', ['png'])).url;
  async function submit(headers: Headers, content: unknown = saleContent()): Promise<number> {
    const result = await post('/sign/contractSubmissionV2501', headers, {
      boxid: saleBoxId,
      content,
      signatureType: 1,
    });
    expect(result.code, result.message).toBe(200);
    return (result.data as { contractId: number }).contractId;
  }
  return { t, get, post, submit, manager, broker, finance, managerB, nobody, saleBoxId, pictureUrl };
}
