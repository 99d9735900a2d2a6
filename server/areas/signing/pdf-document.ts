/**
 * The contract document: renders the contract text (A4, embedded CJK font) with a signature page
 * holding one box per signatory, stamps a signature image or a seal into a signatory's box, and
 * appends the certificate-of-completion page (签署证明) that prints the audit trail.
 */
import { PDFDocument, degrees, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { cjkFontsOf, embedCjkFont, type CjkFonts } from './pdf-font';

export type SignatureSlot = {
  signatoryId: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type DocumentSignatory = { signatoryId: number; roleLabel: string; name: string };

export type ContractDocumentInput = {
  title: string;
  subTitle?: string | null;
  contractNo: string;
  paragraphs: { kind: 'heading' | 'text'; text: string }[];
  signatories: DocumentSignatory[];
};

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const black = rgb(0, 0, 0);
const grey = rgb(0.45, 0.45, 0.45);
const sealRed = rgb(0.82, 0.08, 0.08);

/**
 * What a font can print and how wide each character is, kept per parsed font: every document
 * embeds the same parsed font (pdf-font.ts), whose character set is one array, so the set and the
 * widths are worked out once rather than laid out again character by character in every document.
 */
const fontMetrics = new WeakMap<number[], { available: Set<number>; widths: Map<string, number> }>();

function metricsOf(font: PDFFont) {
  const characterSet = font.getCharacterSet();
  let metrics = fontMetrics.get(characterSet);
  if (!metrics) {
    metrics = { available: new Set(characterSet), widths: new Map() };
    fontMetrics.set(characterSet, metrics);
  }
  return metrics;
}

/** Drops characters the font has no glyph for (a blank is better than a broken subset). */
export function printable(font: PDFFont, text: string): string {
  const { available } = metricsOf(font);
  return [...text].filter((char) => available.has(char.codePointAt(0) ?? 0)).join('');
}

/** The width of one character, the same number font.widthOfTextAtSize(char, size) gives. */
function charWidth(font: PDFFont, char: string, size: number): number {
  const { widths } = metricsOf(font);
  let atThousand = widths.get(char);
  if (atThousand === undefined) {
    atThousand = font.widthOfTextAtSize(char, 1000);
    widths.set(char, atThousand);
  }
  return atThousand * (size / 1000);
}

/** Breaks text into lines that fit the width (CJK text breaks between any two characters). */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const char of printable(font, text)) {
    const advance = charWidth(font, char, size);
    if (lineWidth + advance > width && line) {
      lines.push(line);
      line = '';
      lineWidth = 0;
    }
    line += char;
    lineWidth += advance;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The page, ready to draw this text in the font of the document that prints it (a subset already in
 * the file when it has every character, pdf-font.ts). pdf-lib adds a /Font entry to the page's
 * resources (and looks for a free name among those already there) on every drawText that names a
 * font; the font is made the page's current font when it changes instead, and the text drawn in it.
 */
const pageFonts = new WeakMap<PDFPage, PDFFont>();
function inFont(page: PDFPage, fonts: CjkFonts, text: string): PDFPage {
  const font = fonts.forText(text);
  if (pageFonts.get(page) !== font) {
    page.setFont(font);
    pageFonts.set(page, font);
  }
  return page;
}

/** Writes lines top-down over as many pages as needed. */
class PageWriter {
  page: PDFPage;
  y: number;
  private readonly font: PDFFont;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: CjkFonts,
  ) {
    this.font = fonts.metrics;
    this.page = doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }
  get pageIndex(): number {
    return this.doc.getPageCount() - 1;
  }
  newPage(): void {
    this.page = this.doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }
  ensure(height: number): void {
    if (this.y - height < margin) this.newPage();
  }
  write(text: string, options: { size?: number; center?: boolean; color?: typeof black; gap?: number } = {}) {
    const size = options.size ?? 11;
    const width = pageSize[0] - margin * 2;
    for (const line of wrapText(this.font, text, size, width)) {
      this.ensure(size * 1.7);
      const x = options.center ? (pageSize[0] - this.font.widthOfTextAtSize(line, size)) / 2 : margin;
      inFont(this.page, this.fonts, line).drawText(line, {
        x,
        y: this.y - size,
        size,
        color: options.color ?? black,
      });
      this.y -= size * 1.7;
    }
    this.y -= options.gap ?? 0;
  }
}

export async function renderContractPdf(
  input: ContractDocumentInput,
): Promise<{ bytes: Uint8Array; slots: SignatureSlot[] }> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setProducer('安居签');
  doc.setCreator('安居签');
  const fonts = cjkFontsOf(doc);
  const font = fonts.metrics;
  const writer = new PageWriter(doc, fonts);
  writer.write(input.title, { size: 18, center: true, gap: 4 });
  if (input.subTitle) writer.write(input.subTitle, { size: 12, center: true, gap: 4 });
  writer.write(`合同编号：${input.contractNo}`, { size: 10, color: grey, gap: 8 });
  // The header above already says the title and the number: a template that opens with them too
  // (<h1>二手房买卖合同</h1><p>合同编号：{{contractNo}}</p>) is not printed twice.
  const header = new Set([input.title, `合同编号：${input.contractNo}`]);
  const body = input.paragraphs.filter((paragraph, index) => index > 1 || !header.has(paragraph.text));
  for (const paragraph of body) {
    if (paragraph.kind === 'heading') writer.write(paragraph.text, { size: 13, gap: 2 });
    else writer.write(paragraph.text, { size: 11, gap: 4 });
  }

  // The signature page: one row per signatory, the box on the right takes the signature or seal.
  writer.newPage();
  writer.write('签署页', { size: 16, center: true, gap: 12 });
  const slots: SignatureSlot[] = [];
  const boxWidth = 170;
  const boxHeight = 110;
  for (const signatory of input.signatories) {
    writer.ensure(boxHeight + 24);
    const top = writer.y;
    const label = printable(font, `${signatory.roleLabel}：${signatory.name}`);
    inFont(writer.page, fonts, label).drawText(label, {
      x: margin,
      y: top - boxHeight / 2,
      size: 12,
    });
    inFont(writer.page, fonts, '签字（盖章）：').drawText('签字（盖章）：', {
      x: margin + 180,
      y: top - boxHeight / 2,
      size: 11,
    });
    const x = pageSize[0] - margin - boxWidth;
    const y = top - boxHeight;
    writer.page.drawRectangle({
      x,
      y,
      width: boxWidth,
      height: boxHeight,
      borderColor: rgb(0.8, 0.8, 0.8),
      borderWidth: 0.5,
    });
    slots.push({
      signatoryId: signatory.signatoryId,
      page: writer.pageIndex,
      x,
      y,
      width: boxWidth,
      height: boxHeight,
    });
    writer.y = y - 24;
  }
  // A classic xref table: each signature then appends its own section after it (pdf-incremental.ts).
  return { bytes: await doc.save({ useObjectStreams: false }), slots };
}

