/** Positions (职位设置): names unique in the company; a position held by active staff cannot be deleted. */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { positions, users } from '../../db/schema';
import { positionDetails } from '../../db/schema-org';
import { ApiError, Codes, businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { requireOrgManagement } from './departments';

const positionMissing = '职位不存在或已被删除';

export async function listPositions(db: Db, session: Session) {
  const [rows, counts] = await Promise.all([
    db
      .select({
        positionId: positions.id,
        positionName: positions.name,
        remark: positionDetails.remark,
        sort: positions.sort,
      })
      .from(positions)
      .leftJoin(positionDetails, eq(positionDetails.positionId, positions.id))
      .where(inCompany(positions, session.companyId))
      .orderBy(asc(positions.sort), asc(positions.id)),
    db
      .select({ positionId: users.positionId, n: count() })
      .from(users)
      .where(and(inCompany(users, session.companyId), eq(users.status, 1)))
      .groupBy(users.positionId),
  ]);
  const byPosition = new Map(counts.map((row) => [row.positionId, row.n]));
  return rows.map((row) => ({
    ...row,
    remark: row.remark ?? null,
    userCount: byPosition.get(row.positionId) ?? 0,
  }));
}

async function requireUniqueName(db: Db, companyId: number, name: string, selfId?: number): Promise<void> {
  const [existing] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        inCompany(positions, companyId),
        eq(positions.name, name),
        selfId ? ne(positions.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw businessError(`职位「${name}」已存在`);
}

async function findPosition(db: Db, companyId: number, positionId: number) {
  const [row] = await db
    .select({ id: positions.id, sort: positions.sort })
    .from(positions)
    .where(and(eq(positions.id, positionId), inCompany(positions, companyId)))
    .limit(1);
  if (!row) throw notFound(positionMissing);
  return row;
}

export async function addPosition(db: Db, session: Session, body: BodyOf<'positionAdd'>) {
  await requireOrgManagement(db, session);
  const name = body.positionName.trim();
  if (name === '') throw businessError('职位名称不能为空');
  await requireUniqueName(db, session.companyId, name);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(positions)
      .values({ companyId: session.companyId, name, sort: body.sort ?? 0 })
      .returning({ id: positions.id });
    await tx
      .insert(positionDetails)
      .values({ positionId: row!.id, companyId: session.companyId, remark: body.remark ?? null });
    return { positionId: row!.id };
  });
}

export async function editPosition(db: Db, session: Session, body: BodyOf<'positionEdit'>): Promise<void> {
  await requireOrgManagement(db, session);
  const row = await findPosition(db, session.companyId, body.positionId);
  const name = body.positionName.trim();
  if (name === '') throw businessError('职位名称不能为空');
  await requireUniqueName(db, session.companyId, name, row.id);
  await db.transaction(async (tx) => {
    await tx
      .update(positions)
      .set({ name, sort: body.sort ?? row.sort })
      .where(and(eq(positions.id, row.id), inCompany(positions, session.companyId)));
    await tx
      .insert(positionDetails)
      .values({ positionId: row.id, companyId: session.companyId, remark: body.remark ?? null })
      .onConflictDoUpdate({ target: positionDetails.positionId, set: { remark: body.remark ?? null } });
  });
}

export async function deletePosition(db: Db, session: Session, positionId: number): Promise<void> {
  await requireOrgManagement(db, session);
  const row = await findPosition(db, session.companyId, positionId);
  const [holders] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inCompany(users, session.companyId), eq(users.positionId, row.id), eq(users.status, 1)));
  if ((holders?.n ?? 0) > 0) throw new ApiError(Codes.stateConflict, '该职位仍有在职员工担任，不能删除');
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ positionId: null })
      .where(and(inCompany(users, session.companyId), eq(users.positionId, row.id)));
    await tx.delete(positions).where(and(eq(positions.id, row.id), inCompany(positions, session.companyId)));
  });
}
