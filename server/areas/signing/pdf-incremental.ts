/**
 * PDF incremental updates (ISO 32000-1 7.5.6) for signing: the file is opened with pdf-lib, changed
 * in memory (a stamp drawn, a page appended, a signature field added), and only the objects that
 * changed or are new are appended after the original bytes with their own xref section and a
 * trailer pointing back (/Prev). The bytes earlier signatures cover are never rewritten, so they
 * stay valid. pdf-lib cannot save incrementally itself; what changed is found by comparing each
 * object with what it was when the file was opened: a stream as read from the file (its bytes are
 * never changed in place) by its dictionary and the identity of its bytes, anything else by its
 * serialisation, which for a changed object is also what is written. The bytes of embedded fonts
 * and images are thus neither serialised nor hashed to learn that they did not change.
 *
 * The earlier signatures' /Contents (16 KB of hex each, which pdf-lib reads character by character)
 * are hidden from pdf-lib: its copy of the file has `<>` and blanks there, at the same offsets. No
 * update may rewrite such a signature dictionary (writeUpdate refuses), so the blanks never reach
 * a file.
 */
import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  type PDFObject,
  type PDFRef,
} from 'pdf-lib';

/** An object as it was at opening: a stream read from the file by its bytes' identity and its dictionary. */
type Baseline = { contents: Uint8Array | null; bytes: Buffer };

export type PdfUpdate = {
  doc: PDFDocument;
  original: Uint8Array;
  /** Each object at opening, by its reference ("12 0 R"). */
  baseline: Map<string, Baseline>;
  /** Signature dictionaries whose /Contents pdf-lib was not given (see the header). */
  hiddenContents: Set<string>;
};

function serialize(object: PDFObject): Buffer {
  const buffer = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return buffer;
}

function baselineOf(object: PDFObject): Baseline {
  return object instanceof PDFRawStream
    ? { contents: object.contents, bytes: serialize(object.dict) }
    : { contents: null, bytes: serialize(object) };
}

/** Whether the object differs from its baseline; its serialisation when it does and is not a stream. */
function changeOf(object: PDFObject, baseline: Baseline | undefined): { bytes: Buffer | null } | null {
  if (!baseline) return { bytes: null };
  if (object instanceof PDFRawStream)
    return object.contents === baseline.contents && serialize(object.dict).equals(baseline.bytes)
      ? null
      : { bytes: null };
  const bytes = serialize(object);
  return bytes.equals(baseline.bytes) ? null : { bytes };
}

/** Whether the last xref section is a classic table (not an xref stream). */
function hasClassicXref(bytes: Uint8Array): boolean {
  const at = lastStartXref(bytes);
  return Buffer.from(bytes.subarray(at, at + 4)).toString('latin1') === 'xref';
}

const byteRangePattern = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+\d+\s*\]/g;

/** A copy of the file with each signed hex /Contents replaced by `<>` and blanks (offsets kept). */
function withContentsHidden(bytes: Uint8Array): { bytes: Uint8Array; count: number } {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const gaps: [number, number][] = [];
  for (const match of text.matchAll(byteRangePattern)) {
    const start = Number(match[1]);
    const end = Number(match[2]);
    if (end - start > 64 && end <= bytes.length && bytes[start] === 0x3c && bytes[end - 1] === 0x3e)
      gaps.push([start, end]);
  }
  if (gaps.length === 0) return { bytes, count: 0 };
  const copy = Buffer.from(bytes);
  for (const [start, end] of gaps) {
    // Only a hex string (digits and blanks) is hidden; anything else is left for pdf-lib to read.
    if (!/^<[0-9A-Fa-f\s]*>$/.test(text.slice(start, end))) continue;
    copy[start + 1] = 0x3e;
    copy.fill(0x20, start + 2, end);
  }
  return { bytes: copy, count: gaps.length };
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
  const hidden = withContentsHidden(bytes);
  const doc = await PDFDocument.load(hidden.bytes, { updateMetadata: false });
  const baseline = new Map<string, Baseline>();
  const hiddenContents = new Set<string>();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    baseline.set(ref.tag, baselineOf(object));
    if (
      hidden.count > 0 &&
      object instanceof PDFDict &&
      object.has(PDFName.of('ByteRange')) &&
      object.get(PDFName.of('Contents')) instanceof PDFHexString &&
      (object.get(PDFName.of('Contents')) as PDFHexString).asString() === ''
    )
      hiddenContents.add(ref.tag);
  }
  return { doc, original: bytes, baseline, hiddenContents };
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

