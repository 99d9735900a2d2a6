/**
 * 验签: reads every signature of a PDF from its bytes alone, for files this product made and files
 * it never saw. Signature dictionaries are found by their /ByteRange (the bytes they sign are named
 * by offsets, so a signature dictionary is never inside a compressed object stream), which finds the
 * signatures of every incremental update. Each CMS in plain DER is read with the DER reader of
 * cms-reader.ts and its certificates by Node's X509Certificate; signatures and certificate links are
 * checked by Node's crypto (OpenSSL). A CMS that reader does not take (BER, RSA-PSS, other
 * algorithms or choices) is read and checked with pkijs, as it was before. The same checks either
 * way: the messageDigest against the digest of the ByteRange, the signature over the signed
 * attributes, the ESS signing-certificate attribute against the signer's certificate, the chain
 * to a trusted root, and the RFC 3161 token's imprint, own signature and chain. Nothing here stores
 * or logs the file.
 */
import { X509Certificate, createHash, verify as verifySignature, type Hash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { children, der, raw, readElement, sequence } from '../signing/cms-der';
import { maxVerifyFileBytes, verifyMessages } from '../../../domain/pdf-verification';
import {
  findSignerCertificate,
  readCertificate,
  readSignedDataDer,
  readTstInfo,
  signingCertificateMatches,
  timeOf,
  UnsupportedCms,
  type ReadAttribute,
  type ReadCertificate,
  type ReadSignedData,
  type ReadSignerInfo,
} from './cms-reader';

export const maxVerifyBytes = maxVerifyFileBytes;

export const VerifyMessages = verifyMessages;

/** A file the verifier refuses before looking for signatures; the message is for the user. */
export class VerifyInputError extends Error {}

export type CertificateName = { commonName: string; organization: string };

export type TimestampReport = {
  /** The TSA's time (genTime of the TSTInfo), ISO 8601. */
  genTime: string;
  authority: string;
  /** The token's message imprint is the digest of this signature's value (RFC 3161 / RFC 5816). */
  isImprintMatching: boolean;
  /** The token's own CMS signature verifies. */
  isTokenValid: boolean;
  /** The TSA certificate chains to a known root. */
  isTrusted: boolean;
};

/**
 * whole: the signature covers the whole file. laterSignatures: bytes were appended after it, and the
 * last of those updates is covered by a later intact signature (incremental signing by the next party).
 * modifiedAfter: bytes were appended after it that no intact signature covers (签名后文档被修改).
 */
export type Coverage = 'whole' | 'laterSignatures' | 'modifiedAfter';

export type SignatureStatus = 'valid' | 'modified' | 'unknownIssuer' | 'invalid';

export type SignatureReport = {
  index: number;
  kind: 'signature' | 'documentTimestamp';
  subFilter: string;
  signer: CertificateName | null;
  /** Issuers from the signer's issuer up to the top of the chain found (a root when trusted). */
  issuers: CertificateName[];
  isTrusted: boolean;
  /** The signing-time signed attribute, else the dictionary's /M; ISO 8601. */
  signingTime: string | null;
  signingTimeSource: 'signedAttribute' | 'dictionary' | null;
  timestamp: TimestampReport | null;
  /** The digest of the ByteRange's bytes equals the signed messageDigest. */
  isIntact: boolean;
  /** The signer's signature over the signed attributes verifies with the signer certificate. */
  isSignatureValid: boolean;
  coverage: Coverage;
  status: SignatureStatus;
  /** Why the status is not valid, in Chinese; empty when valid. */
  problem: string;
  reason: string;
  name: string;
  location: string;
  /** The bytes this signature signed end here (the signed revision is bytes 0..signedLength). */
  signedLength: number;
  /** SHA-256 of the revision this signature signed (bytes 0..signedLength), hex. */
  revisionSha256: string;
};

export type PdfVerification = {
  fileSize: number;
  sha256: string;
  signatures: SignatureReport[];
};

export type TrustAnchors = {
  /** DER of self-signed roots trusted as anchors (the product's own root CA). */
  roots: Uint8Array[];
  /** DER of known intermediate certificates that may be missing from a CMS. */
  intermediates?: Uint8Array[];
};

const oids = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
} as const;

const digests: Record<string, { node: string; web: string }> = {
  '1.3.14.3.2.26': { node: 'sha1', web: 'SHA-1' },
  '2.16.840.1.101.3.4.2.4': { node: 'sha224', web: 'SHA-224' },
  '2.16.840.1.101.3.4.2.1': { node: 'sha256', web: 'SHA-256' },
  '2.16.840.1.101.3.4.2.2': { node: 'sha384', web: 'SHA-384' },
  '2.16.840.1.101.3.4.2.3': { node: 'sha512', web: 'SHA-512' },
  '2.16.840.1.101.3.4.2.8': { node: 'sha3-256', web: 'SHA3-256' },
};

function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

