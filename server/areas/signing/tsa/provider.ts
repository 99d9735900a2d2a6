/**
 * Trusted time for every signature (RFC 3161): a time-stamping authority signs the digest of a
 * signature value together with its own clock. The sandbox TSA in the product (sandbox-tsa.ts) is
 * the default; SIGNING_TSA_URL names a real one (HTTP POST application/timestamp-query). If the TSA
 * cannot be reached the request is retried a few times, then signing fails with a message the user
 * sees; the server's own clock is never used instead.
 */
import * as pkijs from 'pkijs';
import { randomBytes } from 'node:crypto';
import { integer, octets, oid, oids, sequence, boolean } from '../cms-der';

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

/** The token of a granted response, checked to answer this digest and nonce. */
export function tokenOf(response: Buffer, digest: Buffer, nonce: Buffer): Buffer {
  const parsed = pkijs.TimeStampResp.fromBER(new Uint8Array(response));
  const status = Number(parsed.status.status);
  if ((status !== 0 && status !== 1) || !parsed.timeStampToken)
    throw new Error(`TSA refused the request (status ${status})`);
  const signed = new pkijs.SignedData({ schema: parsed.timeStampToken.content });
  const eContent = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== oids.tstInfo || !eContent)
    throw new Error('TSA answered without a TSTInfo');
  const info = pkijs.TSTInfo.fromBER(eContent.getValue());
  const imprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (!imprint.equals(digest)) throw new Error('TSA answered for another digest');
  const answeredNonce = info.nonce ? Buffer.from(info.nonce.valueBlock.valueHexView) : null;
  const strip = (bytes: Buffer) => bytes.subarray(bytes.findIndex((byte) => byte !== 0));
  if (!answeredNonce || !strip(answeredNonce).equals(strip(nonce)))
    throw new Error('TSA answered another nonce');
  return Buffer.from(parsed.timeStampToken.toSchema().toBER());
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
