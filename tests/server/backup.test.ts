/**
 * npm run backup / npm run restore (issue 20): a backup of a database in use — demo data, an uploaded
 * file, a file an earlier version left in DATA_DIR/files, sessions — restored into an empty database
 * of the same kind (a new PGlite data folder, or a new PostgreSQL database) holds the same rows and
 * serves the same files; a backup of another schema version, or a restore into a database that has
 * data, is refused and changes nothing.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { currentSchemaVersion, restoreBackup, writeBackup, type BackupSummary } from '../../server/db/backup';
import type { Db } from '../../server/db/db';
import { createDatabaseStorage } from '../../server/storage/files';
import { storedFiles as storedFileRows } from '../../server/db/schema-files';
import { call, createTestApp, login, type TestApp } from '../support/test-app';
import { openEmptyDatabase } from '../support/restore-target';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const legacyPng = Buffer.concat([png, Buffer.from('written by an earlier version')]);
const legacyName = `${createHash('sha256').update(legacyPng).digest('hex')}.png`;

/** Row count and a digest of every row of each table. */
async function fingerprints(db: Db, tables: string[]): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of tables) {
    const result = (await db.execute(
      sql`select count(*) || ' ' || coalesce(md5(string_agg(to_jsonb(x)::text, ',' order by to_jsonb(x)::text)), '') as print
          from ${sql.identifier(table)} x`,
    )) as { rows: { print: string }[] };
    prints[table] = result.rows[0]!.print;
  }
  return prints;
}

describe('backup and restore', () => {
  let folder: string;
  let source: TestApp;
  let backupFile: string;
  let written: BackupSummary & { legacyFiles: number };
  let sourcePrints: Record<string, string>;
  let uploadedUrl: string;
  let storedInSource: number;
  let managerSession: Record<string, string>;
  let target: Awaited<ReturnType<typeof openEmptyDatabase>>;
  let restoredApp: FastifyInstance | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'backup-'));
    source = await createTestApp();
    const broker = await login(source.app, '13800000003');
    const boundary = '----backup-boundary';
    const upload = await source.app.inject({
      method: 'POST',
      url: '/api/base/uploadPhoto',
      headers: { ...broker, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="户型图.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    uploadedUrl = upload.json<{ data: { url: string } }>().data.url;
    managerSession = await login(source.app, '13800000000');
    const legacyFolder = join(folder, 'files');
    await mkdir(legacyFolder);
    await writeFile(join(legacyFolder, legacyName), legacyPng);

    // The demo listings' pictures and the upload above.
    storedInSource = (await source.database.db.select({ n: count() }).from(storedFileRows))[0]!.n;
    expect(storedInSource).toBeGreaterThan(1);
    backupFile = join(folder, 'backup.jsonl.gz');
    written = await writeBackup(source.database.db, createWriteStream(backupFile), {
      legacyFilesFolder: legacyFolder,
    });
    sourcePrints = await fingerprints(
      source.database.db,
      written.tables.map((table) => table.table),
    );
    target = await openEmptyDatabase();
  });
  afterAll(async () => {
    await restoredApp?.close();
    await target?.remove();
    await source?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('writes a header with the schema version, then each public table with its rows, files included', async () => {
    const lines = gunzipSync(await readFile(backupFile))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      format: 'anjuqian-backup',
      version: 1,
      schemaVersion: currentSchemaVersion(),
    });
    expect(lines).toHaveLength(1 + written.tables.length + written.rows);
    const tables = written.tables.map((table) => table.table);
    expect(tables).toEqual(expect.arrayContaining(['companies', 'users', 'sessions', 'stored_files']));
    expect(tables).not.toContain('__drizzle_migrations');
    // Parents first: a company before its users.
    expect(tables.indexOf('companies')).toBeLessThan(tables.indexOf('users'));
    expect(written.tables.find((table) => table.table === 'companies')?.rows).toBe(2);
    expect(written).toMatchObject({ files: storedInSource + 1, legacyFiles: 1 });
  });

  it('refuses a backup of another schema version, and the empty database stays empty', async () => {
    const lines = gunzipSync(await readFile(backupFile))
      .toString('utf8')
      .split('\n');
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), schemaVersion: '0019_houses' });
    const older = join(folder, 'older.jsonl.gz');
    await writeFile(older, gzipSync(lines.join('\n')));
    await expect(restoreBackup(target.database.db, createReadStream(older))).rejects.toThrow(
      `备份的数据库结构版本是 0019_houses，本程序是 ${currentSchemaVersion()}：请用数据库结构版本为 0019_houses 的程序版本恢复这个备份`,
    );
    const prints = await fingerprints(target.database.db, ['companies', 'users']);
    expect(prints).toEqual({ companies: '0 ', users: '0 ' });
  });

  it('restores into an empty database: the same rows, files and sessions, and new rows get new ids', async () => {
    const restored = await restoreBackup(target.database.db, createReadStream(backupFile));
    expect(restored.tables).toEqual(written.tables);
    const { stored_files: storedFiles, ...restoredPrints } = await fingerprints(
      target.database.db,
      written.tables.map((table) => table.table),
    );
    const { stored_files: sourceFiles, ...expectedPrints } = sourcePrints;
    expect(restoredPrints).toEqual(expectedPrints);
    // stored_files gained the legacy folder's file.
    expect([storedFiles?.split(' ')[0], sourceFiles?.split(' ')[0]]).toEqual([
      String(storedInSource + 1),
      String(storedInSource),
    ]);

    const db = target.database.db;
    restoredApp = await buildApp({ db, clock: source.clock, files: createDatabaseStorage(db) });
    const manager = await login(restoredApp, '13800000000');
    const staff = await call(restoredApp, 'GET', '/org/v2/staffList', { headers: manager });
    const sourceStaff = await call(source.app, 'GET', '/org/v2/staffList', { headers: managerSession });
    expect(staff.data).toEqual(sourceStaff.data);
    const listings = await call(restoredApp, 'POST', '/housing/v2/housingPosts', {
      headers: manager,
      body: { pagesize: 15 },
    });
    expect(listings.total).toBeGreaterThanOrEqual(300);

    const uploaded = await restoredApp.inject({ method: 'GET', url: uploadedUrl });
    expect(Buffer.compare(uploaded.rawPayload, png)).toBe(0);
    const legacy = await restoredApp.inject({ method: 'GET', url: `/files/${legacyName}` });
    expect(Buffer.compare(legacy.rawPayload, legacyPng)).toBe(0);

    // A session issued before the backup still works.
    const initialize = await restoredApp.inject({
      method: 'POST',
      url: '/api/user/initialize',
      headers: managerSession,
    });
    expect(initialize.json<{ code: number }>().code).toBe(200);
    // Sequences were moved past the restored ids: a new department is written.
    const tree = (await call(restoredApp, 'GET', '/org/v2/deptTree', { headers: manager })).data as {
      dept: { deptId: number };
    }[];
    const added = await call(restoredApp, 'POST', '/org/v2/deptAdd', {
      headers: manager,
      body: { deptName: '恢复后新建部门', parentId: tree[0]!.dept.deptId },
    });
    expect(added.code).toBe(200);
  });

  it('refuses a second restore into the database that now has data, changing nothing', async () => {
    const tables = written.tables.map((table) => table.table);
    const before = await fingerprints(target.database.db, tables);
    await expect(restoreBackup(target.database.db, createReadStream(backupFile))).rejects.toThrow(
      '目标数据库已有业务数据（2 家公司），恢复只写入空数据库',
    );
    expect(await fingerprints(target.database.db, tables)).toEqual(before);
  });
});
