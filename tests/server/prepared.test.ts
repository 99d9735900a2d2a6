/**
 * The queries run on every request are planned once per connection (server/db/prepared.ts). On
 * PGlite that is a PREPARE with each run's values written as literals, so a value a caller sends
 * (the sessionid header) must stay one value whatever it holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sqlLiteral } from '../../server/db/prepared';
import { call, createTestApp, login, type TestApp } from '../support/test-app';

describe('queries planned once per connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes values as literals that stay one value', () => {
    expect(sqlLiteral("x'); drop table users; --")).toBe("'x''); drop table users; --'");
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(-12)).toBe('-12');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(new Date('2026-11-26T08:00:00.000Z'))).toBe("'2026-11-26T08:00:00.000Z'");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(sqlLiteral([1, 5, 7])).toBe("'{1,5,7}'");
    expect(sqlLiteral(['a"b', "c'd", 'e\\f'])).toBe(`'{"a\\"b","c''d","e\\\\f"}'`);
  });

  it('writes an array as a literal the database reads back as the same array', async () => {
    const texts = ['a"b', "c'd", 'e\\f', '花园, 一期', 'x}{'];
    const result = await t.database.db.execute(sql.raw(`select ${sqlLiteral(texts)}::text[] as a`));
    expect((result as { rows: { a: string[] }[] }).rows[0]!.a).toEqual(texts);
  });

  it('refuses a hostile session id as an unknown session, and the data is intact', async () => {
    const headers = await login(t.app, '13800000000');
    for (const sessionid of ["x'); drop table users; --", "'", "\\'", '$1', 'a\nb']) {
      const result = await call(t.app, 'POST', '/user/initialize', { headers: { ...headers, sessionid } });
      expect(result).toMatchObject({ code: 400, message: '登录状态已失效，请重新登录' });
      const nav = await call(t.app, 'GET', '/user/appNavigation', { headers: { ...headers, sessionid } });
      expect(nav.code).toBe(400);
    }
    const info = await call(t.app, 'POST', '/user/initialize', { headers });
    expect(info).toMatchObject({ code: 200, data: { user: { name: '张经理' } } });
    expect((await call(t.app, 'GET', '/org/v2/staffList', { headers })).code).toBe(200);
  });

  it('keeps the session lookup as a statement of the connection, answering each run with its own values', async () => {
    const manager = await login(t.app, '13800000000');
    const broker = await login(t.app, '13800000003');
    const user = async (headers: Record<string, string>) =>
      ((await call(t.app, 'POST', '/user/initialize', { headers })).data as { user: { name: string } }).user
        .name;
    expect(await user(manager)).toBe('张经理');
    expect(await user(broker)).toBe('赵经纪');
    expect(await user(manager)).toBe('张经理');
    const result = await t.database.db.execute(sql`select statement from pg_prepared_statements`);
    const statements = (result as { rows: { statement: string }[] }).rows.map((row) => row.statement);
    // PGlite: PREPARE in SQL; PostgreSQL: the pg driver's named statement on one of the pool's connections.
    if (t.database.kind === 'pglite') {
      expect(statements.some((text) => /from "sessions"/.test(text))).toBe(true);
    }
  });
});
