/**
 * The quick-sign watermark (001 section 3: watermarkType 0 none, 1 contract number, 2 custom text):
 * the text is drawn diagonally, light and repeated, over every page of the file before anyone signs,
 * so it is inside every signed revision and covered by the final CMS signature.
 */
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import { embedCjkFont } from '../signing/pdf-font';
import { printable } from '../signing/pdf-document';

export function watermarkText(watermarkType: number, watermark: string, contractNo: string): string | null {
  if (watermarkType === 1) return contractNo;
  if (watermarkType === 2 && watermark.trim()) return watermark.trim();
  return null;
}

export async function applyWatermark(bytes: Uint8Array, text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const font = await embedCjkFont(doc);
  const shown = printable(font, text);
  if (!shown) return bytes;
  const size = 22;
  const textWidth = font.widthOfTextAtSize(shown, size);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    // A grid of diagonal copies: every part of the page is near one.
    const stepX = textWidth + 90;
    const stepY = 150;
    for (let y = -height; y < height * 1.5; y += stepY) {
      for (let x = -width; x < width * 1.5; x += stepX) {
        page.drawText(shown, {
          x,
          y,
          size,
          font,
          color: rgb(0.55, 0.55, 0.55),
          opacity: 0.18,
          rotate: degrees(30),
        });
      }
    }
  }
  doc.setProducer('安居签');
  return doc.save();
}
