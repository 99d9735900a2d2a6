/**
 * Revocation lists (RFC 5280 section 5) of the product's own CA, for the DSS a completed contract
 * carries (PAdES B-LT, dss.ts): the root's CRL covers what the root issued (the issuing CA, the
 * sandbox TSA, every company certificate) and the issuing CA's covers the per-signer certificates.
 * The product revokes nothing yet, so both lists are empty; what they prove is that at their
 * thisUpdate, after every signature of the contract, none of those certificates was revoked. Each
 * completion gets lists issued then (a CRL made before a signature could not speak for it), valid
 * for a week, numbered by time. Both authorities sign with their own keys, opened from the vault.
 */
import '@abraham/reflection';
import { createPrivateKey, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Db } from '../../../db/db';
import { integer } from '../cms-der';
import { ensureRootCa } from '../certificates';
import { ecdsa, ensureAuthority } from './authorities';

const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const crlNumberOid = '2.5.29.20';
/** How long a list stays current: a verifier offline later still finds it covered the signing. */
export const crlValidityMs = 7 * 24 * 60 * 60 * 1000;

let sequence = 0;

/** Increasing for each issuer as long as clocks do (RFC 5280 5.2.3): the time in ms, then a counter. */
function crlNumber(now: Date): Buffer {
  sequence = (sequence + 1) % 1000;
  return integer(BigInt(now.getTime()) * 1000n + BigInt(sequence));
}

async function issueCrl(
  issuer: x509.X509Certificate,
  signingKey: CryptoKey,
  signingAlgorithm: typeof rsa | typeof ecdsa,
  now: Date,
): Promise<Buffer> {
  const keyId = issuer.getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
  const crl = await x509.X509CrlGenerator.create({
    issuer: issuer.subjectName,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + crlValidityMs),
    entries: [],
    signingAlgorithm,
    signingKey,
    extensions: [
      new x509.Extension(crlNumberOid, false, new Uint8Array(crlNumber(now))),
      keyId
        ? new x509.AuthorityKeyIdentifierExtension(keyId)
        : await x509.AuthorityKeyIdentifierExtension.create(issuer.publicKey),
    ],
  });
  return Buffer.from(crl.rawData);
}

/** The root's key as WebCrypto wants it, by its PEM (a re-keyed root is a new entry). */
const rootKeys = new Map<string, Promise<CryptoKey>>();

function rootKeyOf(keyPem: string): Promise<CryptoKey> {
  let found = rootKeys.get(keyPem);
  if (!found) {
    found = webcrypto.subtle.importKey(
      'pkcs8',
      createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' }),
      rsa,
      false,
      ['sign'],
    );
    if (rootKeys.size >= 8) rootKeys.clear();
    rootKeys.set(keyPem, found);
  }
  return found;
}

/** DER of the root's CRL and the issuing CA's, both issued at now. */
export async function issueOwnCaCrls(db: Db, now: Date): Promise<Buffer[]> {
  const root = await ensureRootCa(db, now);
  const issuing = await ensureAuthority(db, 'signer-ca', now);
  return [
    await issueCrl(new x509.X509Certificate(root.certPem), await rootKeyOf(root.keyPem), rsa, now),
    await issueCrl(issuing.certificate, issuing.cryptoKey, ecdsa, now),
  ];
}
