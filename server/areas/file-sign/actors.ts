/**
 * The parties of a quick-sign record: personal actors (fillMethods 1 the initiator fills the
 * certificate, 2 the party fills it when signing) and corporate actors added in two steps (the
 * company, then its operator 经办人 who signs and seals). Saving an actor keeps the user's frequent
 * contacts up to date. Parties change only while the record is editable (see requireEditable).
 */
import { and, count, desc, eq, ilike, max, ne, or, sql } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { fileSignActors, fileSignContacts, fileSignRecords } from '../../db/schema-file-sign';
import { businessError, notFound } from '../../contract/envelope';
import type { BodyOf, QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { requireSignAuth } from '../sign/access';
import { SignAuth } from '../../../domain/auth-ids';
import { requireIdCard } from '../signing/identity';
import {
  describeActor,
  findRecord,
  listRecordActors,
  requireEditable,
  type ActorRow,
  type RecordRow,
} from './records';

const maxActors = 20;

async function editableRecord(db: Db, session: Session, sysId: string, now: Date): Promise<RecordRow> {
  await requireSignAuth(db, session, SignAuth.start);
  const record = await findRecord(db, session, sysId, true);
  await requireEditable(db, record);
  await db.update(fileSignRecords).set({ updatedAt: now }).where(eq(fileSignRecords.id, record.id));
  return record;
}

async function findActor(db: Db, record: RecordRow, actorId: number): Promise<ActorRow> {
  const [actor] = await db
    .select()
    .from(fileSignActors)
    .where(and(eq(fileSignActors.id, actorId), eq(fileSignActors.recordId, record.id)));
  if (!actor) throw notFound('签署方不存在');
  return actor;
}

async function nextSortNo(db: Db, recordId: number): Promise<number> {
  const [row] = await db
    .select({ total: count(), last: max(fileSignActors.sortNo) })
    .from(fileSignActors)
    .where(eq(fileSignActors.recordId, recordId));
  if ((row?.total ?? 0) >= maxActors) throw businessError(`签署方最多 ${maxActors} 个`);
  return (row?.last ?? 0) + 1;
}

async function requireUniquePhone(db: Db, recordId: number, phone: string, exceptId?: number) {
  const [same] = await db
    .select({ id: fileSignActors.id })
    .from(fileSignActors)
    .where(
      and(
        eq(fileSignActors.recordId, recordId),
        eq(fileSignActors.phone, phone),
        exceptId === undefined ? undefined : ne(fileSignActors.id, exceptId),
      ),
    );
  if (same) throw businessError(`手机号 ${phone} 已是本合同的签署方`);
}

async function requireUniqueCompany(db: Db, recordId: number, cropName: string, exceptId?: number) {
  const [same] = await db
    .select({ id: fileSignActors.id })
    .from(fileSignActors)
    .where(
      and(
        eq(fileSignActors.recordId, recordId),
        eq(fileSignActors.cropName, cropName),
        exceptId === undefined ? undefined : ne(fileSignActors.id, exceptId),
      ),
    );
  if (same) throw businessError(`企业「${cropName}」已是本合同的签署方`);
}

async function findContact(db: Db, session: Session, contactsId: number, kind: 1 | 2) {
  const [contact] = await db
    .select()
    .from(fileSignContacts)
    .where(
      and(
        eq(fileSignContacts.id, contactsId),
        inCompany(fileSignContacts, session.companyId),
        eq(fileSignContacts.userId, session.userId),
        eq(fileSignContacts.kind, kind),
      ),
    );
  if (!contact) throw notFound('常用联系人不存在');
  return contact;
}

async function rememberContact(
  db: Db,
  session: Session,
  now: Date,
  contact: {
    kind: 1 | 2;
    name: string;
    phone: string;
    certType?: number | null;
    certNo?: string | null;
    cropName?: string;
  },
): Promise<number> {
  const values = {
    companyId: session.companyId,
    userId: session.userId,
    kind: contact.kind,
    name: contact.name,
    phone: contact.phone,
    certType: contact.certType ?? null,
    certNo: contact.certNo ?? null,
    cropName: contact.cropName ?? '',
    lastUsedAt: now,
  };
  const [row] = await db
    .insert(fileSignContacts)
    .values(values)
    .onConflictDoUpdate({
      target: [
        fileSignContacts.companyId,
        fileSignContacts.userId,
        fileSignContacts.kind,
        fileSignContacts.cropName,
        fileSignContacts.phone,
      ],
      set: { name: values.name, certType: values.certType, certNo: values.certNo, lastUsedAt: now },
    })
    .returning({ id: fileSignContacts.id });
  return row!.id;
}

function requireName(value: string, message: string): string {
  const name = value.trim();
  if (!name) throw businessError(message);
  return name;
}

function checkCert(certType: number, certNo: string): string {
  const upper = certNo.trim().toUpperCase();
  return certType === 1 ? requireIdCard(upper, '证件号码（certNo）') : upper;
}

export async function listActors(db: Db, session: Session, sysId: string) {
  await requireSignAuth(db, session, SignAuth.start);
  const record = await findRecord(db, session, sysId);
  const actors = await listRecordActors(db, record.id);
  return { data: actors.map(describeActor), total: actors.length };
}

export async function savePersonalActor(
  db: Db,
  session: Session,
  now: Date,
  body: BodyOf<'fileSignPersonalActorUpdate'>,
) {
  const name = requireName(body.name, '请输入姓名（name）');
  const selfFill = body.fillMethods === 1;
  const certType = selfFill ? (body.certType ?? 1) : null;
  const certNo = selfFill ? checkCert(certType!, body.certNo ?? '') : null;
  return db.transaction(async (tx) => {
    const record = await editableRecord(tx, session, body.contractsysId, now);
    if (body.contactsId !== undefined) await findContact(tx, session, body.contactsId, 1);
    await requireUniquePhone(tx, record.id, body.phone, body.actorId);
    const contactsId = await rememberContact(tx, session, now, {
      kind: 1,
      name,
      phone: body.phone,
      certType,
      certNo,
    });
    const values = {
      name,
      phone: body.phone,
      fillMethods: body.fillMethods,
      certType,
      certNo,
      contactsId,
      complete: 1,
    };
    if (body.actorId !== undefined) {
      const actor = await findActor(tx, record, body.actorId);
      if (actor.actorType !== 1) throw businessError('该签署方不是个人签署方');
      const [updated] = await tx
        .update(fileSignActors)
        .set(values)
        .where(eq(fileSignActors.id, actor.id))
        .returning();
      return describeActor(updated!);
    }
    const [created] = await tx
      .insert(fileSignActors)
      .values({
        ...values,
        companyId: session.companyId,
        recordId: record.id,
        actorType: 1,
        sortNo: await nextSortNo(tx, record.id),
      })
      .returning();
    return describeActor(created!);
  });
}

export async function readPersonalActor(db: Db, session: Session, body: BodyOf<'fileSignGetPersonalActor'>) {
  await requireSignAuth(db, session, SignAuth.start);
  const record = await findRecord(db, session, body.contractsysId);
  const actor = await findActor(db, record, body.actorId);
  if (actor.actorType !== 1) throw notFound('个人签署方不存在');
  return {
    actorId: actor.id,
    contractsysId: record.sysId,
    name: actor.name,
    phone: actor.phone,
    fillMethods: actor.fillMethods as 1 | 2,
    certType: actor.certType as 1 | 2 | 3 | 4 | null,
    certNo: actor.certNo,
    contactsId: actor.contactsId,
  };
}

/** Deletes a personal or corporate actor with its boxes; the others close up their order. */
export async function deleteActor(
  db: Db,
  session: Session,
  now: Date,
  body: BodyOf<'fileSignPersonalActorDelete'>,
) {
  await db.transaction(async (tx) => {
    const record = await editableRecord(tx, session, body.contractsysId, now);
    const actor = await findActor(tx, record, body.actorId);
    await tx.delete(fileSignActors).where(eq(fileSignActors.id, actor.id));
    await tx
      .update(fileSignActors)
      .set({ sortNo: sql`${fileSignActors.sortNo} - 1` })
      .where(and(eq(fileSignActors.recordId, record.id), sql`${fileSignActors.sortNo} > ${actor.sortNo}`));
    await tx
      .update(fileSignRecords)
      .set({ positions: record.positions.filter((position) => position.actorId !== actor.id) })
      .where(eq(fileSignRecords.id, record.id));
  });
}

export async function addCompanyStep1(
  db: Db,
  session: Session,
  now: Date,
  body: BodyOf<'fileSignCropActorAdd1'>,
) {
  return db.transaction(async (tx) => {
    const record = await editableRecord(tx, session, body.contractsysId, now);
    const cropName =
      body.contactsId !== undefined
        ? (await findContact(tx, session, body.contactsId, 2)).cropName
        : requireName(body.cropName, '请输入企业名称（cropName）');
    await requireUniqueCompany(tx, record.id, cropName);
    const [created] = await tx
      .insert(fileSignActors)
      .values({
        companyId: session.companyId,
        recordId: record.id,
        actorType: 2,
        sortNo: await nextSortNo(tx, record.id),
        cropName,
        contactsId: body.contactsId ?? null,
        complete: 0,
      })
      .returning();
    return describeActor(created!);
  });
}

async function saveOperator(
  tx: Db,
  session: Session,
  now: Date,
  record: RecordRow,
  actor: ActorRow,
  input: { cropName: string; name: string; phone: string },
) {
  await requireUniquePhone(tx, record.id, input.phone, actor.id);
  const contactsId = await rememberContact(tx, session, now, { kind: 2, ...input });
  const [updated] = await tx
    .update(fileSignActors)
    .set({ cropName: input.cropName, name: input.name, phone: input.phone, contactsId, complete: 1 })
    .where(eq(fileSignActors.id, actor.id))
    .returning();
  return describeActor(updated!);
}

export async function addCompanyStep2(
  db: Db,
  session: Session,
  now: Date,
  body: BodyOf<'fileSignCropActorAdd2'>,
) {
  const name = requireName(body.name, '请输入经办人人名');
  return db.transaction(async (tx) => {
    const record = await editableRecord(tx, session, body.contractsysId, now);
    const actor = await findActor(tx, record, body.actorId);
    if (actor.actorType !== 2) throw businessError('该签署方不是企业签署方');
    return saveOperator(tx, session, now, record, actor, {
      cropName: actor.cropName ?? '',
      name,
      phone: body.phone,
    });
  });
}

export async function updateCompanyActor(
  db: Db,
  session: Session,
  now: Date,
  body: BodyOf<'fileSignCropActorUpdate'>,
) {
  const name = requireName(body.name, '请输入经办人人名');
  const cropName = requireName(body.cropName, '请输入企业名称（cropName）');
  return db.transaction(async (tx) => {
    const record = await editableRecord(tx, session, body.contractsysId, now);
    const actor = await findActor(tx, record, body.actorId);
    if (actor.actorType !== 2) throw businessError('该签署方不是企业签署方');
    await requireUniqueCompany(tx, record.id, cropName, actor.id);
    return saveOperator(tx, session, now, record, actor, { cropName, name, phone: body.phone });
  });
}

type ContactsQuery = QueryOf<'fileSignPersonalActorContactsList'>;

async function listContacts(db: Db, session: Session, kind: 1 | 2, query: ContactsQuery) {
  await requireSignAuth(db, session, SignAuth.start);
  const pageindex = query.pageindex ?? 1;
  const pagesize = query.pagesize ?? 15;
  const key = query.key?.trim();
  const pattern = key ? `%${key.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const where = and(
    inCompany(fileSignContacts, session.companyId),
    eq(fileSignContacts.userId, session.userId),
    eq(fileSignContacts.kind, kind),
    pattern
      ? or(
          ilike(fileSignContacts.name, pattern),
          ilike(fileSignContacts.phone, pattern),
          kind === 2 ? ilike(fileSignContacts.cropName, pattern) : undefined,
        )
      : undefined,
  );
  const [total] = await db.select({ value: count() }).from(fileSignContacts).where(where);
  const rows = await db
    .select()
    .from(fileSignContacts)
    .where(where)
    .orderBy(desc(fileSignContacts.lastUsedAt), desc(fileSignContacts.id))
    .limit(pagesize)
    .offset((pageindex - 1) * pagesize);
  return { rows, total: total?.value ?? 0 };
}

export async function listPersonalContacts(db: Db, session: Session, query: ContactsQuery) {
  const { rows, total } = await listContacts(db, session, 1, query);
  return {
    data: rows.map((row) => ({
      contactsId: row.id,
      name: row.name,
      phone: row.phone,
      certType: row.certType as 1 | 2 | 3 | 4 | null,
      certNo:
        row.certNo && row.certNo.length > 6
          ? `${row.certNo.slice(0, 3)}${'*'.repeat(row.certNo.length - 7)}${row.certNo.slice(-4)}`
          : row.certNo,
      lastUseTime: formatDateTime(row.lastUsedAt),
    })),
    total,
  };
}

export async function listCompanyContacts(db: Db, session: Session, query: ContactsQuery) {
  const { rows, total } = await listContacts(db, session, 2, query);
  return {
    data: rows.map((row) => ({
      contactsId: row.id,
      cropName: row.cropName,
      name: row.name,
      phone: row.phone,
      lastUseTime: formatDateTime(row.lastUsedAt),
    })),
    total,
  };
}
