/**
 * The company's listings per community (在售、在租、已成交), live from the listing store: active
 * (state 有效 or 暂缓) sale and rent listings, deals (state 我售/我租), and all listings not deleted.
 * Deleting an archive is refused while its community has listings.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { houses } from '../../db/schema-house';

export type HouseCount = {
  communityId: number;
  sellCount: number;
  rentCount: number;
  dealCount: number;
  totalCount: number;
};

const counted = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function countHouses(
  db: Db,
  companyId: number,
  communityIds: number[],
): Promise<Map<number, HouseCount>> {
  const counts = new Map(
    communityIds.map((communityId) => [
      communityId,
      { communityId, sellCount: 0, rentCount: 0, dealCount: 0, totalCount: 0 },
    ]),
  );
  if (communityIds.length === 0) return counts;
  const rows = await db
    .select({
      communityId: houses.communityId,
      sellCount: counted(sql`${houses.type} = 1 and ${houses.houseState} in (1, 2)`),
      rentCount: counted(sql`${houses.type} = 2 and ${houses.houseState} in (1, 2)`),
      dealCount: counted(sql`${houses.houseState} = 3`),
      totalCount: sql<number>`count(*)`.mapWith(Number),
    })
    .from(houses)
    .where(
      and(inCompany(houses, companyId), isNull(houses.deletedAt), inArray(houses.communityId, communityIds)),
    )
    .groupBy(houses.communityId);
  for (const row of rows)
    if (row.communityId !== null) counts.set(row.communityId, { ...row, communityId: row.communityId });
  return counts;
}
