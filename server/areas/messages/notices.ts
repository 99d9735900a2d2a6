/**
 * Company notices (公告, /omp/gonggao on the note host). Publishing sends one type-1 message to
 * every active staff member in the receiving range; editing adds messages for new receivers and
 * withdraws those of removed ones (read state kept); deleting withdraws them all. Only managers
 * publish; the publisher or a manager edits and deletes.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { users } from '../../db/schema';
import { messages, notices, type NoticeAttachment, type NoticeRange } from '../../db/schema-messages';
import type { Session } from '../../contract/types';
import { businessError, forbidden, notFound } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { noPermissionMessage } from '../../../domain/permissions';
import { loadHierarchy, subtreeIds } from '../org/department-scope';
import { countNoticeReads, markNoticeMessageRead, sendMessages } from './messages';

export type NoticeInput = {
  title: string;
  content: string;
  top?: number | undefined;
  range: NoticeRange;
  attachments?: NoticeAttachment[] | undefined;
};

const summaryLength = 80;

/** The plain-text summary of the notice's HTML for its messages. */
export function summarise(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > summaryLength ? `${text.slice(0, summaryLength)}…` : text;
}

/** Active staff of the company in the range; unknown departments or staff are refused by name. */
async function resolveReceivers(db: Db, companyId: number, range: NoticeRange): Promise<number[]> {
  const staff = await db
    .select({ id: users.id, deptId: users.deptId, status: users.status })
    .from(users)
    .where(inCompany(users, companyId));
  const active = staff.filter((user) => user.status === 1);
  if (range.allCompany === 1) return active.map((user) => user.id);
  if (range.deptIds.length === 0 && range.userIds.length === 0)
    throw businessError('请选择接收范围：接收部门或接收员工');
  const hierarchy = await loadHierarchy(db, companyId);
  const unknownDept = range.deptIds.find((id) => !hierarchy.byId.has(id));
  if (unknownDept !== undefined) throw businessError(`接收部门不存在：${unknownDept}`);
  const activeIds = new Set(active.map((user) => user.id));
  const unknownUser = range.userIds.find((id) => !activeIds.has(id));
  if (unknownUser !== undefined) throw businessError(`接收员工不存在或已离职：${unknownUser}`);
  const depts = subtreeIds(hierarchy, range.deptIds);
  const receivers = new Set(range.userIds);
  for (const user of active) if (user.deptId !== null && depts.has(user.deptId)) receivers.add(user.id);
  return [...receivers];
}

function normalisedRange(range: NoticeRange): NoticeRange {
  return range.allCompany === 1 ? { allCompany: 1, deptIds: [], userIds: [] } : range;
}

async function loadOwnNotice(db: Db, session: Session, noticeId: number) {
  const [notice] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, noticeId), inCompany(notices, session.companyId), isNull(notices.deletedAt)));
  if (!notice) throw notFound('公告不存在或已被删除');
  return notice;
}

function canEdit(session: Session, publisherId: number): boolean {
  return session.isManager || session.userId === publisherId;
}

export async function releaseNotice(
  db: Db,
  session: Session,
  input: NoticeInput,
  now: Date,
): Promise<number> {
  if (!session.isManager) throw forbidden(noPermissionMessage);
  return db.transaction(async (tx) => {
    const receivers = await resolveReceivers(tx, session.companyId, input.range);
    const [notice] = await tx
      .insert(notices)
      .values({
        companyId: session.companyId,
        publisherId: session.userId,
        title: input.title,
        content: input.content,
        top: input.top === 1 ? 1 : 0,
        range: normalisedRange(input.range),
        attachments: input.attachments ?? [],
        createdAt: now,
      })
      .returning({ id: notices.id });
    if (!notice) throw new Error('notice not inserted');
    await sendMessages(tx, {
      companyId: session.companyId,
      userIds: receivers,
      messageType: 1,
      title: input.title,
      content: summarise(input.content),
      noticeId: notice.id,
      senderId: session.userId,
      now,
    });
    return notice.id;
  });
}

export async function modifyNotice(
  db: Db,
  session: Session,
  noticeId: number,
  input: NoticeInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const notice = await loadOwnNotice(tx, session, noticeId);
    if (!canEdit(session, notice.publisherId)) throw forbidden(noPermissionMessage);
    const receivers = new Set(await resolveReceivers(tx, session.companyId, input.range));
    await tx
      .update(notices)
      .set({
        title: input.title,
        content: input.content,
        top: input.top === 1 ? 1 : 0,
        range: normalisedRange(input.range),
        attachments: input.attachments ?? [],
        updatedAt: now,
      })
      .where(eq(notices.id, noticeId));
    const current = await tx
      .select({ userId: messages.userId })
      .from(messages)
      .where(eq(messages.noticeId, noticeId));
    const currentIds = new Set(current.map((row) => row.userId));
    const removed = [...currentIds].filter((id) => !receivers.has(id));
    if (removed.length > 0)
      await tx
        .delete(messages)
        .where(and(eq(messages.noticeId, noticeId), inArray(messages.userId, removed)));
    await tx
      .update(messages)
      .set({ title: input.title, content: summarise(input.content) })
      .where(eq(messages.noticeId, noticeId));
    await sendMessages(tx, {
      companyId: session.companyId,
      userIds: [...receivers].filter((id) => !currentIds.has(id)),
      messageType: 1,
      title: input.title,
      content: summarise(input.content),
      noticeId,
      senderId: notice.publisherId,
      now,
    });
  });
}

export async function deleteNotice(db: Db, session: Session, noticeId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const notice = await loadOwnNotice(tx, session, noticeId);
    if (!canEdit(session, notice.publisherId)) throw forbidden(noPermissionMessage);
    await tx.delete(messages).where(eq(messages.noticeId, noticeId));
    await tx.update(notices).set({ deletedAt: now }).where(eq(notices.id, noticeId));
  });
}

/** A receiver, the publisher or a manager may read it; anyone else gets 404 as if it did not exist. */
export async function readNotice(db: Db, session: Session, noticeId: number) {
  const notice = await loadOwnNotice(db, session, noticeId);
  const [own] = await db
    .select({ readAt: messages.readAt })
    .from(messages)
    .where(and(eq(messages.noticeId, noticeId), eq(messages.userId, session.userId)));
  if (!own && !canEdit(session, notice.publisherId)) throw notFound('公告不存在或已被删除');
  const [publisher] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, notice.publisherId));
  const reads = (await countNoticeReads(db, [noticeId])).get(noticeId) ?? { receivers: 0, readers: 0 };
  return {
    gonggaoId: notice.id,
    title: notice.title,
    content: notice.content,
    top: notice.top === 1 ? (1 as const) : (0 as const),
    range: notice.range,
    attachments: notice.attachments,
    publisherId: notice.publisherId,
    publisherName: publisher?.name ?? '',
    publishTime: formatDateTime(notice.createdAt),
    updateTime: notice.updatedAt ? formatDateTime(notice.updatedAt) : null,
    readed: own?.readAt ? (1 as const) : (2 as const),
    readCount: reads.readers,
    receiverCount: reads.receivers,
    canEdit: canEdit(session, notice.publisherId) ? (1 as const) : (0 as const),
  };
}

export async function readNoticeMarked(db: Db, session: Session, noticeId: number, now: Date): Promise<void> {
  await loadOwnNotice(db, session, noticeId);
  await markNoticeMessageRead(db, session, noticeId, now);
}
