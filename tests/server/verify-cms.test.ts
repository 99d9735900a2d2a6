/**
 * 验签's two readers of a signature's CMS (issue 39): the DER reader (server/areas/verify/cms-reader.ts,
 * certificates by Node's X509Certificate, signatures by OpenSSL) that reads the product's contracts,
 * and pkijs, which reads what the DER reader does not take (here: the same CMS in BER). Each check
 * is shown to fail on its own alteration: the timestamp token's signature, its imprint, the
 * messageDigest, and the ESS signing-certificate attribute. The contract is sealed by the product's
 * pipeline in a database of its own (bench/support/sealing.ts); the verifier is called directly.
 */
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer } from '@signpdf/utils';
import { SignPdf } from '@signpdf/signpdf';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { openSealingSetup, sealContract, type SealingSetup } from '../../bench/support/sealing';
import { readElement, signedData, signingCertificateV2, oids } from '../../server/areas/signing/cms-der';
import { readSignedDataDer, readTstInfo } from '../../server/areas/verify/cms-reader';
import {
  verifyPdfSignatures,
  type PdfVerification,
  type TrustAnchors,
} from '../../server/areas/verify/pdf-signatures';
import { createForeignSigner, plainPdf, type ForeignSigner } from '../support/foreign-signed-pdf';

const contentsPattern = /\/Contents\s*<([0-9A-Fa-f]+)>/g;

/** The CMS of each signature, as /Contents holds it without its zero padding. */
function cmsOf(pdf: Buffer): Buffer[] {
  return [...pdf.toString('latin1').matchAll(contentsPattern)].map((match) => {
    const padded = Buffer.from(match[1]!, 'hex');
    return Buffer.from(padded.subarray(0, readElement(padded, 0).end));
  });
}

/** The file with the CMS of signature `index` (0 first) replaced by change(cms), zero-padded as before. */
function withCms(pdf: Buffer, index: number, change: (cms: Buffer) => Buffer): Buffer {
  const match = [...pdf.toString('latin1').matchAll(contentsPattern)][index]!;
  const hexStart = match.index + match[0].indexOf('<') + 1;
  const hexLength = match[1]!.length;
  const changed = change(cmsOf(pdf)[index]!).toString('hex');
  expect(changed.length).toBeLessThanOrEqual(hexLength);
  const copy = Buffer.from(pdf);
  copy.write(changed.padEnd(hexLength, '0'), hexStart, 'latin1');
  return copy;
}

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

/** The same CMS with its outer SEQUENCE in BER's indefinite length (30 80 … 00 00). */
function asBer(cms: Buffer): Buffer {
  const outer = readElement(cms, 0);
  return Buffer.concat([Buffer.from([0x30, 0x80]), cms.subarray(outer.contentStart), Buffer.alloc(2)]);
}

const messageDigestOid = Buffer.from('06092a864886f70d010904', 'hex');

/** Where the first messageDigest attribute's digest starts: OID, SET (31 len), OCTET STRING (04 len). */
function messageDigestAt(cms: Buffer, from = 0): number {
  const at = cms.indexOf(messageDigestOid, from);
  expect(at).toBeGreaterThan(0);
  const value = at + messageDigestOid.length;
  expect([cms[value], cms[value + 2]]).toEqual([0x31, 0x04]);
  return value + 4;
}

/** Signs a one-signature PDF with the product's CMS writer (cms-der.ts) and the given ESS attribute. */
class CmsDerSigner extends Signer {
  constructor(
    private readonly signer: ForeignSigner,
    private readonly essCertificate: 'signer' | 'ca',
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const certificate = new X509Certificate(this.signer.certPem).raw;
    const ca = new X509Certificate(this.signer.caPem).raw;
    return signedData({
      signer: { key: createPrivateKey(this.signer.keyPem), certificate, chain: [ca] },
      contentType: oids.data,
      digest: createHash('sha256').update(content).digest(),
      signedAttributes: [signingCertificateV2(this.essCertificate === 'signer' ? certificate : ca)],
    });
  }
}

async function signedWith(signer: ForeignSigner, essCertificate: 'signer' | 'ca'): Promise<Buffer> {
  const doc = await PDFDocument.load(await plainPdf(1));
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'test',
    contactInfo: 'test',
    name: 'Foreign Signer',
    location: 'test',
    signatureLength: 8192,
    subFilter: 'ETSI.CAdES.detached',
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(withPlaceholder, new CmsDerSigner(signer, essCertificate));
}

