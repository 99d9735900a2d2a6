/**
 * Turns an uploaded contract file into the PDF that is signed: a PDF is kept as it is, an image
 * becomes one page of its own size (sharp decodes webp and gif, pdf-lib embeds PNG and JPEG), and
 * doc / docx go through LibreOffice headless (`soffice --convert-to pdf`, a private profile per call
 * so concurrent conversions do not share a lock). Each page gets a 72 dpi PNG preview (pdftoppm),
 * so one preview pixel is one PDF point and the client places boxes in PDF coordinates directly.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ApiError, businessError } from '../../contract/envelope';
import type { FileKind, FileStorage } from '../../storage/files';

const run = promisify(execFile);

export const uploadKinds: readonly FileKind[] = ['doc', 'docx', 'pdf', 'png', 'jpg', 'webp', 'gif'];
export const maxUploadBytes = 20 * 1024 * 1024;
const maxPages = 100;

export type ConvertedPdf = { pdf: Buffer; pages: { pageNo: number; width: number; height: number }[] };

async function imageToPdf(data: Buffer, kind: FileKind): Promise<Buffer> {
  const doc = await PDFDocument.create();
  let image;
  // pdf-lib reads a JPEG through `data.buffer` from offset 0: give it bytes of their own, not a slice of
  // Node's shared buffer pool (small uploads are such slices).
  if (kind === 'jpg') image = await doc.embedJpg(new Uint8Array(data));
  else if (kind === 'png') image = await doc.embedPng(data);
  else {
    // webp and gif (its first frame): decoded to PNG for pdf-lib.
    const png = await sharp(data, { animated: false }).png().toBuffer();
    image = await doc.embedPng(png);
  }
  // Large photos are scaled to fit an A4-sized page at most 1.5 times A4; small ones stay as they are.
  const scale = Math.min(1, 893 / image.width, 1263 / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const page = doc.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return Buffer.from(await doc.save());
}

async function officeToPdf(data: Buffer, kind: 'doc' | 'docx'): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'file-sign-'));
  try {
    const input = join(folder, `contract.${kind}`);
    await writeFile(input, data);
    try {
      await run(
        'soffice',
        [
          '--headless',
          '--norestore',
          `-env:UserInstallation=file://${join(folder, 'profile')}`,
          '--convert-to',
          'pdf',
          '--outdir',
          join(folder, 'out'),
          input,
        ],
        { timeout: 90_000 },
      );
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw businessError(
        missing
          ? '服务器未安装 LibreOffice，无法转换 Word 文件，请上传 PDF 或图片'
          : 'Word 文件转换失败，请另存为 PDF 后上传',
      );
    }
    const produced = (await readdir(join(folder, 'out')).catch(() => [])).find((name) =>
      name.endsWith('.pdf'),
    );
    if (!produced) throw businessError('Word 文件无法转换（文件可能已损坏或加密），请另存为 PDF 后上传');
    return await readFile(join(folder, 'out', produced));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The PDF of an upload whose kind was already checked by content; 405 with a reason when it cannot be used. */
export async function convertToPdf(data: Buffer, kind: FileKind): Promise<ConvertedPdf> {
  let pdf: Buffer;
  try {
    if (kind === 'pdf') pdf = data;
    else if (kind === 'doc' || kind === 'docx') pdf = await officeToPdf(data, kind);
    else pdf = await imageToPdf(data, kind);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw businessError('文件无法读取（可能已损坏），请重新选择');
  }
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf);
  } catch {
    throw businessError('PDF 文件无法读取（可能已损坏或已加密），请重新选择');
  }
  const count = doc.getPageCount();
  if (count === 0) throw businessError('文件没有内容页');
  if (count > maxPages) throw businessError(`文件页数过多，不能超过 ${maxPages} 页`);
  const pages = doc.getPages().map((page, index) => {
    const { width, height } = page.getSize();
    return {
      pageNo: index + 1,
      width: Math.round(width * 100) / 100,
      height: Math.round(height * 100) / 100,
    };
  });
  return { pdf, pages };
}

/** 72 dpi PNG previews of every page, stored; their names in page order. */
export async function renderPreviews(pdf: Buffer, files: FileStorage): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'file-sign-pages-'));
  try {
    const input = join(folder, 'contract.pdf');
    await writeFile(input, pdf);
    await run('pdftoppm', ['-r', '72', '-png', input, join(folder, 'page')], { timeout: 120_000 });
    const names = (await readdir(folder)).filter((name) => name.startsWith('page') && name.endsWith('.png'));
    // pdftoppm pads the page number to the width of the page count: sort numerically.
    names.sort((a, b) => Number(/(\d+)\.png$/.exec(a)?.[1]) - Number(/(\d+)\.png$/.exec(b)?.[1]));
    const stored: string[] = [];
    for (const name of names) {
      const saved = await files.save(
        await readFile(join(folder, name)),
        'page.png',
        ['png'],
        50 * 1024 * 1024,
      );
      stored.push(saved.name);
    }
    return stored;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw businessError('文件页面预览生成失败，请重新上传');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
