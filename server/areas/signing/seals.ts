/**
 * Company sign bodies (corporate registration) and their seals: registration (regCompanyInfo), the
 * seal list, seals generated from the name (vector artwork, a PNG preview rendered by poppler's
 * pdftoppm) or uploaded as an image, each change confirmed by an SMS code to the operator's phone;
 * deletion refused while a contract awaiting signature uses the seal; seal-free authorisation.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signBodies, signSeals } from '../../db/schema-signing';
import { signContracts } from '../../db/schema-sign';
import { ApiError, Codes, businessError, forbidden, notFound } from '../../contract/envelope';
import type { Clock } from '../../clock';
import type { FileStorage } from '../../storage/files';
import type { BodyOf, Session, UploadedFile } from '../../contract/types';
import { formatDateTime } from '../../format';
import { checkVerifyCode } from '../user/verify-codes';
import { requireIdCard, requirePassedFace } from './identity';
import { renderSealPdf } from './pdf-document';

const run = promisify(execFile);

export const sealTypeNames: Record<number, string> = { 1: '公章', 2: '合同专用章', 3: '财务专用章' };

type BodyRow = typeof signBodies.$inferSelect;
type SealRow = typeof signSeals.$inferSelect;

function requireManager(session: Session) {
  if (!session.isManager) throw forbidden();
}

export async function registerCompany(db: Db, session: Session, body: BodyOf<'regCompanyInfo'>) {
  requireManager(session);
  if (!/^\/files\/[0-9a-f]{64}\.(png|jpg|webp|pdf)$/.test(body.licenseUrl)) {
    throw businessError('请先上传营业执照图片（licenseUrl）');
  }
  const byAgent = body.corpIdentMethod === 2;
  if (byAgent && !body.oprUserName?.trim()) throw businessError('请输入经办人人名');
  // The verifying person (legal representative, or the agent) must have passed the face check.
  const verifying = byAgent
    ? { name: body.oprUserName!.trim(), idNo: requireIdCard(body.oprUserIdentNo ?? '', '经办人身份证号') }
    : {
        name: body.legalRepName.trim(),
        idNo: requireIdCard(body.legalRepIdNo ?? '', '法定代表人身份证号'),
      };
  await requirePassedFace(db, session, body.faceId, verifying.name, verifying.idNo);
  const [duplicate] = await db
    .select({ id: signBodies.id })
    .from(signBodies)
    .where(and(inCompany(signBodies, session.companyId), eq(signBodies.corpIdentNo, body.corpIdentNo)));
  if (duplicate) throw businessError('该统一社会信用代码已注册为签约主体');
  const etcomid = `E${randomBytes(8).toString('hex')}`;
  const [created] = await db
    .insert(signBodies)
    .values({
      companyId: session.companyId,
      etcomid,
      agentCode: `G${randomBytes(8).toString('hex')}`,
      corpName: body.corpName.trim(),
      corpIdentNo: body.corpIdentNo,
      corpIdentType: body.corpIdentType,
      corpIdentMethod: body.corpIdentMethod,
      legalRepName: body.legalRepName.trim(),
      legalPhone: body.legalPhone,
      oprUserName: byAgent ? body.oprUserName!.trim() : null,
      oprUserIdentNo: byAgent ? body.oprUserIdentNo!.toUpperCase() : null,
      oprUserMobile: byAgent ? body.oprUserMobile! : null,
      licenseUrl: body.licenseUrl,
      state: 1,
      createdBy: session.userId,
    })
    .returning();
  return { signBodyId: created!.id, etcomid, state: 1 as const, authUrl: null };
}

export async function listBodies(
  db: Db,
  session: Session,
  query: { state?: 0 | 1 | 2; pageindex?: number; pagesize?: number },
) {
  const where = and(
    inCompany(signBodies, session.companyId),
    query.state === undefined ? undefined : eq(signBodies.state, query.state),
  );
  const size = query.pagesize ?? 15;
  const page = query.pageindex ?? 1;
  const [total] = await db.select({ n: count() }).from(signBodies).where(where);
  const rows = await db
    .select()
    .from(signBodies)
    .where(where)
    .orderBy(asc(signBodies.id))
    .limit(size)
    .offset((page - 1) * size);
  const sealCounts = await sealCountByBody(db, session.companyId);
  return {
    total: total?.n ?? 0,
    data: rows.map((row) => ({
      signBodyId: row.id,
      etcomid: row.etcomid,
      corpName: row.corpName,
      corpIdentNo: row.corpIdentNo,
      corpIdentType: row.corpIdentType as 1 | 2 | 3,
      corpIdentMethod: row.corpIdentMethod as 1 | 2,
      legalRepName: row.legalRepName,
      oprUserName: row.oprUserName,
      agentCode: row.agentCode,
      state: row.state as 0 | 1 | 2,
      failReason: row.failReason,
      sealCount: sealCounts.get(row.id) ?? 0,
      createTime: formatDateTime(row.createdAt),
    })),
  };
}

/**
 * The company's default signing body for companyInfo: the first verified body, else the first
 * registered one; null when nothing is registered.
 */
