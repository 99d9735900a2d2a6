/**
 * Backup and restore of the whole database, on PGlite and PostgreSQL alike (issue 20). A backup is
 * every table of the public schema, read in one consistent snapshot; uploaded files are rows of
 * stored_files, and files an earlier version wrote to DATA_DIR/files are added to those rows. A
 * restore writes it in one transaction into an empty database of the same schema version.
 *
 * Format: gzip'd JSON lines.
 *   {"format":"anjuqian-backup","version":1,"createdAt":"…","schemaVersion":"0020_stored-files"}
 *   {"table":"companies","columns":["id",…],"rows":2}   then exactly that many rows, to_jsonb(row)
 *   …                                                    tables in foreign-key order, parents first
 * bytea columns are "\\x…" hex, which json_populate_recordset reads back. to_jsonb rather than
 * row_to_json: it keeps no raw line breaks from json columns, so a row is always one line.
 * Signing keys are in the tables only sealed (server/areas/signing/key-vault.ts), so a backup holds
 * them sealed too; restoring needs the master key they were sealed with (RestoreOptions.check).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import type { Db } from './db';
import { companies } from './schema';
import { storedFiles } from './schema-files';

const backupFormat = 'anjuqian-backup';
const formatVersion = 1;
/** Rows read per FETCH; a table with a bytea column is read a row at a time (a file can be 20 MB). */
const rowsPerFetch = 2000;
/** Rows per INSERT on restore, and the JSON text per INSERT before it is sent early. */
const rowsPerInsert = 2000;
const charsPerInsert = 8 * 1024 * 1024;
/** Names of files in the legacy folder, as server/storage/files.ts serves them. */
const contentAddress = /^[0-9a-f]{64}\.(png|jpg|webp|gif|pdf|doc|docx)$/;

export type BackupHeader = { format: string; version: number; createdAt: string; schemaVersion: string };
type TableSection = { table: string; columns: string[]; rows: number };

export type BackupSummary = {
  createdAt: string;
  schemaVersion: string;
  tables: { table: string; rows: number }[];
  rows: number;
  /** Rows of stored_files. */
  files: number;
};

