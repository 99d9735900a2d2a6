/**
 * PAdES baseline B-LT (ETSI EN 319 142-1 5.4): what a verifier needs to check every signature of a
 * completed contract offline, kept in the file's Document Security Store (/DSS in the catalog,
 * ISO 32000-2 12.8.4.3): /Certs with every certificate the signatures and their timestamp tokens
 * carry (signers, issuing CA, root, the TSA's) plus the ones the caller adds (the certificates of
 * the 签署证明 seal still to come), and /CRLs (and /OCSPs when a provider gives them) with the
 * revocation information. The store goes into the update that carries 签署证明 and the final seal,
 * so that seal covers it and every earlier signature stays valid. No /VRI: baseline
 * PAdES does not need it.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { children, oid, oids, raw, readElement, sha256, type DerElement } from './cms-der';
import type { PdfUpdate } from './pdf-incremental';

export type ValidationMaterial = {
  /** DER certificates. */
  certificates: Buffer[];
  /** DER CRLs. */
  crls: Buffer[];
  /** DER OCSPResponses. */
  ocsps: Buffer[];
};

/** Every signature's CMS (its /Contents without the zero padding), in file order. */
export function signatureCmsOf(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  for (const match of pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const start = Number(match[1]);
    const end = Number(match[2]);
    if (!(end > start + 2 && end <= pdf.length)) continue;
    const hex = pdf
      .subarray(start + 1, end - 1)
      .toString('latin1')
      .replace(/[^0-9a-fA-F]/g, '');
    const cms = Buffer.from(hex, 'hex');
    try {
      found.push(cms.subarray(0, readElement(cms, 0).end));
    } catch {
      // Not DER we can walk (another tool's BER): its certificates are not collected.
    }
  }
  return found;
}

const timestampAttribute = oid(oids.signatureTimeStampToken);

/** The certificates a CMS SignedData carries, and those of the timestamp tokens in its SignerInfos. */
export function certificatesInCms(cms: Buffer): Buffer[] {
  const found: Buffer[] = [];
  const [, wrapped] = children(cms, readElement(cms, 0));
  if (!wrapped) return found;
  const [signed] = children(cms, wrapped);
  if (!signed) return found;
  const fields = children(cms, signed);
  const certificates = fields.find((field) => field.tag === 0xa0);
  if (certificates)
    for (const certificate of children(cms, certificates))
      if (certificate.tag === 0x30) found.push(Buffer.from(raw(cms, certificate)));
  const signerInfos = fields.at(-1);
  if (!signerInfos || signerInfos.tag !== 0x31) return found;
  for (const signerInfo of children(cms, signerInfos)) {
    const unsigned = children(cms, signerInfo).find((field: DerElement) => field.tag === 0xa1);
    if (!unsigned) continue;
    for (const attribute of children(cms, unsigned)) {
      const [type, values] = children(cms, attribute);
      if (!type || !values || !raw(cms, type).equals(timestampAttribute)) continue;
      for (const token of children(cms, values))
        found.push(...certificatesInCms(Buffer.from(raw(cms, token))));
    }
  }
  return found;
}

/** The certificates of every signature in the file (and of their timestamps), each once. */
export function certificatesInSignatures(pdf: Buffer): Buffer[] {
  return signatureCmsOf(pdf).flatMap((cms) => {
    try {
      return certificatesInCms(cms);
    } catch {
      return [];
    }
  });
}

function distinct(items: Buffer[]): Buffer[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = sha256(item).toString('hex');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Puts a DSS into an update opened on pdf: the certificates of its signatures and the material
 * given, each item once (an existing DSS keeps its entries and gains the new ones). Sealing adds it
 * to the update that carries 签署证明, so the seal's signature covers it and the file is parsed once.
 */
export function addDss(update: PdfUpdate, pdf: Buffer, material: ValidationMaterial): void {
  const { doc } = update;
  const { context } = doc;
  const existing = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const dss = existing ?? context.obj({ Type: 'DSS' });
  const put = (key: 'Certs' | 'CRLs' | 'OCSPs', items: Buffer[]) => {
    const unique = distinct(items);
    if (unique.length === 0) return;
    let array = dss.lookupMaybe(PDFName.of(key), PDFArray);
    if (!array) {
      array = context.obj([]);
      dss.set(PDFName.of(key), array);
    }
    for (const item of unique) array.push(context.register(context.stream(new Uint8Array(item))));
  };
  put('Certs', [...certificatesInSignatures(pdf), ...material.certificates]);
  put('CRLs', material.crls);
  put('OCSPs', material.ocsps);
  if (!existing) doc.catalog.set(PDFName.of('DSS'), context.register(dss));
}

/** What a file's DSS holds (for tests and 验签): DER of each entry by kind; empty when there is none. */
export async function readDss(pdf: Uint8Array): Promise<ValidationMaterial> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const entries = (key: string) => {
    const array = dss?.lookupMaybe(PDFName.of(key), PDFArray);
    if (!array) return [];
    return array.asArray().flatMap((item) => {
      const stream = doc.context.lookup(item);
      return stream instanceof PDFRawStream ? [Buffer.from(decodePDFRawStream(stream).decode())] : [];
    });
  };
  return { certificates: entries('Certs'), crls: entries('CRLs'), ocsps: entries('OCSPs') };
}
