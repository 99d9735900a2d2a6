/**
 * Seals a finished contract with a CMS detached signature (adbe.pkcs7.detached): pdf-lib adds the
 * signature placeholder (@signpdf/placeholder-pdf-lib), the file is written without object streams,
 * and @signpdf/signpdf fills the placeholder with the CMS made here from the company's PKCS#12.
 * The signature dictionary's strings are PDF literal strings, so they stay ASCII.
 *
 * The signer is ours rather than @signpdf/signer-p12: node-forge only reads the PKCS#12 and writes
 * the ASN.1 structure, while the file's SHA-256 and the RSA signature come from Node's crypto
 * (forge does both in JavaScript big-number code, about 40 ms a contract). Reading the PKCS#12
 * (3DES and key derivation in JavaScript) is done once per certificate and process. The certificates
 * are written back from forge's parsed form, whose Chinese (UTF8String) names forge would otherwise
 * double-encode; see normalizeParsedNames.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import { normalizeParsedNames, type CompanyCertificate } from './certificates';
import type { CmsSigner } from './cms-der';
import './pdf-zlib';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What signing needs from a company's PKCS#12, read out of it once. */
type SigningKey = {
  key: KeyObject;
  /** DER of [0] IMPLICIT certificates: the company's certificate and the CA's. */
  certificates: forge.asn1.Asn1;
  /** DER of the signer's IssuerAndSerialNumber. */
  issuerAndSerial: forge.asn1.Asn1;
  /** DER of the company's certificate, then the CA's (for the PAdES signature, cms-der.ts). */
  ders: Buffer[];
};

const { asn1 } = forge;
const { Class, Type } = asn1;
const oids = forge.pki.oids;
const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const algorithm = (id: string) =>
  asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
    oid(id),
    asn1.create(Class.UNIVERSAL, Type.NULL, false, ''),
  ]);
const attribute = (type: string, value: forge.asn1.Asn1) =>
  asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
    oid(type),
    asn1.create(Class.UNIVERSAL, Type.SET, true, [value]),
  ]);

/** UTCTime for 1950 to 2049, GeneralizedTime otherwise (RFC 5652 11.3). */
function time(date: Date): forge.asn1.Asn1 {
  const year = date.getUTCFullYear();
  return year >= 1950 && year < 2050
    ? asn1.create(Class.UNIVERSAL, Type.UTCTIME, false, asn1.dateToUtcTime(date))
    : asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
}

function readSigningKey(certificate: CompanyCertificate): SigningKey {
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(certificate.p12.toString('binary')),
    false,
    certificate.password,
  );
  const keyBagType = oids.pkcs8ShroudedKeyBag!;
  const certBagType = oids.certBag!;
  const key = p12.getBags({ bagType: keyBagType })[keyBagType]?.[0]?.key;
  if (!key) throw new Error('签署证书缺少私钥');
  const certs = (p12.getBags({ bagType: certBagType })[certBagType] ?? [])
    .map((bag: forge.pkcs12.Bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined)
    .map((cert: forge.pki.Certificate) => normalizeParsedNames(cert));
  const own = certs.find((cert: forge.pki.Certificate) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  });
  if (!own) throw new Error('签署证书与私钥不匹配');
  const toDer = (cert: forge.pki.Certificate) =>
    Buffer.from(asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    ders: [own, ...certs.filter((cert) => cert !== own)].map(toDer),
    key: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificates: asn1.create(
      Class.CONTEXT_SPECIFIC,
      0,
      true,
      certs.map((cert) => forge.pki.certificateToAsn1(cert)),
    ),
    issuerAndSerial: asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
      forge.pki.distinguishedNameToAsn1({
        attributes: own.issuer.attributes,
      }),
      asn1.create(Class.UNIVERSAL, Type.INTEGER, false, forge.util.hexToBytes(own.serialNumber)),
    ]),
  };
}

/** Read keys by the PKCS#12 they came from; a renewed certificate is a new PKCS#12, so a new entry. */
const signingKeys = new Map<string, SigningKey>();
const signingKeysKept = 64;

function signingKeyOf(certificate: CompanyCertificate): SigningKey {
  const id = createHash('sha256').update(certificate.p12).update(certificate.password).digest('hex');
  let found = signingKeys.get(id);
  if (!found) {
    found = readSigningKey(certificate);
    if (signingKeys.size >= signingKeysKept) signingKeys.delete(signingKeys.keys().next().value!);
    signingKeys.set(id, found);
  }
  return found;
}

/**
 * The CMS SignedData (RFC 5652) over the bytes the ByteRange covers: SHA-256 digest, the
 * contentType, signingTime and messageDigest signed attributes, RSA PKCS#1 v1.5 signature, detached
 * content, both certificates — the structure forge's pkcs7.sign wrote, with the numbers from Node.
 */
export function cmsSignature(content: Buffer, certificate: CompanyCertificate, signingTime: Date): Buffer {
  const signer = signingKeyOf(certificate);
  const digest = createHash('sha256').update(content).digest();
  const signedAttributes = [
    attribute(oids.contentType!, oid(oids.data!)),
    attribute(oids.signingTime!, time(signingTime)),
    attribute(
      oids.messageDigest!,
      asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, digest.toString('binary')),
    ),
  ];
  // The signature covers the attributes DER-encoded as a SET OF (RFC 5652 5.4).
  const toSign = asn1.toDer(asn1.create(Class.UNIVERSAL, Type.SET, true, signedAttributes)).getBytes();
  const signature = sign('sha256', Buffer.from(toSign, 'binary'), signer.key);
  const signerInfo = asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
    asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
    signer.issuerAndSerial,
    algorithm(oids.sha256!),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
    algorithm(oids.rsaEncryption!),
    asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, signature.toString('binary')),
  ]);
  const contentInfo = asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
    oid(oids.signedData!),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [
        asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
        asn1.create(Class.UNIVERSAL, Type.SET, true, [algorithm(oids.sha256!)]),
        asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, [oid(oids.data!)]),
        signer.certificates,
        asn1.create(Class.UNIVERSAL, Type.SET, true, [signerInfo]),
      ]),
    ]),
  ]);
  return Buffer.from(asn1.toDer(contentInfo).getBytes(), 'binary');
}

/** The company's certificate as a CMS signer of a PAdES signature (the 签署证明 seal). */
export function companySigner(certificate: CompanyCertificate): CmsSigner {
  const signer = signingKeyOf(certificate);
  return { key: signer.key, certificate: signer.ders[0]!, chain: signer.ders.slice(1) };
}

class CompanySigner extends Signer {
  constructor(private readonly certificate: CompanyCertificate) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    return cmsSignature(pdfBuffer, this.certificate, signingTime ?? new Date());
  }
}

export async function sealPdf(
  doc: PDFDocument,
  certificate: CompanyCertificate,
  meta: { contractNo: string; signingTime: Date },
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: `Contract ${meta.contractNo} signed by all parties`,
    contactInfo: 'anjuqian',
    name: 'Anjuqian e-signing',
    location: 'CN',
    signingTime: meta.signingTime,
    signatureLength: 16384,
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(withPlaceholder, new CompanySigner(certificate), meta.signingTime);
}