/** The last startxref must point at a cross-reference table or a cross-reference stream object. */
function checkXref(text: string): void {
  const tail = text.slice(Math.max(0, text.length - 4096));
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const last = matches.at(-1);
  if (!last) throw new VerifyInputError(VerifyMessages.brokenXref);
  const offset = Number(last[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= text.length)
    throw new VerifyInputError(VerifyMessages.brokenXref);
  const at = text.slice(offset, offset + 64);
  if (!/^\s*xref\b/.test(at) && !/^\s*\d+\s+\d+\s+obj\b[\s\S]*/.test(at))
    throw new VerifyInputError(VerifyMessages.brokenXref);
}

/** A PDF string as it reads: literal (…) with its escapes, or <hex>; UTF-16BE when it starts with a BOM. */
export function decodePdfString(raw: string): string {
  let bytes: number[];
  if (raw.startsWith('<')) {
    const hex = raw.slice(1, -1).replace(/\s+/g, '');
    bytes = [];
    for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2).padEnd(2, '0'), 16));
  } else {
    bytes = [];
    const body = raw.slice(1, -1);
    for (let i = 0; i < body.length; i += 1) {
      const char = body[i]!;
      if (char !== '\\') {
        bytes.push(char.charCodeAt(0) & 0xff);
        continue;
      }
      const next = body[i + 1] ?? '';
      const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
      if (next in escapes) {
        bytes.push(escapes[next]!);
        i += 1;
      } else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
        bytes.push(parseInt(octal, 8) & 0xff);
        i += octal.length;
      } else if (next === '\r' || next === '\n') {
        i += next === '\r' && body[i + 2] === '\n' ? 2 : 1;
      } else {
        i += 1;
        bytes.push(next.charCodeAt(0) & 0xff);
      }
    }
  }
  const buffer = Buffer.from(bytes);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) {
    const swapped = Buffer.from(buffer.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return buffer.subarray(3).toString('utf8');
  return buffer.toString('latin1');
}

/** The value of a string entry (/Reason, /Name …) of a dictionary's text, or ''. */
function stringEntry(dictionary: string, key: string): string {
  const start = new RegExp(`/${key}\\s*([(<])`).exec(dictionary);
  if (!start) return '';
  const from = start.index + start[0].length - 1;
  if (start[1] === '<') {
    const end = dictionary.indexOf('>', from);
    return end < 0 ? '' : decodePdfString(dictionary.slice(from, end + 1));
  }
  let depth = 0;
  for (let i = from; i < dictionary.length; i += 1) {
    const char = dictionary[i];
    if (char === '\\') {
      i += 1;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) return decodePdfString(dictionary.slice(from, i + 1));
    }
  }
  return '';
}

/** D:YYYYMMDDHHmmSS+HH'mm' (PDF date) as a Date, or null. */
export function parsePdfDate(value: string): Date | null {
  const match = /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value);
  if (!match) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000;
  const time = sign === '+' ? utc - offset : sign === '-' ? utc + offset : utc;
  return Number.isNaN(time) ? null : new Date(time);
}

type Found = {
  byteRange: [number, number, number, number];
  contentsHex: string;
  dictionary: string;
};

/**
 * Where the indirect object holding position at starts ("12 0 obj"), looked for backwards within
 * 256 KB. The keyword is found with lastIndexOf and only the few characters before it are matched:
 * a pattern like \d+\s+\d+\s+obj run over the window backtracks quadratically on the long runs of
 * digits a signature's zero-padded /Contents is made of (seconds for a file of four signatures).
 */
function objectHeadBefore(text: string, at: number): number | null {
  const limit = Math.max(0, at - 262_144);
  for (
    let keyword = text.lastIndexOf('obj', at);
    keyword > limit;
    keyword = text.lastIndexOf('obj', keyword - 1)
  ) {
    if (text.startsWith('end', keyword - 3) || /[A-Za-z0-9]/.test(text[keyword + 3] ?? '')) continue;
    const before = text.slice(Math.max(0, keyword - 32), keyword);
    const head = /(\d+)\s+(\d+)\s+$/.exec(before);
    if (head) return keyword - before.length + head.index;
  }
  return null;
}

/** Every signature dictionary of the file, in file order (earlier revisions first). */
function findSignatureDictionaries(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const at = match.index;
    const start = objectHeadBefore(text, at) ?? Math.max(0, at - 262_144);
    const endAt = text.indexOf('endobj', at);
    const dictionary = text.slice(start, endAt < 0 ? Math.min(text.length, at + 262_144) : endAt);
    const contents = /\/Contents\s*<([0-9A-Fa-f\s]*)>/.exec(dictionary);
    if (!contents) continue;
    const isSignature =
      /\/Type\s*\/(Sig|DocTimeStamp)\b/.test(dictionary) || /\/SubFilter\s*\//.test(dictionary);
    if (!isSignature) continue;
    found.push({
      byteRange: [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])],
      contentsHex: contents[1]!.replace(/\s+/g, ''),
      dictionary: dictionary.replace(/\/Contents\s*<[0-9A-Fa-f\s]*>/, '/Contents <>'),
    });
  }
  return found;
}

function nameOf(name: pkijs.RelativeDistinguishedNames): CertificateName {
  const read = (type: string) => {
    const entry = name.typesAndValues.find((value) => value.type === type);
    const block = entry?.value.valueBlock as { value?: unknown } | undefined;
    return typeof block?.value === 'string' ? block.value : '';
  };
  return { commonName: read(oids.commonName), organization: read(oids.organization) };
}

