/**
 * Community demo data: company A has archived most of the 深圳 communities of the platform base —
 * the ones its stores work — with their buildings (as many as the platform says the community has;
 * floors, units and homes per floor after its building type and household count), so a listing is
 * entered by building, unit and room, and the listing and customer demo data are built on them.
 * Three 深圳 communities stay without an archive for a manager to adopt (天健世纪花园, 碧海云天,
 * 金地海景花园). Company B has archived one in 上海.
 */
import { inArray } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { communityArchives, platformCommunities, type CommunityBuildingRow } from '../../db/schema-community';

type Plan = {
  name: string;
  propertyPhone: string;
  /** Floors of its buildings; an elevator above 7 floors. */
  floors: number;
  units: number;
  remark?: string;
};

/** 深圳 communities company A works, with the figures its archive keeps. */
const archivesA: Plan[] = [
  { name: '百仕达花园', propertyPhone: '0755-25500001', floors: 30, units: 2 },
  { name: '翠竹苑', propertyPhone: '0755-25500002', floors: 8, units: 3, remark: '多层无电梯' },
  { name: '金丰城', propertyPhone: '0755-25500003', floors: 26, units: 2 },
  {
    name: '香蜜湖1号',
    propertyPhone: '0755-83280001',
    floors: 12,
    units: 1,
    remark: '东门岗亭登记后可带看',
  },
  { name: '东海花园', propertyPhone: '0755-83280002', floors: 28, units: 2 },
  {
    name: '梅林一村',
    propertyPhone: '0755-83280003',
    floors: 9,
    units: 3,
    remark: '多层无电梯，带看请提前告知客户',
  },
  { name: '中海华庭', propertyPhone: '0755-83280004', floors: 33, units: 1 },
  { name: '华侨城波托菲诺', propertyPhone: '0755-26600005', floors: 12, units: 2 },
  { name: '深圳湾1号', propertyPhone: '0755-26600011', floors: 45, units: 1, remark: '带看需提前一天预约' },
  { name: '半岛城邦', propertyPhone: '0755-26600006', floors: 45, units: 2 },
  {
    name: '蔚蓝海岸',
    propertyPhone: '0755-26600007',
    floors: 30,
    units: 2,
    remark: '一期至三期分区管理',
  },
  { name: '阳光棕榈园', propertyPhone: '0755-26600012', floors: 18, units: 2 },
  { name: '中信红树湾', propertyPhone: '0755-26600013', floors: 33, units: 2 },
  { name: '科苑花园', propertyPhone: '0755-26600014', floors: 8, units: 2 },
  { name: '华润城', propertyPhone: '0755-26600015', floors: 50, units: 2 },
  { name: '海月花园', propertyPhone: '0755-26600016', floors: 18, units: 2 },
  { name: '益田村', propertyPhone: '0755-83280017', floors: 8, units: 3, remark: '多层无电梯' },
  { name: '彩田村', propertyPhone: '0755-83280018', floors: 9, units: 2 },
  { name: '景蜜村', propertyPhone: '0755-83280019', floors: 32, units: 2 },
  { name: '桃源居', propertyPhone: '0755-27700008', floors: 25, units: 2 },
  { name: '中洲华府', propertyPhone: '0755-27700020', floors: 42, units: 2 },
  { name: '天悦湾', propertyPhone: '0755-27700021', floors: 45, units: 2 },
  { name: '碧海红树园', propertyPhone: '0755-27700022', floors: 32, units: 2 },
  { name: '万科城', propertyPhone: '0755-28900023', floors: 11, units: 2 },
  { name: '万科第五园', propertyPhone: '0755-28900024', floors: 6, units: 2, remark: '多层与联排，无电梯' },
  { name: '佳兆业城市广场', propertyPhone: '0755-28900025', floors: 48, units: 2 },
  { name: '十二橡树庄园', propertyPhone: '0755-28900026', floors: 11, units: 2 },
  { name: '星河丹堤', propertyPhone: '0755-28100009', floors: 18, units: 2 },
  { name: '锦绣江南', propertyPhone: '0755-28100027', floors: 26, units: 2 },
  { name: '水榭春天', propertyPhone: '0755-28100028', floors: 33, units: 2 },
];

const archiveB: Plan = { name: '联洋年华', propertyPhone: '021-58880010', floors: 11, units: 2 };

/** The buildings of a community: its platform building count, homes per floor from its households. */
export function demoBuildings(
  plan: Plan,
  community: { totalBuildings: number | null; totalHouseholds: number | null },
): CommunityBuildingRow[] {
  const count = Math.max(1, community.totalBuildings ?? 6);
  const perFloor = Math.min(
    8,
    Math.max(
      1,
      Math.round((community.totalHouseholds ?? count * plan.floors * 4) / (count * plan.floors * plan.units)),
    ),
  );
  return Array.from({ length: count }, (_, i) => ({
    buildingNo: `${i + 1}栋`,
    unitCount: plan.units,
    floorCount: plan.floors,
    householdsPerFloor: perFloor,
    elevator: plan.floors > 7 ? (1 as const) : (0 as const),
  }));
}

export async function seedCommunityDemo(
  db: Db,
  companies: { a: { companyId: number; managerId: number }; b: { companyId: number; managerId: number } },
): Promise<void> {
  const wanted = [
    ...archivesA.map((plan) => ({ plan, company: companies.a })),
    { plan: archiveB, company: companies.b },
  ];
  const rows = await db
    .select()
    .from(platformCommunities)
    .where(
      inArray(
        platformCommunities.name,
        wanted.map((entry) => entry.plan.name),
      ),
    );
  const values = wanted.flatMap(({ plan, company }) => {
    const community = rows.find((row) => row.name === plan.name);
    if (!community) return [];
    return [
      {
        companyId: company.companyId,
        communityId: community.id,
        propertyPhone: plan.propertyPhone,
        buildings: demoBuildings(plan, community),
        remark: plan.remark ?? null,
        createUserId: company.managerId,
        updateUserId: company.managerId,
      },
    ];
  });
  if (values.length > 0) await db.insert(communityArchives).values(values).onConflictDoNothing();
}

/** The archive's buildings of a community, for demo listings entered by building, unit and room. */
export async function archivedBuildings(
  db: Db,
  companyId: number,
): Promise<Map<number, CommunityBuildingRow[]>> {
  const rows = await db
    .select({ communityId: communityArchives.communityId, buildings: communityArchives.buildings })
    .from(communityArchives)
    .where(inCompany(communityArchives, companyId));
  return new Map(rows.map((row) => [row.communityId, row.buildings]));
}
