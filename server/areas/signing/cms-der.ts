/**
 * The few DER pieces signing writes itself: the CAdES signature of each PDF signature and the
 * sandbox TSA's timestamp token are both CMS SignedData (RFC 5652), built here from raw DER so that
 * certificates are embedded byte for byte as issued (a parse and re-encode could change them) and
 * the numbers come from Node's crypto. Reading untrusted input (timestamp requests and responses)
 * is left to pkijs; the reader here only walks certificates this product made or received.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER element: tag byte, length, content. */
export function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const sequence = (...content: Buffer[]) => der(0x30, ...content);
/** A SET OF in DER order (elements sorted by their encodings, X.690 11.6). */
export const setOf = (...content: Buffer[]) =>
  der(0x31, ...[...content].sort((a, b) => Buffer.compare(a, b)));
export const octets = (bytes: Buffer) => der(0x04, bytes);
export const nullValue = () => Buffer.from([0x05, 0x00]);
export const boolean = (value: boolean) => der(0x01, Buffer.from([value ? 0xff : 0x00]));
export const explicit = (tagNumber: number, ...content: Buffer[]) => der(0xa0 + tagNumber, ...content);

export function integer(value: number | bigint | Buffer): Buffer {
  let bytes: Buffer;
  if (Buffer.isBuffer(value)) bytes = value;
  else {
    let hex = BigInt(value).toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    bytes = Buffer.from(hex, 'hex');
  }
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && (bytes[start + 1]! & 0x80) === 0) start += 1;
  bytes = bytes.subarray(start);
  if (bytes.length === 0) bytes = Buffer.from([0]);
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return der(0x02, bytes);
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map((part) => BigInt(part));
  const bytes: number[] = [Number(parts[0]! * 40n + parts[1]!)];
  for (const part of parts.slice(2)) {
    const group: number[] = [];
    let rest = part;
    do {
      group.unshift(Number(rest & 0x7fn));
      rest >>= 7n;
    } while (rest > 0n);
    bytes.push(...group.map((byte, index) => (index < group.length - 1 ? byte | 0x80 : byte)));
  }
  return der(0x06, Buffer.from(bytes));
}

/** GeneralizedTime with seconds in UTC (what RFC 3161 genTime and PAdES want). */
export function generalizedTime(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return der(0x18, Buffer.from(text, 'ascii'));
}

/** One element read from DER: its tag, where its content starts, and where it ends. */
export type DerElement = { tag: number; start: number; contentStart: number; end: number };

/** Reads the element at offset; throws when its header or its length runs past the end (or past within). */
export function readElement(bytes: Buffer, offset: number, within = bytes.length): DerElement {
  if (offset + 2 > within) throw new Error('DER element past its end');
  const tag = bytes[offset]!;
  let size = bytes[offset + 1]!;
  let contentStart = offset + 2;
  if (size & 0x80) {
    const count = size & 0x7f;
    // Indefinite lengths (BER) and lengths over 4 bytes are not DER this reader takes.
    if (count === 0 || count > 4 || contentStart + count > within)
      throw new Error('DER length not supported');
    size = 0;
    for (let index = 0; index < count; index += 1) size = size * 256 + bytes[offset + 2 + index]!;
    contentStart += count;
  }
  if (contentStart + size > within) throw new Error('DER element past its end');
  return { tag, start: offset, contentStart, end: contentStart + size };
}

export function children(bytes: Buffer, parent: DerElement): DerElement[] {
  const found: DerElement[] = [];
  for (let offset = parent.contentStart; offset < parent.end;) {
    const element = readElement(bytes, offset, parent.end);
    found.push(element);
    offset = element.end;
  }
  return found;
}

export const content = (bytes: Buffer, element: DerElement) =>
  bytes.subarray(element.contentStart, element.end);

export const raw = (bytes: Buffer, element: DerElement) => bytes.subarray(element.start, element.end);

/** A certificate's issuer Name and serialNumber, as encoded in it. */
export function issuerAndSerialOf(certificate: Buffer): { issuer: Buffer; serial: Buffer } {
  const [tbs] = children(certificate, readElement(certificate, 0));
  const fields = children(certificate, tbs!);
  const offset = fields[0]!.tag === 0xa0 ? 1 : 0;
  return { serial: raw(certificate, fields[offset]!), issuer: raw(certificate, fields[offset + 2]!) };
}

export const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
} as const;

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest();

export const attribute = (type: string, value: Buffer) => sequence(oid(type), setOf(value));

/** signing-certificate-v2 (RFC 5035): the signer's certificate by its SHA-256, issuer and serial. */
export function signingCertificateV2(certificate: Buffer): Buffer {
  const { issuer, serial } = issuerAndSerialOf(certificate);
  const issuerSerial = sequence(sequence(der(0xa4, issuer)), serial);
  return attribute(
    oids.signingCertificateV2,
    sequence(sequence(sequence(octets(sha256(certificate)), issuerSerial))),
  );
}

export type CmsSigner = {
  key: KeyObject;
  /** DER of the signer's certificate. */
  certificate: Buffer;
  /** DER of the certificates above it, nearest first. */
  chain: Buffer[];
};

/**
 * A CMS SignedData with one SignerInfo: SHA-256, the signed attributes given plus contentType and
 * messageDigest, ECDSA or RSA PKCS#1 v1.5 by the key's type. Detached unless content is given to
 * encapsulate. unsignedAttributes receives the signature value (a timestamp token is made over it).
 */
export async function signedData(input: {
  signer: CmsSigner;
  contentType: string;
  /** The digest of detached content, or the content to encapsulate. */
  digest?: Buffer;
  content?: Buffer;
  signedAttributes?: Buffer[];
  unsignedAttributes?: (signature: Buffer) => Promise<Buffer[]>;
}): Promise<Buffer> {
  const { signer } = input;
  const digest = input.digest ?? sha256(input.content ?? Buffer.alloc(0));
  const attributes = [
    attribute(oids.contentType, oid(input.contentType)),
    attribute(oids.messageDigest, octets(digest)),
    ...(input.signedAttributes ?? []),
  ];
  // The signature covers the attributes as a DER SET OF (RFC 5652 5.4).
  const signature = sign('sha256', setOf(...attributes), signer.key);
  const isEc = signer.key.asymmetricKeyType === 'ec';
  const unsigned = input.unsignedAttributes ? await input.unsignedAttributes(signature) : [];
  const { issuer, serial } = issuerAndSerialOf(signer.certificate);
  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    sequence(oid(oids.sha256)),
    der(0xa0, ...[...attributes].sort((a, b) => Buffer.compare(a, b))),
    isEc ? sequence(oid(oids.ecdsaWithSha256)) : sequence(oid(oids.rsaEncryption), nullValue()),
    octets(signature),
    ...(unsigned.length > 0 ? [der(0xa1, ...unsigned)] : []),
  );
  const encapsulated = input.content
    ? sequence(oid(input.contentType), explicit(0, octets(input.content)))
    : sequence(oid(input.contentType));
  return sequence(
    oid(oids.signedData),
    explicit(
      0,
      sequence(
        integer(input.content ? 3 : 1),
        setOf(sequence(oid(oids.sha256))),
        encapsulated,
        der(0xa0, signer.certificate, ...signer.chain),
        setOf(signerInfo),
      ),
    ),
  );
}
