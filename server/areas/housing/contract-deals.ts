/**
 * What the listing area offers the signing area (issue 41, STYLE 13): a listing the user may see,
 * as the facts a contract form is prefilled with, and the deal written back when a contract that
 * concerns the listing is signed, and taken back when it is voided. The signing area calls these
 * inside its own transaction, so a contract's change and the listing's change exist together or not
 * at all; each change is written to the listing's record naming the contract.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { houseTeam, houses } from '../../db/schema-house';
import { acrossCompanies, companyScope } from '../../db/company-scope';
import { formatDate } from '../../format';
import type { Session } from '../../contract/types';
import type { Clock } from '../../clock';
import { businessError } from '../../contract/envelope';
import { findCity, findProvince } from '../regions/regions';
import { districtName } from '../community/platform';
import { writeRecord, type RecordAuthor } from '../records/app-records';
import { findVisibleHouse, houseAccess } from './access';
import { visibleKeyFields } from './protection';
import { readHousingSetting } from './settings';
import { RecordTypes } from './records';
import { writeSystemFollowUp } from './follow-ups';
import { HouseAuth } from '../../../domain/auth-ids';
import {
  HousePools,
  HouseKinds,
  houseStateName,
  propertyNames,
  towardNames,
  renovationNames,
} from '../../../domain/house-rules';
import { withdrawFromPortals } from '../promotion/withdraw';
import { withdrawalReason } from '../../../domain/promotion';

/** 我售 / 我租: the listing was dealt by the company itself. */
export const dealtHouseState = 3;
const validHouseState = 1;

export type ContractKind = 1 | 2;

export type HouseForContract = {
  houseId: number;
  kind: ContractKind;
  province: { id: number | null; name: string | null };
  city: { id: number | null; name: string | null };
  district: { id: number | null; name: string | null };
  communityName: string;
  address: string | null;
  buildingNo: string | null;
  unitNo: string | null;
  roomNo: string | null;
  area: number;
  room: number;
  hall: number;
  bath: number;
  floor: number | null;
  totalFloor: number | null;
  toward: string | null;
  renovation: string | null;
  use: string | null;
  certificateNo: string | null;
  /** 出售 in 万元, 出租 in 元/月, as the listing keeps it. */
  price: number;
  ownerName: string;
  /** The owner's phone when the user may see it (the listing's protection rule), else null. */
  ownerPhone: string | null;
  houseState: number;
};

/** What is done with the listing: 签 an online contract, or 录入 one signed offline into the ledger. */
export type ContractPurpose = 'sign' | 'record';

const kindMismatch = (kind: ContractKind, purpose: ContractPurpose) => {
  const verb = purpose === 'sign' ? '签' : '录入';
  return businessError(
    kind === 1 ? `所选房源不是出售房源，不能${verb}买卖合同` : `所选房源不是出租房源，不能${verb}租赁合同`,
  );
};

/**
 * A listing the user sees (404 房源不存在或已被删除 otherwise, another company's included), with the
 * protected fields as the listing's protection rule shows them to this user.
 */
export async function houseForContract(
  db: Db,
  session: Session,
  houseId: number,
  kind: ContractKind,
  purpose: ContractPurpose = 'sign',
): Promise<HouseForContract> {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  if (house.type !== (kind === 1 ? HouseKinds.sell : HouseKinds.rent)) throw kindMismatch(kind, purpose);
  const setting = await readHousingSetting(db, session.companyId);
  const shown = await visibleKeyFields(db, access, house, setting);
  const city = house.cityId ? findCity(house.cityId) : undefined;
  return {
    houseId: house.id,
    kind,
    province: {
      id: city?.provinceid ?? null,
      name: city ? (findProvince(city.provinceid)?.name ?? null) : null,
    },
    city: { id: house.cityId, name: city?.name ?? null },
    district: {
      id: house.districtId,
      name: house.districtId && house.cityId ? districtName(house.districtId, house.cityId) : null,
    },
    communityName: house.communityName,
    address: house.address,
    buildingNo: shown.buildingNo,
    unitNo: shown.unitNo,
    roomNo: shown.roomNo,
    area: house.area,
    room: house.room,
    hall: house.hall,
    bath: house.bath,
    floor: house.floor,
    totalFloor: house.totalFloor,
    toward: house.toward ? (towardNames[house.toward] ?? null) : null,
    renovation: house.renovation ? (renovationNames[house.renovation] ?? null) : null,
    use: house.property ? (propertyNames[house.property] ?? null) : null,
    certificateNo: shown.certificateNo,
    price: house.price,
    ownerName: house.ownerName,
    ownerPhone: shown.ownerPhoneShown ? house.ownerPhone : null,
    houseState: house.houseState,
  };
}

