/**
 * The verifier's fast reader of a CMS SignedData (RFC 5652), its certificates (RFC 5280) and an
 * RFC 3161 TSTInfo, with the bounds-checked DER walker of signing/cms-der.ts: pkijs's schema
 * matching of the eight SignedData of a sealed contract and of every new certificate was most of a
 * verification. It only reads structure and hands back the bytes the verifier checks (the signed
 * attributes as encoded, the signature value, the certificates' DER for Node's X509Certificate);
 * it checks nothing itself. Anything it does not understand (BER lengths, constructed strings,
 * other certificate choices, unknown string types or time formats) throws, UnsupportedCms or the
 * DER reader's error, and the verifier reads that signature with pkijs instead, as before.
 */
import { X509Certificate, createHash, type KeyObject } from 'node:crypto';
import { children, content, raw, readElement, type DerElement } from '../signing/cms-der';

export class UnsupportedCms extends Error {}

const tags = {
  boolean: 0x01,
  integer: 0x02,
  octets: 0x04,
  oid: 0x06,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
  explicit0: 0xa0,
  explicit1: 0xa1,
  explicit3: 0xa3,
  explicit4: 0xa4,
} as const;

function unsupported(what: string): never {
  throw new UnsupportedCms(what);
}

function expect(element: DerElement | undefined, tag: number, what: string): DerElement {
  if (!element || element.tag !== tag) unsupported(what);
  return element;
}

/** The dotted text of an OBJECT IDENTIFIER's content. */
export function oidText(bytes: Buffer): string {
  if (bytes.length === 0) unsupported('empty OID');
  const parts: number[] = [];
  let value = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) unsupported('OID arc too large');
    if ((byte & 0x80) === 0) {
      if (parts.length === 0) {
        const first = value < 80 ? Math.floor(value / 40) : 2;
        parts.push(first, value - first * 40);
      } else parts.push(value);
      value = 0;
    } else if (i === bytes.length - 1) unsupported('OID cut short');
  }
  return parts.join('.');
}

const oidOf = (bytes: Buffer, element: DerElement | undefined) =>
  oidText(content(bytes, expect(element, tags.oid, 'OID expected')));

/** An AlgorithmIdentifier's OID. */
const algorithmOf = (bytes: Buffer, element: DerElement | undefined) =>
  oidOf(bytes, children(bytes, expect(element, tags.sequence, 'AlgorithmIdentifier expected'))[0]);

/** A directory string as text (the types X.520 names use). */
function stringOf(bytes: Buffer, element: DerElement): string {
  const value = content(bytes, element);
  switch (element.tag) {
    case 0x0c:
      return value.toString('utf8');
    case 0x13:
    case 0x16:
    case 0x14:
      return value.toString('latin1');
    case 0x1e: {
      if (value.length % 2) unsupported('odd BMPString');
      const swapped = Buffer.from(value);
      swapped.swap16();
      return swapped.toString('utf16le');
    }
    default:
      return unsupported('string type');
  }
}

export type CertificateName = { commonName: string; organization: string };

const nameOids = { commonName: '2.5.4.3', organization: '2.5.4.10' };

/** The common name and organization of a Name (the first of each), as the report shows them. */
export function nameOf(bytes: Buffer, name: DerElement): CertificateName {
  const found: CertificateName = { commonName: '', organization: '' };
  for (const rdn of children(bytes, expect(name, tags.sequence, 'Name expected'))) {
    for (const pair of children(bytes, expect(rdn, tags.set, 'RDN expected'))) {
      const [type, value] = children(bytes, expect(pair, tags.sequence, 'AttributeTypeAndValue expected'));
      const oid = oidOf(bytes, type);
      if (!value) unsupported('attribute without value');
      if (oid === nameOids.commonName && !found.commonName) found.commonName = stringOf(bytes, value);
      if (oid === nameOids.organization && !found.organization) found.organization = stringOf(bytes, value);
    }
  }
  return found;
}

/** A certificate as the verifier compares and checks it; subject, issuer and serial as encoded. */
export type ReadCertificate = {
  der: Buffer;
  /** SHA-256 of the DER, base64: its identity. */
  print: string;
  subject: Buffer;
  issuer: Buffer;
  /** The serialNumber INTEGER's content. */
  serial: Buffer;
  subjectKeyId: Buffer | null;
  subjectName: CertificateName;
  issuerName: CertificateName;
  x509: X509Certificate;
  publicKey: KeyObject;
};

