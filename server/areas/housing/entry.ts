/**
 * Entering, editing and deleting a listing (housingAdd, housingEdit, housingDelete) and the duplicate
 * check (housingCheck) against the company's de-duplication standard (repeatedFields). A duplicate is
 * refused with code 405 and the existing listing's id, and nothing is written; every edit writes its
 * field changes to the record.
 */
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db';
import { housePictures, houseTeam, houses } from '../../db/schema-house';
import { communityArchives } from '../../db/schema-community';
import { companyScope, inCompany } from '../../db/company-scope';
import { users } from '../../db/schema';
import type { BodyOf, HandlerContext, QueryOf, Session } from '../../contract/types';
import { ApiError, Codes, businessError, forbidden } from '../../contract/envelope';
import { formatDate } from '../../format';
import { checkPictureUrls } from '../sign/picture-urls';
import { findPlatformCommunity } from '../community/platform';
import { requireDictionaryCommunity } from '../community/settings';
import { tagNames } from './categories';
import { readHousingSetting, readHousingWidgetFields } from './settings';
import { checkWidgetValues } from '../../../domain/widget-fields';
import { RecordTypes } from './records';
import { writeRecord, type FieldChange } from '../records/app-records';
import { findVisibleHouse, houseAccess, requireEditable, type House, type HouseAccess } from './access';
import { HouseAuth } from '../../../domain/auth-ids';
import {
  HousePools,
  TeamRoles,
  duplicateKey,
  houseInputProblem,
  houseKindNames,
  isComparableKey,
  normalizeHouseNumber,
  propertyNames,
  renovationNames,
  towardNames,
  unitPrice,
} from '../../../domain/house-rules';
import { noPermissionMessage } from '../../../domain/permissions';
import { dealtHouseState } from './contract-deals';
import {
  isSoleAgentUploadHidden,
  maySurveyorMaterialChange,
  surveyorMaterialRefusal,
} from '../../../domain/house-team-rules';
import { withdrawFromPortals } from '../promotion/withdraw';

/** The body with the fields the contract requires (allOf + required is not carried into the generated type). */
type RequiredHouseFields =
  'type' | 'attribution' | 'area' | 'price' | 'room' | 'hall' | 'bath' | 'ownerName' | 'ownerPhone';
export type HouseInput = BodyOf<'housingAdd'> & Required<Pick<BodyOf<'housingAdd'>, RequiredHouseFields>>;
export type HouseEditInput = HouseInput & { houseId: number };
type HouseColumns = Omit<typeof houses.$inferInsert, 'companyId'>;

/** The input as columns: community from the dictionary, derived unit price, normalised numbers. */
async function toColumns(
  context: HandlerContext,
  session: Session,
  input: HouseInput,
): Promise<HouseColumns> {
  const problem = houseInputProblem(input);
  if (problem) throw businessError(problem);
  const setting = await readHousingSetting(context.db, session.companyId);
  const allowed = setting.publishingType.includes(3) || setting.publishingType.includes(input.type);
  if (!allowed) throw businessError(`公司未开放发布${houseKindNames[input.type]}房源`);
  await requireDictionaryCommunity(context.db, session.companyId, input.communityId);
  const community = input.communityId ? await findPlatformCommunity(context.db, input.communityId) : null;
  if (input.tags && input.tags.length > 0) {
    const known = await tagNames(context.db, session, HouseAuth.appType);
    const unknown = input.tags.find((id) => !known.has(id));
    if (unknown !== undefined) throw businessError(`标签（tags）中有不存在的标签：${unknown}`);
  }
  const widgetValues = checkWidgetValues(
    await readHousingWidgetFields(context.db, session.companyId),
    input.fieldsList,
  );
  if (!widgetValues.ok) throw businessError(widgetValues.problem);
  return {
    type: input.type,
    attribution: input.attribution,
    communityId: community?.id ?? null,
    communityName: community?.name ?? input.communityName!.trim(),
    cityId: community?.cityId ?? null,
    districtId: community?.districtId ?? null,
    regionId: community?.regionId ?? null,
    address: community?.address ?? null,
    buildingNo: input.buildingNo?.trim() || null,
    unitNo: input.unitNo?.trim() || null,
    roomNo: input.roomNo?.trim() || null,
    title: input.title?.trim() || null,
    room: input.room,
    hall: input.hall,
    bath: input.bath,
    area: input.area,
    insideArea: input.insideArea ?? null,
    floor: input.floor ?? null,
    totalFloor: input.totalFloor ?? null,
    toward: input.toward ?? null,
    renovation: input.renovation ?? null,
    property: input.property ?? 1,
    buildYear: input.buildYear ?? community?.buildYear ?? null,
    elevator: input.elevator ?? null,
    price: input.price,
    unitPrice: unitPrice(input.type, input.price, input.area),
    bottomPrice: input.bottomPrice ?? null,
    paymentMethod: input.paymentMethod ?? null,
    taxYears: input.taxYears ?? null,
    onlyHouse: input.onlyHouse ?? null,
    ownerName: input.ownerName.trim(),
    ownerPhone: input.ownerPhone,
    certificateNo: input.certificateNo ?? null,
    source: input.source ?? null,
    level: input.level ?? null,
    houseState: input.houseState ?? 1,
    tags: input.tags ?? [],
    remark: input.remark ?? null,
    isKey: input.isKey ?? 0,
    isSoleAgency: input.isSoleAgency ?? 0,
    vrUrl: input.vrUrl ?? null,
    fieldsList: widgetValues.value,
    rentInfo: input.type === 2 ? (input.rentInfo ?? null) : null,
  };
}

