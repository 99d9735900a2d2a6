/**
 * The company's listings per community (在售、在租、已成交), live from the listing store. Listings are
 * not stored yet (issue 13 builds them): until then every community counts 0, and deleting an archive
 * is never blocked by listings. The listing area replaces this query; callers stay as they are.
 */
import type { Db } from '../../db/db';

export type HouseCount = {
  communityId: number;
  sellCount: number;
  rentCount: number;
  dealCount: number;
  totalCount: number;
};

export async function countHouses(
  _db: Db,
  _companyId: number,
  communityIds: number[],
): Promise<Map<number, HouseCount>> {
  return new Map(
    communityIds.map((communityId) => [
      communityId,
      { communityId, sellCount: 0, rentCount: 0, dealCount: 0, totalCount: 0 },
    ]),
  );
}
