/**
 * The product's certificate authorities as a verifier trusts them: only their certificates (never a
 * key), self-signed ones as roots and the others (issuing CAs, a sandbox TSA) as known intermediates.
 */
import { X509Certificate } from 'node:crypto';
import type { Db } from '../../db/db';
import { signingAuthorities } from '../../db/schema-signing';

export type AuthorityCertificates = { roots: Uint8Array[]; intermediates: Uint8Array[] };

export async function readAuthorityCertificates(db: Db): Promise<AuthorityCertificates> {
  const rows = await db.select({ certPem: signingAuthorities.certPem }).from(signingAuthorities);
  const roots: Uint8Array[] = [];
  const intermediates: Uint8Array[] = [];
  for (const row of rows) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(row.certPem);
    } catch {
      continue;
    }
    const isSelfSigned =
      certificate.subject === certificate.issuer && certificate.verify(certificate.publicKey);
    (isSelfSigned ? roots : intermediates).push(new Uint8Array(certificate.raw));
  }
  return { roots, intermediates };
}