/** A building or unit number outside the community archive needs 新增楼栋、单元号 (17). */
async function checkBuildingNumbers(db: Db, access: HouseAccess, columns: HouseColumns): Promise<void> {
  if (!columns.communityId || !columns.buildingNo || access.grants.has(HouseAuth.newBuildingNo)) return;
  const [archive] = await db
    .select({ buildings: communityArchives.buildings })
    .from(communityArchives)
    .where(
      and(
        inCompany(communityArchives, access.session.companyId),
        eq(communityArchives.communityId, columns.communityId),
      ),
    );
  if (!archive || archive.buildings.length === 0) return;
  const known = archive.buildings.some(
    (building) => normalizeHouseNumber(building.buildingNo) === normalizeHouseNumber(columns.buildingNo),
  );
  if (!known)
    throw businessError(
      `楼栋号（buildingNo）${columns.buildingNo} 不在小区档案中，您没有新增楼栋、单元号的权限`,
    );
}

export type DuplicateProbe = {
  type: number;
  communityId?: number | null;
  communityName: string;
  buildingNo?: string | null;
  unitNo?: string | null;
  roomNo?: string | null;
  ownerPhone?: string | null;
};

/** The company's listing that the standard calls the same as `probe` (same kind, not deleted), or null. */
export async function findDuplicate(
  db: Db,
  companyId: number,
  probe: DuplicateProbe,
  exceptId?: number,
): Promise<{ id: number; houseNo: string; attributorName: string | null } | null> {
  const setting = await readHousingSetting(db, companyId);
  const key = duplicateKey(setting.repeatedFields, {
    communityId: probe.communityId ?? null,
    communityName: probe.communityName,
    buildingNo: probe.buildingNo ?? null,
    unitNo: probe.unitNo ?? null,
    roomNo: probe.roomNo ?? null,
    ownerPhone: probe.ownerPhone ?? null,
  });
  if (!isComparableKey(key)) return null;
  const normalized = (column: AnyPgColumn) =>
    sql`upper(regexp_replace(coalesce(${column}, ''), '\\s', '', 'g'))`;
  const conditions = Object.entries(key).map(([field, value]) => {
    switch (Number(field)) {
      case 1:
        return probe.communityId
          ? eq(houses.communityId, probe.communityId)
          : sql`upper(regexp_replace(${houses.communityName}, '\\s', '', 'g')) = ${value}`;
      case 2:
        return sql`${normalized(houses.buildingNo)} = ${value}`;
      case 3:
        return sql`${normalized(houses.unitNo)} = ${value}`;
      case 4:
        return sql`${normalized(houses.roomNo)} = ${value}`;
      default:
        return eq(houses.ownerPhone, value);
    }
  });
  const [found] = await db
    .select({ id: houses.id, houseNo: houses.houseNo, attributorName: users.name })
    .from(houses)
    .leftJoin(users, eq(users.id, houses.attributorId))
    .where(
      and(
        inCompany(houses, companyId),
        eq(houses.type, probe.type),
        isNull(houses.deletedAt),
        exceptId ? ne(houses.id, exceptId) : undefined,
        ...conditions,
      ),
    )
    .limit(1);
  return found ?? null;
}