/** A certificate's identity for comparisons: its signature value (the DER of the whole is costly to rebuild). */
function fingerprintOf(certificate: pkijs.Certificate): string {
  return Buffer.from(certificate.signatureValue.valueBlock.valueHexView).toString('base64');
}

function sameName(a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames): boolean {
  return a.isEqual(b);
}

function subjectKeyId(certificate: pkijs.Certificate): Buffer | null {
  const extension = certificate.extensions?.find((e) => e.extnID === oids.subjectKeyIdentifier);
  const parsed = extension?.parsedValue as asn1js.OctetString | undefined;
  return parsed ? Buffer.from(parsed.valueBlock.valueHexView) : null;
}

function findSigner(signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | null {
  const certificates = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const sid = signerInfo.sid as unknown;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find(
        (certificate) =>
          sameName(certificate.issuer, sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber),
      ) ?? null
    );
  }
  const keyId = Buffer.from((sid as asn1js.Constructed).valueBlock.value[0]?.valueBeforeDecodeView ?? []);
  return (
    certificates.find((certificate) => {
      const own = subjectKeyId(certificate);
      return own !== null && keyId.includes(own);
    }) ?? null
  );
}

type Chain = { issuers: pkijs.Certificate[]; isTrusted: boolean };

type Anchors = {
  roots: pkijs.Certificate[];
  rootPrints: Set<string>;
  intermediates: pkijs.Certificate[];
  /** Certificate-signature checks already made in this verification (chains repeat across signatures). */
  checked: Map<string, boolean>;
  /** The same anchors as the DER reader reads them, or null when it cannot (then pkijs reads everything). */
  fast: FastAnchors | null;
};

type FastAnchors = {
  roots: ReadCertificate[];
  rootPrints: Set<string>;
  intermediates: ReadCertificate[];
  /** Certificate-signature checks already made in this verification, by the two certificates' prints. */
  checked: Map<string, boolean>;
};

/** pkijs's crypto engine (Node's WebCrypto, set where pkijs is first used). */
function cryptoEngine(): pkijs.ICryptoEngine {
  const { crypto } = pkijs.getEngine();
  if (!crypto) throw new Error('pkijs has no crypto engine');
  return crypto;
}

/**
 * Parsed certificates by their DER (parsing a certificate with pkijs costs about a millisecond): the
 * anchors, and the certificates of the CMS read here, of which the issuing CA's, the root's and the
 * TSA's recur in every signature of a file and in every file of the product.
 */
const parsedCertificates = new Map<string, pkijs.Certificate>();

/** The DER each certificate read by parseCached was read from (for the ESS signing-certificate check). */
const certificateDers = new WeakMap<pkijs.Certificate, Uint8Array>();

function derOf(certificate: pkijs.Certificate): Buffer {
  const known = certificateDers.get(certificate);
  return known ? Buffer.from(known) : Buffer.from(certificate.toSchema().toBER());
}

/** The ESS signing-certificate check of a SignerInfo read by pkijs. */
function pkijsSigningCertificateMatches(
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.Certificate,
): boolean {
  const attributes = (signerInfo.signedAttrs?.attributes ?? []).map((attribute) => {
    const value = attribute.values[0] as asn1js.BaseBlock | undefined;
    return {
      type: attribute.type,
      value: value ? Buffer.from(value.valueBeforeDecodeView) : null,
    };
  });
  return signingCertificateMatches(attributes, derOf(certificate));
}

function parseCached(der: Uint8Array): pkijs.Certificate {
  const key = createHash('sha256').update(der).digest('base64');
  let parsed = parsedCertificates.get(key);
  if (!parsed) {
    parsed = pkijs.Certificate.fromBER(new Uint8Array(der));
    if (parsedCertificates.size > 256) parsedCertificates.clear();
    parsedCertificates.set(key, parsed);
    certificateDers.set(parsed, new Uint8Array(der));
    try {
      nativeCertificates.set(parsed, new X509Certificate(der));
    } catch {
      // OpenSSL refuses what pkijs read: that certificate is checked by pkijs alone.
    }
  }
  return parsed;
}

/**
 * The same certificates as Node reads them (by parseCached), for OpenSSL's signature checks: pkijs
 * checks through WebCrypto, importing the key again for every check (a fifth of a verification).
 */
const nativeCertificates = new WeakMap<pkijs.Certificate, X509Certificate>();

const nativeSignatures: Record<string, 'ecdsa' | 'rsa'> = {
  '1.2.840.10045.2.1': 'ecdsa',
  '1.2.840.10045.4.3.2': 'ecdsa',
  '1.2.840.10045.4.3.3': 'ecdsa',
  '1.2.840.10045.4.3.4': 'ecdsa',
  '1.2.840.113549.1.1.1': 'rsa',
  '1.2.840.113549.1.1.11': 'rsa',
  '1.2.840.113549.1.1.12': 'rsa',
  '1.2.840.113549.1.1.13': 'rsa',
};

