/**
 * The CJK font every signing PDF embeds. pdf-lib cannot embed a TrueType collection (.ttc, what
 * most Debian CJK packages ship) and its subsetter breaks CID-keyed CFF fonts (Noto CJK), while a
 * CJK-only font (Droid fallback) has no Latin digits. AR PL SungtiL GB (Debian fonts-arphic-gbsn00lp,
 * installed by scripts/ensure-chromium.sh) is a plain TrueType font with GB 2312 and ASCII, so
 * `pdftotext` gives the Chinese and the numbers back. SIGN_FONT_PATH may name another .ttf.
 *
 * The font is read and parsed once per process: fontkit copies the 5 MB file byte by byte into its
 * own buffer when it parses it, which cost about 18 ms on every embedding (five per sealed contract).
 * Every document still gets its own subset (pdf-lib's subset embedder keeps the glyphs one document
 * uses); only the parsed, read-only font is shared. fontkit reads a glyph synchronously (it sets the
 * stream position and reads in one step), so documents rendered concurrently cannot interleave reads.
 *
 * A contract is one document signed in several incremental updates (a stamp per party, 签署证明 at
 * the end). Each update embedding a subset of its own cost a subset encoding and 30 to 40 KB of file
 * per update, so cjkFontsOf hands an update the subset an earlier revision embedded, and draws a
 * line in a new subset only when that one lacks one of its characters. The first subset of a
 * document carries, beside its own text, the characters later updates print (digits, the 签署证明
 * template). A subset is reused only when this process embedded it (a registry keyed by the SHA-256
 * of its font program and widths): the character-to-glyph mapping is then ours, never read from
 * the file, so an uploaded PDF cannot make a stamp print other glyphs than the text it says.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import {
  CustomFontEmbedder,
  CustomFontSubsetEmbedder,
  PDFArray,
  PDFDict,
  PDFFont,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFContext,
  type PDFDocument,
} from 'pdf-lib';
// Every signing PDF embeds this font: its streams are compressed with native zlib from here on.
import './pdf-zlib';

export const defaultFontPath = '/usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf';

let cached: Uint8Array | null = null;

function fontBytes(): Uint8Array {
  if (!cached) {
    const path = process.env['SIGN_FONT_PATH'] ?? defaultFontPath;
    try {
      cached = readFileSync(path);
    } catch {
      throw new Error(
        `签署文件所需的中文字体不存在：${path}（安装 Debian 软件包 fonts-arphic-gbsn00lp，或以 SIGN_FONT_PATH 指定 .ttf 字体）`,
      );
    }
  }
  return cached;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

let parsed: ParsedFont | null = null;

type DecodingGlyph = { _decode?: () => unknown };

/**
 * fontkit's TrueType subsetter decodes the whole outline of every glyph it copies (only to see
 * whether the glyph is composite), in every document. The parsed font is shared and its outlines
 * never change (this font has no variations), so each glyph keeps what it decoded the first time.
 */
function keepDecodedGlyphs(font: ParsedFont): ParsedFont {
  const internals = font as unknown as {
    getGlyph: (id: number, codePoints?: number[]) => DecodingGlyph | null;
    _variationProcessor: unknown;
  };
  if (internals._variationProcessor) return font;
  const getGlyph = internals.getGlyph.bind(font);
  const kept = new WeakSet<DecodingGlyph>();
  internals.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph) return glyph;
    const decode = glyph._decode;
    if (!kept.has(glyph) && typeof decode === 'function') {
      kept.add(glyph);
      let decoded: { value: unknown } | null = null;
      glyph._decode = () => (decoded ??= { value: decode.call(glyph) }).value;
    }
    return glyph;
  };
  return font;
}

/** fontkit for pdf-lib, handing out the one parsed signing font instead of parsing its bytes again. */
const sharedFontkit: Fontkit = {
  create(buffer, postscriptName) {
    if (buffer !== cached || postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    parsed ??= keepDecodedGlyphs(fontkit.create(buffer));
    return parsed;
  },
};

export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(sharedFontkit);
  return doc.embedFont(fontBytes(), { subset: true });
}

function parsedFont(): ParsedFont {
  const bytes = fontBytes();
  return sharedFontkit.create(bytes);
}

/**
 * What later updates of a contract print, put into its first subset: ASCII (times, hashes, IPs,
 * numbers), the 签署证明 template and the audit trail's usual words, seal titles.
 */
const anticipatedText =
  Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('') +
  '签署证明合同名称编号发起方签署方全部签署完成时间过程记录（时间、操作人、操作、来源 IP、文件 SHA-256 摘要）' +
  '操作前：操作后：—本文件由安居签以发起方的数字证书（由安居签证书颁发机构签发）进行数字签名封存；封存后对文件的任何改动都会使签名校验失败。' +
  '甲方乙方丙方居间方出租方承租方买方卖方经纪签字盖章生成文件发起签署数字签名封存已签约签约完成短信验证码验证通过' +
  '附签署证明页，以发起方数字证书（安居签证书颁发机构签发）签名个' +
  '合同专用章公章财务专用章业务专用章';

/** Glyph ids (CIDs) by code point of the subsets this process embedded, by fingerprintOf. */
const embeddedSubsets = new Map<string, Map<number, number>>();
const embeddedSubsetsKept = 256;

/**
 * A Type0 font of our typeface as pdf-lib writes it (Identity-H, one CIDFontType2 with an Identity
 * CIDToGIDMap and an embedded TrueType program): the SHA-256 of its program and of its widths.
 */