export function duplicateError(found: {
  id: number;
  houseNo: string;
  attributorName: string | null;
}): ApiError {
  const holder = found.attributorName ? `，维护人 ${found.attributorName}` : '，当前在公盘';
  return new ApiError(Codes.business, `该房源已存在（房源编号 ${found.houseNo}${holder}），不能重复录入`, {
    duplicate: 1,
    houseId: found.id,
  });
}

export async function checkHouse(context: HandlerContext, session: Session, query: QueryOf<'housingCheck'>) {
  await houseAccess(context.db, session);
  const community = await findPlatformCommunity(context.db, query.communityId);
  const found = await findDuplicate(
    context.db,
    session.companyId,
    {
      type: query.type,
      communityId: community.id,
      communityName: community.name,
      buildingNo: query.buildingNo ?? null,
      unitNo: query.unitNo ?? null,
      roomNo: query.roomNo ?? null,
      ownerPhone: query.contactPhone ?? null,
    },
    query.houseId,
  );
  if (found) throw duplicateError(found);
  return { duplicate: 0 as const, houseId: null };
}

/**
 * How many listings the user holds against a role cap (16 私盘上限 / 15 公盘上限), and the cap. A dealt
 * listing (我售 / 我租, state 3) has left the pools (as housingPosts lists them): it takes no room.
 */
export async function poolUsage(db: Db, access: HouseAccess, attribution: number) {
  const authId = attribution === HousePools.private ? HouseAuth.privateLimit : HouseAuth.publicLimit;
  const limit = access.grants.get(authId)?.count ?? null;
  const mine =
    attribution === HousePools.private
      ? eq(houses.attributorId, access.session.userId)
      : eq(houses.entryUserId, access.session.userId);
  const [row] = await db
    .select({ used: count() })
    .from(houses)
    .where(
      and(
        inCompany(houses, access.session.companyId),
        isNull(houses.deletedAt),
        eq(houses.attribution, attribution),
        ne(houses.houseState, dealtHouseState),
        mine,
      ),
    );
  const used = row?.used ?? 0;
  return {
    attribution: attribution as 1 | 2,
    limit,
    used,
    remain: limit === null ? null : Math.max(0, limit - used),
  };
}

export async function requirePoolRoom(db: Db, access: HouseAccess, attribution: number): Promise<void> {
  const usage = await poolUsage(db, access, attribution);
  if (usage.remain === 0) {
    const pool = attribution === HousePools.private ? '私盘' : '公盘';
    throw businessError(`您的${pool}已达上限（${usage.limit} 条），请先处理已有${pool}房源`);
  }
}

async function pictureColumns(context: HandlerContext, input: HouseInput) {
  const pictures = input.pictures ?? [];
  const urls = await checkPictureUrls(
    context.files,
    pictures.map((picture) => picture.url),
    { label: '房源图片', key: 'pictures' },
  );
  return urls.map((url, sort) => ({ url, sort, type: pictures.find((p) => p.url.endsWith(url))?.type ?? 1 }));
}

/**
 * The pictures an edit drops: the surveyor's may go only by the surveyor or with 实勘人全部资料编辑、删除
 * (23); the exclusive agent's that this person cannot see (查看独家人上传资料, 24) stay as they are.
 * Answers who uploaded each picture that stays, and the hidden ones to keep.
 */
