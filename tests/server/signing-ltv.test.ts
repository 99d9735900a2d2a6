/**
 * PAdES B-LT (issue 39): a completed three-party contract carries in its DSS what a verifier needs
 * offline — every signature's certificate chain up to the product's root, the TSA's, and CRLs the
 * own CA signed after the signatures, under which openssl finds none of those certificates revoked
 * at the completion — and the DSS sits in the 签署证明 seal's update, covered by that seal, which
 * covers the whole file with every signature valid.
 */
import '@abraham/reflection';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import * as x509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createContractSigner, type SignedContract } from '../support/signed-contract';
import { expectStandAloneSignatures } from '../support/pades-tokens';
import { timestampOf } from '../support/pades-report';
import { readDss, signatureCmsOf } from '../../server/areas/signing/dss';
import { crlValidityMs } from '../../server/areas/signing/ca/crl';
import { signingAuthorities } from '../../server/db/schema-signing';

/** PEM as openssl reads it (x509 labels a CRL 'CRL', openssl wants 'X509 CRL'). */
const armour = (der: Buffer, label: string) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END ${label}-----\n`;
const pem = (der: Buffer) => armour(der, 'CERTIFICATE');

/** The signer's certificate of a CMS (the first certificate whose key is not a CA's) and the token's time. */
function signatureFacts(cms: Buffer) {
  const content = pkijs.ContentInfo.fromBER(new Uint8Array(cms));
  const signed = new pkijs.SignedData({ schema: content.content });
  const certificates = (signed.certificates ?? []).filter(
    (certificate): certificate is pkijs.Certificate => certificate instanceof pkijs.Certificate,
  );
  const signerInfo = signed.signerInfos[0]!;
  const sid = signerInfo.sid as pkijs.IssuerAndSerialNumber;
  const signer = certificates.find((certificate) => certificate.serialNumber.isEqual(sid.serialNumber))!;
  const token = pkijs.ContentInfo.fromBER(new Uint8Array(timestampOf(cms).token));
  const tokenData = new pkijs.SignedData({ schema: token.content });
  const info = pkijs.TSTInfo.fromBER(tokenData.encapContentInfo.eContent!.getValue());
  const tsa = (tokenData.certificates ?? []).find(
    (certificate): certificate is pkijs.Certificate => certificate instanceof pkijs.Certificate,
  )!;
  return {
    signer: Buffer.from(signer.toSchema().toBER()),
    tsa: Buffer.from(tsa.toSchema().toBER()),
    time: info.genTime,
  };
}

describe('a completed contract carries its validation data (PAdES B-LT)', () => {
  let t: TestApp;
  let signed: SignedContract;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    signed = await createContractSigner(t)();
    dir = mkdtempSync(join(tmpdir(), 'signing-ltv-'));
  }, 300_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it("holds every signer's chain, the TSA's, and CRLs under which none is revoked at the completion", async () => {
    const { pdf } = signed;
    const dss = await readDss(pdf);
    const inDss = new Set(dss.certificates.map((der) => der.toString('hex')));
    const [root] = await t.database.db
      .select()
      .from(signingAuthorities)
      .where(eq(signingAuthorities.key, 'root'));
    const rootCertificate = new x509.X509Certificate(root!.certPem);
    expect(inDss.has(Buffer.from(rootCertificate.rawData).toString('hex'))).toBe(true);
    const certificates = dss.certificates.map((der) => new x509.X509Certificate(new Uint8Array(der)));
    const crls = dss.crls.map((der) => new x509.X509Crl(new Uint8Array(der)));
    // The root's and the issuing CA's.
    expect(crls).toHaveLength(2);

    const signatures = signatureCmsOf(pdf).map(signatureFacts);
    // 张三, 李四, the company's seal-free seal, the 签署证明 seal.
    expect(signatures).toHaveLength(4);
    const completedAt = signatures.at(-1)!.time;
    const chainPem = certificates.map((certificate) => `${certificate.toString('pem')}\n`).join('');
    writeFileSync(join(dir, 'root.pem'), `${rootCertificate.toString('pem')}\n`);
    writeFileSync(join(dir, 'dss-certificates.pem'), chainPem);
    writeFileSync(join(dir, 'dss-crls.pem'), dss.crls.map((der) => armour(der, 'X509 CRL')).join(''));
    for (const { signer, tsa, time } of signatures) {
      for (const der of [signer, tsa]) {
        // Its chain up to the root, all in the DSS.
        let current = new x509.X509Certificate(der);
        expect(inDss.has(Buffer.from(current.rawData).toString('hex'))).toBe(true);
        for (let depth = 0; current.subject !== current.issuer; depth += 1) {
          expect(depth).toBeLessThan(4);
          const child = current;
          const issuer = certificates.find(
            (candidate) => candidate.subject === child.issuer && candidate.subject !== child.subject,
          );
          expect(issuer, `issuer of ${child.subject}`).toBeDefined();
          expect(await child.verify({ publicKey: issuer!.publicKey, signatureOnly: true })).toBe(true);
          // A CRL of that issuer, signed by it, made after this signature and current at the completion.
          const crl = crls.find((candidate) => candidate.issuer === child.issuer);
          expect(crl, `CRL of ${child.issuer}`).toBeDefined();
          expect(await crl!.verify({ publicKey: issuer!.publicKey })).toBe(true);
          expect(crl!.thisUpdate.getTime()).toBeGreaterThanOrEqual(Math.floor(time.getTime() / 1000) * 1000);
          expect(crl!.thisUpdate.getTime()).toBeLessThanOrEqual(completedAt.getTime() + 1000);
          expect(crl!.nextUpdate!.getTime() - crl!.thisUpdate.getTime()).toBe(crlValidityMs);
          expect(crl!.findRevoked(child)).toBeNull();
          current = issuer!;
        }
        expect(current.equal(rootCertificate)).toBe(true);
        // openssl agrees: the chain from the DSS, checked against the DSS's CRLs at the completion.
        writeFileSync(join(dir, 'leaf.pem'), pem(der));
        const verified = spawnSync('openssl', [
          'verify',
          '-crl_check_all',
          '-attime',
          String(Math.floor(completedAt.getTime() / 1000) + 1),
          '-CAfile',
          join(dir, 'root.pem'),
          '-untrusted',
          join(dir, 'dss-certificates.pem'),
          '-CRLfile',
          join(dir, 'dss-crls.pem'),
          '-purpose',
          'any',
          join(dir, 'leaf.pem'),
        ]);
        expect(verified.stdout.toString() + verified.stderr.toString()).toContain('leaf.pem: OK');
      }
    }
  });

  it("puts the DSS in the 签署证明 seal's update, which that seal covers, and every signature stays valid", async () => {
    const { pdf } = signed;
    const text = pdf.toString('latin1');
    const dssAt = text.lastIndexOf('/Type /DSS');
    expect(dssAt).toBeGreaterThan(0);
    const ranges = [...text.matchAll(/\/ByteRange \[0 (\d+) (\d+) (\d+)\]/g)].map((match) => ({
      start: Number(match[1]),
      resume: Number(match[2]),
    }));
    // After the company's seal-free seal, before the final seal's signed bytes end: covered by it only.
    expect(dssAt).toBeGreaterThan(ranges.at(-2)!.resume);
    expect(dssAt).toBeLessThan(ranges.at(-1)!.start);
    // In the seal's own update (one %%EOF after the company's signature, then the seal's), one DSS.
    const between = text.slice(ranges.at(-2)!.resume, ranges.at(-1)!.start);
    expect(between.match(/%%EOF/g)?.length).toBe(1);
    expect(text.match(/\/Type \/DSS/g)?.length).toBe(1);
    expectStandAloneSignatures(pdf, await t.tsa.chainPem(), [
      '张三',
      '李四',
      '安居房产经纪有限公司',
      '安居房产经纪有限公司',
    ]);
  });
});
