/**
 * Revocation lists (RFC 5280 section 5) of the product's own CA, for the DSS a completed contract
 * carries (PAdES B-LT, dss.ts): the root's CRL covers what the root issued (the issuing CA, the
 * sandbox TSA, every company certificate) and the issuing CA's covers the per-signer certificates.
 * The product revokes nothing yet, so both lists are empty; what they prove is that at their
 * thisUpdate, after every signature of the contract, none of those certificates was revoked. Each
 * completion gets lists issued then (a CRL made before a signature could not speak for it), valid
 * for a week, numbered by time. Both authorities sign with their own keys, opened from the vault.
 * The lists are written with cms-der's DER writer and signed with node:crypto: @peculiar/x509's
 * generator took about 20 ms of CPU a completion, most of a sealing's time.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { Db } from '../../../db/db';
import {
  children,
  content,
  der,
  explicit,
  integer,
  nullValue,
  oid,
  raw,
  readElement,
  sequence,
} from '../cms-der';
import { ensureRootCa } from '../certificates';
import { ensureAuthority } from './authorities';

/** How long a list stays current: a verifier offline later still finds it covered the signing. */
export const crlValidityMs = 7 * 24 * 60 * 60 * 1000;

const oids = {
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  crlNumber: '2.5.29.20',
};

let sequenceNumber = 0;

/** Increasing for each issuer as long as clocks do (RFC 5280 5.2.3): the time in ms, then a counter. */
function crlNumber(now: Date): Buffer {
  sequenceNumber = (sequenceNumber + 1) % 1000;
  return integer(BigInt(now.getTime()) * 1000n + BigInt(sequenceNumber));
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 5.1.2.4). */
function time(date: Date): Buffer {
  const iso = date.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(digits.slice(2), 'ascii'))
    : der(0x18, Buffer.from(digits, 'ascii'));
}

const subjectKeyIdentifierOid = oid(oids.subjectKeyIdentifier);

type Issuer = { subject: Buffer; keyId: Buffer | null };

/** The issuer's subject Name (DER, as in the certificate) and its subject key identifier. */
function issuerOf(certificate: Buffer): Issuer {
  const tbs = children(certificate, readElement(certificate, 0))[0]!;
  const fields = children(certificate, tbs);
  const offset = fields[0]?.tag === 0xa0 ? 1 : 0;
  const subject = Buffer.from(raw(certificate, fields[offset + 4]!));
  let keyId: Buffer | null = null;
  const extensionsHolder = fields.find((field) => field.tag === 0xa3);
  if (extensionsHolder) {
    const [list] = children(certificate, extensionsHolder);
    for (const extension of list ? children(certificate, list) : []) {
      const [id, ...rest] = children(certificate, extension);
      if (!id || !raw(certificate, id).equals(subjectKeyIdentifierOid)) continue;
      const value = content(certificate, rest.at(-1)!);
      keyId = Buffer.from(content(value, readElement(value, 0)));
    }
  }
  return { subject, keyId };
}

/**
 * An empty CRL v2 (RFC 5280 5.1) of issuer at now, with its number and the authority key identifier,
 * signed with the issuer's key (sha256WithRSAEncryption or ecdsa-with-SHA256).
 */
function issueCrl(issuerCertificate: Buffer, key: KeyObject, now: Date): Buffer {
  const issuer = issuerOf(issuerCertificate);
  const algorithm =
    key.asymmetricKeyType === 'rsa'
      ? sequence(oid(oids.sha256WithRsa), nullValue())
      : sequence(oid(oids.ecdsaWithSha256));
  const extensions = [sequence(oid(oids.crlNumber), der(0x04, crlNumber(now)))];
  if (issuer.keyId)
    extensions.push(sequence(oid(oids.authorityKeyIdentifier), der(0x04, sequence(der(0x80, issuer.keyId)))));
  const tbs = sequence(
    integer(1),
    algorithm,
    issuer.subject,
    time(now),
    time(new Date(now.getTime() + crlValidityMs)),
    explicit(0, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, key);
  return sequence(tbs, algorithm, der(0x03, Buffer.from([0]), signature));
}

/** The root's key as a KeyObject, by its PEM (a re-keyed root is a new entry). */
const rootKeys = new Map<string, KeyObject>();

function rootKeyOf(keyPem: string): KeyObject {
  let found = rootKeys.get(keyPem);
  if (!found) {
    found = createPrivateKey(keyPem);
    if (rootKeys.size >= 8) rootKeys.clear();
    rootKeys.set(keyPem, found);
  }
  return found;
}

/** DER of a certificate in PEM. */
function pemDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

/** DER of the root's CRL and the issuing CA's, both issued at now. */
export async function issueOwnCaCrls(db: Db, now: Date): Promise<Buffer[]> {
  const root = await ensureRootCa(db, now);
  const issuing = await ensureAuthority(db, 'signer-ca', now);
  return [
    issueCrl(pemDer(root.certPem), rootKeyOf(root.keyPem), now),
    issueCrl(issuing.der, issuing.key, now),
  ];
}