export async function defaultBodyState(db: Db, companyId: number) {
  const rows = await db
    .select({ id: signBodies.id, state: signBodies.state })
    .from(signBodies)
    .where(inCompany(signBodies, companyId))
    .orderBy(asc(signBodies.id));
  const chosen = rows.find((row) => row.state === 1) ?? rows[0];
  return chosen
    ? { regState: chosen.state as 0 | 1 | 2, defaultSignBodyId: chosen.id }
    : { regState: null, defaultSignBodyId: null };
}

async function sealCountByBody(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ bodyId: signSeals.signBodyId, n: count() })
    .from(signSeals)
    .where(and(inCompany(signSeals, companyId), isNull(signSeals.deletedAt)))
    .groupBy(signSeals.signBodyId);
  return new Map(rows.map((row) => [row.bodyId, row.n]));
}

export function sealView(seal: SealRow, body: Pick<BodyRow, 'etcomid' | 'corpName'>) {
  return {
    sealId: seal.id,
    sealTitle: seal.title,
    sealUrl: `/files/${seal.imageName}`,
    sealType: seal.sealType as 1 | 2 | 3,
    etcomid: body.etcomid,
    corpName: body.corpName,
    source: seal.source as 1 | 2,
    createTime: formatDateTime(seal.createdAt),
  };
}

export async function listSeals(
  db: Db,
  session: Session,
  query: { signBodyId?: number; sealType?: 1 | 2 | 3; pageindex?: number; pagesize?: number },
) {
  const where = and(
    inCompany(signSeals, session.companyId),
    isNull(signSeals.deletedAt),
    query.signBodyId === undefined ? undefined : eq(signSeals.signBodyId, query.signBodyId),
    query.sealType === undefined ? undefined : eq(signSeals.sealType, query.sealType),
  );
  const size = query.pagesize ?? 15;
  const page = query.pageindex ?? 1;
  const [total] = await db.select({ n: count() }).from(signSeals).where(where);
  const rows = await db
    .select({ seal: signSeals, body: signBodies })
    .from(signSeals)
    .innerJoin(signBodies, eq(signBodies.id, signSeals.signBodyId))
    .where(where)
    .orderBy(asc(signSeals.sealType), asc(signSeals.id))
    .limit(size)
    .offset((page - 1) * size);
  return { total: total?.n ?? 0, data: rows.map((row) => sealView(row.seal, row.body)) };
}

