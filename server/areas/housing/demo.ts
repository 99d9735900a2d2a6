/**
 * Listing demo data: a working office on first start. Company A holds 320 listings in the real 深圳
 * communities it has archived (the ones its stores work), company B 120 in 上海; sale and rent, both pools, owners, tags, pictures,
 * team and follow-ups, entered over the past year so that lists, the price history and the estimate
 * have something to show. The numbers come from a fixed-seed generator: every start looks the same.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { houseFollowUps, housePictures, houseTeam, houses, housingSettings } from '../../db/schema-house';
import { demoPicturesFor, storeDemoPictures, type DemoPictureSet } from './demo-pictures';
import { communityArchives, platformCommunities } from '../../db/schema-community';
import { users } from '../../db/schema';
import { inCompany } from '../../db/company-scope';
import { seededRandom, demoSurnames, type DemoRandom } from '../../seed/demo-random';
import type { Session } from '../../contract/types';
import { listCategories } from './categories';
import { archivedBuildings } from '../community/demo';
import { TeamRoles, unitPrice } from '../../../domain/house-rules';
import { type WidgetField } from '../../../domain/widget-fields';
import { defaultHousingSetting } from './settings';

const givenNames = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '志强',
  '建华',
  '晓东',
  '丽华',
];
const layouts = [
  { room: 1, hall: 1, bath: 1, area: [38, 55] },
  { room: 2, hall: 1, bath: 1, area: [62, 85] },
  { room: 3, hall: 2, bath: 1, area: [88, 110] },
  { room: 3, hall: 2, bath: 2, area: [105, 135] },
  { room: 4, hall: 2, bath: 2, area: [138, 180] },
  { room: 5, hall: 2, bath: 3, area: [190, 260] },
] as const;
const sources = ['门店接待', '电话咨询', '网络端口', '老客户介绍', '社区驻守'];
const followUpTexts = [
  [1, '业主表示价格可以小幅商量，周末方便看房'],
  [2, '电话回访业主，确认房子仍在售，钥匙在物业'],
  [4, '带客户看房，客户对户型满意，觉得价格略高'],
  [6, '与业主议价，业主同意让价 5 万以内'],
  [1, '业主近期出差，看房需提前一天预约'],
  [5, '已收取钥匙，放在门店钥匙柜'],
  [3, '完成实勘，拍摄客厅、卧室、厨卫照片'],
  [2, '业主称有其他中介在卖，提醒尽快带看'],
] as const;
const paymentMethods = ['押一付一', '押一付三', '押二付一'];

/** The office's communities: those it has archived when it has any, else every community of its city. */
type DemoCompany = { companyId: number; cityId: number; count: number; seed: number; archivedOnly: boolean };

async function demoOffice(db: Db, company: DemoCompany) {
  const staff = await db
    .select({ id: users.id, deptId: users.deptId, isManager: users.isManager, roleId: users.roleId })
    .from(users)
    .where(inCompany(users, company.companyId));
  const archived = db
    .select({ id: communityArchives.communityId })
    .from(communityArchives)
    .where(inCompany(communityArchives, company.companyId));
  const communities = await db
    .select()
    .from(platformCommunities)
    .where(
      and(
        eq(platformCommunities.cityId, company.cityId),
        company.archivedOnly ? inArray(platformCommunities.id, archived) : undefined,
      ),
    );
  const session = { companyId: company.companyId, userId: staff[0]!.id, isManager: true } as Session;
  const tags = await listCategories(db, session, 1, 1);
  const buildings = await archivedBuildings(db, company.companyId);
  return { staff, communities, buildings, tags: tags.map((tag) => tag.categoryId) };
}

function phone(random: DemoRandom): string {
  return `1${random.pick(['35', '36', '37', '38', '39', '58', '59', '86', '88'])}${String(random.int(0, 99999999)).padStart(8, '0')}`;
}

const viewingWays = ['提前预约', '随时可看', '有钥匙', '下班后可看'];
const taxBearers = ['各付各税', '买方承担', '卖方承担'];

/** The demo offices' own listing fields (房源基础设置 → 自定义字段); optional, so entry works without them. */
const demoWidgetFields: WidgetField[] = [
  {
    fieldTitle: '看房方式',
    fieldName: 'fieldsList_1',
    type: 4,
    placeholder: null,
    numUnit: null,
    requiredStatus: 0,
    optionsData: viewingWays,
    optionStatus: 0,
    dateType: null,
  },
  {
    fieldTitle: '税费承担',
    fieldName: 'fieldsList_2',
    type: 4,
    placeholder: null,
    numUnit: null,
    requiredStatus: 0,
    optionsData: taxBearers,
    optionStatus: 0,
    dateType: null,
  },
];