function fingerprintOf(context: PDFContext, font: PDFDict, fontName: string): string | null {
  const baseFont = font.get(PDFName.of('BaseFont'));
  if (!(baseFont instanceof PDFName) || !baseFont.decodeText().startsWith(`${fontName}-`)) return null;
  if (font.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) return null;
  if (font.get(PDFName.of('Encoding')) !== PDFName.of('Identity-H')) return null;
  const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
  if (!descendants || descendants.size() !== 1) return null;
  const cidFont = descendants.lookup(0);
  if (!(cidFont instanceof PDFDict)) return null;
  if (cidFont.get(PDFName.of('CIDToGIDMap')) !== PDFName.of('Identity')) return null;
  const program = cidFont.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict)?.get(PDFName.of('FontFile2'));
  const stream = program instanceof PDFRef ? context.lookup(program) : undefined;
  const widths = cidFont.lookupMaybe(PDFName.of('W'), PDFArray);
  if (!(stream instanceof PDFRawStream) || !widths) return null;
  return createHash('sha256').update(stream.contents).update(widths.toString()).digest('base64');
}

/** Remembers a subset once it is written into its document (PDFFont.embed, at save or flush). */
function registerOnEmbed(font: PDFFont): PDFFont {
  const embed = font.embed.bind(font);
  font.embed = async () => {
    await embed();
    const dict = font.doc.context.lookup(font.ref);
    const key = dict instanceof PDFDict ? fingerprintOf(font.doc.context, dict, font.name) : null;
    if (!key) return;
    // pdf-lib's subset keeps its glyphs in subset order (glyph id = index + 1); private, read here only.
    const { glyphs } = (font as unknown as { embedder: { glyphs: ({ codePoints: number[] } | undefined)[] } })
      .embedder;
    const cids = new Map<number, number>();
    glyphs.forEach((glyph, index) =>
      glyph?.codePoints.forEach((codePoint) => cids.set(codePoint, index + 1)),
    );
    if (embeddedSubsets.size >= embeddedSubsetsKept)
      embeddedSubsets.delete(embeddedSubsets.keys().next().value!);
    embeddedSubsets.set(key, cids);
  };
  return font;
}

/** Text in a subset already in the file: each character by the glyph id the subset gave it. */
class EmbeddedSubsetEmbedder extends CustomFontEmbedder {
  constructor(
    font: ParsedFont,
    fontData: Uint8Array,
    private readonly cids: Map<number, number>,
  ) {
    super(font, fontData);
  }

  get size(): number {
    return this.cids.size;
  }

  covers(codePoints: number[]): boolean {
    return codePoints.every((codePoint) => this.cids.has(codePoint));
  }

  override encodeText(text: string): PDFHexString {
    let hex = '';
    for (const char of text) hex += (this.cids.get(char.codePointAt(0)!) ?? 0).toString(16).padStart(4, '0');
    return PDFHexString.of(hex);
  }

  /** The subset is in the file already: nothing is written. */
  override embedIntoContext(_context: PDFContext, ref?: PDFRef): Promise<PDFRef> {
    if (!ref) throw new Error('an embedded subset has its reference');
    return Promise.resolve(ref);
  }
}

export type CjkFonts = {
  /** Widths and the character set (every font here is the same typeface). */
  metrics: PDFFont;
  /** The font to draw this text in: a subset in the file that has all its characters, else a new one. */
  forText: (text: string) => PDFFont;
};

const documentFonts = new WeakMap<PDFDocument, CjkFonts>();

/**
 * The CJK fonts of a document being written: the subsets earlier revisions embedded (this process's
 * own, see the header) and, made on first need, a new subset for text they cannot print. A document
 * without one gets a new subset holding anticipatedText too, for its later updates.
 */
export function cjkFontsOf(doc: PDFDocument): CjkFonts {
  const known = documentFonts.get(doc);
  if (known) return known;
  doc.registerFontkit(sharedFontkit);
  const font = parsedFont();
  const bytes = fontBytes();
  const embedded: { font: PDFFont; embedder: EmbeddedSubsetEmbedder }[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    // The name pdf-lib gives the subset (CustomFontEmbedder.fontName).
    const key = fingerprintOf(doc.context, object, font.postscriptName || 'Font');
    const cids = key ? embeddedSubsets.get(key) : undefined;
    if (!cids) continue;
    const embedder = new EmbeddedSubsetEmbedder(font, bytes, cids);
    embedded.push({ font: PDFFont.of(ref, doc, embedder), embedder });
  }
  embedded.sort((a, b) => b.embedder.size - a.embedder.size);
  let added: PDFFont | null = null;
  const newSubset = () => {
    if (!added) {
      // doc.embedFont without its await (the font is parsed already); its constructor is private.
      const Subset = CustomFontSubsetEmbedder as unknown as new (
        font: ParsedFont,
        data: Uint8Array,
      ) => CustomFontSubsetEmbedder;
      const subset = new Subset(font, bytes);
      added = registerOnEmbed(PDFFont.of(doc.context.nextRef(), doc, subset));
      (doc as unknown as { fonts: PDFFont[] }).fonts.push(added);
      if (embedded.length === 0) added.encodeText(anticipatedText);
    }
    return added;
  };
  const fonts: CjkFonts = {
    get metrics() {
      return embedded[0]?.font ?? newSubset();
    },
    forText(text) {
      const codePoints = [...text].map((char) => char.codePointAt(0)!);
      return embedded.find(({ embedder }) => embedder.covers(codePoints))?.font ?? newSubset();
    },
  };
  documentFonts.set(doc, fonts);
  return fonts;
}
