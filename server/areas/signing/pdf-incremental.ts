/**
 * PDF incremental updates (ISO 32000-1 7.5.6) for signing: the file is opened with pdf-lib, changed
 * in memory (a stamp drawn, a page appended, a signature field added), and only the objects that
 * changed or are new are appended after the original bytes with their own xref section and a
 * trailer pointing back (/Prev). The bytes earlier signatures cover are never rewritten, so they
 * stay valid. pdf-lib cannot save incrementally itself; what changed is found by comparing each
 * object's serialisation with the one it had when the file was opened.
 */
import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
  type PDFObject,
  type PDFRef,
} from 'pdf-lib';

export type PdfUpdate = {
  doc: PDFDocument;
  original: Uint8Array;
  /** Each object's digest at opening, by its reference ("12 0 R"). */
  digests: Map<string, string>;
};

function serialize(object: PDFObject): Buffer {
  const buffer = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return buffer;
}

const digestOf = (object: PDFObject) => createHash('sha1').update(serialize(object)).digest('base64');

/** Whether the last xref section is a classic table (not an xref stream). */
function hasClassicXref(bytes: Uint8Array): boolean {
  const at = lastStartXref(bytes);
  return Buffer.from(bytes.subarray(at, at + 4)).toString('latin1') === 'xref';
}

/**
 * Opens a file for an incremental update. The sections appended here are classic xref tables, which
 * poppler does not follow back into an xref stream; a file that ends in one (an uploaded PDF, as
 * other tools write them) and is not signed yet is first rewritten once with a classic table.
 */
export async function openForUpdate(input: Uint8Array): Promise<PdfUpdate> {
  let bytes = input;
  if (!hasClassicXref(bytes) && !Buffer.from(bytes).includes('/ByteRange')) {
    const plain = await PDFDocument.load(bytes, { updateMetadata: false });
    bytes = await plain.save({ useObjectStreams: false });
  }
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const digests = new Map<string, string>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) digests.set(ref.tag, digestOf(object));
  return { doc, original: bytes, digests };
}

/** Where the last xref section starts (the number after the file's last startxref). */
export function lastStartXref(bytes: Uint8Array): number {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  const match =
    /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)(?![\s\S]*startxref)/.exec(tail);
  if (!match) throw new Error('PDF 文件缺少 startxref');
  return Number(match[1]);
}

export type SignatureField = {
  pageIndex: number;
  /** The widget's rectangle (the signer's box); [0,0,0,0] for an invisible signature. */
  rect: [number, number, number, number];
  name: string;
  reason: string;
  location: string;
  signingTime: Date;
  /** Bytes reserved for the CMS (written as twice as many hex digits). */
  contentsLength: number;
};

const byteRangePlaceholder = 9_999_999_999;

/** Adds a signature field (merged widget) whose value holds the ByteRange and Contents placeholders. */
export function addSignatureField(update: PdfUpdate, field: SignatureField): void {
  const { doc } = update;
  const { context } = doc;
  const signature = context.register(
    context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'ETSI.CAdES.detached',
      ByteRange: [0, byteRangePlaceholder, byteRangePlaceholder, byteRangePlaceholder],
      Contents: PDFHexString.of('0'.repeat(field.contentsLength * 2)),
      M: PDFString.fromDate(field.signingTime),
      Name: PDFHexString.fromText(field.name),
      Reason: PDFHexString.fromText(field.reason),
      Location: PDFHexString.fromText(field.location),
    }),
  );
  const page = doc.getPage(field.pageIndex);
  const [x1, y1, x2, y2] = field.rect;
  const appearance = context.register(
    context.stream('', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, Math.max(x2 - x1, 1), Math.max(y2 - y1, 1)],
    }),
  );
  const catalog = doc.catalog;
  let form = catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!form) {
    form = context.obj({ Fields: [] });
    catalog.set(PDFName.of('AcroForm'), context.register(form));
  }
  let fields = form.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (!fields) {
    fields = context.obj([]);
    form.set(PDFName.of('Fields'), fields);
  }
  form.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: field.rect,
      V: signature,
      T: PDFString.of(`Signature${fields.size() + 1}`),
      F: 132,
      P: page.ref,
      AP: { N: appearance },
    }),
  );
  fields.push(widget);
  page.node.addAnnot(widget);
}