const subjectKeyIdentifier = '2.5.29.14';

function readCertificateUncached(der: Buffer, print: string): ReadCertificate {
  const [tbs] = children(der, expect(readElement(der, 0), tags.sequence, 'Certificate expected'));
  const fields = children(der, expect(tbs, tags.sequence, 'TBSCertificate expected'));
  const at = fields[0]?.tag === tags.explicit0 ? 1 : 0;
  const serial = expect(fields[at], tags.integer, 'serialNumber expected');
  const issuer = expect(fields[at + 2], tags.sequence, 'issuer expected');
  const subject = expect(fields[at + 4], tags.sequence, 'subject expected');
  let subjectKeyId: Buffer | null = null;
  const extensions = fields.slice(at + 6).find((field) => field.tag === tags.explicit3);
  if (extensions) {
    const [list] = children(der, extensions);
    for (const extension of children(der, expect(list, tags.sequence, 'Extensions expected'))) {
      const parts = children(der, expect(extension, tags.sequence, 'Extension expected'));
      if (oidOf(der, parts[0]) !== subjectKeyIdentifier) continue;
      const value = expect(parts.at(-1), tags.octets, 'extnValue expected');
      const [keyId] = children(der, value);
      subjectKeyId = Buffer.from(content(der, expect(keyId, tags.octets, 'keyIdentifier expected')));
    }
  }
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(der);
  } catch {
    return unsupported('certificate OpenSSL refuses');
  }
  return {
    der,
    print,
    subject: Buffer.from(raw(der, subject)),
    issuer: Buffer.from(raw(der, issuer)),
    serial: Buffer.from(content(der, serial)),
    subjectKeyId,
    subjectName: nameOf(der, subject),
    issuerName: nameOf(der, issuer),
    x509,
    publicKey: x509.publicKey,
  };
}

/**
 * Certificates read before, by the SHA-256 of their DER: the issuing CA's, the root's and the TSA's
 * recur in every signature of a file and in every file of the product.
 */
const readCertificates = new Map<string, ReadCertificate>();

export function readCertificate(input: Uint8Array): ReadCertificate {
  const der = Buffer.from(input);
  const print = createHash('sha256').update(der).digest('base64');
  const known = readCertificates.get(print);
  if (known) return known;
  const read = readCertificateUncached(der, print);
  if (readCertificates.size > 256) readCertificates.clear();
  readCertificates.set(print, read);
  return read;
}

export type ReadAttribute = { type: string; values: DerElement[] };

export type SignerIdentifier =
  { kind: 'issuerAndSerial'; issuer: Buffer; serial: Buffer } | { kind: 'subjectKeyId'; keyId: Buffer };

export type ReadSignerInfo = {
  sid: SignerIdentifier;
  digestAlgorithm: string;
  /** The signed attributes as encoded, with their [0] tag, or null when there are none. */
  signedAttributes: Buffer | null;
  signed: ReadAttribute[];
  signatureAlgorithm: string;
  signature: Buffer;
  unsigned: ReadAttribute[];
};

export type ReadSignedData = {
  /** The buffer the elements of signed and unsigned attributes point into. */
  bytes: Buffer;
  eContentType: string;
  /** The encapsulated content (a TSTInfo in a timestamp token), or null when detached. */
  eContent: Buffer | null;
  certificates: ReadCertificate[];
  signerInfos: ReadSignerInfo[];
};

function attributesOf(bytes: Buffer, holder: DerElement): ReadAttribute[] {
  return children(bytes, holder).map((attribute) => {
    const [type, values] = children(bytes, expect(attribute, tags.sequence, 'Attribute expected'));
    return {
      type: oidOf(bytes, type),
      values: children(bytes, expect(values, tags.set, 'attribute values expected')),
    };
  });
}

