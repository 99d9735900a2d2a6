/**
 * Seals a finished contract with a CMS detached signature (adbe.pkcs7.detached): pdf-lib adds the
 * signature placeholder (@signpdf/placeholder-pdf-lib), the file is written without object streams,
 * and @signpdf/signpdf fills the placeholder with the CMS made here from the company's PKCS#12.
 * The signer is ours rather than @signpdf/signer-p12 because forge re-serialises parsed Chinese
 * (UTF8String) names double-encoded; see normalizeParsedNames. The signature dictionary's strings
 * are PDF literal strings, so they stay ASCII.
 */
import { createHash } from 'node:crypto';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import { normalizeParsedNames, type CompanyCertificate } from './certificates';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

class CompanySigner extends Signer {
  constructor(private readonly certificate: CompanyCertificate) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(this.certificate.p12.toString('binary')),
      false,
      this.certificate.password,
    );
    const keyBagType = forge.pki.oids.pkcs8ShroudedKeyBag!;
    const certBagType = forge.pki.oids.certBag!;
    const keyBag = p12.getBags({ bagType: keyBagType })[keyBagType]?.[0];
    const key = keyBag?.key;
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
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const cert of certs) p7.addCertificate(cert);
    p7.addSigner({
      key,
      certificate: own,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
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
