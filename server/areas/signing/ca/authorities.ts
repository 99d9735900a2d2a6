/**
 * The product CA's working authorities under its root: the issuing CA that signs each signer's
 * one-day certificate, and the sandbox TSA's certificate. Both are ECDSA P-256 (a key is made in
 * well under a millisecond, a signature in about 0.1 ms), issued by the root (RSA) on first use and
 * kept as rows of signing_authorities with their keys sealed by the key vault, like the root's.
 * @peculiar/x509 writes the certificates (UTF8String names, the extensions) over WebCrypto.
 */
// @peculiar/x509 resolves its algorithms through tsyringe, which needs a Reflect metadata polyfill.
import '@abraham/reflection';
import { createPrivateKey, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/db';
import { signingAuthorities } from '../../../db/schema-signing';
import { ensureRootCa } from '../certificates';
import { openSecret, sealSecret } from '../key-vault';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const subtle = webcrypto.subtle;
export const ecdsa = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

export type Authority = {
  certificate: x509.X509Certificate;
  /** DER of the certificate. */
  der: Buffer;
  /** The signing key as WebCrypto (for x509) and as Node's KeyObject (for CMS). */
  cryptoKey: CryptoKey;
  key: KeyObject;
  /** DER of the root certificate above it. */
  rootDer: Buffer;
};

export function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

/** A UTF8String name (Chinese names as they are). */
export function utf8Name(attributes: [string, string][]): x509.Name {
  return new x509.Name(attributes.map(([type, value]) => ({ [type]: [{ utf8String: value }] })));
}

type AuthorityKind = 'signer-ca' | 'sandbox-tsa';

const keyContext = (key: string) => `signing_authorities:${key}:key`;

async function issueAuthority(
  db: Db,
  kind: AuthorityKind,
  now: Date,
): Promise<{ certPem: string; keyPem: string }> {
  const root = await ensureRootCa(db, now);
  const rootCert = new x509.X509Certificate(root.certPem);
  const rootKey = await subtle.importKey(
    'pkcs8',
    createPrivateKey(root.keyPem).export({ type: 'pkcs8', format: 'der' }),
    rsa,
    false,
    ['sign'],
  );
  const keys = await subtle.generateKey(ecdsa, true, ['sign', 'verify']);
  const isTsa = kind === 'sandbox-tsa';
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: utf8Name([
      ['CN', isTsa ? '安居签沙箱时间戳服务' : '安居签签署人证书签发机构'],
      ['O', '安居签'],
      ['C', 'CN'],
    ]),
    issuer: rootCert.subjectName,
    notBefore: new Date(now.getTime() - 60 * 60 * 1000),
    notAfter: new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000),
    publicKey: keys.publicKey,
    signingKey: rootKey,
    signingAlgorithm: rsa,
    extensions: [
      new x509.BasicConstraintsExtension(!isTsa, isTsa ? undefined : 0, true),
      new x509.KeyUsagesExtension(
        isTsa
          ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation
          : x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      ...(isTsa ? [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true)] : []),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootCert.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await subtle.exportKey('pkcs8', keys.privateKey));
  return {
    certPem: certificate.toString('pem'),
    keyPem: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
      .export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  };
}

/** Loaded authorities by their sealed key (a row is never changed in place, only re-sealed). */
const loaded = new Map<string, Authority>();

/** The issuing CA or the sandbox TSA: created on first use (a concurrent creator loses and re-reads). */
export async function ensureAuthority(db: Db, kind: AuthorityKind, now: Date): Promise<Authority> {
  let [row] = await db.select().from(signingAuthorities).where(eq(signingAuthorities.key, kind));
  if (!row) {
    const created = await issueAuthority(db, kind, now);
    await db
      .insert(signingAuthorities)
      .values({
        key: kind,
        certPem: created.certPem,
        keySealed: await sealSecret(created.keyPem, keyContext(kind)),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(signingAuthorities).where(eq(signingAuthorities.key, kind));
  }
  const cacheKey = `${row!.keySealed}\n${row!.certPem}`;
  const cached = loaded.get(cacheKey);
  if (cached) return cached;
  const keyPem = (await openSecret(row!.keySealed, keyContext(kind))).toString('utf8');
  const key = createPrivateKey(keyPem);
  const [rootRow] = await db.select().from(signingAuthorities).where(eq(signingAuthorities.key, 'root'));
  const certificate = new x509.X509Certificate(row!.certPem);
  const authority: Authority = {
    certificate,
    der: Buffer.from(certificate.rawData),
    cryptoKey: await subtle.importKey('pkcs8', key.export({ type: 'pkcs8', format: 'der' }), ecdsa, false, [
      'sign',
    ]),
    key,
    rootDer: Buffer.from(new x509.X509Certificate(rootRow!.certPem).rawData),
  };
  if (loaded.size > 32) loaded.clear();
  loaded.set(cacheKey, authority);
  return authority;
}
