/**
 * The sandbox time-stamping authority (RFC 3161): answers TimeStampReq with a token signed by its
 * own certificate (ECDSA P-256, extendedKeyUsage timeStamping critical, issued by the product's
 * root CA) at the time of the clock it is given, so tests choose the time. It can be told to be
 * down (tests of a TSA that cannot be reached). Served at POST /sandbox/tsa too, with its chain at
 * GET /sandbox/tsa/chain.pem, so `openssl ts -query | curl | openssl ts -verify` works against it.
 */
import { randomBytes } from 'node:crypto';
import * as pkijs from 'pkijs';
import type { Db } from '../../../db/db';
import type { Clock } from '../../../clock';
import { ensureAuthority, type Authority } from '../ca/authorities';
import {
  der,
  generalizedTime,
  integer,
  octets,
  oid,
  oids,
  sequence,
  signedData,
  signingCertificateV2,
} from '../cms-der';
import type { TsaProvider } from './provider';

/** The sandbox TSA's policy (a private arc: the sandbox makes no promise to anyone). */
export const sandboxTsaPolicy = '1.3.6.1.4.1.55555.39.1';

export type SandboxTsa = TsaProvider & {
  setDown: (down: boolean) => void;
  /** PEM of the TSA certificate and the root above it (for openssl ts -verify -CAfile / -untrusted). */
  chainPem: () => Promise<{ tsa: string; root: string }>;
};

const pkiStatus = (status: number) => sequence(integer(status));

export function createSandboxTsa(db: Db, clock: Clock): SandboxTsa {
  let isDown = false;
  // Loaded once, before any signing transaction needs it: on PGlite's one connection a query of the
  // TSA's own while a signing transaction is open would wait for that transaction forever.
  let loaded: Promise<Authority> | null = null;
  const authorityOf = () => {
    loaded ??= ensureAuthority(db, 'sandbox-tsa', clock.now()).catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
  return {
    name: 'sandbox',
    async prepare() {
      await authorityOf();
    },
    setDown(down) {
      isDown = down;
    },
    async chainPem() {
      const authority = await authorityOf();
      const pem = (bytes: Buffer) =>
        `-----BEGIN CERTIFICATE-----\n${bytes
          .toString('base64')
          .replace(/(.{64})/g, '$1\n')
          .trim()}\n-----END CERTIFICATE-----\n`;
      return { tsa: pem(authority.der), root: pem(authority.rootDer) };
    },
    async respond(request) {
      if (isDown) throw new Error('sandbox TSA is down');
      const now = clock.now();
      let parsed: pkijs.TimeStampReq;
      try {
        parsed = pkijs.TimeStampReq.fromBER(new Uint8Array(request));
      } catch {
        // badDataFormat (RFC 3161 2.4.2: failInfo bit 5).
        return sequence(sequence(integer(2), der(0x03, Buffer.from([0x02, 0x04]))));
      }
      const imprint = parsed.messageImprint;
      if (imprint.hashAlgorithm.algorithmId !== oids.sha256)
        return sequence(sequence(integer(2), der(0x03, Buffer.from([0x07, 0x80])))); // badAlg
      const authority = await authorityOf();
      const tstInfo = sequence(
        integer(1),
        oid(sandboxTsaPolicy),
        sequence(
          sequence(oid(oids.sha256)),
          octets(Buffer.from(imprint.hashedMessage.valueBlock.valueHexView)),
        ),
        integer(randomBytes(12)),
        generalizedTime(now),
        ...(parsed.nonce ? [integer(Buffer.from(parsed.nonce.valueBlock.valueHexView))] : []),
      );
      const token = await signedData({
        signer: { key: authority.key, certificate: authority.der, chain: [] },
        contentType: oids.tstInfo,
        content: tstInfo,
        signedAttributes: [signingCertificateV2(authority.der)],
      });
      // Without certReq the token would leave the certificate out; it is always included here,
      // which RFC 3161 allows and which lets a verifier holding only the root check it.
      return sequence(pkiStatus(0), token);
    },
  };
}