/** The latest migration this code applies: a backup restores only into the same schema. */
export function currentSchemaVersion(): string {
  const journalFile = join(migrationsFolder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const latest = journal.entries.at(-1);
  if (!latest) throw new Error(`no migrations in ${journalFile}`);
  return latest.tag;
}

/** Writes a gzip'd backup of the database to output; files in legacyFilesFolder join stored_files. */
export async function writeBackup(
  db: Db,
  output: Writable,
  options: { legacyFilesFolder?: string } = {},
): Promise<BackupSummary & { legacyFiles: number }> {
  const header: BackupHeader = {
    format: backupFormat,
    version: formatVersion,
    createdAt: new Date().toISOString(),
    schemaVersion: currentSchemaVersion(),
  };
  const tables: { table: string; rows: number }[] = [];
  let legacyFiles = 0;
  await db.transaction(
    async (tx) => {
      const legacy = await listLegacyFiles(tx, options.legacyFilesFolder);
      legacyFiles = legacy.length;
      async function* lines() {
        yield `${JSON.stringify(header)}\n`;
        for (const table of await listTables(tx)) {
          const added = table.name === getTableName(storedFiles) ? legacy : [];
          const [stored] = await rowsOf<{ rows: number }>(
            tx,
            sql`select count(*)::int as rows from ${sql.identifier(table.name)}`,
          );
          const rows = (stored?.rows ?? 0) + added.length;
          const section: TableSection = { table: table.name, columns: table.columns, rows };
          yield `${JSON.stringify(section)}\n`;
          yield* readRows(tx, table);
          for (const path of added) yield await legacyFileRow(path);
          tables.push({ table: table.name, rows });
        }
      }
      await pipeline(lines, createGzip(), output);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { ...summarise(header, tables), legacyFiles };
}

export type RestoreOptions = {
  /**
   * Runs on the restored rows inside the restore's transaction; what it throws undoes the restore.
   * scripts/restore.ts opens every sealed signing key with the configured master key here, so a
   * backup is never restored where its keys cannot be used.
   */
  check?: (tx: Db) => Promise<void>;
};

/**
 * Restores a gzip'd backup into db, in one transaction: refused unless db has no company yet and the
 * backup has this code's schema version. The reference data a fresh database is given at open
 * (versions, help pages, platform communities) is replaced by the backup's.
 */
export async function restoreBackup(
  db: Db,
  input: Readable,
  options: RestoreOptions = {},
): Promise<BackupSummary> {
  const lines = readLines(input);
  try {
    const header = checkHeader(await lines.next());
    const tables: { table: string; rows: number }[] = [];
    await db.transaction(async (tx) => {
      await refuseUnlessEmpty(tx);
      const target = new Map((await listTables(tx)).map((table) => [table.name, table]));
      const names = [...target.keys()].map((name) => sql.identifier(name));
      await tx.execute(sql`truncate table ${sql.join(names, sql`, `)}`);
      for (let line = await lines.next(); !line.done; line = await lines.next()) {
        const section = JSON.parse(line.value) as TableSection;
        const table = target.get(section.table);
        if (!table || JSON.stringify(table.columns) !== JSON.stringify(section.columns))
          throw new Error(`备份中的表 ${section.table} 与本数据库的表结构不一致，无法恢复`);
        await insertSection(tx, table, section, lines);
        tables.push({ table: section.table, rows: section.rows });
      }
      await resetSequences(tx);
      await options.check?.(tx);
    });
    return summarise(header, tables);
  } finally {
    await lines.return(undefined);
  }
}

function summarise(header: BackupHeader, tables: { table: string; rows: number }[]): BackupSummary {
  return {
    createdAt: header.createdAt,
    schemaVersion: header.schemaVersion,
    tables,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    files: tables.find((table) => table.table === getTableName(storedFiles))?.rows ?? 0,
  };
}

function checkHeader(line: IteratorResult<string>): BackupHeader {
  let header: Partial<BackupHeader> = {};
  try {
    header = line.done ? {} : (JSON.parse(line.value) as Partial<BackupHeader>);
  } catch {
    // not JSON: refused below as not a backup
  }
  if (header.format !== backupFormat || header.version !== formatVersion)
    throw new Error(`这不是本系统的备份文件（格式 ${backupFormat} 第 ${formatVersion} 版）`);
  const current = currentSchemaVersion();
  if (header.schemaVersion !== current)
    throw new Error(
      `备份的数据库结构版本是 ${header.schemaVersion}，本程序是 ${current}：请用数据库结构版本为 ${header.schemaVersion} 的程序版本恢复这个备份（恢复后再升级程序，数据库会自动迁移）`,
    );
  return header as BackupHeader;
}

async function refuseUnlessEmpty(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(companies);
  const companyCount = row?.n ?? 0;
  if (companyCount > 0)
    throw new Error(
      `目标数据库已有业务数据（${companyCount} 家公司），恢复只写入空数据库：请换一个新的 DATA_DIR，或新建一个空的 PostgreSQL 数据库后再恢复`,
    );
}

type TableInfo = { name: string; columns: string[]; insertable: string[]; hasBytea: boolean };

/** The tables of the public schema, parents before the tables whose foreign keys point at them. */
async function listTables(db: Db): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table: string; column: string; generated: boolean; bytea: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as "column", a.attgenerated <> '' as generated,
          a.atttypid = 'bytea'::regtype as bytea
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'
        order by c.relname, a.attnum`,
  );
  const references = await rowsOf<{ table: string; parent: string }>(
    db,
    sql`select distinct child.relname as "table", parent.relname as parent
        from pg_constraint f
        join pg_class child on child.oid = f.conrelid
        join pg_class parent on parent.oid = f.confrelid
        where f.contype = 'f' and f.connamespace = 'public'::regnamespace and f.conrelid <> f.confrelid`,
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? {
      name: column.table,
      columns: [],
      insertable: [],
      hasBytea: false,
    };
    table.columns.push(column.column);
    if (!column.generated) table.insertable.push(column.column);
    table.hasBytea ||= column.bytea;
    tables.set(column.table, table);
  }
  const parents = new Map([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const reference of references)
    if (tables.has(reference.parent)) parents.get(reference.table)?.add(reference.parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.size) {
    const ready = [...tables.values()].filter(
      (table) =>
        !placed.has(table.name) && [...parents.get(table.name)!].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0) {
      const left = [...tables.keys()].filter((name) => !placed.has(name));
      throw new Error(`foreign keys form a cycle among ${left.join(', ')}: no insert order exists`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** A table's rows as JSON lines, fetched through a cursor so a large table never sits in memory. */
async function* readRows(tx: Db, table: TableInfo): AsyncGenerator<string> {
  await tx.execute(
    sql`declare backup_rows no scroll cursor for
        select to_jsonb(backup_row)::text as line from ${sql.identifier(table.name)} backup_row`,
  );
  const fetch = sql.raw(`fetch ${table.hasBytea ? 1 : rowsPerFetch} from backup_rows`);
  for (;;) {
    const rows = await rowsOf<{ line: string }>(tx, fetch);
    if (rows.length === 0) break;
    yield rows.map((row) => `${row.line}\n`).join('');
  }
  await tx.execute(sql`close backup_rows`);
}

/** Paths of the files in the legacy folder that stored_files does not hold already. */
async function listLegacyFiles(db: Db, folder: string | undefined): Promise<string[]> {
  if (!folder || !existsSync(folder)) return [];
  const names = (await readdir(folder)).filter((name) => contentAddress.test(name)).sort();
  if (names.length === 0) return [];
  const stored = new Set(
    (await db.select({ name: storedFiles.name }).from(storedFiles)).map((row) => row.name),
  );
  return names.filter((name) => !stored.has(name)).map((name) => join(folder, name));
}

async function legacyFileRow(path: string): Promise<string> {
  const name = basename(path);
  const [data, info] = await Promise.all([readFile(path), stat(path)]);
  const row = {
    [storedFiles.name.name]: name,
    [storedFiles.kind.name]: name.slice(name.lastIndexOf('.') + 1),
    [storedFiles.size.name]: data.length,
    [storedFiles.data.name]: `\\x${data.toString('hex')}`,
    [storedFiles.createdAt.name]: info.mtime.toISOString(),
  };
  return `${JSON.stringify(row)}\n`;
}

/** Reads a section's rows from lines and inserts them in batches. */
async function insertSection(
  tx: Db,
  table: TableInfo,
  section: TableSection,
  lines: AsyncGenerator<string>,
): Promise<void> {
  let batch: string[] = [];
  let chars = 0;
  for (let read = 0; read < section.rows; read++) {
    const line = await lines.next();
    if (line.done)
      throw new Error(`备份文件不完整：表 ${table.name} 应有 ${section.rows} 行，只读到 ${read} 行`);
    batch.push(line.value);
    chars += line.value.length;
    if (batch.length >= rowsPerInsert || chars >= charsPerInsert) {
      await insertRows(tx, table, batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length > 0) await insertRows(tx, table, batch);
}

async function insertRows(tx: Db, table: TableInfo, rows: string[]): Promise<void> {
  const columns = sql.join(
    table.insertable.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const name = sql.identifier(table.name);
  try {
    await tx.execute(
      sql`insert into ${name} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${name}, ${`[${rows.join(',')}]`}::json)`,
    );
  } catch (error) {
    throw new Error(`恢复表 ${table.name} 失败：${(error as Error).message}`, { cause: error });
  }
}

/** Sets every serial and identity sequence of the public schema past the largest value restored. */
async function resetSequences(tx: Db): Promise<void> {
  const owned = await rowsOf<{ sequence: string; table: string; column: string }>(
    tx,
    sql`select s.oid::regclass::text as sequence, t.relname as "table", a.attname as "column"
        from pg_class s
        join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
        join pg_class t on t.oid = d.refobjid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { sequence, table, column } of owned)
    await tx.execute(
      sql`select setval(${sequence}::regclass,
            coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
}

/** The lines of a gzip'd text stream (a line can be tens of MB: a file in hex). */
async function* readLines(input: Readable): AsyncGenerator<string> {
  const text = createGunzip();
  input.once('error', (error) => text.destroy(error));
  input.pipe(text).setEncoding('utf8');
  let pending: string[] = [];
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      let start = 0;
      for (let end = chunk.indexOf('\n'); end >= 0; end = chunk.indexOf('\n', start)) {
        pending.push(chunk.slice(start, end));
        yield pending.join('');
        pending = [];
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.slice(start));
    }
  } catch (error) {
    throw new Error(`备份文件无法读取（不是 gzip 文件或已损坏）：${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    input.destroy();
    text.destroy();
  }
  if (pending.length > 0) yield pending.join('');
}

/** The rows of a raw query; drizzle answers {rows} on both PGlite and node-postgres. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
