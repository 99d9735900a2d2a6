import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../support/test-app';
import { signDocuments, signSignatures } from '../../server/db/schema-signing';
import { signSignatories } from '../../server/db/schema-sign';
import { tsaUnavailableMessage } from '../../server/areas/signing/tsa/provider';
import { strokePng } from '../support/test-data';
import { inProcessSigning } from '../support/signed-contract';
import { expectStandAloneSignatures } from '../support/pades-tokens';

type Headers = Record<string, string>;

const signatureImage = `data:image/png;base64,${strokePng().toString('base64')}`;

describe('trusted time for signing: the sandbox TSA, and a TSA that is down', () => {
  let t: TestApp;
  let manager: Headers;
  let saleBoxId: number;
  let dir: string;

  let signing: ReturnType<typeof inProcessSigning>;
  const startContract = () => signing.startContract(manager, saleBoxId);
  const signByLink = (hash: string, phone: string) => signing.signByLink(manager, hash, phone);
  const get = (url: string, headers: Headers, query: Record<string, string> = {}) =>
    signing.get(url, headers, query);
  const post = (url: string, headers: Headers, body: unknown) => signing.post(url, headers, body);

  beforeAll(async () => {
    t = await createTestApp();
    signing = inProcessSigning(t);
    manager = await login(t.app, '13800000000');
    saleBoxId = await signing.saleBoxId(manager);
    dir = mkdtempSync(join(tmpdir(), 'signing-trust-'));
  }, 180_000);
  afterAll(async () => {
    t.tsa.setDown(false);
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('refuses the signing with a clear message when the TSA is down, and stores nothing', async () => {
    const { contractId, hashes } = await startContract();
    t.clock.advance(61_000);
    expect((await get('/sign/signLinkCode', manager, { hash: hashes[1]! })).code).toBe(200);
    t.tsa.setDown(true);
    const refused = await post('/sign/signByHash', manager, {
      hash: hashes[1],
      verificationCode: signing.lastCode('13811112222'),
      signatureKind: 1,
      signatureImage,
    });
    t.tsa.setDown(false);
    expect(refused).toMatchObject({ code: 405, message: tsaUnavailableMessage });
    const [signatory] = await t.database.db
      .select()
      .from(signSignatories)
      .where(and(eq(signSignatories.contractId, contractId), eq(signSignatories.role, 1)));
    expect(signatory!.signStatus).toBe(0);
    expect(
      await t.database.db.select().from(signSignatures).where(eq(signSignatures.contractId, contractId)),
    ).toHaveLength(0);
    // The document was rendered for the signing (before it), but nothing was stamped or signed into it.
    const [document] = await t.database.db
      .select()
      .from(signDocuments)
      .where(eq(signDocuments.contractId, contractId));
    expect(document?.version ?? 1).toBe(1);
    expect(document?.sealedFileName ?? null).toBeNull();
    // Once the TSA answers again the same party signs, with a timestamp pdfsig and openssl accept.
    const signed = await signByLink(hashes[1]!, '13811112222');
    expect(signed.code, signed.message).toBe(200);
    const file = await signing.download((signed.data as { previewUrl: string }).previewUrl);
    expectStandAloneSignatures(file, await t.tsa.chainPem(), ['张三']);
  });

  it('asks the TSA while no transaction is open, and two parties signing at once both sign', async () => {
    const { contractId, hashes } = await startContract();
    // Each timestamp is asked for while another query still gets through: on PGlite's one connection
    // a query waits for an open transaction, so a TSA call inside one would stall here.
    const respond = t.tsa.respond;
    let answered = 0;
    let stalled = 0;
    t.tsa.respond = async (request) => {
      const probe = t.database.db.execute(sql`select 1`).then(() => 'ran' as const);
      const outcome = await Promise.race([
        probe,
        new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 3_000)),
      ]);
      if (outcome === 'stalled') stalled += 1;
      answered += 1;
      return respond(request);
    };
    try {
      t.clock.advance(61_000);
      for (const role of [1, 2]) {
        expect((await get('/sign/signLinkCode', manager, { hash: hashes[role]! })).code).toBe(200);
      }
      const [first, second] = await Promise.all(
        (
          [
            [1, '13811112222'],
            [2, '13933334444'],
          ] as const
        ).map(([role, phone]) =>
          post('/sign/signByHash', manager, {
            hash: hashes[role],
            verificationCode: signing.lastCode(phone),
            signatureKind: 1,
            signatureImage,
          }),
        ),
      );
      expect([first!.code, second!.code], `${first!.message} ${second!.message}`).toEqual([200, 200]);
    } finally {
      t.tsa.respond = respond;
    }
    expect(stalled).toBe(0);
    expect(answered).toBeGreaterThanOrEqual(2);
    const info = await get('/sign/getSignInfo', manager, { contractId: String(contractId) });
    expect(info.data).toMatchObject({ signedCount: 2 });
    const [document] = await t.database.db
      .select()
      .from(signDocuments)
      .where(eq(signDocuments.contractId, contractId));
    // Both stamps are in the file, one after the other, each signature valid.
    expect(document!.version).toBe(3);
    const file = await signing.download(`/files/${document!.fileName}`);
    const names = expectStandAloneSignatures(file, await t.tsa.chainPem(), []);
    expect(names).toContain('Common Name: 张三');
    expect(names).toContain('Common Name: 李四');
  });

  it('answers RFC 3161 requests over HTTP at /sandbox/tsa, and says so when it is down', async () => {
    const query = execFileSync('openssl', ['ts', '-query', '-digest', 'ab'.repeat(32), '-sha256', '-cert']);
    const answered = await t.app.inject({
      method: 'POST',
      url: '/sandbox/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: query,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toContain('application/timestamp-reply');
    const chain = await t.app.inject({ method: 'GET', url: '/sandbox/tsa/chain.pem' });
    writeFileSync(join(dir, 'chain.pem'), chain.body);
    writeFileSync(join(dir, 'reply.tsr'), answered.rawPayload);
    writeFileSync(join(dir, 'query.tsq'), query);
    const verified = spawnSync('openssl', [
      'ts',
      '-verify',
      '-in',
      join(dir, 'reply.tsr'),
      '-queryfile',
      join(dir, 'query.tsq'),
      '-CAfile',
      join(dir, 'chain.pem'),
    ]);
    expect(verified.stdout.toString()).toContain('Verification: OK');
    t.tsa.setDown(true);
    const down = await t.app.inject({
      method: 'POST',
      url: '/sandbox/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: query,
    });
    t.tsa.setDown(false);
    expect(down.statusCode).toBe(503);
    expect(down.body).toBe(tsaUnavailableMessage);
  });
});
