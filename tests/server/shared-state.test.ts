/**
 * Two server instances on one database share what a user relies on (issue 20, part): a file uploaded
 * through one is served by the other, a session issued by one works on the other, and a periodic job
 * ticked by both at once runs once. On the postgres project both talk to the same PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { runDueJobs } from '../../server/jobs/scheduler';
import { productJobs } from '../../server/jobs/jobs';
import { createTestApp, login, type TestApp } from '../support/test-app';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('two server instances on one database', () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp({ db: t.database.db, clock: t.clock });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('serves a file uploaded through the other', async () => {
    const headers = await login(t.app, '13800000003');
    const boundary = '----shared-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/base/uploadPhoto',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="户型图.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const url = upload.json<{ data: { url: string } }>().data.url;
    const served = await second.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
  });

  it('accepts a session issued by the other', async () => {
    const headers = await login(t.app, '13800000000');
    const answer = await second.inject({ method: 'POST', url: '/api/user/initialize', headers });
    expect(answer.json<{ code: number }>().code).toBe(200);
  });

  it('runs a periodic job once when both tick at the same time', async () => {
    t.clock.advance(60 * 60 * 1000);
    const [first, other] = await Promise.all([
      runDueJobs(t.database.db, t.clock, productJobs),
      runDueJobs(t.database.db, t.clock, productJobs),
    ]);
    expect(first.length + other.length).toBe(productJobs.length);
  });
});