function signerInfoOf(bytes: Buffer, element: DerElement): ReadSignerInfo {
  const fields = children(bytes, expect(element, tags.sequence, 'SignerInfo expected'));
  expect(fields[0], tags.integer, 'SignerInfo version expected');
  const sidElement = fields[1];
  let sid: SignerIdentifier;
  if (sidElement?.tag === tags.sequence) {
    const [issuer, serial] = children(bytes, sidElement);
    sid = {
      kind: 'issuerAndSerial',
      issuer: raw(bytes, expect(issuer, tags.sequence, 'issuer expected')),
      serial: content(bytes, expect(serial, tags.integer, 'serial expected')),
    };
  } else if (sidElement?.tag === 0x80) {
    sid = { kind: 'subjectKeyId', keyId: content(bytes, sidElement) };
  } else return unsupported('SignerIdentifier');
  let at = 2;
  const digestAlgorithm = algorithmOf(bytes, fields[at]);
  at += 1;
  let signedAttributes: Buffer | null = null;
  let signed: ReadAttribute[] = [];
  if (fields[at]?.tag === tags.explicit0) {
    signedAttributes = raw(bytes, fields[at]!);
    signed = attributesOf(bytes, fields[at]!);
    at += 1;
  }
  const signatureAlgorithm = algorithmOf(bytes, fields[at]);
  const signature = content(bytes, expect(fields[at + 1], tags.octets, 'signature expected'));
  at += 2;
  let unsigned: ReadAttribute[] = [];
  if (fields[at]?.tag === tags.explicit1) {
    unsigned = attributesOf(bytes, fields[at]!);
    at += 1;
  }
  if (at !== fields.length) unsupported('SignerInfo fields');
  return { sid, digestAlgorithm, signedAttributes, signed, signatureAlgorithm, signature, unsigned };
}

const signedDataOid = '1.2.840.113549.1.7.2';

/** A ContentInfo holding a SignedData, in DER; throws for anything else (BER lengths included). */
export function readSignedDataDer(bytes: Buffer): ReadSignedData {
  const contentInfo = expect(readElement(bytes, 0), tags.sequence, 'ContentInfo expected');
  const [type, wrapped, ...extra] = children(bytes, contentInfo);
  if (oidOf(bytes, type) !== signedDataOid || extra.length > 0) unsupported('not a SignedData');
  const [signed] = children(bytes, expect(wrapped, tags.explicit0, 'content expected'));
  const fields = children(bytes, expect(signed, tags.sequence, 'SignedData expected'));
  expect(fields[0], tags.integer, 'version expected');
  expect(fields[1], tags.set, 'digestAlgorithms expected');
  const [eContentTypeElement, eContentHolder] = children(
    bytes,
    expect(fields[2], tags.sequence, 'EncapsulatedContentInfo expected'),
  );
  const eContentType = oidOf(bytes, eContentTypeElement);
  let eContent: Buffer | null = null;
  if (eContentHolder) {
    const [octets] = children(bytes, expect(eContentHolder, tags.explicit0, 'eContent expected'));
    eContent = content(bytes, expect(octets, tags.octets, 'eContent OCTET STRING expected'));
  }
  let at = 3;
  let certificates: ReadCertificate[] = [];
  if (fields[at]?.tag === tags.explicit0) {
    certificates = children(bytes, fields[at]!).map((item) =>
      readCertificate(raw(bytes, expect(item, tags.sequence, 'certificate choice'))),
    );
    at += 1;
  }
  if (fields[at]?.tag === tags.explicit1) at += 1;
  const signerInfos = children(bytes, expect(fields[at], tags.set, 'signerInfos expected')).map((item) =>
    signerInfoOf(bytes, item),
  );
  if (at + 1 !== fields.length) unsupported('SignedData fields');
  return { bytes, eContentType, eContent, certificates, signerInfos };
}

/** The signer's certificate among the CMS's: by issuer and serial as encoded, or by key identifier. */
export function findSignerCertificate(
  signedData: ReadSignedData,
  sid: SignerIdentifier,
): ReadCertificate | null {
  return (
    signedData.certificates.find((certificate) =>
      sid.kind === 'issuerAndSerial'
        ? certificate.issuer.equals(sid.issuer) && certificate.serial.equals(sid.serial)
        : certificate.subjectKeyId !== null && certificate.subjectKeyId.equals(sid.keyId),
    ) ?? null
  );
}

