/**
 * Builds the app in-process against a fresh database: PGlite in memory, or a new PostgreSQL
 * database when TEST_DATABASE=postgres (created on 127.0.0.1:5432 and dropped afterwards). Each is a
 * copy of the run's prepared database (tests/support/database-templates.ts) when there is one.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { seedDemoData } from '../../server/seed/demo';
import { createManualClock } from '../../server/clock';
import { createSandboxTsa, type SandboxTsa } from '../../server/areas/signing/tsa/sandbox-tsa';
import type { SmsProvider } from '../../server/sandbox/sms';
import { createPostgresDatabase, type TemplateKind } from './database-templates';

export { createPostgresDatabase, postgresAdminUrl } from './database-templates';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address (TEST_DATABASE=postgres), for a second connection as another process. */
  databaseUrl: string | undefined;
  clock: ReturnType<typeof createManualClock>;
  sms: SmsProvider & { sent: { phone: string; content: string }[] };
  /** The sandbox TSA signing uses (on the test's clock); tests take it down with setDown(true). */
  tsa: SandboxTsa;
  close: () => Promise<void>;
};

/** The run's prepared database of that kind (global setup), or null outside such a run. */
function template(kind: TemplateKind, usePostgres: boolean): string | null {
  const templates = inject(usePostgres ? 'postgresTemplates' : 'pgliteTemplates');
  return templates?.[kind] ?? null;
}

export async function createTestApp(options: { seed?: boolean } = {}): Promise<TestApp> {
  const usePostgres = process.env['TEST_DATABASE'] === 'postgres';
  const seeded = options.seed ?? true;
  const prepared = template(seeded ? 'seeded' : 'empty', usePostgres);
  const postgres = usePostgres ? await createPostgresDatabase(prepared ?? undefined) : null;
  const database = await openDatabase({
    databaseUrl: postgres?.url,
    loadDataDir: !usePostgres && prepared ? new Blob([readFileSync(prepared)]) : undefined,
  });
  const clock = createManualClock();
  if (seeded && !prepared) await seedDemoData(database.db, { now: clock.now() });
  const sent: { phone: string; content: string }[] = [];
  const sms = {
    sent,
    send: async (phone: string, content: string) => {
      sent.push({ phone, content });
    },
  };
  const tsa = createSandboxTsa(database.db, clock);
  const app = await buildApp({
    db: database.db,
    clock,
    sms,
    sandboxTsa: tsa,
    logger: process.env['TEST_LOG'] === '1',
  });
  return {
    app,
    database,
    databaseUrl: postgres?.url,
    clock,
    sms,
    tsa,
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
