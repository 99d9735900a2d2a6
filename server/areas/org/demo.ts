/** Organisation demo data: the cities each demo company works in (深圳 and 广州 for A, 上海 for B). */
import type { Db } from '../../db/db';
import { openCities } from '../../db/schema-org';

export async function seedOrgDemo(db: Db, companies: { a: number; b: number }): Promise<void> {
  await db
    .insert(openCities)
    .values([
      { companyId: companies.a, cityId: 4403, isDefault: true, sort: 0 },
      { companyId: companies.a, cityId: 4401, isDefault: false, sort: 1 },
      { companyId: companies.b, cityId: 3101, isDefault: true, sort: 0 },
    ])
    .onConflictDoNothing();
}
