/**
 * Identity: the resident ID number check (GB 11643), and face verification through a provider
 * behind an interface. The sandbox provider's page (/#/sandbox/face?faceId=) lets the person pass
 * or fail; a real provider would implement the same calls.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signFaceChecks } from '../../db/schema-signing';
import { signSignatories } from '../../db/schema-sign';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import type { Session } from '../../contract/types';
import { isIdCard } from '../../../domain/validators';

export function requireIdCard(value: string, label = '身份证号'): string {
  if (!isIdCard(value)) throw businessError(`${label}格式不正确`);
  return value.toUpperCase();
}

/** 400020 with the name: the seed's modal '{data} 身份信息填写错误 请填写正确信息再提交'. */
export function identityWrong(name: string): ApiError {
  return new ApiError(Codes.identityWrong, `${name} 身份信息填写错误 请填写正确信息再提交`, name);
}

const faceLifetimeMs = 10 * 60 * 1000;

export async function startFaceCheck(
  db: Db,
  session: Session,
  now: Date,
  body: { name: string; idNo: string; hash?: string },
) {
  const name = body.name.trim();
  if (!name) throw businessError('请输入姓名');
  const idNo = requireIdCard(body.idNo);
  if (body.hash) {
    const [signatory] = await db
      .select()
      .from(signSignatories)
      .where(and(eq(signSignatories.hash, body.hash), inCompany(signSignatories, session.companyId)));
    if (!signatory || signatory.active !== 1) throw notFound('签署链接不存在或已失效');
    if (
      signatory.subjectType === 1 &&
      (signatory.name !== name || signatory.certNo?.toUpperCase() !== idNo)
    ) {
      throw identityWrong(name);
    }
  }
  const faceId = `F${randomBytes(12).toString('hex')}`;
  const expiresAt = new Date(now.getTime() + faceLifetimeMs);
  await db.insert(signFaceChecks).values({
    faceId,
    companyId: session.companyId,
    name,
    idNo,
    hash: body.hash ?? null,
    expiresAt,
  });
  return { faceId, faceUrl: `/#/sandbox/face?faceId=${faceId}`, expireTime: formatDateTime(expiresAt) };
}

/** The check as its status answers say it: still open past expiresAt is 3 (已过期). */
export function statusView(row: typeof signFaceChecks.$inferSelect, now: Date) {
  const expired = row.status === 0 && row.expiresAt.getTime() <= now.getTime();
  return {
    faceId: row.faceId,
    status: (expired ? 3 : row.status) as 0 | 1 | 2 | 3,
    message: expired ? '核身已过期，请重新发起' : row.message,
  };
}

export async function readFaceStatus(db: Db, session: Session, now: Date, faceId: string) {
  const [row] = await db
    .select()
    .from(signFaceChecks)
    .where(and(eq(signFaceChecks.faceId, faceId), inCompany(signFaceChecks, session.companyId)));
  if (!row) throw notFound('核身记录不存在');
  return statusView(row, now);
}

/** The sandbox page's answer. */
export async function decideFaceCheck(db: Db, now: Date, faceId: string, pass: boolean) {
  const [row] = await db.select().from(signFaceChecks).where(eq(signFaceChecks.faceId, faceId));
  if (!row) throw notFound('核身记录不存在');
  if (row.status !== 0 || row.expiresAt.getTime() <= now.getTime()) return statusView(row, now);
  const [updated] = await db
    .update(signFaceChecks)
    .set({ status: pass ? 1 : 2, message: pass ? null : '人脸比对未通过' })
    .where(and(eq(signFaceChecks.faceId, faceId), eq(signFaceChecks.status, 0)))
    .returning();
  return statusView(updated ?? row, now);
}

/** A passed, unexpired check for this person (company signing type 2). */
export async function requirePassedFace(
  db: Db,
  session: Session,
  faceId: string,
  name: string,
  idNo: string,
) {
  const [row] = await db
    .select()
    .from(signFaceChecks)
    .where(and(eq(signFaceChecks.faceId, faceId), inCompany(signFaceChecks, session.companyId)));
  if (!row || row.status !== 1) throw businessError('人脸核身未通过，请重新核身');
  if (row.name !== name || row.idNo !== idNo.toUpperCase()) throw identityWrong(name);
}
