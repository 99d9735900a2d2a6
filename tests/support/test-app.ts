/**
 * Builds the app in-process against a fresh database: PGlite in memory, or a new PostgreSQL
 * database when TEST_DATABASE=postgres (created on 127.0.0.1:5432 and dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { seedDemoData } from '../../server/seed/demo';
import { createManualClock } from '../../server/clock';
import type { SmsProvider } from '../../server/sandbox/sms';

export const postgresAdminUrl = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof createManualClock>;
  sms: SmsProvider & { sent: { phone: string; content: string }[] };
  close: () => Promise<void>;
};

export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(options: { seed?: boolean } = {}): Promise<TestApp> {
  const usePostgres = process.env['TEST_DATABASE'] === 'postgres';
  const postgres = usePostgres ? await createPostgresDatabase() : null;
  const database = await openDatabase({ databaseUrl: postgres?.url });
  const clock = createManualClock();
  if (options.seed ?? true) await seedDemoData(database.db, { packagesNow: clock.now() });
  const sent: { phone: string; content: string }[] = [];
  const sms = {
    sent,
    send: async (phone: string, content: string) => {
      sent.push({ phone, content });
    },
  };
  const app = await buildApp({ db: database.db, clock, sms, logger: process.env['TEST_LOG'] === '1' });
  return {
    app,
    database,
    clock,
    sms,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

export type Envelope = { code: number; message: string; data?: unknown; total?: number };

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {},
): Promise<Envelope> {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: options.headers,
    ...(options.query ? { query: options.query } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  if (response.statusCode !== 200)
    throw new Error(`HTTP ${response.statusCode} for ${url}: ${response.body}`);
  return response.json<Envelope>();
}

export async function login(
  app: FastifyInstance,
  userName: string,
  password = 'demo1234',
): Promise<Record<string, string>> {
  const result = await call(app, 'POST', '/user/login/loginPassword', { body: { userName, password } });
  if (result.code !== 200) throw new Error(`login failed for ${userName}: ${result.message}`);
  const data = result.data as { token: string; sessionid: string };
  return { token: data.token, sessionid: data.sessionid };
}