/** The short name of a listing a contract shows and links to. */
export type HouseRef = {
  houseId: number;
  houseNo: string;
  type: 1 | 2;
  title: string;
  houseState: number;
  stateName: string;
};

/** The listings of these ids in the company (deleted ones included: a contract still names them). */
export async function houseRefs(
  db: Db,
  companyId: number,
  houseIds: number[],
): Promise<Map<number, HouseRef>> {
  if (houseIds.length === 0) return new Map();
  const scope = companyScope(db, companyId);
  const rows = await db
    .select({
      id: houses.id,
      houseNo: houses.houseNo,
      type: houses.type,
      communityName: houses.communityName,
      buildingNo: houses.buildingNo,
      houseState: houses.houseState,
    })
    .from(houses)
    .where(scope.where(houses, inArray(houses.id, houseIds)));
  const setting = await readHousingSetting(db, companyId);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        houseId: row.id,
        houseNo: row.houseNo,
        type: row.type === HouseKinds.rent ? 2 : 1,
        title: [row.communityName, row.buildingNo ? `${row.buildingNo}栋` : ''].filter(Boolean).join(' '),
        houseState: row.houseState,
        stateName: houseStateName(
          row.houseState,
          row.type,
          row.type === HouseKinds.rent ? setting.rentHousingState : setting.sellHousingState,
        ),
      },
    ]),
  );
}

export type DealInput = {
  houseId: number;
  contractNo: string;
  /** 1 买卖, 2 租赁 */
  kind: ContractKind;
  /** A lease's end date (YYYY-MM-DD), kept on the rented listing. */
  leaseEnd?: string | null;
  /** How the contract ended when its deal is taken back (作废 by default). */
  ended?: string;
};

async function lockedHouse(tx: Db, companyId: number, houseId: number) {
  const [house] = await tx
    .select()
    .from(houses)
    .where(companyScope(tx, companyId).where(houses, eq(houses.id, houseId)))
    .for('update');
  return house;
}

/**
 * The contract is signed: the listing becomes 我售 / 我租 and leaves the pools' working states; a
 * rented listing keeps the lease's end. Written in the caller's transaction, with a record.
 */
export async function applyHouseDeal(
  tx: Db,
  clock: Clock,
  who: RecordAuthor,
  input: DealInput,
): Promise<void> {
  const house = await lockedHouse(tx, who.companyId, input.houseId);
  if (!house) return;
  const now = clock.now();
  const setting = await readHousingSetting(tx, who.companyId);
  const names = house.type === HouseKinds.rent ? setting.rentHousingState : setting.sellHousingState;
  const from = houseStateName(house.houseState, house.type, names);
  const to = houseStateName(dealtHouseState, house.type, names);
  await companyScope(tx, who.companyId).update(
    houses,
    {
      houseState: dealtHouseState,
      ...(input.kind === 2 && input.leaseEnd
        ? { rentInfo: { ...(house.rentInfo ?? {}), rentExpire: input.leaseEnd } }
        : {}),
      updateTime: now,
    },
    eq(houses.id, house.id),
  );
  const deal = input.kind === 1 ? '成交' : `出租${input.leaseEnd ? `至 ${input.leaseEnd}` : ''}`;
  const content = `合同 ${input.contractNo} 已签约，房源${deal}：状态由「${from}」改为「${to}」`;
  await writeRecord(tx, clock, who, {
    appType: HouseAuth.appType,
    itemId: house.id,
    type: RecordTypes.state,
    content,
    changes: [{ field: 'houseState', title: '房源状态', before: from, after: to }],
  });
  await writeSystemFollowUp(tx, who.companyId, house.id, who.userId, content, now);
  // 我售 / 我租: off every portal, queued with the deal itself (issue 37).
  const reason = withdrawalReason(house.type, dealtHouseState, false);
  if (reason) await withdrawFromPortals(tx, clock, who.companyId, house.id, reason);
}

/** The contract is voided (or ended otherwise) after it was a deal: the listing is 有效 again, with a record. */
export async function undoHouseDeal(
  tx: Db,
  clock: Clock,
  who: RecordAuthor,
  input: DealInput,
): Promise<void> {
  const house = await lockedHouse(tx, who.companyId, input.houseId);
  if (!house || house.houseState !== dealtHouseState) return;
  const now = clock.now();
  const setting = await readHousingSetting(tx, who.companyId);
  const names = house.type === HouseKinds.rent ? setting.rentHousingState : setting.sellHousingState;
  const from = houseStateName(house.houseState, house.type, names);
  const to = houseStateName(validHouseState, house.type, names);
  await companyScope(tx, who.companyId).update(
    houses,
    { houseState: validHouseState, updateTime: now },
    eq(houses.id, house.id),
  );
  const content = `合同 ${input.contractNo} ${input.ended ?? '已作废'}，撤销${input.kind === 1 ? '成交' : '出租'}：状态由「${from}」改为「${to}」`;
  await writeRecord(tx, clock, who, {
    appType: HouseAuth.appType,
    itemId: house.id,
    type: RecordTypes.state,
    content,
    changes: [{ field: 'houseState', title: '房源状态', before: from, after: to }],
  });
  await writeSystemFollowUp(tx, who.companyId, house.id, who.userId, content, now);
}

