/**
 * The company the push tests work in: the demo manager's company with a 营销版 package from `now` for
 * a year (the portals' quota), and its valid sale listings with at least two pictures and a price the
 * sandbox portals accept (房天下 takes them), in id order.
 */
import { count, eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { housePictures, houses } from '../../server/db/schema-house';
import { rechargeCompanyPackages } from '../../server/db/schema-recharge';
import type { Db } from '../../server/db/db';

export async function pushableCompany(
  db: Db,
  manager: string,
  now: Date,
): Promise<{ companyId: number; listings: number[] }> {
  const [a] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.userName, manager));
  const companyId = a!.companyId;
  const rows = await db
    .select({ id: houses.id, pictures: count(housePictures.id) })
    .from(houses)
    .leftJoin(housePictures, eq(housePictures.houseId, houses.id))
    .where(
      sql`${houses.companyId} = ${companyId} and ${houses.houseState} = 1 and ${houses.deletedAt} is null and ${houses.type} = 1 and ${houses.price} between 5 and 20000`,
    )
    .groupBy(houses.id)
    .orderBy(houses.id);
  await db.insert(rechargeCompanyPackages).values({
    companyId,
    productId: 2,
    accountCount: 10,
    duration: 1,
    signCount: 20,
    startsAt: now,
    endsAt: new Date(now.getTime() + 365 * 24 * 3600_000),
  });
  return { companyId, listings: rows.filter((row) => row.pictures >= 2).map((row) => row.id) };
}