async function checkPictureChanges(
  db: Db,
  access: HouseAccess,
  house: House,
  pictures: { url: string }[],
): Promise<{ uploaders: Map<string, number | null>; hidden: { url: string; type: number }[] }> {
  const [existing, team] = await Promise.all([
    db
      .select({ url: housePictures.url, type: housePictures.type, uploaderId: housePictures.uploaderId })
      .from(housePictures)
      .where(and(inCompany(housePictures, access.session.companyId), eq(housePictures.houseId, house.id)))
      .orderBy(housePictures.sort),
    db
      .select({ userId: houseTeam.userId, role: houseTeam.role })
      .from(houseTeam)
      .where(and(inCompany(houseTeam, access.session.companyId), eq(houseTeam.houseId, house.id))),
  ]);
  const soleAgentId = team.find((member) => member.role === TeamRoles.soleAgent)?.userId ?? null;
  const hidden = existing.filter((picture) =>
    isSoleAgentUploadHidden({
      uploaderId: picture.uploaderId,
      soleAgentId,
      viewerId: access.session.userId,
      mayViewSoleAgentUploads: access.grants.has(HouseAuth.viewSoleAgentUploads),
    }),
  );
  const kept = new Set([...pictures, ...hidden].map((picture) => picture.url));
  const surveyorIds = team
    .filter((member) => member.role === TeamRoles.surveyor)
    .map((member) => member.userId);
  const dropsSurveyors = existing.some(
    (picture) =>
      picture.uploaderId !== null && surveyorIds.includes(picture.uploaderId) && !kept.has(picture.url),
  );
  const mayDrop = surveyorIds.some((surveyorId) =>
    maySurveyorMaterialChange({
      surveyorId,
      editorId: access.session.userId,
      mayEditSurveyorMaterial: access.grants.has(HouseAuth.editSurveyorMaterial),
    }),
  );
  if (dropsSurveyors && !mayDrop) throw forbidden(surveyorMaterialRefusal);
  return {
    uploaders: new Map(existing.map((picture) => [picture.url, picture.uploaderId])),
    hidden: hidden.filter((picture) => !pictures.some((given) => given.url === picture.url)),
  };
}

export async function addHouse(context: HandlerContext, session: Session, input: HouseInput) {
  const access = await houseAccess(context.db, session);
  if (!access.grants.has(HouseAuth.add)) throw forbidden(noPermissionMessage);
  const columns = await toColumns(context, session, input);
  await checkBuildingNumbers(context.db, access, columns);
  const pictures = await pictureColumns(context, input);
  const found = await findDuplicate(context.db, session.companyId, columns);
  if (found) throw duplicateError(found);
  await requirePoolRoom(context.db, access, input.attribution);
  const now = context.clock.now();
  const isPrivate = input.attribution === HousePools.private;
  return context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    const [row] = await scope
      .insert(houses, {
        ...columns,
        attributorId: isPrivate ? session.userId : null,
        deptId: session.deptId,
        entryUserId: session.userId,
        privateSince: isPrivate ? now : null,
        entryTime: now,
      })
      .returning({ id: houses.id });
    const houseId = row!.id;
    const houseNo = `${input.type === 1 ? 'CS' : 'CZ'}${formatDate(now).replaceAll('-', '')}${String(houseId).padStart(5, '0')}`;
    await scope.update(houses, { houseNo }, eq(houses.id, houseId));
    await scope.insert(houseTeam, { houseId, role: TeamRoles.entry, userId: session.userId, createdAt: now });
    if (isPrivate)
      await scope.insert(houseTeam, {
        houseId,
        role: TeamRoles.maintainer,
        userId: session.userId,
        createdAt: now,
      });
    for (const picture of pictures)
      await scope.insert(housePictures, { ...picture, houseId, uploaderId: session.userId, createdAt: now });
    await writeRecord(
      tx,
      context.clock,
      { companyId: session.companyId, userId: session.userId, ip: context.ip },
      {
        appType: HouseAuth.appType,
        itemId: houseId,
        type: RecordTypes.operation,
        content: `录入${houseKindNames[input.type]}房源（${isPrivate ? '私盘' : '公盘'}）`,
      },
    );
    return { houseId, houseNo };
  });
}

const changeTitles: Partial<Record<keyof HouseColumns, string>> = {
  communityName: '小区',
  buildingNo: '楼栋号',
  unitNo: '单元号',
  roomNo: '门牌号',
  title: '标题',
  room: '室',
  hall: '厅',
  bath: '卫',
  area: '建筑面积',
  insideArea: '套内面积',
  floor: '所在楼层',
  totalFloor: '总楼层',
  toward: '朝向',
  renovation: '装修',
  property: '物业类型',
  price: '价格',
  bottomPrice: '底价',
  ownerName: '业主姓名',
  ownerPhone: '业主电话',
  certificateNo: '产权证号',
  source: '来源',
  level: '等级',
  remark: '备注',
  isKey: '钥匙',
  isSoleAgency: '独家',
  vrUrl: 'VR 地址',
};

