/**
 * File storage behind a small interface: a local folder by default, content-addressed (SHA-256),
 * with the type checked by content (magic bytes) as well as by extension, and a size limit.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { businessError } from '../contract/envelope';
import type { Db } from '../db/db';
import { storedFiles } from '../db/schema-files';

export type FileKind = 'png' | 'jpg' | 'webp' | 'gif' | 'pdf' | 'doc' | 'docx';

export type StoredFile = { name: string; url: string; size: number; kind: FileKind };

export type FileStorage = {
  save: (
    data: Buffer,
    fileName: string,
    allowed: readonly FileKind[],
    maxBytes?: number,
  ) => Promise<StoredFile>;
  read: (name: string) => Promise<Buffer | null>;
  /**
   * The same storage inside a transaction: files written there commit or roll back with it (and on
   * the embedded database, which runs one statement stream, a query outside the open transaction
   * would wait for it forever).
   */
  within: (transaction: Db) => FileStorage;
};

export const imageKinds: readonly FileKind[] = ['png', 'jpg', 'webp', 'gif'];
export const defaultMaxBytes = 20 * 1024 * 1024;

const kindLabels: Record<FileKind, string> = {
  png: 'png',
  jpg: 'jpg、jpeg',
  webp: 'webp',
  gif: 'gif',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
};

export function detectKind(data: Buffer): FileKind | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, i) => data[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (starts([0x25, 0x50, 0x44, 0x46])) return 'pdf';
  if (starts([0xd0, 0xcf, 0x11, 0xe0])) return 'doc';
  if (starts([0x50, 0x4b, 0x03, 0x04]) && data.includes(Buffer.from('word/'))) return 'docx';
  return null;
}

function extensionKind(fileName: string): FileKind | null {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'jpeg') return 'jpg';
  return (
    (['png', 'jpg', 'webp', 'gif', 'pdf', 'doc', 'docx'] as const).find((kind) => kind === extension) ?? null
  );
}

/** Checks a file against the allowed kinds and the size limit; returns its content address and kind. */
function checkFile(data: Buffer, fileName: string, allowed: readonly FileKind[], maxBytes: number) {
  const allowedText = allowed.map((kind) => kindLabels[kind]).join('、');
  if (data.length === 0) throw businessError('文件为空，请重新选择');
  if (data.length > maxBytes)
    throw businessError(`文件过大，不能超过 ${Math.floor(maxBytes / 1024 / 1024)} MB`);
  const byName = extensionKind(fileName);
  const byContent = detectKind(data);
  if (!byName || !allowed.includes(byName)) throw businessError(`仅支持 ${allowedText} 格式的文件`);
  if (byContent !== byName) throw businessError('文件内容与扩展名不符，请重新选择');
  return { name: `${createHash('sha256').update(data).digest('hex')}.${byContent}`, kind: byContent };
}

const fileName = /^[0-9a-f]{64}\.(png|jpg|webp|gif|pdf|doc|docx)$/;

/** Files in a local folder (one process, or a folder every process shares). */
export function createLocalStorage(folder: string): FileStorage {
  const storage: FileStorage = {
    async save(data, name, allowed, maxBytes = defaultMaxBytes) {
      const checked = checkFile(data, name, allowed, maxBytes);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, checked.name), data);
      return { name: checked.name, url: `/files/${checked.name}`, size: data.length, kind: checked.kind };
    },
    async read(name) {
      if (!fileName.test(name)) return null;
      try {
        return await readFile(join(folder, name));
      } catch {
        return null;
      }
    },
    within: () => storage,
  };
  return storage;
}

/**
 * Files in the database (the default): every server process on the same database serves every
 * file, and a backup of the database holds them. Files written by an earlier version to a folder
 * are still read from it.
 */
export function createDatabaseStorage(db: Db, legacyFolder?: string): FileStorage {
  const legacy = legacyFolder ? createLocalStorage(legacyFolder) : null;
  return {
    async save(data, name, allowed, maxBytes = defaultMaxBytes) {
      const checked = checkFile(data, name, allowed, maxBytes);
      await db
        .insert(storedFiles)
        .values({ name: checked.name, kind: checked.kind, size: data.length, data })
        .onConflictDoNothing();
      return { name: checked.name, url: `/files/${checked.name}`, size: data.length, kind: checked.kind };
    },
    async read(name) {
      if (!fileName.test(name)) return null;
      const [row] = await db
        .select({ data: storedFiles.data })
        .from(storedFiles)
        .where(eq(storedFiles.name, name));
      if (row) return row.data;
      return legacy ? legacy.read(name) : null;
    },
    within: (transaction) => createDatabaseStorage(transaction, legacyFolder),
  };
}
