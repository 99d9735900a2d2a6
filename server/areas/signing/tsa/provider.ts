/**
 * Trusted time for every signature (RFC 3161): a time-stamping authority signs the digest of a
 * signature value together with its own clock. The sandbox TSA in the product (sandbox-tsa.ts) is
 * the default; SIGNING_TSA_URL names a real one (HTTP POST application/timestamp-query). If the TSA
 * cannot be reached the request is retried a few times, then signing fails with a message the user
 * sees; the server's own clock is never used instead.
 */
import { randomBytes } from 'node:crypto';
import {
  boolean,
  children,
  content,
  integer,
  octets,
  oid,
  oids,
  raw,
  readElement,
  sequence,
  type DerElement,
} from '../cms-der';

export type TsaProvider = {
  name: string;
  /** The TimeStampResp (DER) to a TimeStampReq (DER); throws when the TSA cannot be reached. */
  respond: (request: Buffer) => Promise<Buffer>;
  /** Loads what it needs from the database; called before a signing's transaction opens. */
  prepare?: () => Promise<void>;
};

export const tsaUnavailableMessage = '时间戳服务暂不可用，请稍后重试';

export class TsaUnavailableError extends Error {
  override name = 'TsaUnavailableError';
  constructor(cause: unknown) {
    super(tsaUnavailableMessage, { cause });
  }
}

/** A TimeStampReq for a SHA-256 digest with a nonce, asking for the TSA's certificate. */
export function timeStampRequest(digest: Buffer, nonce: Buffer): Buffer {
  return sequence(
    integer(1),
    sequence(sequence(oid(oids.sha256)), octets(digest)),
    integer(nonce),
    boolean(true),
  );
}

/**
 * The token of a granted response, checked to answer this digest and nonce, as the TSA's own bytes
 * (a parse and re-encode could change a signed structure). Only the path to the TSTInfo is read,
 * with the bounds-checked DER reader of cms-der.ts: pkijs's schema matching of the whole response
 * (its SignedData and the TSA's certificate) took about 14 ms a signature, most of a sealing's time.
 * The token's own signature is checked by whoever verifies the PDF, as before.
 */
export function tokenOf(response: Buffer, digest: Buffer, nonce: Buffer): Buffer {
  const tags = { integer: 0x02, octets: 0x04, oid: 0x06, sequence: 0x30, explicit0: 0xa0 };
  const oidOf = (id: string) => content(oid(id), readElement(oid(id), 0));
  let token: DerElement | undefined;
  let tstInfo: Buffer;
  try {
    const [statusInfo, granted] = children(response, readElement(response, 0));
    const [status] = statusInfo?.tag === tags.sequence ? children(response, statusInfo) : [];
    const statusValue = status?.tag === tags.integer ? content(response, status) : null;
    if (!statusValue || statusValue.length !== 1 || statusValue[0]! > 1 || granted?.tag !== tags.sequence)
      throw new Error(`TSA refused the request (status ${statusValue?.toString('hex') ?? '?'})`);
    token = granted;
    const [contentType, wrapped] = children(response, token);
    if (contentType?.tag !== tags.oid || !content(response, contentType).equals(oidOf(oids.signedData)))
      throw new Error('TSA answered without a SignedData');
    const [signed] = wrapped?.tag === tags.explicit0 ? children(response, wrapped) : [];
    const encapsulated = signed ? children(response, signed)[2] : undefined;
    const [eContentType, eContentHolder] = encapsulated ? children(response, encapsulated) : [];
    const [eContent] = eContentHolder?.tag === tags.explicit0 ? children(response, eContentHolder) : [];
    if (
      eContentType?.tag !== tags.oid ||
      !content(response, eContentType).equals(oidOf(oids.tstInfo)) ||
      eContent?.tag !== tags.octets
    )
      throw new Error('TSA answered without a TSTInfo');
    tstInfo = content(response, eContent);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('TSA')) throw error;
    throw new Error('TSA answered something that is not DER', { cause: error });
  }
  const fields = children(tstInfo, readElement(tstInfo, 0));
  const imprint = fields[2]?.tag === tags.sequence ? children(tstInfo, fields[2]) : [];
  const hashed = imprint[1];
  if (hashed?.tag !== tags.octets || !content(tstInfo, hashed).equals(digest))
    throw new Error('TSA answered for another digest');
  // After version, policy, messageImprint, serialNumber and genTime: accuracy, ordering, then nonce.
  const answered = fields.slice(5).find((field) => field.tag === tags.integer);
  const strip = (bytes: Buffer) => bytes.subarray(bytes.findIndex((byte) => byte !== 0));
  if (!answered || !strip(content(tstInfo, answered)).equals(strip(nonce)))
    throw new Error('TSA answered another nonce');
  return Buffer.from(raw(response, token));
}

/** A TSA reached over HTTP (RFC 3161 section 3.4). */
export function httpTsaProvider(url: string, timeoutMs = 10_000): TsaProvider {
  return {
    name: url,
    async respond(request) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: new Uint8Array(request),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`TSA answered HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

export type TimestampOptions = { attempts?: number; retryDelayMs?: number };

/**
 * A timestamp token over digest from the provider, retried (attempts, growing delays) and then
 * refused with TsaUnavailableError. A response that does not answer this request counts as a failure.
 */
export async function requestTimestamp(
  provider: TsaProvider,
  digest: Buffer,
  options: TimestampOptions = {},
): Promise<Buffer> {
  const attempts = options.attempts ?? 3;
  const delay = options.retryDelayMs ?? 300;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const nonce = randomBytes(8);
    try {
      const response = await provider.respond(timeStampRequest(digest, nonce));
      return tokenOf(response, digest, nonce);
    } catch (error) {
      lastError = error;
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, delay * attempt));
    }
  }
  throw new TsaUnavailableError(lastError);
}
