/**
 * Organisation demo data: the cities each demo company works in (深圳 and 广州 for A, 上海 for B),
 * and company A's rank groups and ranks (职级设置).
 */
import type { Db } from '../../db/db';
import { openCities, rankGroups, ranks } from '../../db/schema-org';

const demoRanks = [
  { group: '业务序列', ranks: ['置业顾问', '高级置业顾问', '资深置业顾问'] },
  { group: '管理序列', ranks: ['店长', '区域经理'] },
];

export async function seedOrgDemo(db: Db, companies: { a: number; b: number }): Promise<void> {
  await db
    .insert(openCities)
    .values([
      { companyId: companies.a, cityId: 4403, isDefault: true, sort: 0 },
      { companyId: companies.a, cityId: 4401, isDefault: false, sort: 1 },
      { companyId: companies.b, cityId: 3101, isDefault: true, sort: 0 },
    ])
    .onConflictDoNothing();
  for (const [sort, entry] of demoRanks.entries()) {
    const [group] = await db
      .insert(rankGroups)
      .values({ companyId: companies.a, name: entry.group, sort })
      .onConflictDoNothing()
      .returning({ id: rankGroups.id });
    if (!group) continue;
    await db.insert(ranks).values(
      entry.ranks.map((name, index) => ({
        companyId: companies.a,
        rankGroupId: group.id,
        name,
        level: index + 1,
        sort: index,
      })),
    );
  }
}