const { paramMap: _paramMap, ...demoSetting } = defaultHousingSetting();

async function seedCompanyHouses(
  db: Db,
  company: DemoCompany,
  now: Date,
  pictures: DemoPictureSet[],
): Promise<void> {
  const random = seededRandom(company.seed);
  const { staff, communities, buildings, tags } = await demoOffice(db, company);
  if (communities.length === 0 || staff.length === 0) return;
  const agents = staff.filter((person) => !person.isManager);
  const day = 24 * 60 * 60 * 1000;
  const planned: {
    house: typeof houses.$inferInsert & { entryTime: Date };
    team: { role: number; userId: number }[];
    followUps: { category: number; content: string; userId: number; createdAt: Date }[];
  }[] = [];
  for (let index = 0; index < company.count; index += 1) {
    const community = random.pick(communities);
    const layout = random.pick(layouts);
    const area = random.int(layout.area[0], layout.area[1]) + random.int(0, 9) / 10;
    const type = random.next() < 0.7 ? 1 : 2;
    const base = community.avgUnitPrice ?? 50000;
    const price =
      type === 1
        ? Math.round((area * base * (0.88 + random.next() * 0.24)) / 1000) / 10
        : Math.round((area * base) / 650 / 100) * 100;
    const pickedFloors = random.pick([6, 9, 18, 26, 32, 33]);
    const pickedFloor = random.int(1, pickedFloors);
    const isPrivate = random.next() < 0.6;
    const maintainer = random.pick(agents.length > 0 ? agents : staff);
    const entryUser = isPrivate ? maintainer : random.pick(staff);
    const entryTime = new Date(now.getTime() - random.int(1, 360) * day - random.int(0, 36000) * 1000);
    const followUps = random.int(0, 4);
    const lastFollowUpAt =
      followUps > 0
        ? new Date(Math.min(now.getTime() - day / 2, entryTime.getTime() + random.int(1, 40) * day))
        : null;
    // Building, unit and room: from the archive's buildings when the community has them (the draws
    // are the same either way, so every other field of the demo stays as it was).
    const buildingDraw = random.int(1, 12);
    const unitDraw = random.next() < 0.5 ? random.int(1, 3) : null;
    const homeDraw = random.int(1, 8);
    const building = buildings.get(community.id)?.[
      (buildingDraw - 1) % (buildings.get(community.id)?.length ?? 1)
    ];
    const place = building
      ? {
          buildingNo: building.buildingNo,
          unitNo: building.unitCount > 0 ? `${(((unitDraw ?? 1) - 1) % building.unitCount) + 1}单元` : null,
          floor: ((pickedFloor - 1) % building.floorCount) + 1,
          totalFloor: building.floorCount,
          home: ((homeDraw - 1) % building.householdsPerFloor) + 1,
          elevator: building.elevator ?? (building.floorCount > 7 ? 1 : 0),
        }
      : {
          buildingNo: `${buildingDraw}栋`,
          unitNo: unitDraw === null ? null : `${unitDraw}单元`,
          floor: pickedFloor,
          totalFloor: pickedFloors,
          home: homeDraw,
          elevator: pickedFloors > 7 ? 1 : 0,
        };
    const roomNo = `${place.floor}${String(place.home).padStart(2, '0')}`;
    planned.push({
      house: {
        companyId: company.companyId,
        type,
        attribution: isPrivate ? 2 : 1,
        communityId: community.id,
        communityName: community.name,
        cityId: community.cityId,
        districtId: community.districtId,
        regionId: community.regionId,
        address: community.address,
        buildingNo: place.buildingNo,
        unitNo: place.unitNo,
        roomNo,
        room: layout.room,
        hall: layout.hall,
        bath: layout.bath,
        area,
        floor: place.floor,
        totalFloor: place.totalFloor,
        toward: random.pick([2, 2, 2, 9, 9, 5, 1, 7]),
        renovation: random.pick([2, 3, 4, 4, 5, 1]),
        property: random.next() < 0.92 ? 1 : random.pick([3, 4, 5]),
        buildYear: community.buildYear,
        elevator: place.elevator,
        price,
        unitPrice: unitPrice(type, price, area),
        paymentMethod: type === 2 ? random.pick(paymentMethods) : null,
        taxYears: type === 1 ? random.pick([0, 2, 5, 5]) : null,
        onlyHouse: type === 1 ? random.int(0, 1) : null,
        ownerName: `${random.pick(demoSurnames)}${random.pick(givenNames)}`,
        ownerPhone: phone(random),
        source: random.pick(sources),
        level: random.pick(['A', 'B', 'B', 'C']),
        houseState: random.next() < 0.85 ? 1 : random.pick([2, 3, 5]),
        tags: tags.length > 0 ? [...new Set([random.pick(tags), random.pick(tags)])] : [],
        isKey: random.next() < 0.3 ? 1 : 0,
        isSoleAgency: type === 1 && random.next() < 0.1 ? 1 : 0,
        isTop: random.next() < 0.04 ? 1 : 0,
        rentInfo:
          type === 2
            ? {
                rentType: random.next() < 0.85 ? 1 : 2,
                deposit: price,
                leaseTermMin: 12,
                facilities: ['空调', '洗衣机', '冰箱', '热水器', '宽带'],
              }
            : null,
        attributorId: isPrivate ? maintainer.id : null,
        deptId: (isPrivate ? maintainer : entryUser).deptId,
        entryUserId: entryUser.id,
        privateSince: isPrivate ? entryTime : null,
        lastFollowUpAt,
        entryTime,
      },
      team: [
        { role: TeamRoles.entry, userId: entryUser.id },
        ...(isPrivate ? [{ role: TeamRoles.maintainer, userId: maintainer.id }] : []),
      ],
      followUps: Array.from({ length: followUps }, (_, step) => {
        const [category, content] = random.pick(followUpTexts);
        const at = new Date(
          entryTime.getTime() + ((lastFollowUpAt!.getTime() - entryTime.getTime()) * (step + 1)) / followUps,
        );
        return { category, content, userId: maintainer.id, createdAt: at };
      }),
    });
  }
  await db
    .insert(housingSettings)
    .values({
      companyId: company.companyId,
      setting: {
        ...demoSetting,
        widgetFields: demoWidgetFields,
        widgetFieldSeq: demoWidgetFields.length + 1,
      },
    })
    .onConflictDoNothing();
  // Widget values by position, not by the random draws, so the rest of the demo stays as it was.
  planned.forEach((plan, index) => {
    plan.house.fieldsList = {
      fieldsList_1: viewingWays[index % viewingWays.length]!,
      fieldsList_2: plan.house.type === 1 ? taxBearers[index % taxBearers.length]! : null,
    };
  });
  const ids = await db
    .insert(houses)
    .values(planned.map((plan) => plan.house))
    .returning({ id: houses.id });
  // 房源编号: CS (sale) / CZ (rent), the entry date, the id.
  await db
    .update(houses)
    .set({
      houseNo: sql`(case when ${houses.type} = 1 then 'CS' else 'CZ' end) || to_char(${houses.entryTime} at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(${houses.id}::text, 5, '0')`,
    })
    .where(and(inCompany(houses, company.companyId), eq(houses.houseNo, '')));
  const idAt = (index: number) => ids[index]!.id;
  await db.insert(houseTeam).values(
    planned.flatMap((plan, index) =>
      plan.team.map((member) => ({
        ...member,
        companyId: company.companyId,
        houseId: idAt(index),
        createdAt: plan.house.entryTime,
      })),
    ),
  );
  const followUpRows = planned.flatMap((plan, index) =>
    plan.followUps.map((followUp) => ({ ...followUp, companyId: company.companyId, houseId: idAt(index) })),
  );
  if (followUpRows.length > 0) await db.insert(houseFollowUps).values(followUpRows);
  const pictureRows = planned.flatMap((plan, index) =>
    demoPicturesFor(index, pictures).map((picture, sort) => ({
      companyId: company.companyId,
      houseId: idAt(index),
      type: picture.type,
      url: picture.url,
      sort,
      uploaderId: plan.house.entryUserId ?? null,
      createdAt: plan.house.entryTime,
    })),
  );
  if (pictureRows.length > 0) await db.insert(housePictures).values(pictureRows);
}

export async function seedHouseDemo(db: Db, companies: { a: number; b: number }, now: Date): Promise<void> {
  const pictures = await storeDemoPictures(db);
  await seedCompanyHouses(
    db,
    { companyId: companies.a, cityId: 4403, count: 320, seed: 20261124, archivedOnly: true },
    now,
    pictures,
  );
  await seedCompanyHouses(
    db,
    { companyId: companies.b, cityId: 3101, count: 120, seed: 20261125, archivedOnly: false },
    now,
    pictures,
  );
}