/**
 * A CMS signature checked with the signer's key: by OpenSSL for ECDSA and RSA PKCS#1 v1.5 when the
 * certificate was read by parseCached, else by pkijs (RSA-PSS and the rest).
 */
async function verifiesSignature(
  data: Buffer<ArrayBuffer>,
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.Certificate,
  digest: { node: string; web: string },
): Promise<boolean> {
  const native = nativeCertificates.get(certificate);
  const kind = nativeSignatures[signerInfo.signatureAlgorithm.algorithmId];
  const keyType = native?.publicKey.asymmetricKeyType;
  if (native && kind && keyType === (kind === 'ecdsa' ? 'ec' : 'rsa'))
    return verifySignature(
      digest.node,
      data,
      native.publicKey,
      Buffer.from(signerInfo.signature.valueBlock.valueHexView),
    );
  return cryptoEngine().verifyWithPublicKey(
    data,
    signerInfo.signature,
    certificate.subjectPublicKeyInfo,
    signerInfo.signatureAlgorithm,
    digest.web,
  );
}

function readAnchors(anchors: TrustAnchors): Anchors {
  const roots = anchors.roots.map((der) => parseCached(der));
  return {
    roots,
    rootPrints: new Set(roots.map((root) => fingerprintOf(root))),
    intermediates: (anchors.intermediates ?? []).map((der) => parseCached(der)),
    checked: new Map(),
    fast: readFastAnchors(anchors),
  };
}

function readFastAnchors(anchors: TrustAnchors): FastAnchors | null {
  try {
    const roots = anchors.roots.map((der) => readCertificate(der));
    return {
      roots,
      rootPrints: new Set(roots.map((root) => root.print)),
      intermediates: (anchors.intermediates ?? []).map((der) => readCertificate(der)),
      checked: new Map(),
    };
  } catch {
    return null;
  }
}

/**
 * A CMS ContentInfo holding a SignedData, read with pkijs except its certificates: pkijs's schema
 * matching of a certificate set was half of a verification, and the same few certificates recur in
 * every signature, so the set is cut out with the DER reader of cms-der.ts and each certificate
 * read through parseCached. Input that is not plain DER (BER lengths, other certificate choices)
 * goes to pkijs whole, as before. Null when it is not a SignedData.
 */
function readSignedData(cms: Buffer): pkijs.SignedData | null {
  let rest = cms;
  let certificates: Buffer[] = [];
  try {
    const [type, wrapped] = children(cms, readElement(cms, 0));
    const [signed] = wrapped?.tag === 0xa0 ? children(cms, wrapped) : [];
    const fields = type && signed?.tag === 0x30 ? children(cms, signed) : [];
    const set = fields.find((field) => field.tag === 0xa0);
    const items = set ? children(cms, set) : [];
    if (type && set && items.every((item) => item.tag === 0x30)) {
      certificates = items.map((item) => raw(cms, item));
      const others = fields.filter((field) => field !== set).map((field) => raw(cms, field));
      rest = sequence(raw(cms, type), der(0xa0, sequence(...others)));
    }
  } catch {
    rest = cms;
    certificates = [];
  }
  const parsed = asn1js.fromBER(new Uint8Array(rest));
  if (parsed.offset === -1) return null;
  const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
  if (contentInfo.contentType !== oids.signedData) return null;
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  if (certificates.length > 0) signedData.certificates = certificates.map((item) => parseCached(item));
  return signedData;
}

async function verifies(
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  anchors: Anchors,
): Promise<boolean> {
  const key = `${fingerprintOf(certificate)}/${fingerprintOf(issuer)}`;
  const known = anchors.checked.get(key);
  if (known !== undefined) return known;
  let result: boolean;
  try {
    const native = nativeCertificates.get(certificate);
    const nativeIssuer = nativeCertificates.get(issuer);
    result =
      native && nativeIssuer ? native.verify(nativeIssuer.publicKey) : await certificate.verify(issuer);
  } catch {
    result = false;
  }
  anchors.checked.set(key, result);
  return result;
}

/** The chain from the certificate up through the pool, trusted when it ends at a known root. */
async function buildChain(
  leaf: pkijs.Certificate,
  pool: pkijs.Certificate[],
  anchors: Anchors,
): Promise<Chain> {
  const issuers: pkijs.Certificate[] = [];
  let current = leaf;
  for (let depth = 0; depth < 8; depth += 1) {
    if (anchors.rootPrints.has(fingerprintOf(current))) return { issuers, isTrusted: issuers.length > 0 };
    if (sameName(current.issuer, current.subject)) return { issuers, isTrusted: false };
    const candidates = [...anchors.roots, ...anchors.intermediates, ...pool].filter((candidate) =>
      sameName(candidate.subject, current.issuer),
    );
    let next: pkijs.Certificate | null = null;
    for (const candidate of candidates) {
      if (await verifies(current, candidate, anchors)) {
        next = candidate;
        break;
      }
    }
    if (!next) return { issuers, isTrusted: false };
    issuers.push(next);
    current = next;
  }
  return { issuers, isTrusted: false };
}

function timeOfAttribute(value: unknown): Date | null {
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  return null;
}