export type SealSpec = { corpName: string; title: string };

/** Draws a round company seal (ring, star, the name along the upper arc, the title below). */
export function drawSeal(
  page: PDFPage,
  fonts: CjkFonts,
  seal: SealSpec,
  cx: number,
  cy: number,
  radius: number,
) {
  const font = fonts.metrics;
  page.drawCircle({
    x: cx,
    y: cy,
    size: radius,
    borderColor: sealRed,
    borderWidth: radius * 0.06,
    opacity: 0,
  });
  const starRadius = radius * 0.28;
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? starRadius : starRadius * 0.4;
    const angle = (Math.PI / 5) * i;
    points.push(`${(r * Math.sin(angle)).toFixed(2)},${(-r * Math.cos(angle)).toFixed(2)}`);
  }
  page.drawSvgPath(`M ${points.join(' L ')} Z`, { x: cx, y: cy, color: sealRed });
  const name = printable(font, seal.corpName);
  const chars = [...name];
  const size = Math.min(radius * 0.26, (radius * 3.2) / Math.max(chars.length, 1));
  const textRadius = radius * 0.78 - size * 0.5;
  const span = Math.min(Math.PI * 1.35, (chars.length * size * 1.1) / textRadius);
  chars.forEach((char, index) => {
    const theta = chars.length === 1 ? 0 : -span / 2 + (span * index) / (chars.length - 1);
    const width = font.widthOfTextAtSize(char, size);
    const px = cx + textRadius * Math.sin(theta) - (width / 2) * Math.cos(theta);
    const py = cy + textRadius * Math.cos(theta) + (width / 2) * Math.sin(theta);
    inFont(page, fonts, char).drawText(char, {
      x: px,
      y: py,
      size,
      color: sealRed,
      rotate: degrees((-theta * 180) / Math.PI),
    });
  });
  const title = printable(font, seal.title);
  const titleSize = radius * 0.18;
  inFont(page, fonts, title).drawText(title, {
    x: cx - font.widthOfTextAtSize(title, titleSize) / 2,
    y: cy - radius * 0.55,
    size: titleSize,
    color: sealRed,
  });
}

/** A one-page PDF holding only the vector seal (a generated seal's artwork). */
export async function renderSealPdf(seal: SealSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedCjkFont(doc);
  const page = doc.addPage([160, 160]);
  drawSeal(page, { metrics: font, forText: () => font }, seal, 80, 80, 76);
  return doc.save();
}

export type Stamp =
  | { kind: 'image'; png?: Uint8Array; jpg?: Uint8Array }
  | { kind: 'vector'; pdf: Uint8Array }
  | { kind: 'seal'; seal: SealSpec }
  /** A typed name (a company operator's signature box in quick file-sign). */
  | { kind: 'text'; text: string };

export type Mark = { slot: SignatureSlot; stamp: Stamp };

/**
 * Puts signatures and seals into their boxes, with the signing time under each, in one pass: the
 * file is read, the font embedded and the file written once however many marks there are (a quick
 * file-sign signatory may have several boxes).
 */
