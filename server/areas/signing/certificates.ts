/**
 * The product's own certificate authority and the per-company signing certificates it issues.
 * Both are created on first use and kept in the database (signing_authorities,
 * signing_company_certs), so every start of the server finds the same CA. Their private keys (and
 * the PKCS#12 password) are stored sealed by the key vault (key-vault.ts), never in clear; the boot
 * step protectSigningKeys seals rows an older version left in clear and re-seals rows of a retired
 * master key. Keys come from Node's
 * crypto (fast, native); node-forge builds the X.509 certificates and the PKCS#12 the sealing
 * reads. Names are UTF8String (Chinese company names); see normalizeParsedNames for forge's trap.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import forge from 'node-forge';
import type { Db } from '../../db/db';
import { signingAuthorities, signingCompanyCerts } from '../../db/schema-signing';
import { currentKeyVault, isSealed, openSecret, sealedBy, sealSecret } from './key-vault';

const rootKey = 'root';

export type CompanyCertificate = { p12: Buffer; password: string; certPem: string; caPem: string };

function newKeyPair(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey),
  };
}

function utf8Attributes(values: { name: string; value: string }[]): forge.pki.CertificateField[] {
  return values.map(({ name, value }) => ({
    name,
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  }));
}

/**
 * forge keeps a parsed UTF8String as its raw UTF-8 bytes but UTF-8-encodes the value again when it
 * writes it, so a parsed certificate re-serialised (as issuer of another certificate, inside a PKCS#7,
 * or the certificate itself in the CMS) would carry double-encoded names. Decoding the parsed values
 * makes forge write back exactly the bytes it read.
 */
export function normalizeParsedNames(cert: forge.pki.Certificate): forge.pki.Certificate {
  for (const attribute of [...cert.subject.attributes, ...cert.issuer.attributes]) {
    if (
      attribute.valueTagClass === (forge.asn1.Type.UTF8 as unknown) &&
      typeof attribute.value === 'string'
    ) {
      attribute.value = forge.util.decodeUtf8(attribute.value);
    }
  }
  return cert;
}