const protectedChangeFields = new Set(['ownerPhone', 'ownerName', 'certificateNo', 'roomNo']);

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`;
  return JSON.stringify(value);
}

function display(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (protectedChangeFields.has(field)) return '（受保护信息）';
  const names: Record<string, Record<number, string>> = {
    toward: towardNames,
    renovation: renovationNames,
    property: propertyNames,
  };
  if (names[field] && typeof value === 'number') return names[field][value] ?? String(value);
  return asText(value);
}

function fieldChanges(before: House, after: HouseColumns): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, title] of Object.entries(changeTitles) as [keyof HouseColumns, string][]) {
    const was = display(field, before[field as keyof House]);
    const now = display(field, after[field]);
    const same = asText(before[field as keyof House]) === asText(after[field]);
    if (!same) changes.push({ field, title, before: was, after: now });
  }
  return changes;
}

export async function editHouse(context: HandlerContext, session: Session, input: HouseEditInput) {
  const access = await houseAccess(context.db, session);
  const house = await findVisibleHouse(context.db, access, input.houseId);
  requireEditable(access, house);
  const { houseId, ...fields } = input;
  if (fields.type !== house.type) throw businessError('房源类型（type）录入后不能修改');
  // The pool is moved only by 转公盘 / 拣入私盘 / the team; a form read before such a move keeps it.
  const columns = { ...(await toColumns(context, session, fields)), attribution: house.attribution };
  await checkBuildingNumbers(context.db, access, columns);
  const pictures = await pictureColumns(context, fields);
  const found = await findDuplicate(context.db, session.companyId, { ...columns, type: house.type }, houseId);
  if (found) throw duplicateError(found);
  const kept =
    fields.pictures === undefined ? null : await checkPictureChanges(context.db, access, house, pictures);
  const changes = fieldChanges(house, columns);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const scope = companyScope(tx, session.companyId);
    await scope.update(houses, { ...columns, updateTime: now }, eq(houses.id, houseId));
    if (kept) {
      await scope.delete(housePictures, eq(housePictures.houseId, houseId));
      const all = [
        ...pictures,
        ...kept.hidden.map((picture, index) => ({ ...picture, sort: pictures.length + index })),
      ];
      for (const picture of all)
        await scope.insert(housePictures, {
          ...picture,
          houseId,
          // A kept picture stays its uploader's (the surveyor's stay the surveyor's).
          uploaderId: kept.uploaders.get(picture.url) ?? session.userId,
          createdAt: now,
        });
    }
    if (changes.length > 0)
      await writeRecord(
        tx,
        context.clock,
        { companyId: session.companyId, userId: session.userId, ip: context.ip },
        {
          appType: HouseAuth.appType,
          itemId: houseId,
          type: RecordTypes.edit,
          content: `修改了${changes.map((change) => change.title).join('、')}`,
          changes,
        },
      );
  });
  return { houseId, houseNo: house.houseNo };
}

export async function deleteHouse(context: HandlerContext, session: Session, body: BodyOf<'housingDelete'>) {
  const access = await houseAccess(context.db, session);
  if (!access.grants.has(HouseAuth.remove)) throw forbidden(noPermissionMessage);
  const house = await findVisibleHouse(context.db, access, body.houseId);
  if (house.isSeal === 1) throw businessError('当前状态不可操作!');
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await companyScope(tx, session.companyId).update(
      houses,
      { deletedAt: now, deleteUserId: session.userId, deleteReason: body.reason?.trim() || null },
      eq(houses.id, house.id),
    );
    await writeRecord(
      tx,
      context.clock,
      { companyId: session.companyId, userId: session.userId, ip: context.ip },
      {
        appType: HouseAuth.appType,
        itemId: house.id,
        type: RecordTypes.operation,
        content: `删除房源到回收站${body.reason ? `，原因：${body.reason}` : ''}`,
      },
    );
    await withdrawFromPortals(tx, context.clock, session.companyId, house.id, '房源已删除');
  });
}