export async function stampMarks(
  bytes: Uint8Array,
  marks: Mark[],
  signedAtText: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  await drawMarks(doc, marks, signedAtText);
  return doc.save();
}

/** Draws the marks into an opened document (signing writes the change as an incremental update). */
export async function drawMarks(doc: PDFDocument, marks: Mark[], signedAtText: string): Promise<void> {
  const fonts = cjkFontsOf(doc);
  const font = fonts.metrics;
  // The same picture in several boxes is embedded once and drawn in each.
  const images = new Map<Uint8Array, PDFImage>();
  for (const { slot, stamp } of marks) {
    const page = doc.getPage(slot.page);
    const area = { x: slot.x + 4, y: slot.y + 16, width: slot.width - 8, height: slot.height - 20 };
    if (stamp.kind === 'image') {
      const source = stamp.png ?? stamp.jpg!;
      let image = images.get(source);
      if (!image) {
        // A copy for embedJpg: pdf-lib reads a JPEG through `.buffer` from offset 0 (wrong for pooled Buffer slices).
        image = stamp.png ? await doc.embedPng(stamp.png) : await doc.embedJpg(new Uint8Array(stamp.jpg!));
        images.set(source, image);
      }
      const scale = Math.min(area.width / image.width, area.height / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
      });
    } else if (stamp.kind === 'vector') {
      const [embedded] = await doc.embedPdf(stamp.pdf, [0]);
      const side = Math.min(area.width, area.height);
      page.drawPage(embedded!, {
        x: area.x + (area.width - side) / 2,
        y: area.y + (area.height - side) / 2,
        width: side,
        height: side,
      });
    } else if (stamp.kind === 'text') {
      const text = printable(font, stamp.text);
      const size = Math.max(
        8,
        Math.min(area.height * 0.6, (area.width / Math.max([...text].length, 1)) * 0.9),
      );
      inFont(page, fonts, text).drawText(text, {
        x: area.x + (area.width - font.widthOfTextAtSize(text, size)) / 2,
        y: area.y + (area.height - size) / 2,
        size,
        color: black,
      });
    } else {
      const radius = Math.min(area.width, area.height) / 2 - 2;
      drawSeal(page, fonts, stamp.seal, area.x + area.width / 2, area.y + area.height / 2, radius);
    }
    if (signedAtText)
      inFont(page, fonts, signedAtText).drawText(signedAtText, {
        x: slot.x + 4,
        y: slot.y + 4,
        size: 8,
        color: grey,
      });
  }
}

/** Puts a signature or seal into the signatory's box and the signing time under it. */
export async function stampSignature(
  bytes: Uint8Array,
  slot: SignatureSlot,
  stamp: Stamp,
  signedAtText: string,
): Promise<Uint8Array> {
  return stampMarks(bytes, [{ slot, stamp }], signedAtText);
}

export type AuditLine = {
  at: string;
  actor: string;
  action: string;
  detail: string;
  ip: string;
  hashBefore: string | null;
  hashAfter: string | null;
};

/** Appends 签署证明: the contract, its signatories and every audit event with the document hashes. */
export async function appendCompletionPage(
  bytes: Uint8Array,
  info: { title: string; contractNo: string; companyName: string; signedAt: string; signatories: string[] },
  events: AuditLine[],
): Promise<PDFDocument> {
  const doc = await PDFDocument.load(bytes);
  await drawCompletionPage(doc, info, events);
  return doc;
}

/** Adds 签署证明 to an opened document. */
export async function drawCompletionPage(
  doc: PDFDocument,
  info: { title: string; contractNo: string; companyName: string; signedAt: string; signatories: string[] },
  events: AuditLine[],
): Promise<void> {
  const writer = new PageWriter(doc, cjkFontsOf(doc));
  writer.write('签署证明', { size: 18, center: true, gap: 10 });
  writer.write(`合同名称：${info.title}`);
  writer.write(`合同编号：${info.contractNo}`);
  writer.write(`发起方：${info.companyName}`);
  writer.write(`签署方：${info.signatories.join('、')}`);
  writer.write(`全部签署完成时间：${info.signedAt}`, { gap: 8 });
  writer.write('签署过程记录（时间、操作人、操作、来源 IP、文件 SHA-256 摘要）', { size: 12, gap: 4 });
  for (const event of events) {
    writer.write(`${event.at}  ${event.actor}  ${event.action}  IP ${event.ip || '—'}`, { size: 10 });
    if (event.detail) writer.write(event.detail, { size: 9, color: grey });
    if (event.hashBefore) writer.write(`操作前：${event.hashBefore}`, { size: 8, color: grey });
    if (event.hashAfter) writer.write(`操作后：${event.hashAfter}`, { size: 8, color: grey, gap: 4 });
  }
  writer.write(
    '本文件由安居签以发起方的数字证书（由安居签证书颁发机构签发）进行数字签名封存；封存后对文件的任何改动都会使签名校验失败。',
    { size: 9, color: grey },
  );
}
