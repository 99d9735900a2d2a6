/**
 * Contract-wide tests generated from openapi/ (issue 20): every operation without a session or with
 * a forged token; at least 30 generated bad requests per operation that takes input; company B with
 * company A's ids on every operation that takes an id. Counts are printed for the closing notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, login, type TestApp } from '../support/test-app';
import { badRequests, idParameters, operations, urlOf } from '../support/contract-cases';
import type { Db } from '../../server/db/db';

const chinese = /[\u4e00-\u9fff]/;
/** What only company A's data contains: its name, its people and its stores. */
const companyAMarkers = [
  '安居房产经纪有限公司',
  '张经理',
  '王店长',
  '李主管',
  '赵经纪',
  '钱财务',
  '孙权证',
  '人民路店',
  '滨江店',
];

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function tables(db: Db): Promise<{ name: string; hasCompany: boolean }[]> {
  const list = await rows(
    db,
    sql`select t.table_name as name, exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'company_id') as has_company from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE' order by t.table_name`,
  );
  return list.map((row) => ({ name: String(row['name']), hasCompany: row['has_company'] === true }));
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tables(db)) {
    const [row] = await rows(db, sql`select count(*)::int as n from ${sql.identifier(table.name)}`);
    counts[table.name] = Number(row?.['n']);
  }
  return counts;
}

/** A digest of every row of company A in every company table. */
async function companyFingerprint(db: Db, companyId: number): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of (await tables(db)).filter((entry) => entry.hasCompany)) {
    const [row] = await rows(
      db,
      sql`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${sql.identifier(table.name)} t where t.company_id = ${companyId}`,
    );
    digest[table.name] = String(row?.['digest']);
  }
  return digest;
}

describe('every operation of the contract', () => {
  let t: TestApp;
  let managerA: Record<string, string>;
  let managerB: Record<string, string>;
  let companyA: number;

  beforeAll(async () => {
    t = await createTestApp();
    managerA = await login(t.app, '13800000000');
    managerB = await login(t.app, '13900000000');
    const [row] = await rows(
      t.database.db,
      sql`select company_id from users where user_name = '13800000000'`,
    );
    companyA = Number(row?.['company_id']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers code 400 and no data without a session or with a forged token, for every operation that needs one', async () => {
    const guarded = operations.filter((operation) => operation.requiresSession);
    let requests = 0;
    for (const operation of guarded) {
      for (const headers of [{}, { token: 'forged-token', sessionid: 'forged-session' }]) {
        const hasBody = operation.method !== 'GET';
        const response = await t.app.inject({
          method: operation.method,
          url: urlOf(operation),
          headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(hasBody ? { payload: '{}' } : {}),
        });
        requests += 1;
        expect(response.statusCode, operation.operationId).toBe(200);
        const envelope = response.json<{ code: number; message: string; data?: unknown }>();
        expect(envelope.code, operation.operationId).toBe(400);
        expect(envelope.data ?? null, operation.operationId).toBeNull();
        expect(envelope.message, operation.operationId).toMatch(chinese);
      }
    }
    console.log(`no session / forged token: ${guarded.length} operations, ${requests} requests`);
  });

  it('refuses every generated bad request with a coded envelope and a Chinese message, and writes nothing', async () => {
    const before = await rowCounts(t.database.db);
    let requests = 0;
    let covered = 0;
    let fewest = Number.POSITIVE_INFINITY;
    for (const operation of operations) {
      const generated = badRequests(operation, operation.requiresSession ? managerA : {});
      if (generated.length === 0) continue;
      covered += 1;
      fewest = Math.min(fewest, generated.length);
      for (const request of generated) {
        const response = await t.app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        requests += 1;
        const what = `${operation.operationId}: ${request.description}`;
        expect(response.statusCode, what).toBeLessThan(500);
        const envelope = response.json<{ code: number; message: string }>();
        expect(envelope.code, what).not.toBe(200);
        expect(envelope.message, what).toMatch(chinese);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
    console.log(
      `bad input: ${covered} operations with input, ${requests} requests (at least ${fewest} per operation), none written`,
    );
    // About 30,000 requests: a limit for a loaded two-core machine, not a timing test.
  }, 600_000);

  it('never shows company A’s data to company B, nor changes it, whatever A’s ids B sends', async () => {
    const before = await companyFingerprint(t.database.db, companyA);
    const ids = [1, 2, 3, 4, 5, 6, 8, 10];
    let requests = 0;
    let covered = 0;
    for (const operation of operations.filter((entry) => entry.requiresSession)) {
      const names = idParameters(operation);
      if (names.query.length === 0 && names.body.length === 0) continue;
      covered += 1;
      for (const id of ids) {
        const query = Object.fromEntries(
          operation.queryParameters
            .filter((parameter) => parameter.required || names.query.includes(parameter.name))
            .map((parameter) => [parameter.name, names.query.includes(parameter.name) ? String(id) : '1']),
        );
        const body = operation.body
          ? Object.fromEntries(names.body.map((name) => [name, name.endsWith('Ids') ? [id] : id]))
          : undefined;
        const response = await t.app.inject({
          method: operation.method,
          url: urlOf(operation, query),
          headers: { ...managerB, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        requests += 1;
        expect(response.statusCode, operation.operationId).toBeLessThan(500);
        const text = response.body;
        for (const marker of companyAMarkers)
          expect(text, `${operation.operationId} with id ${id}`).not.toContain(marker);
      }
    }
    expect(await companyFingerprint(t.database.db, companyA)).toEqual(before);
    console.log(`isolation: ${covered} operations taking ids, ${requests} requests from company B`);
  }, 300_000);
});
