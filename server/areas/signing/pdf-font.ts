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
 */
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
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