function serialNumber(): string {
  // Positive (first bit clear) 16-byte serial.
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function createRootCa(now: Date): { certPem: string; keyPem: string } {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 20 * 365 * 24 * 60 * 60 * 1000);
  const subject = utf8Attributes([
    { name: 'commonName', value: '安居签电子签约根证书' },
    { name: 'organizationName', value: '安居签' },
  ]);
  cert.setSubject([...subject, { name: 'countryName', value: 'CN' }]);
  cert.setIssuer([...subject, { name: 'countryName', value: 'CN' }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

/** Where each sealed secret lives: the vault binds a secret to its row, so a copied value does not open. */
const rootKeyContext = (key: string) => `signing_authorities:${key}:key`;
const p12Context = (companyId: number) => `signing_company_certs:${companyId}:p12`;
const p12PasswordContext = (companyId: number) => `signing_company_certs:${companyId}:password`;

/** The root CA, created the first time anything is signed (one row; a concurrent creator loses and re-reads). */
export async function ensureRootCa(
  db: Db,
  now: Date = new Date(),
): Promise<{ certPem: string; keyPem: string }> {
  let [row] = await db.select().from(signingAuthorities).where(eq(signingAuthorities.key, rootKey));
  if (!row) {
    const created = createRootCa(now);
    await db
      .insert(signingAuthorities)
      .values({
        key: rootKey,
        certPem: created.certPem,
        keySealed: await sealSecret(created.keyPem, rootKeyContext(rootKey)),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(signingAuthorities).where(eq(signingAuthorities.key, rootKey));
  }
  const keyPem = await openSecret(row!.keySealed, rootKeyContext(rootKey));
  return { certPem: row!.certPem, keyPem: keyPem.toString('utf8') };
}

function issueCompanyCertificate(
  ca: { certPem: string; keyPem: string },
  companyName: string,
  companyId: number,
  now: Date,
): { certPem: string; p12: Buffer; password: string; serial: string } {
  const caCert = normalizeParsedNames(forge.pki.certificateFromPem(ca.certPem));
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 5 * 365 * 24 * 60 * 60 * 1000);
  cert.setSubject([
    ...utf8Attributes([
      { name: 'commonName', value: companyName },
      { name: 'organizationName', value: companyName },
      { name: 'organizationalUnitName', value: `安居签企业证书 ${companyId}` },
    ]),
    { name: 'countryName', value: 'CN' },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  const password = randomBytes(18).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert, caCert], password, { algorithm: '3des' });
  return {
    certPem: forge.pki.certificateToPem(cert),
    p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    password,
    serial: cert.serialNumber,
  };
}

/** The company's signing certificate, issued by the product CA on first use. */
export async function ensureCompanyCertificate(
  db: Db,
  companyId: number,
  companyName: string,
  now: Date = new Date(),
): Promise<CompanyCertificate> {
  const ca = await ensureRootCa(db, now);
  let [row] = await db.select().from(signingCompanyCerts).where(inCompany(signingCompanyCerts, companyId));
  if (!row) {
    const issued = issueCompanyCertificate(ca, companyName, companyId, now);
    await db
      .insert(signingCompanyCerts)
      .values({
        companyId,
        certPem: issued.certPem,
        p12Sealed: await sealSecret(issued.p12, p12Context(companyId)),
        p12PasswordSealed: await sealSecret(issued.password, p12PasswordContext(companyId)),
        serial: issued.serial,
      })
      .onConflictDoNothing();
    [row] = await db.select().from(signingCompanyCerts).where(inCompany(signingCompanyCerts, companyId));
  }
  return {
    p12: await openSecret(row!.p12Sealed, p12Context(companyId)),
    password: (await openSecret(row!.p12PasswordSealed, p12PasswordContext(companyId))).toString('utf8'),
    certPem: row!.certPem,
    caPem: ca.certPem,
  };
}

export type KeyProtection = { sealed: number; resealed: number; checked: number };

/**
 * The boot step (server start, backup): seals every signing key still in clear (rows written before
 * the key vault, as the old base64 PKCS#12 and plain password), re-seals keys sealed with a retired
 * master key, and opens every one, so a missing master key stops the start with a clear message
 * instead of failing a signing later. Idempotent: a second run changes nothing.
 */
export async function protectSigningKeys(db: Db): Promise<KeyProtection> {
  const vault = currentKeyVault();
  const outcome: KeyProtection = { sealed: 0, resealed: 0, checked: 0 };
  async function protect(value: string, context: string, clear: () => Buffer): Promise<string | null> {
    outcome.checked += 1;
    if (!isSealed(value)) {
      outcome.sealed += 1;
      return vault.seal(clear(), context);
    }
    const opened = await vault.open(value, context);
    const by = sealedBy(value);
    if (by.provider === vault.provider.name && by.keyId === vault.provider.currentKeyId) return null;
    outcome.resealed += 1;
    return vault.seal(opened, context);
  }
  await db.transaction(async (tx) => {
    for (const row of await tx.select().from(signingAuthorities)) {
      const keySealed = await protect(row.keySealed, rootKeyContext(row.key), () =>
        Buffer.from(row.keySealed, 'utf8'),
      );
      if (keySealed)
        await tx.update(signingAuthorities).set({ keySealed }).where(eq(signingAuthorities.key, row.key));
    }
    for (const row of await tx.select().from(signingCompanyCerts)) {
      const p12Sealed = await protect(row.p12Sealed, p12Context(row.companyId), () =>
        Buffer.from(row.p12Sealed, 'base64'),
      );
      const p12PasswordSealed = await protect(row.p12PasswordSealed, p12PasswordContext(row.companyId), () =>
        Buffer.from(row.p12PasswordSealed, 'utf8'),
      );
      if (p12Sealed || p12PasswordSealed)
        await tx
          .update(signingCompanyCerts)
          .set({
            ...(p12Sealed ? { p12Sealed } : {}),
            ...(p12PasswordSealed ? { p12PasswordSealed } : {}),
          })
          .where(inCompany(signingCompanyCerts, row.companyId));
    }
  });
  return outcome;
}
