/**
 * What promotion (推广, issue 37) asks of the listings: one listing as a portal would receive it, read
 * with the caller's session (scope and company apply), and which pushed listings have left the
 * company's stock (我售/我租, 他售/他租, 无效, or deleted) so that they are withdrawn from the portals.
 */
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { housePictures, houses } from '../../db/schema-house';
import { inCompany } from '../../db/company-scope';
import type { Session } from '../../contract/types';
import { findCity } from '../regions/regions';
import { findVisibleHouse, houseAccess } from './access';
import { withdrawalReason } from '../../../domain/promotion';

export type ListingForPush = {
  houseId: number;
  houseNo: string;
  type: 1 | 2;
  houseState: number;
  title: string;
  communityName: string;
  cityName: string | null;
  room: number;
  hall: number;
  bath: number;
  area: number;
  price: number;
  pictureCount: number;
  coverUrl: string | null;
};

/** The listing the user sees, as a portal gets it; 404 when it is another company's or out of scope. */
export async function readListingForPush(db: Db, session: Session, houseId: number): Promise<ListingForPush> {
  const access = await houseAccess(db, session);
  const house = await findVisibleHouse(db, access, houseId);
  const pictures = await db
    .select({ url: housePictures.url })
    .from(housePictures)
    .where(and(inCompany(housePictures, session.companyId), eq(housePictures.houseId, house.id)))
    .orderBy(asc(housePictures.sort), asc(housePictures.id));
  const layout = `${house.room}室${house.hall}厅${house.bath}卫`;
  return {
    houseId: house.id,
    houseNo: house.houseNo,
    type: house.type === 2 ? 2 : 1,
    houseState: house.houseState,
    title: house.title ?? `${house.communityName} ${layout} ${house.area}㎡`,
    communityName: house.communityName,
    cityName: house.cityId ? (findCity(house.cityId)?.name ?? null) : null,
    room: house.room,
    hall: house.hall,
    bath: house.bath,
    area: house.area,
    price: house.price,
    pictureCount: pictures.length,
    coverUrl: pictures[0]?.url ?? null,
  };
}

/** Of these listings of the company, the ones that left its stock, each with the reason a portal is told. */
export async function findWithdrawnListings(
  db: Db,
  companyId: number,
  houseIds: number[],
): Promise<{ houseId: number; reason: string }[]> {
  if (houseIds.length === 0) return [];
  const rows = await db
    .select({ id: houses.id, type: houses.type, houseState: houses.houseState, deletedAt: houses.deletedAt })
    .from(houses)
    .where(
      and(
        inCompany(houses, companyId),
        inArray(houses.id, houseIds),
        or(inArray(houses.houseState, [3, 4, 5]), isNotNull(houses.deletedAt)),
      ),
    );
  return rows.flatMap((row) => {
    const reason = withdrawalReason(row.type, row.houseState, row.deletedAt !== null);
    return reason ? [{ houseId: row.id, reason }] : [];
  });
}
