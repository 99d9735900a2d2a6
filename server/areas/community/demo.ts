/**
 * Community demo data: company A has archived the 深圳 communities its stores work most, with their
 * buildings (so a listing can be entered by building, unit and room), company B one in 上海.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { communityArchives, platformCommunities, type CommunityBuildingRow } from '../../db/schema-community';

function towers(count: number, floors: number, perFloor: number, units = 1): CommunityBuildingRow[] {
  return Array.from({ length: count }, (_, i) => ({
    buildingNo: `${i + 1}栋`,
    unitCount: units,
    floorCount: floors,
    householdsPerFloor: perFloor,
    elevator: 1 as const,
  }));
}

const archivesA: {
  name: string;
  propertyPhone: string;
  buildings: CommunityBuildingRow[];
  remark?: string;
}[] = [
  {
    name: '香蜜湖1号',
    propertyPhone: '0755-83280001',
    buildings: towers(6, 32, 2, 2),
    remark: '东门岗亭登记后可带看',
  },
  { name: '东海花园', propertyPhone: '0755-83280002', buildings: towers(8, 28, 4, 2) },
  {
    name: '梅林一村',
    propertyPhone: '0755-83280003',
    buildings: [
      ...towers(6, 9, 2, 3).map((b) => ({ ...b, elevator: 0 as const })),
      { buildingNo: '32栋', unitCount: 2, floorCount: 18, householdsPerFloor: 6, elevator: 1 },
    ],
    remark: '多层无电梯，带看请提前告知客户',
  },
  { name: '中海华庭', propertyPhone: '0755-83280004', buildings: towers(4, 33, 6) },
  { name: '华侨城波托菲诺', propertyPhone: '0755-26600005', buildings: towers(10, 12, 2, 2) },
  { name: '半岛城邦', propertyPhone: '0755-26600006', buildings: towers(5, 45, 4, 2) },
  {
    name: '蔚蓝海岸',
    propertyPhone: '0755-26600007',
    buildings: towers(12, 30, 4, 2),
    remark: '一期至三期分区管理',
  },
  { name: '桃源居', propertyPhone: '0755-27700008', buildings: towers(10, 25, 8, 2) },
  { name: '星河丹堤', propertyPhone: '0755-28100009', buildings: towers(8, 18, 4) },
];

export async function seedCommunityDemo(
  db: Db,
  companies: { a: { companyId: number; managerId: number }; b: { companyId: number; managerId: number } },
): Promise<void> {
  const names = [...archivesA.map((a) => a.name), '联洋年华'];
  const rows = await db
    .select({ id: platformCommunities.id, name: platformCommunities.name })
    .from(platformCommunities)
    .where(inArray(platformCommunities.name, names));
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  const values = archivesA.flatMap((archive) => {
    const communityId = idOf.get(archive.name);
    if (!communityId) return [];
    return [
      {
        companyId: companies.a.companyId,
        communityId,
        propertyPhone: archive.propertyPhone,
        buildings: archive.buildings,
        remark: archive.remark ?? null,
        updateUserId: companies.a.managerId,
      },
    ];
  });
  const lianyang = idOf.get('联洋年华');
  if (lianyang)
    values.push({
      companyId: companies.b.companyId,
      communityId: lianyang,
      propertyPhone: '021-58880010',
      buildings: towers(6, 11, 2, 2),
      remark: null,
      updateUserId: companies.b.managerId,
    });
  if (values.length > 0) await db.insert(communityArchives).values(values).onConflictDoNothing();
}