/** Verified bodies with at least one seal (for signBodyList). */
export async function selectableBodies(db: Db, session: Session) {
  const rows = await db
    .select({ seal: signSeals, body: signBodies })
    .from(signSeals)
    .innerJoin(signBodies, eq(signBodies.id, signSeals.signBodyId))
    .where(and(inCompany(signSeals, session.companyId), isNull(signSeals.deletedAt), eq(signBodies.state, 1)))
    .orderBy(asc(signBodies.id), asc(signSeals.sealType), asc(signSeals.id));
  const byBody = new Map<
    number,
    { signBodyId: number; corpName: string; isDefault: 0 | 1; seals: ReturnType<typeof sealView>[] }
  >();
  for (const row of rows) {
    const entry = byBody.get(row.body.id) ?? {
      signBodyId: row.body.id,
      corpName: row.body.corpName,
      isDefault: byBody.size === 0 ? 1 : 0,
      seals: [],
    };
    entry.seals.push(sealView(row.seal, row.body));
    byBody.set(row.body.id, entry);
  }
  return [...byBody.values()];
}

async function requireBodyForOperator(db: Db, session: Session, etcomid: string, agentCode: string) {
  const [body] = await db
    .select()
    .from(signBodies)
    .where(and(inCompany(signBodies, session.companyId), eq(signBodies.etcomid, etcomid)));
  if (!body) throw notFound('签约主体不存在');
  if (body.state !== 1) throw businessError('签约主体尚未通过认证');
  if (body.agentCode !== agentCode) throw businessError('经办人编号（agentCode）与签约主体不符');
  return body;
}

/** The phone that confirms seal changes: the operator's (agent method) or the legal representative's. */
export function operatorPhone(body: BodyRow): string {
  return body.corpIdentMethod === 2 && body.oprUserMobile ? body.oprUserMobile : body.legalPhone;
}