/** A UTCTime or GeneralizedTime in UTC (Z), with or without fractions of a second. */
export function timeOf(bytes: Buffer, element: DerElement): Date {
  const text = content(bytes, element).toString('latin1');
  let match: RegExpExecArray | null;
  let year: number;
  if (element.tag === tags.utcTime) {
    match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text);
    if (!match) return unsupported('UTCTime format');
    const short = Number(match[1]);
    year = short < 50 ? 2000 + short : 1900 + short;
  } else if (element.tag === tags.generalizedTime) {
    match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d{1,9})?Z$/.exec(text);
    if (!match) return unsupported('GeneralizedTime format');
    year = Number(match[1]);
  } else return unsupported('time type');
  const milliseconds = match[7] ? Math.floor(Number(`0${match[7]}`) * 1000) : 0;
  const time = Date.UTC(
    year,
    Number(match[2]) - 1,
    Number(match[3]),
    Number(match[4]),
    Number(match[5]),
    Number(match[6]),
    milliseconds,
  );
  if (Number.isNaN(time)) unsupported('time value');
  return new Date(time);
}

export type ReadTstInfo = {
  imprintAlgorithm: string;
  imprint: Buffer;
  genTime: Date;
  /** The TSA's directoryName's common name, when the token names it ('' otherwise). */
  authority: string;
};

/** TSTInfo (RFC 3161 2.4.2): the message imprint, genTime and the tsa field's name. */
export function readTstInfo(bytes: Buffer): ReadTstInfo {
  const fields = children(bytes, expect(readElement(bytes, 0), tags.sequence, 'TSTInfo expected'));
  expect(fields[0], tags.integer, 'TSTInfo version expected');
  expect(fields[1], tags.oid, 'policy expected');
  const [algorithm, hashed] = children(bytes, expect(fields[2], tags.sequence, 'messageImprint expected'));
  expect(fields[3], tags.integer, 'serialNumber expected');
  const genTime = timeOf(bytes, expect(fields[4], tags.generalizedTime, 'genTime expected'));
  let authority = '';
  const tsa = fields.slice(5).find((field) => field.tag === tags.explicit0);
  if (tsa) {
    const [generalName] = children(bytes, tsa);
    if (generalName?.tag === tags.explicit4) {
      const [name] = children(bytes, generalName);
      authority = nameOf(bytes, expect(name, tags.sequence, 'directoryName expected')).commonName;
    }
  }
  return {
    imprintAlgorithm: algorithmOf(bytes, algorithm),
    imprint: content(bytes, expect(hashed, tags.octets, 'hashedMessage expected')),
    genTime,
    authority,
  };
}

const ess = {
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

const essDigests: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/**
 * The ESS signing-certificate attribute (RFC 2634 / RFC 5035) of signed attributes, given as
 * [type, encoded value]: true when there is none, or when its first ESSCertID's certHash is the
 * digest of the signer's certificate (the binding; the optional issuerSerial is only a hint);
 * false otherwise, including when the attribute cannot be read.
 */
export function signingCertificateMatches(
  attributes: { type: string; value: Buffer | null }[],
  certificateDer: Buffer,
): boolean {
  const found = attributes.find(
    (attribute) => attribute.type === ess.signingCertificateV2 || attribute.type === ess.signingCertificate,
  );
  if (!found) return true;
  try {
    const bytes = found.value;
    if (!bytes) return false;
    const [certs] = children(bytes, expect(readElement(bytes, 0), tags.sequence, 'SigningCertificate'));
    const [first] = children(bytes, expect(certs, tags.sequence, 'certs expected'));
    const parts = children(bytes, expect(first, tags.sequence, 'ESSCertID expected'));
    let at = 0;
    let algorithm = found.type === ess.signingCertificateV2 ? ess.sha256 : '1.3.14.3.2.26';
    if (found.type === ess.signingCertificateV2 && parts[0]?.tag === tags.sequence) {
      algorithm = algorithmOf(bytes, parts[0]);
      at = 1;
    }
    const hash = essDigests[algorithm];
    const certHash = content(bytes, expect(parts[at], tags.octets, 'certHash expected'));
    if (!hash || !createHash(hash).update(certificateDer).digest().equals(certHash)) return false;
    return true;
  } catch {
    return false;
  }
}
