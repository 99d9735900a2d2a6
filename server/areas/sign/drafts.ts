/**
 * Drafts of contract forms (autosave): one user's own, saved only when the house name, building or
 * room number is filled; the content is kept as given (no other checks, half-filled is fine).
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { signDrafts, signTemplates } from '../../db/schema-sign';
import { businessError, notFound } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { contractTypeOf, requireUsableTemplate } from '../template/templates';

export const draftNeedsHouseMessage = '请至少填写楼盘名称、楼栋号或房号后再保存草稿';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function newDraftCode(now: Date): string {
  const beijing = new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `D${beijing}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export async function saveDraft(db: Db, session: Session, now: Date, body: BodyOf<'signDraftSave'>) {
  const house = (body.content.houseInfo ?? {}) as Record<string, unknown>;
  const houseName = text(house['houseName']);
  const houseBuilding = text(house['houseBuilding']);
  const houseRoomNo = text(house['houseRoomNo']);
  if (!houseName && !houseBuilding && !houseRoomNo) throw businessError(draftNeedsHouseMessage);
  await requireUsableTemplate(db, session, body.boxid);
  const values = {
    templateId: body.boxid,
    content: body.content as Record<string, unknown>,
    houseName,
    houseBuilding,
    houseRoomNo,
    updatedAt: now,
  };
  if (body.draftCode) {
    const [updated] = await db
      .update(signDrafts)
      .set(values)
      .where(
        and(
          inCompany(signDrafts, session.companyId),
          eq(signDrafts.userId, session.userId),
          eq(signDrafts.draftCode, body.draftCode),
        ),
      )
      .returning({ draftCode: signDrafts.draftCode });
    if (!updated) throw notFound('草稿不存在或已被删除');
    return { draftCode: updated.draftCode, updateTime: formatDateTime(now) };
  }
  const draftCode = newDraftCode(now);
  await db
    .insert(signDrafts)
    .values({ companyId: session.companyId, userId: session.userId, draftCode, ...values, createdAt: now });
  return { draftCode, updateTime: formatDateTime(now) };
}

function mine(session: Session) {
  return and(inCompany(signDrafts, session.companyId), eq(signDrafts.userId, session.userId));
}

export async function listDrafts(
  db: Db,
  session: Session,
  query: { boxId?: number; pageindex?: number; pagesize?: number },
) {
  const where =
    query.boxId !== undefined ? and(mine(session), eq(signDrafts.templateId, query.boxId)) : mine(session);
  const size = query.pagesize ?? 15;
  const index = query.pageindex ?? 1;
  const [total] = await db.select({ n: count() }).from(signDrafts).where(where);
  const rows = await db
    .select({ draft: signDrafts, template: signTemplates })
    .from(signDrafts)
    .innerJoin(signTemplates, eq(signTemplates.id, signDrafts.templateId))
    .where(where)
    .orderBy(desc(signDrafts.updatedAt), desc(signDrafts.id))
    .limit(size)
    .offset((index - 1) * size);
  return {
    data: rows.map(({ draft, template }) => {
      const house = (draft.content['houseInfo'] ?? {}) as Record<string, unknown>;
      return {
        draftCode: draft.draftCode,
        boxId: template.id,
        boxName: template.name,
        contractType: contractTypeOf(template),
        houseInfo: {
          ...(house['province'] ? { province: house['province'] } : {}),
          ...(house['city'] ? { city: house['city'] } : {}),
          ...(house['district'] ? { district: house['district'] } : {}),
          houseName: draft.houseName,
          houseBuilding: draft.houseBuilding,
          houseRoomNo: draft.houseRoomNo,
        },
        updateTime: formatDateTime(draft.updatedAt),
      };
    }),
    total: total?.n ?? 0,
  };
}

export async function readDraft(db: Db, session: Session, draftCode: string) {
  const [row] = await db
    .select({ draft: signDrafts, template: signTemplates })
    .from(signDrafts)
    .innerJoin(signTemplates, eq(signTemplates.id, signDrafts.templateId))
    .where(and(mine(session), eq(signDrafts.draftCode, draftCode)));
  if (!row) throw notFound('草稿不存在或已被删除');
  return {
    draftCode: row.draft.draftCode,
    boxid: row.template.id,
    contractType: contractTypeOf(row.template),
    content: row.draft.content,
    updateTime: formatDateTime(row.draft.updatedAt),
  };
}

/** Deleting a draft that is already gone succeeds (a retried delete). */
export async function deleteDraft(db: Db, session: Session, draftCode: string): Promise<void> {
  await db.delete(signDrafts).where(and(mine(session), eq(signDrafts.draftCode, draftCode)));
}