async function renderSealImage(files: FileStorage, corpName: string, title: string) {
  const pdf = await renderSealPdf({ corpName, title });
  const vector = await files.save(Buffer.from(pdf), 'seal.pdf', ['pdf']);
  const folder = await mkdtemp(join(tmpdir(), 'seal-'));
  try {
    await writeFile(join(folder, 'seal.pdf'), pdf);
    await run('pdftoppm', [
      '-png',
      '-r',
      '144',
      '-singlefile',
      join(folder, 'seal.pdf'),
      join(folder, 'seal'),
    ]);
    const png = await readFile(join(folder, 'seal.png'));
    const image = await files.save(png, 'seal.png', ['png']);
    return { imageName: image.name, vectorName: vector.name };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

type SealInput = {
  name: string;
  agentCode: string;
  etcomid: string;
  vercode: string;
  sealType?: 1 | 2 | 3;
  file?: string;
};

function storedName(url: string | undefined): string | null {
  const match = url ? /^\/files\/([0-9a-f]{64}\.(png|jpg))$/.exec(url) : null;
  if (url && !match) throw businessError('印章图片（file）须为已上传的 png 或 jpg 图片');
  return match?.[1] ?? null;
}

export async function createSeal(
  db: Db,
  clock: Clock,
  files: FileStorage,
  session: Session,
  input: SealInput & { sealType: 1 | 2 | 3 },
) {
  requireManager(session);
  const body = await requireBodyForOperator(db, session, input.etcomid, input.agentCode);
  const uploaded = storedName(input.file);
  await checkVerifyCode(db, clock, operatorPhone(body), input.vercode, { consume: true });
  const artwork = uploaded
    ? { imageName: uploaded, vectorName: null }
    : await renderSealImage(files, body.corpName, input.name.trim());
  const [seal] = await db
    .insert(signSeals)
    .values({
      companyId: session.companyId,
      signBodyId: body.id,
      sealType: input.sealType,
      title: input.name.trim(),
      ...artwork,
      source: uploaded ? 2 : 1,
    })
    .returning();
  return sealView(seal!, body);
}

export async function createPictureSeal(
  db: Db,
  clock: Clock,
  files: FileStorage,
  session: Session,
  input: Omit<SealInput, 'file'> & { sealType: 1 | 2 | 3 },
  file: UploadedFile | undefined,
) {
  requireManager(session);
  if (!file) throw businessError('请上传印章图片（file）');
  const body = await requireBodyForOperator(db, session, input.etcomid, input.agentCode);
  const stored = await files.save(file.data, file.fileName, ['png', 'jpg'], 2 * 1024 * 1024);
  await checkVerifyCode(db, clock, operatorPhone(body), input.vercode, { consume: true });
  const [seal] = await db
    .insert(signSeals)
    .values({
      companyId: session.companyId,
      signBodyId: body.id,
      sealType: input.sealType,
      title: input.name.trim(),
      imageName: stored.name,
      vectorName: null,
      source: 2,
    })
    .returning();
  return sealView(seal!, body);
}

async function findSeal(db: Db, session: Session, sealId: number) {
  const [row] = await db
    .select({ seal: signSeals, body: signBodies })
    .from(signSeals)
    .innerJoin(signBodies, eq(signBodies.id, signSeals.signBodyId))
    .where(
      and(eq(signSeals.id, sealId), inCompany(signSeals, session.companyId), isNull(signSeals.deletedAt)),
    );
  if (!row) throw notFound('印章不存在或已删除');
  return row;
}

export async function updateSeal(
  db: Db,
  clock: Clock,
  files: FileStorage,
  session: Session,
  input: SealInput & { sealId: number },
) {
  requireManager(session);
  const { seal, body } = await findSeal(db, session, input.sealId);
  if (body.etcomid !== input.etcomid) throw businessError('印章不属于该签约主体');
  await requireBodyForOperator(db, session, input.etcomid, input.agentCode);
  const uploaded = storedName(input.file);
  await checkVerifyCode(db, clock, operatorPhone(body), input.vercode, { consume: true });
  const title = input.name.trim();
  const artwork = uploaded
    ? { imageName: uploaded, vectorName: null, source: 2 }
    : seal.source === 1 && title !== seal.title
      ? { ...(await renderSealImage(files, body.corpName, title)), source: 1 }
      : {};
  const [updated] = await db
    .update(signSeals)
    .set({ title, sealType: input.sealType ?? seal.sealType, ...artwork })
    .where(eq(signSeals.id, seal.id))
    .returning();
  return sealView(updated!, body);
}

export async function deleteSeal(db: Db, clock: Clock, session: Session, sealId: number) {
  requireManager(session);
  const { seal } = await findSeal(db, session, sealId);
  const [inUse] = await db
    .select({ id: signContracts.id })
    .from(signContracts)
    .where(
      and(
        inCompany(signContracts, session.companyId),
        eq(signContracts.state, 7),
        isNull(signContracts.deletedAt),
        sql`exists (select 1 from jsonb_array_elements(${signContracts.signBodyList}) as b where (b->>'sealId')::int = ${seal.id})`,
      ),
    )
    .limit(1);
  if (inUse) throw new ApiError(Codes.stateConflict, '该印章正被待签字的合同使用，不能删除');
  await db.update(signSeals).set({ deletedAt: clock.now() }).where(eq(signSeals.id, seal.id));
}

// ---------------------------------------------------------------- seal-free authorisation

async function companySeals(db: Db, companyId: number) {
  return db
    .select({ seal: signSeals, body: signBodies })
    .from(signSeals)
    .innerJoin(signBodies, eq(signBodies.id, signSeals.signBodyId))
    .where(and(inCompany(signSeals, companyId), isNull(signSeals.deletedAt), eq(signBodies.state, 1)))
    .orderBy(asc(signSeals.sealType), asc(signSeals.createdAt), asc(signSeals.id));
}

function sealItem(seal: SealRow, body: BodyRow) {
  return {
    sealId: seal.id,
    sealTitle: seal.title,
    sealUrl: `/files/${seal.imageName}`,
    sealType: seal.sealType as 1 | 2 | 3,
    corpName: body.corpName,
  };
}

export async function waitAuthList(db: Db, session: Session, now: Date) {
  const rows = (await companySeals(db, session.companyId)).filter(
    ({ seal }) => !seal.authFreeUntil || seal.authFreeUntil.getTime() <= now.getTime(),
  );
  return {
    total: rows.length,
    data: rows.map(({ seal, body }) => ({
      ...sealItem(seal, body),
      authState: seal.authFreeUntil ? (2 as const) : (0 as const),
      authExpireTime: seal.authFreeUntil ? formatDateTime(seal.authFreeUntil) : null,
    })),
  };
}

export async function authoriseSealFree(
  db: Db,
  session: Session,
  now: Date,
  body: { sealIds?: number[]; authDays?: number },
) {
  requireManager(session);
  const waiting = (await waitAuthList(db, session, now)).data;
  const chosen = body.sealIds ? waiting.filter((seal) => body.sealIds!.includes(seal.sealId)) : waiting;
  if (body.sealIds && chosen.length !== body.sealIds.length) throw businessError('所选印章不存在或已授权');
  if (chosen.length === 0) throw businessError('没有待授权的印章');
  const expire = new Date(now.getTime() + (body.authDays ?? 365) * 24 * 60 * 60 * 1000);
  const ids = chosen.map((seal) => seal.sealId);
  await db
    .update(signSeals)
    .set({ authFreeUntil: expire })
    .where(and(inCompany(signSeals, session.companyId), inArray(signSeals.id, ids)));
  return {
    authUrl: `/#/views/manager/seal?authorised=${ids.join(',')}`,
    sealIds: ids,
    expireTime: formatDateTime(expire),
  };
}

export async function authExpireList(db: Db, session: Session, now: Date) {
  const soon = now.getTime() + 30 * 24 * 60 * 60 * 1000;
  const rows = (await companySeals(db, session.companyId))
    .filter(({ seal }) => seal.authFreeUntil && seal.authFreeUntil.getTime() <= soon)
    .sort((a, b) => a.seal.authFreeUntil!.getTime() - b.seal.authFreeUntil!.getTime());
  return {
    total: rows.length,
    data: rows.map(({ seal, body }) => {
      const remainingMs = seal.authFreeUntil!.getTime() - now.getTime();
      return {
        ...sealItem(seal, body),
        authExpireTime: formatDateTime(seal.authFreeUntil!),
        expired: remainingMs <= 0 ? (1 as const) : (0 as const),
        remainDays: Math.max(0, Math.ceil(remainingMs / (24 * 60 * 60 * 1000))),
      };
    }),
  };
}

/** Seals whose seal-free authorisation has run out (the sign app's pay-status gate lists them, 000 section 4). */
export async function listExpiredAuthSeals(db: Db, companyId: number, now: Date) {
  const rows = await companySeals(db, companyId);
  return rows
    .filter(({ seal }) => seal.authFreeUntil !== null && seal.authFreeUntil.getTime() <= now.getTime())
    .map(({ seal }) => ({
      sealId: seal.id,
      sealTitle: seal.title,
      sealUrl: `/files/${seal.imageName}`,
      sealType: seal.sealType as 1 | 2 | 3,
      expiredAt: formatDateTime(seal.authFreeUntil!),
    }));
}

/** The seal the company (居间方) signs with: the contract's choice, else its first verified contract or official seal. */
export async function sealForContract(
  db: Db,
  companyId: number,
  signBodyList: { signBodyId: number; sealId: number }[],
) {
  const rows = await db
    .select({ seal: signSeals, body: signBodies })
    .from(signSeals)
    .innerJoin(signBodies, eq(signBodies.id, signSeals.signBodyId))
    .where(and(inCompany(signSeals, companyId), isNull(signSeals.deletedAt), eq(signBodies.state, 1)))
    .orderBy(asc(signBodies.id), asc(signSeals.id));
  const chosen = signBodyList[0];
  if (chosen) {
    const match = rows.find((row) => row.seal.id === chosen.sealId);
    if (match) return match;
  }
  return rows.find((row) => row.seal.sealType === 2) ?? rows.find((row) => row.seal.sealType === 1) ?? null;
}