/** The new and changed objects, appended with their xref section and trailer. */
export async function writeUpdate(update: PdfUpdate): Promise<Buffer> {
  const { doc, original } = update;
  await doc.flush();
  const { context } = doc;
  const changed: [PDFRef, PDFObject][] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (update.digests.get(ref.tag) !== digestOf(object)) changed.push([ref, object]);
  }
  changed.sort(([a], [b]) => a.objectNumber - b.objectNumber);
  const base = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  const parts: Buffer[] = [base];
  let offset = base.length;
  if (base[base.length - 1] !== 0x0a) {
    parts.push(Buffer.from('\n'));
    offset += 1;
  }
  const offsets: { number: number; generation: number; offset: number }[] = [];
  for (const [ref, object] of changed) {
    const bytes = Buffer.concat([
      Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'),
      serialize(object),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push({ number: ref.objectNumber, generation: ref.generationNumber, offset });
    parts.push(bytes);
    offset += bytes.length;
  }
  const xrefOffset = offset;
  let xref = 'xref\n';
  for (let index = 0; index < offsets.length;) {
    let end = index + 1;
    while (end < offsets.length && offsets[end]!.number === offsets[end - 1]!.number + 1) end += 1;
    xref += `${offsets[index]!.number} ${end - index}\n`;
    for (const entry of offsets.slice(index, end))
      xref += `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r\n`;
    index = end;
  }
  const { trailerInfo } = context;
  const trailer = context.obj({
    Size: context.largestObjectNumber + 1,
    Root: trailerInfo.Root,
    ...(trailerInfo.Info ? { Info: trailerInfo.Info } : {}),
    ...(trailerInfo.ID ? { ID: trailerInfo.ID } : {}),
    Prev: lastStartXref(original),
  });
  parts.push(
    Buffer.from(
      `${xref}trailer\n${serialize(trailer).toString('latin1')}\nstartxref\n${xrefOffset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/**
 * Fills the last signature's placeholders: the ByteRange around its Contents, then the CMS that
 * sign makes over those bytes (sign gets the ranges' bytes, concatenated).
 */
export async function fillSignature(
  bytes: Buffer,
  sign: (signedBytes: Buffer) => Promise<Buffer>,
): Promise<Buffer> {
  const text = bytes.toString('latin1');
  const rangeAt = text.lastIndexOf(
    `/ByteRange [ 0 ${byteRangePlaceholder} ${byteRangePlaceholder} ${byteRangePlaceholder} ]`,
  );
  if (rangeAt < 0) throw new Error('签名占位不存在');
  const contentsAt = text.indexOf('/Contents <', rangeAt);
  const start = text.indexOf('<', contentsAt);
  const end = text.indexOf('>', start) + 1;
  const placeholder = `/ByteRange [ 0 ${byteRangePlaceholder} ${byteRangePlaceholder} ${byteRangePlaceholder} ]`;
  const ranges = `/ByteRange [0 ${start} ${end} ${bytes.length - end}]`.padEnd(placeholder.length, ' ');
  const out = Buffer.from(bytes);
  out.write(ranges, rangeAt, 'latin1');
  const signed = Buffer.concat([out.subarray(0, start), out.subarray(end)]);
  const cms = await sign(signed);
  const room = (end - start - 2) / 2;
  if (cms.length > room) throw new Error(`签名数据超出预留空间（${cms.length} > ${room}）`);
  out.write(cms.toString('hex').padEnd(room * 2, '0'), start + 1, 'latin1');
  return out;
}
