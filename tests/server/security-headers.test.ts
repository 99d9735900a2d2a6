/**
 * Security headers (issue 39): the client, the API and a stored file each carry a
 * Content-Security-Policy, nosniff and a strict Referrer-Policy; HSTS only over TLS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createDatabaseStorage } from '../../server/storage/files';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let app: FastifyInstance;
let clientDir: string;
let fileUrl: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  clientDir = mkdtempSync(join(tmpdir(), 'headers-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>安居签</title>');
  app = await buildApp({ db: t.database.db, clock: t.clock, clientDir });
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const stored = await createDatabaseStorage(t.database.db).save(png, 'dot.png', ['png']);
  fileUrl = stored.url;
});

afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function directives(policy: string | undefined): Map<string, string> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('the client page runs only its own scripts and cannot be framed', async () => {
    for (const url of ['/', '/views/sign/contract-list']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src')).toBe("'self'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(policy.get('object-src')).toBe("'none'");
      expect(policy.get('default-src')).toBe("'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('an API answer carries the same policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no/such/operation' });
    expect(response.statusCode).toBe(200);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('a stored file runs nothing and is framed only by this origin', async () => {
    const response = await app.inject({ method: 'GET', url: fileUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.has('script-src')).toBe(false);
    expect(policy.get('frame-ancestors')).toBe("'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('HSTS is sent when the request came over TLS, and only then', async () => {
    const overTls = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const file = await app.inject({ method: 'GET', url: fileUrl, headers: { 'x-forwarded-proto': 'https' } });
    expect(file.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await app.inject({ method: 'GET', url: '/api/no/such/operation' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