function bytesOf(octets: asn1js.OctetString): Uint8Array<ArrayBuffer> {
  if (octets.idBlock.isConstructed) {
    const parts = (octets.valueBlock.value as asn1js.OctetString[]).map((part) => bytesOf(part));
    return new Uint8Array(Buffer.concat(parts));
  }
  return new Uint8Array(octets.valueBlock.valueHexView);
}

async function readTimestamp(
  token: unknown,
  signatureValue: Uint8Array,
  anchors: Anchors,
): Promise<TimestampReport | null> {
  try {
    if (!(token instanceof asn1js.Sequence)) return null;
    const signedData = readSignedData(Buffer.from(token.valueBeforeDecodeView));
    if (!signedData) return null;
    const eContent = signedData.encapContentInfo.eContent;
    if (!eContent) return null;
    const tst = pkijs.TSTInfo.fromBER(bytesOf(eContent));
    const algorithm = digests[tst.messageImprint.hashAlgorithm.algorithmId];
    const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
    const isImprintMatching =
      algorithm !== undefined && createHash(algorithm.node).update(signatureValue).digest().equals(imprint);
    const signerInfo = signedData.signerInfos[0];
    const tsaCertificate = signerInfo ? findSigner(signedData, signerInfo) : null;
    // The token's own signature, checked the way the PDF signature is: the messageDigest of its
    // signed attributes is the digest of the TSTInfo, and the signature over them verifies.
    let isTokenValid = false;
    const tokenDigest = signerInfo ? digests[signerInfo.digestAlgorithm.algorithmId] : undefined;
    if (signerInfo?.signedAttrs && tsaCertificate && tokenDigest) {
      const expected = createHash(tokenDigest.node).update(bytesOf(eContent)).digest();
      const signedDigest: unknown = signerInfo.signedAttrs.attributes.find(
        (attribute) => attribute.type === oids.messageDigest,
      )?.values[0];
      const toVerify = Buffer.from(signerInfo.signedAttrs.encodedValue);
      toVerify[0] = 0x31;
      try {
        isTokenValid =
          signedDigest instanceof asn1js.OctetString &&
          Buffer.from(bytesOf(signedDigest)).equals(expected) &&
          (await verifiesSignature(toVerify, signerInfo, tsaCertificate, tokenDigest)) &&
          pkijsSigningCertificateMatches(signerInfo, tsaCertificate);
      } catch {
        isTokenValid = false;
      }
    }
    let authority = '';
    if (tst.tsa && tst.tsa.type === 4)
      authority = nameOf(tst.tsa.value as pkijs.RelativeDistinguishedNames).commonName;
    if (!authority && tsaCertificate) {
      const name = nameOf(tsaCertificate.subject);
      authority = name.commonName || name.organization;
    }
    const pool = (signedData.certificates ?? []).filter(
      (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
    );
    const chain = tsaCertificate ? await buildChain(tsaCertificate, pool, anchors) : null;
    return {
      genTime: tst.genTime.toISOString(),
      authority,
      isImprintMatching,
      isTokenValid,
      isTrusted: chain?.isTrusted ?? false,
    };
  } catch {
    return null;
  }
}

/** /Contents is padded with zeros to its placeholder's size; the CMS is the first DER element of it. */
function derPrefix(padded: Buffer): Buffer {
  if (padded.length < 2) return padded;
  const first = padded[1]!;
  if (first < 0x80) return padded.subarray(0, 2 + first);
  const count = first & 0x7f;
  if (count === 0 || count > 4 || padded.length < 2 + count) return padded;
  let length = 0;
  for (let i = 0; i < count; i += 1) length = length * 256 + padded[2 + i]!;
  return padded.subarray(0, Math.min(padded.length, 2 + count + length));
}

type Checked = Omit<SignatureReport, 'index' | 'coverage' | 'status' | 'problem'>;

/**
 * SHA-256 states of the file's prefixes at the given lengths, from one pass over the file: each
 * signature's revision digest (0..signedLength), the start of each ByteRange digest (0..b) and the
 * whole file's digest are all prefixes of the same bytes.
 */
function prefixStates(bytes: Buffer, lengths: number[]): Map<number, Hash> {
  const cuts = [...new Set(lengths)]
    .filter((cut) => Number.isSafeInteger(cut) && cut >= 0 && cut <= bytes.length)
    .sort((a, b) => a - b);
  const hash = createHash('sha256');
  const states = new Map<number, Hash>();
  let at = 0;
  for (const cut of cuts) {
    hash.update(bytes.subarray(at, cut));
    at = cut;
    states.set(cut, hash.copy());
  }
  return states;
}

function prefixSha256(bytes: Buffer, length: number, states: Map<number, Hash>): Buffer {
  const state = states.get(length);
  return state ? state.copy().digest() : createHash('sha256').update(bytes.subarray(0, length)).digest();
}

/** The digest of the ByteRange's bytes (0..b and c..c+d), from the prefix state at b for SHA-256. */
function rangeDigest(
  bytes: Buffer,
  byteRange: Found['byteRange'],
  algorithm: { node: string },
  states: Map<number, Hash>,
): Buffer {
  const [a, b, c, d] = byteRange;
  const prefix = a === 0 && algorithm.node === 'sha256' ? states.get(b) : undefined;
  const hash = prefix ? prefix.copy() : createHash(algorithm.node).update(bytes.subarray(a, a + b));
  return hash.update(bytes.subarray(c, c + d)).digest();
}

/**
 * The chain from the certificate up through the pool, trusted when it ends at a known root. Names
 * are compared as encoded; when no certificate of that name signed the current one it throws
 * UnsupportedCms, and pkijs (which compares names loosely) reads the signature instead.
 */
function buildChainDer(leaf: ReadCertificate, pool: ReadCertificate[], anchors: FastAnchors) {
  const issuers: ReadCertificate[] = [];
  let current = leaf;
  for (let depth = 0; depth < 8; depth += 1) {
    if (anchors.rootPrints.has(current.print)) return { issuers, isTrusted: issuers.length > 0 };
    if (current.issuer.equals(current.subject)) return { issuers, isTrusted: false };
    const candidates = [...anchors.roots, ...anchors.intermediates, ...pool].filter((candidate) =>
      candidate.subject.equals(current.issuer),
    );
    let next: ReadCertificate | null = null;
    for (const candidate of candidates) {
      const key = `${current.print}/${candidate.print}`;
      let result = anchors.checked.get(key);
      if (result === undefined) {
        try {
          result = current.x509.verify(candidate.publicKey);
        } catch {
          result = false;
        }
        anchors.checked.set(key, result);
      }
      if (result) {
        next = candidate;
        break;
      }
    }
    // pkijs matches names loosely (case, spaces, string types); a chain it might find is left to it.
    if (!next) throw new UnsupportedCms('no issuer by its encoded name');
    issuers.push(next);
    current = next;
  }
  return { issuers, isTrusted: false };
}

/**
 * A signature of a SignerInfo read by the DER reader, by OpenSSL; an algorithm it is not written
 * for (RSA-PSS and the rest) throws UnsupportedCms so that pkijs checks the whole signature.
 */
function verifiesSignatureDer(
  data: Buffer,
  signerInfo: ReadSignerInfo,
  certificate: ReadCertificate,
  digest: { node: string },
): boolean {
  const kind = nativeSignatures[signerInfo.signatureAlgorithm];
  if (!kind || certificate.publicKey.asymmetricKeyType !== (kind === 'ecdsa' ? 'ec' : 'rsa'))
    throw new UnsupportedCms('signature algorithm');
  try {
    return verifySignature(digest.node, data, certificate.publicKey, signerInfo.signature);
  } catch {
    return false;
  }
}

/** The signed attributes as the signature covers them: a SET OF, not with their [0] tag (RFC 5652 5.4). */
function signedAttributesToVerify(signerInfo: ReadSignerInfo): Buffer | null {
  if (!signerInfo.signedAttributes) return null;
  const toVerify = Buffer.from(signerInfo.signedAttributes);
  toVerify[0] = 0x31;
  return toVerify;
}

/** The messageDigest signed attribute's value; null when missing or not an OCTET STRING. */
function messageDigestOf(signed: ReadSignedData, signerInfo: ReadSignerInfo): Buffer | null {
  const value = signerInfo.signed.find((attribute) => attribute.type === oids.messageDigest)?.values[0];
  if (!value) return null;
  if (value.tag === 0x24) throw new UnsupportedCms('constructed OCTET STRING');
  return value.tag === 0x04 ? signed.bytes.subarray(value.contentStart, value.end) : null;
}

function essMatchesDer(signed: ReadSignedData, signerInfo: ReadSignerInfo, certificate: ReadCertificate) {
  const attributes = signerInfo.signed.map((attribute: ReadAttribute) => {
    const value = attribute.values[0];
    return { type: attribute.type, value: value ? signed.bytes.subarray(value.start, value.end) : null };
  });
  return signingCertificateMatches(attributes, certificate.der);
}

function readTimestampDer(
  token: Buffer,
  signatureValue: Buffer,
  anchors: FastAnchors,
): TimestampReport | null {
  const signedData = readSignedDataDer(token);
  if (!signedData.eContent) return null;
  const tst = readTstInfo(signedData.eContent);
  const algorithm = digests[tst.imprintAlgorithm];
  const isImprintMatching =
    algorithm !== undefined && createHash(algorithm.node).update(signatureValue).digest().equals(tst.imprint);
  const signerInfo = signedData.signerInfos[0];
  const tsaCertificate = signerInfo ? findSignerCertificate(signedData, signerInfo.sid) : null;
  if (signerInfo && !tsaCertificate) throw new UnsupportedCms('TSA certificate not found');
  // The token's own signature, checked the way the PDF signature is: the messageDigest of its
  // signed attributes is the digest of the TSTInfo, the signature over them verifies, and its ESS
  // signing-certificate attribute names the TSA's certificate.
  let isTokenValid = false;
  const tokenDigest = signerInfo ? digests[signerInfo.digestAlgorithm] : undefined;
  const toVerify = signerInfo ? signedAttributesToVerify(signerInfo) : null;
  if (signerInfo && toVerify && tsaCertificate && tokenDigest) {
    const expected = createHash(tokenDigest.node).update(signedData.eContent).digest();
    const signedDigest = messageDigestOf(signedData, signerInfo);
    isTokenValid =
      signedDigest !== null &&
      signedDigest.equals(expected) &&
      verifiesSignatureDer(toVerify, signerInfo, tsaCertificate, tokenDigest) &&
      essMatchesDer(signedData, signerInfo, tsaCertificate);
  }
  let authority = tst.authority;
  if (!authority && tsaCertificate)
    authority = tsaCertificate.subjectName.commonName || tsaCertificate.subjectName.organization;
  const chain = tsaCertificate ? buildChainDer(tsaCertificate, signedData.certificates, anchors) : null;
  return {
    genTime: tst.genTime.toISOString(),
    authority,
    isImprintMatching,
    isTokenValid,
    isTrusted: chain?.isTrusted ?? false,
  };
}

/**
 * One signature read by the DER reader and checked by OpenSSL; throws (UnsupportedCms or a DER
 * error) for whatever it does not take, and the caller reads that signature with pkijs instead.
 */
function checkSignatureDer(
  bytes: Buffer,
  found: Found,
  cms: Buffer,
  base: Checked,
  anchors: FastAnchors,
  states: Map<number, Hash>,
): Checked {
  const signedData = readSignedDataDer(cms);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return base;
  const signerCertificate = findSignerCertificate(signedData, signerInfo.sid);
  // Found by issuer and serial as encoded; pkijs, which compares names loosely, looks again.
  if (!signerCertificate) throw new UnsupportedCms('signer certificate not found');
  const report: Checked = { ...base, signer: signerCertificate.subjectName };
  const chain = buildChainDer(signerCertificate, signedData.certificates, anchors);
  report.issuers = chain.issuers.map((issuer) => issuer.subjectName);
  if (chain.issuers.length === 0) report.issuers = [signerCertificate.issuerName];
  report.isTrusted = chain.isTrusted;
  const algorithm = digests[signerInfo.digestAlgorithm];
  if (!algorithm) return report;
  const signingTimeValue = signerInfo.signed.find((attribute) => attribute.type === oids.signingTime)
    ?.values[0];
  if (signingTimeValue && (signingTimeValue.tag === 0x17 || signingTimeValue.tag === 0x18)) {
    report.signingTime = timeOf(signedData.bytes, signingTimeValue).toISOString();
    report.signingTimeSource = 'signedAttribute';
  }
  let toVerify = signedAttributesToVerify(signerInfo);
  if (toVerify) {
    const messageDigest = messageDigestOf(signedData, signerInfo);
    report.isIntact =
      messageDigest !== null && messageDigest.equals(rangeDigest(bytes, found.byteRange, algorithm, states));
  } else {
    const [a, b, c, d] = found.byteRange;
    toVerify = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  }
  report.isSignatureValid =
    verifiesSignatureDer(toVerify, signerInfo, signerCertificate, algorithm) &&
    essMatchesDer(signedData, signerInfo, signerCertificate);
  if (!signerInfo.signedAttributes) report.isIntact = report.isSignatureValid;
  const token = signerInfo.unsigned.find((attribute) => attribute.type === oids.timeStampToken)?.values[0];
  if (token) {
    report.timestamp =
      token.tag === 0x30
        ? readTimestampDer(
            Buffer.from(signedData.bytes.subarray(token.start, token.end)),
            signerInfo.signature,
            anchors,
          )
        : null;
  }
  return report;
}

async function checkSignature(
  bytes: Buffer,
  found: Found,
  anchors: Anchors,
  states: Map<number, Hash>,
): Promise<Checked> {
  const [a, b, c, d] = found.byteRange;
  const dictionary = found.dictionary;
  const kind = /\/Type\s*\/DocTimeStamp\b/.test(dictionary) ? 'documentTimestamp' : 'signature';
  const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dictionary)?.[1] ?? '';
  const signedLength = c + d;
  const isRangeSane =
    a === 0 && b > 0 && c > b && signedLength <= bytes.length && bytes[b] === 0x3c && bytes[c - 1] === 0x3e;
  const dictionaryTime = parsePdfDate(stringEntry(dictionary, 'M'));
  const base: Checked = {
    kind,
    subFilter,
    signer: null,
    issuers: [],
    isTrusted: false,
    signingTime: dictionaryTime?.toISOString() ?? null,
    signingTimeSource: dictionaryTime ? 'dictionary' : null,
    timestamp: null,
    isIntact: false,
    isSignatureValid: false,
    reason: stringEntry(dictionary, 'Reason'),
    name: stringEntry(dictionary, 'Name'),
    location: stringEntry(dictionary, 'Location'),
    signedLength: Math.min(signedLength, bytes.length),
    revisionSha256: prefixSha256(bytes, Math.min(signedLength, bytes.length), states).toString('hex'),
  };
  if (!isRangeSane) return base;
  const cms = derPrefix(Buffer.from(found.contentsHex, 'hex'));
  if (anchors.fast) {
    try {
      return checkSignatureDer(bytes, found, cms, base, anchors.fast, states);
    } catch {
      // Not what the DER reader takes (or a certificate OpenSSL refuses): pkijs reads it below.
    }
  }
  let signedData: pkijs.SignedData;
  try {
    const read = readSignedData(cms);
    if (!read) return base;
    signedData = read;
  } catch {
    return base;
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return base;
  const signerCertificate = findSigner(signedData, signerInfo);
  const pool = (signedData.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const report: Checked = { ...base };
  if (signerCertificate) {
    report.signer = nameOf(signerCertificate.subject);
    const chain = await buildChain(signerCertificate, pool, anchors);
    report.issuers = chain.issuers.map((issuer) => nameOf(issuer.subject));
    if (chain.issuers.length === 0) report.issuers = [nameOf(signerCertificate.issuer)];
    report.isTrusted = chain.isTrusted;
  }
  const algorithm = digests[signerInfo.digestAlgorithm.algorithmId];
  const signed = [bytes.subarray(a, a + b), bytes.subarray(c, c + d)];
  if (!algorithm) return report;
  const digest = rangeDigest(bytes, found.byteRange, algorithm, states);
  const attributes = signerInfo.signedAttrs?.attributes ?? [];
  const messageDigest: unknown = attributes.find((attribute) => attribute.type === oids.messageDigest)
    ?.values[0];
  const signingTime = timeOfAttribute(
    attributes.find((attribute) => attribute.type === oids.signingTime)?.values[0],
  );
  if (signingTime) {
    report.signingTime = signingTime.toISOString();
    report.signingTimeSource = 'signedAttribute';
  }
  let toVerify: Buffer<ArrayBuffer>;
  if (signerInfo.signedAttrs) {
    report.isIntact =
      messageDigest instanceof asn1js.OctetString && Buffer.from(bytesOf(messageDigest)).equals(digest);
    // The signature covers the attributes encoded as a SET OF, not with their [0] tag (RFC 5652 5.4).
    toVerify = Buffer.from(signerInfo.signedAttrs.encodedValue);
    toVerify[0] = 0x31;
  } else {
    toVerify = Buffer.concat(signed);
  }
  if (signerCertificate) {
    try {
      report.isSignatureValid =
        (await verifiesSignature(toVerify, signerInfo, signerCertificate, algorithm)) &&
        pkijsSigningCertificateMatches(signerInfo, signerCertificate);
    } catch {
      report.isSignatureValid = false;
    }
  }
  if (!signerInfo.signedAttrs) report.isIntact = report.isSignatureValid;
  const token: unknown = signerInfo.unsignedAttrs?.attributes.find(
    (attribute) => attribute.type === oids.timeStampToken,
  )?.values[0];
  if (token) report.timestamp = await readTimestamp(token, bytesOf(signerInfo.signature), anchors);
  return report;
}

function judge(checked: Checked, coverage: Coverage): { status: SignatureStatus; problem: string } {
  if (!checked.isIntact)
    return { status: 'modified', problem: '签名后文档被修改：签名范围内的内容与签名不符' };
  if (!checked.isSignatureValid) return { status: 'invalid', problem: '签名值无法用签名证书验证' };
  if (coverage === 'modifiedAfter')
    return { status: 'modified', problem: '签名后文档被修改：文件末尾有未被任何签名覆盖的内容' };
  if (checked.timestamp && (!checked.timestamp.isImprintMatching || !checked.timestamp.isTokenValid))
    return { status: 'invalid', problem: '时间戳与签名不符' };
  if (!checked.isTrusted)
    return { status: 'unknownIssuer', problem: '未知签发机构：签名证书不是由已知根证书签发' };
  return { status: 'valid', problem: '' };
}

/**
 * Reads every signature of the file. Throws VerifyInputError (with the user's message) for a file
 * over 50 MB, a file that is not a PDF, or a PDF whose cross-reference table cannot be found.
 */
export async function verifyPdfSignatures(input: Uint8Array, trust: TrustAnchors): Promise<PdfVerification> {
  if (input.length > maxVerifyBytes) throw new VerifyInputError(VerifyMessages.tooLarge);
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.length);
  if (!isPdf(bytes)) throw new VerifyInputError(VerifyMessages.notPdf);
  const text = bytes.toString('latin1');
  checkXref(text);
  const anchors = readAnchors(trust);
  const dictionaries = findSignatureDictionaries(text);
  const states = prefixStates(bytes, [
    bytes.length,
    ...dictionaries.flatMap(({ byteRange: [, b, c, d] }) => [b, c + d]),
  ]);
  const checked: Checked[] = [];
  for (const found of dictionaries) checked.push(await checkSignature(bytes, found, anchors, states));
  const lastCoveringIntact = checked.some(
    (signature) =>
      signature.isIntact && signature.isSignatureValid && signature.signedLength === bytes.length,
  );
  const signatures = checked.map((signature, index): SignatureReport => {
    const coverage: Coverage =
      signature.signedLength === bytes.length
        ? 'whole'
        : lastCoveringIntact
          ? 'laterSignatures'
          : 'modifiedAfter';
    return { index: index + 1, ...signature, coverage, ...judge(signature, coverage) };
  });
  return {
    fileSize: bytes.length,
    sha256: prefixSha256(bytes, bytes.length, states).toString('hex'),
    signatures,
  };
}
