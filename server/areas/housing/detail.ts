/**
 * The house detail (housingDetail: requestData, attributeLabel with siPan, attributor, teamInfo,
 * pictures, vr), its team (teamPosts), the surveyor's detail and the rent extension.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { housePictures, houseTeam } from '../../db/schema-house';
import { inCompany } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import type { Session } from '../../contract/types';
import { businessError } from '../../contract/envelope';
import { formatDateTime } from '../../format';
import { findCity } from '../regions/regions';
import { districtName } from '../community/platform';
import { readHousingSetting } from './settings';
import { regionName } from './search';
import { requireFollowUpAfterKeyView, visibleKeyFields } from './protection';
import { findVisibleHouse, houseAccess, type House, type HouseAccess } from './access';
import { HouseAuth } from '../../../domain/auth-ids';
import { isSoleAgentUploadHidden } from '../../../domain/house-team-rules';
import {
  HousePools,
  TeamRoles,
  isRemovableTeamRole,
  pictureTypeNames,
  publicDueAt,
  teamRoleNames,
} from '../../../domain/house-rules';

async function teamOf(db: Db, session: Session, houseId: number) {
  const rows = await db
    .select({ team: houseTeam, name: users.name, phone: users.userName, deptName: departments.name })
    .from(houseTeam)
    .innerJoin(users, eq(users.id, houseTeam.userId))
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(and(inCompany(houseTeam, session.companyId), eq(houseTeam.houseId, houseId)))
    .orderBy(asc(houseTeam.role), asc(houseTeam.id));
  return rows.map(({ team, name, phone, deptName }) => ({
    teamId: team.id,
    role: team.role as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    roleName: teamRoleNames[team.role] ?? '协作人',
    userId: team.userId,
    name,
    phone,
    deptName,
    deletable: isRemovableTeamRole(team.role) ? (1 as const) : (0 as const),
    createTime: formatDateTime(team.createdAt),
  }));
}

async function picturesOf(db: Db, session: Session, houseId: number) {
  const rows = await db
    .select({ picture: housePictures, uploaderName: users.name })
    .from(housePictures)
    .leftJoin(users, eq(users.id, housePictures.uploaderId))
    .where(and(inCompany(housePictures, session.companyId), eq(housePictures.houseId, houseId)))
    .orderBy(asc(housePictures.sort), asc(housePictures.id));
  return rows.map(({ picture, uploaderName }, index) => ({
    pictureId: picture.id,
    type: picture.type as 1,
    typeName: pictureTypeNames[picture.type] ?? null,
    url: picture.url,
    isCover: index === 0 ? (1 as const) : (0 as const),
    uploaderName,
    createTime: formatDateTime(picture.createdAt),
    uploaderId: picture.uploaderId,
  }));
}

type PictureRow = Awaited<ReturnType<typeof picturesOf>>[number];

/** The pictures this person may see (查看独家人上传资料, 24), without the uploader's id. */
function visiblePictures(
  pictures: PictureRow[],
  access: HouseAccess,
  team: { role: number; userId: number }[],
) {
  const soleAgentId = team.find((member) => member.role === TeamRoles.soleAgent)?.userId ?? null;
  return pictures
    .filter(
      (picture) =>
        !isSoleAgentUploadHidden({
          uploaderId: picture.uploaderId,
          soleAgentId,
          viewerId: access.session.userId,
          mayViewSoleAgentUploads: access.grants.has(HouseAuth.viewSoleAgentUploads),
        }),
    )
    .map(({ uploaderId: _uploaderId, ...picture }, index) => ({
      ...picture,
      isCover: index === 0 ? (1 as const) : (0 as const),
    }));
}

async function attributorOf(db: Db, house: House) {
  if (house.attributorId === null) return null;
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      phone: users.userName,
      deptId: users.deptId,
      deptName: departments.name,
      faceUrl: users.faceUrl,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(eq(users.id, house.attributorId));
  return row ?? null;
}