/** The new and changed objects, appended with their xref section and trailer (after the original bytes). */
async function updateSection(update: PdfUpdate): Promise<Buffer> {
  const { doc, original } = update;
  await doc.flush();
  const { context } = doc;
  const changed: { ref: PDFRef; object: PDFObject; bytes: Buffer | null }[] = [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const change = changeOf(object, update.baseline.get(ref.tag));
    if (!change) continue;
    if (update.hiddenContents.has(ref.tag)) throw new Error('增量更新不能改写已有的签名');
    changed.push({ ref, object, bytes: change.bytes });
  }
  changed.sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
  const parts: Buffer[] = [];
  let offset = original.length;
  if (original[original.length - 1] !== 0x0a) {
    parts.push(Buffer.from('\n'));
    offset += 1;
  }
  const offsets: { number: number; generation: number; offset: number }[] = [];
  for (const { ref, object, bytes } of changed) {
    const head = Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1');
    const body = bytes ?? serialize(object);
    const tail = Buffer.from('\nendobj\n', 'latin1');
    offsets.push({ number: ref.objectNumber, generation: ref.generationNumber, offset });
    parts.push(head, body, tail);
    offset += head.length + body.length + tail.length;
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

/** The file with the new and changed objects appended (the original bytes, then the update section). */
export async function writeUpdate(update: PdfUpdate): Promise<Buffer> {
  const section = await updateSection(update);
  const { original } = update;
  return Buffer.concat([Buffer.from(original.buffer, original.byteOffset, original.byteLength), section]);
}

const placeholderText = `/ByteRange [ 0 ${byteRangePlaceholder} ${byteRangePlaceholder} ${byteRangePlaceholder} ]`;

/**
 * Writes the last signature's ByteRange around its Contents (the placeholder is looked for from the
 * end, in the update that added it) and returns where the Contents' hex string starts and ends.
 */
function placeRanges(bytes: Buffer): { start: number; end: number } {
  const rangeAt = bytes.lastIndexOf(placeholderText, undefined, 'latin1');
  if (rangeAt < 0) throw new Error('签名占位不存在');
  const start = bytes.indexOf('<', bytes.indexOf('/Contents <', rangeAt, 'latin1'), 'latin1');
  const end = bytes.indexOf('>', start, 'latin1') + 1;
  const ranges = `/ByteRange [0 ${start} ${end} ${bytes.length - end}]`.padEnd(placeholderText.length, ' ');
  bytes.write(ranges, rangeAt, 'latin1');
  return { start, end };
}

function writeContents(bytes: Buffer, start: number, end: number, cms: Buffer): Buffer {
  const room = (end - start - 2) / 2;
  if (cms.length > room) throw new Error(`签名数据超出预留空间（${cms.length} > ${room}）`);
  bytes.write(cms.toString('hex').padEnd(room * 2, '0'), start + 1, 'latin1');
  return bytes;
}

/**
 * Fills the last signature's placeholders in place: the ByteRange, then the CMS that sign makes
 * from the SHA-256 of the bytes it covers (hashed once, where they lie, without a copy).
 */
export async function fillSignatureDigest(
  bytes: Buffer,
  sign: (digest: Buffer) => Promise<Buffer>,
): Promise<Buffer> {
  const { start, end } = placeRanges(bytes);
  const digest = createHash('sha256').update(bytes.subarray(0, start)).update(bytes.subarray(end)).digest();
  return writeContents(bytes, start, end, await sign(digest));
}

/**
 * Fills the last signature's placeholders in place: the ByteRange around its Contents, then the CMS
 * that sign makes over those bytes (sign gets the ranges' bytes, concatenated).
 */
export async function fillSignature(
  bytes: Buffer,
  sign: (signedBytes: Buffer) => Promise<Buffer>,
): Promise<Buffer> {
  const { start, end } = placeRanges(bytes);
  const cms = await sign(Buffer.concat([bytes.subarray(0, start), bytes.subarray(end)]));
  return writeContents(bytes, start, end, cms);
}