/** Whether the listing is visible to the user (the listing's contracts are listed only then; 404 otherwise). */
export async function requireVisibleHouse(db: Db, session: Session, houseId: number): Promise<void> {
  await findVisibleHouse(db, await houseAccess(db, session), houseId);
}

/** Who leaves (办理离职) and who receives his work; receiver null: the public pool. */
export type Handover = {
  companyId: number;
  from: { id: number; name: string };
  to: { id: number; name: string; deptId: number | null } | null;
  /** Who does the resignation (the record's author). */
  operatorUserId: number;
  ip: string | null;
};

/** How many private listings the leaver maintains (the resignation dialog shows it). */
export async function countHandoverHouses(db: Db, companyId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ id: houses.id })
    .from(houses)
    .where(
      companyScope(db, companyId).where(houses, eq(houses.attributorId, userId), isNull(houses.deletedAt)),
    );
  return rows.length;
}

/**
 * A leaver's listings, in the resignation's transaction: with a receiver each listing he maintains
 * becomes the receiver's (and his team places too); without one it goes to the public pool. Each
 * listing's record names both.
 */
export async function handOverHouses(tx: Db, clock: Clock, handover: Handover): Promise<number> {
  const scope = companyScope(tx, handover.companyId);
  const now = clock.now();
  const moved = await scope
    .update(
      houses,
      handover.to
        ? { attributorId: handover.to.id, deptId: handover.to.deptId, privateSince: now, updateTime: now }
        : {
            attribution: HousePools.public,
            attributorId: null,
            deptId: null,
            privateSince: null,
            updateTime: now,
          },
      eq(houses.attributorId, handover.from.id),
    )
    .returning({ id: houses.id });
  if (handover.to)
    await scope.update(houseTeam, { userId: handover.to.id }, eq(houseTeam.userId, handover.from.id));
  else await scope.delete(houseTeam, eq(houseTeam.userId, handover.from.id));
  const content = handover.to
    ? `${handover.from.name} 离职，房源交接给 ${handover.to.name}`
    : `${handover.from.name} 离职且无交接人，房源转为公盘`;
  const who = { companyId: handover.companyId, userId: handover.operatorUserId, ip: handover.ip };
  for (const { id } of moved) {
    await writeRecord(tx, clock, who, {
      appType: HouseAuth.appType,
      itemId: id,
      type: RecordTypes.state,
      content,
      changes: [
        {
          field: 'attributorId',
          title: '维护人',
          before: handover.from.name,
          after: handover.to?.name ?? '公盘',
        },
      ],
    });
    await writeSystemFollowUp(tx, handover.companyId, id, handover.operatorUserId, content, now);
  }
  return moved.length;
}

/**
 * A listing rented by a contract is available again once its lease has ended (the job
 * housing.leaseEnded, daily): 我租 with a 租约到期 before today (Beijing) goes back to 有效, with a record.
 */
export async function sweepEndedLeases(db: Db, clock: Clock): Promise<number> {
  const today = formatDate(clock.now());
  const ended = await db
    .select({ id: houses.id, companyId: houses.companyId, rentInfo: houses.rentInfo })
    .from(houses)
    .where(
      and(
        acrossCompanies('the lease job visits every company’s rented listings'),
        eq(houses.type, HouseKinds.rent),
        eq(houses.houseState, dealtHouseState),
        isNull(houses.deletedAt),
        sql`${houses.rentInfo} ->> 'rentExpire' < ${today}`,
      ),
    );
  for (const house of ended) {
    const content = `租约已于 ${house.rentInfo?.rentExpire ?? ''} 到期，房源恢复为有效`;
    await db.transaction(async (tx) => {
      await companyScope(tx, house.companyId).update(
        houses,
        { houseState: validHouseState, updateTime: clock.now() },
        eq(houses.id, house.id),
        eq(houses.houseState, dealtHouseState),
      );
      await writeRecord(
        tx,
        clock,
        { companyId: house.companyId, userId: null, ip: null },
        { appType: HouseAuth.appType, itemId: house.id, type: RecordTypes.state, content },
      );
      await writeSystemFollowUp(tx, house.companyId, house.id, null, content, clock.now());
    });
  }
  return ended.length;
}