export async function readHouseDetail(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  await requireFollowUpAfterKeyView(db, session, house.id);
  const setting = await readHousingSetting(db, session.companyId);
  const [keyFields, teamInfo, allPictures, attributor] = await Promise.all([
    visibleKeyFields(db, access, house, setting),
    teamOf(db, session, house.id),
    picturesOf(db, session, house.id),
    attributorOf(db, house),
  ]);
  const pictures = visiblePictures(allPictures, access, teamInfo);
  const city = house.cityId ? findCity(house.cityId) : undefined;
  const due =
    house.privateSince &&
    publicDueAt(setting.privacyToPublic, {
      attribution: house.attribution,
      privateSince: house.privateSince,
      lastFollowUpAt: house.lastFollowUpAt,
    });
  return {
    requestData: {
      houseId: house.id,
      houseNo: house.houseNo,
      type: house.type as 1 | 2,
      title: house.title,
      provinceId: city?.provinceid ?? null,
      provinceName: null,
      cityId: house.cityId,
      cityName: city?.name ?? null,
      distractId: house.districtId,
      distractName: house.districtId && house.cityId ? districtName(house.districtId, house.cityId) : null,
      regionId: house.regionId,
      regionName: regionName(house.districtId, house.regionId),
      communityId: house.communityId,
      communityName: house.communityName,
      address: house.address,
      buildingNo: keyFields.buildingNo,
      unitNo: keyFields.unitNo,
      roomNo: keyFields.roomNo,
      room: house.room,
      hall: house.hall,
      bath: house.bath,
      kitchen: null,
      balcony: null,
      area: house.area,
      insideArea: house.insideArea,
      floor: house.floor,
      totalFloor: house.totalFloor,
      toward: house.toward as 1 | null,
      renovation: house.renovation as 1 | null,
      property: house.property as 1 | null,
      buildYear: house.buildYear,
      elevator: house.elevator as 0 | 1 | null,
      price: house.price,
      unitPrice: house.unitPrice,
      bottomPrice: house.bottomPrice,
      paymentMethod: house.paymentMethod,
      taxYears: house.taxYears as 0 | 2 | 5 | null,
      onlyHouse: house.onlyHouse as 0 | 1 | null,
      ownerName: keyFields.ownerName,
      ownerPhone: keyFields.ownerPhone,
      source: house.source,
      level: house.level as 'A' | null,
      houseState: house.houseState as 1,
      attribution: house.attribution as 1 | 2,
      tags: house.tags,
      remark: house.remark,
      fieldsList: house.fieldsList as Record<string, string | number | null>,
      entryTime: formatDateTime(house.entryTime),
      updateTime: house.updateTime ? formatDateTime(house.updateTime) : null,
    },
    attributeLabel: {
      siPan: house.attribution === HousePools.private ? (1 as const) : (0 as const),
      isLock: house.isLock as 0 | 1,
      isTop: house.isTop as 0 | 1,
      isSeal: house.isSeal as 0 | 1,
      isKey: house.isKey as 0 | 1,
      isSoleAgency: house.isSoleAgency as 0 | 1,
      hasVr: house.vrUrl ? (1 as const) : (0 as const),
      publicTime: due ? formatDateTime(due) : null,
    },
    attributor,
    teamInfo,
    pictures,
    vr: house.vrUrl ? { url: house.vrUrl, coverUrl: pictures[0]?.url ?? null, createTime: null } : null,
  };
}

export async function listTeam(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  return teamOf(db, session, house.id);
}

export async function readSurveyorDetail(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  const [team, allPictures, setting] = await Promise.all([
    teamOf(db, session, house.id),
    picturesOf(db, session, house.id),
    readHousingSetting(db, session.companyId),
  ]);
  const pictures = visiblePictures(allPictures, access, team);
  const surveyor = team.find((member) => member.role === TeamRoles.surveyor);
  const rules = (house.type === 2 ? setting.rentTeam : setting.sellTeam).teamSurveyor.pictureSettings;
  return {
    houseId: house.id,
    surveyor: surveyor
      ? {
          userId: surveyor.userId,
          name: surveyor.name,
          phone: surveyor.phone,
          deptId: null,
          deptName: surveyor.deptName,
          faceUrl: null,
        }
      : null,
    surveyTime: surveyor?.createTime ?? null,
    remark: null,
    pictures,
    requirements: rules
      .filter((rule) => rule.selected === 1)
      .map((rule) => ({
        type: rule.type,
        title: rule.title,
        count: rule.count,
        uploaded: pictures.filter((picture) => picture.type === rule.type).length,
      })),
  };
}

export async function readRentExtension(db: Db, session: Session, houseId: number) {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  if (house.type !== 2) throw businessError('出售房源没有出租信息');
  const info = house.rentInfo ?? {};
  return {
    houseId: house.id,
    rentType: info.rentType ?? null,
    paymentMethod: house.paymentMethod,
    deposit: info.deposit ?? null,
    leaseTermMin: info.leaseTermMin ?? null,
    leaseTermMax: info.leaseTermMax ?? null,
    checkInDate: info.checkInDate ?? null,
    rentExpire: info.rentExpire ?? null,
    facilities: info.facilities ?? [],
    requirement: info.requirement ?? null,
  };
}