describe('验签: the DER reader of a signature CMS and pkijs behind it', () => {
  let setup: SealingSetup;
  let sealed: Buffer;
  let anchors: TrustAnchors;
  let foreign: ForeignSigner;
  let foreignAnchors: TrustAnchors;

  beforeAll(async () => {
    setup = await openSealingSetup();
    sealed = (await sealContract(setup)).sealed;
    anchors = await setup.anchors();
    foreign = createForeignSigner();
    foreignAnchors = { roots: [new Uint8Array(new X509Certificate(foreign.caPem).raw)] };
  }, 300_000);
  afterAll(async () => {
    await setup?.close();
  });

  /**
   * The last signature's report: the CMS altered is the last one's, which no later signature covers
   * (altering an earlier one would break every signature after it).
   */
  const last = async (pdf: Buffer, trust = anchors) => {
    const result: PdfVerification = await verifyPdfSignatures(pdf, trust);
    return result.signatures.at(-1)!;
  };

  it("reads the product's CMS and timestamp tokens with the DER reader, all valid", async () => {
    const all = cmsOf(sealed);
    expect(all.length).toBe(4);
    for (const cms of all) {
      const read = readSignedDataDer(cms);
      expect(read.signerInfos).toHaveLength(1);
      expect(read.certificates.length).toBeGreaterThanOrEqual(1);
      const token = read.signerInfos[0]!.unsigned[0]!.values[0]!;
      const tokenData = readSignedDataDer(read.bytes.subarray(token.start, token.end));
      const tst = readTstInfo(tokenData.eContent!);
      expect(tst.imprint).toEqual(createHash('sha256').update(read.signerInfos[0]!.signature).digest());
    }
    const result = await verifyPdfSignatures(sealed, anchors);
    expect(result.signatures.map((signature) => signature.status)).toEqual([
      'valid',
      'valid',
      'valid',
      'valid',
    ]);
    for (const signature of result.signatures)
      expect(signature.timestamp).toMatchObject({
        isImprintMatching: true,
        isTokenValid: true,
        isTrusted: true,
      });
  });

  it('reports a timestamp token whose own signature was altered as not matching (时间戳与签名不符)', async () => {
    // The token is the CMS's last element and its signature value the token's last: its last byte.
    const altered = withCms(sealed, 3, (cms) => flip(cms, cms.length - 1));
    const signature = await last(altered);
    expect(signature).toMatchObject({
      isIntact: true,
      isSignatureValid: true,
      status: 'invalid',
      problem: '时间戳与签名不符',
    });
    expect(signature.timestamp).toMatchObject({ isImprintMatching: true, isTokenValid: false });
  });

  it('reports a token whose imprint was altered as not matching the signature', async () => {
    const altered = withCms(sealed, 3, (cms) => {
      const read = readSignedDataDer(cms);
      const token = read.signerInfos[0]!.unsigned[0]!.values[0]!;
      const tokenData = readSignedDataDer(cms.subarray(token.start, token.end));
      const imprint = readTstInfo(tokenData.eContent!).imprint;
      return flip(cms, imprint.byteOffset - cms.byteOffset);
    });
    const signature = await last(altered);
    expect(signature.timestamp).toMatchObject({ isImprintMatching: false, isTokenValid: false });
    expect(signature).toMatchObject({ status: 'invalid', problem: '时间戳与签名不符' });
  });

  it('reports a CMS whose messageDigest was altered as changed (not intact)', async () => {
    const altered = withCms(sealed, 3, (cms) => flip(cms, messageDigestAt(cms)));
    const signature = await last(altered);
    expect(signature).toMatchObject({ isIntact: false, isSignatureValid: false, status: 'modified' });
  });

  it('reads the same CMS in BER with pkijs: valid as it is, and each alteration still caught', async () => {
    expect(() => readSignedDataDer(asBer(cmsOf(sealed)[3]!))).toThrow();
    const ber = withCms(sealed, 3, asBer);
    const signature = await last(ber);
    expect(signature).toMatchObject({
      status: 'valid',
      isIntact: true,
      isSignatureValid: true,
      isTrusted: true,
    });
    expect(signature.timestamp).toMatchObject({
      isImprintMatching: true,
      isTokenValid: true,
      isTrusted: true,
    });
    const tokenAltered = await last(withCms(sealed, 3, (cms) => asBer(flip(cms, cms.length - 1))));
    expect(tokenAltered.timestamp).toMatchObject({ isImprintMatching: true, isTokenValid: false });
    const digestAltered = await last(withCms(sealed, 3, (cms) => asBer(flip(cms, messageDigestAt(cms)))));
    expect(digestAltered).toMatchObject({ isIntact: false, status: 'modified' });
  });

  it('refuses a signature whose ESS signing-certificate attribute names another certificate, on both readers', async () => {
    const right = await signedWith(foreign, 'signer');
    expect(await last(right, foreignAnchors)).toMatchObject({
      signer: { commonName: 'Foreign Signer', organization: 'Other Tool Ltd' },
      isIntact: true,
      isSignatureValid: true,
      isTrusted: true,
      status: 'valid',
    });
    expect(await last(withCms(right, 0, asBer), foreignAnchors)).toMatchObject({ status: 'valid' });
    const wrong = await signedWith(foreign, 'ca');
    for (const pdf of [wrong, withCms(wrong, 0, asBer)])
      expect(await last(pdf, foreignAnchors)).toMatchObject({
        isIntact: true,
        isSignatureValid: false,
        status: 'invalid',
        problem: '签名值无法用签名证书验证',
      });
  });
});
