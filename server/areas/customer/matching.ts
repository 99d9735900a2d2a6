/**
 * Customers and listings matched both ways (domain/customer-match.ts; docs/customers.md "Matching"):
 * the listings that fit a customer's requirement (customerMatchHouses) and the customers whose
 * requirement a listing fits (houseMatchCustomers). The database narrows to what can fit (kind,
 * active, price within the tolerance, the wanted districts or communities) among what the user sees;
 * the domain rule then decides and ranks, so the ranking is the tested rule and nothing else.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { customers } from '../../db/schema-customer';
import { houses } from '../../db/schema-house';
import { users } from '../../db/schema';
import type { QueryOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { findVisibleHouse, houseAccess, visibleHouses } from '../housing/access';
import { customerAccess, findVisibleCustomer, visibleCustomers, type Customer } from './access';
import { demandSummary, nameOfDistrict, phoneShown } from './book';
import { CustomerDeal } from '../../../domain/customer-rules';
import {
  customerKindsFor,
  listingKindFor,
  matchCandidateLimit,
  matchTolerance,
  rankMatches,
  type MatchDemand,
  type MatchListing,
} from '../../../domain/customer-match';
import { houseStateName, unitPrice } from '../../../domain/house-rules';

/** 有效: the only listing state and customer state that is matched. */
const activeState = 1;

function demandOf(customer: Customer): MatchDemand {
  return {
    kind: customer.type,
    priceMin: customer.priceMin,
    priceMax: customer.priceMax,
    areaMin: customer.areaMin,
    areaMax: customer.areaMax,
    room: customer.demand.room ?? [],
    districtIds: customer.demand.districtIds ?? [],
    communityNames: customer.demand.communityNames ?? [],
    property: customer.demand.property ?? null,
  };
}

function listingOf(house: typeof houses.$inferSelect): MatchListing {
  return {
    type: house.type,
    districtId: house.districtId,
    communityName: house.communityName,
    price: house.price,
    area: house.area,
    room: house.room,
    property: house.property,
  };
}

function page<T>(rows: T[], query: { pageindex?: number; pagesize?: number }) {
  const size = query.pagesize ?? 15;
  const start = ((query.pageindex ?? 1) - 1) * size;
  return { total: rows.length, rows: rows.slice(start, start + size) };
}

export async function matchHousesForCustomer(
  db: Db,
  session: Session,
  query: QueryOf<'customerMatchHouses'>,
) {
  const access = await customerAccess(db, session);
  const customer = await findVisibleCustomer(db, access, query.customerId);
  const listingsAccess = await houseAccess(db, session);
  const demand = demandOf(customer);
  const location = [
    demand.districtIds.length > 0 ? inArray(houses.districtId, [...demand.districtIds]) : undefined,
    demand.communityNames.length > 0 ? inArray(houses.communityName, [...demand.communityNames]) : undefined,
  ].filter((condition) => condition !== undefined);
  const candidates = await db
    .select({ house: houses, attributorName: users.name })
    .from(houses)
    .leftJoin(users, eq(users.id, houses.attributorId))
    .where(
      and(
        visibleHouses(listingsAccess),
        eq(houses.type, listingKindFor(demand.kind)),
        eq(houses.houseState, activeState),
        demand.priceMin !== null
          ? sql`${houses.price} >= ${demand.priceMin * (1 - matchTolerance)}`
          : undefined,
        demand.priceMax !== null
          ? sql`${houses.price} <= ${demand.priceMax * (1 + matchTolerance)}`
          : undefined,
        location.length > 0 ? or(...location) : undefined,
      ),
    )
    .orderBy(desc(houses.id))
    .limit(matchCandidateLimit);
  const ranked = rankMatches(
    candidates,
    ({ house }) => ({ demand, listing: listingOf(house) }),
    ({ house }) => ({ newer: house.entryTime.getTime(), id: house.id }),
  );
  const { total, rows } = page(ranked, query);
  return {
    total,
    data: rows.map(({ house, attributorName, score, reasons }) => ({
      houseId: house.id,
      houseNo: house.houseNo,
      type: house.type as 1 | 2,
      communityName: house.communityName,
      districtName: house.districtId ? nameOfDistrict(house.districtId) : null,
      room: house.room,
      hall: house.hall,
      bath: house.bath,
      area: house.area,
      price: house.price,
      unitPrice: house.unitPrice ?? unitPrice(house.type, house.price, house.area),
      floor: house.floor,
      totalFloor: house.totalFloor,
      property: house.property,
      attribution: house.attribution as 1 | 2,
      stateName: houseStateName(house.houseState, house.type),
      attributorName: house.attributorId ? (attributorName ?? null) : null,
      score,
      reasons,
    })),
  };
}

export async function matchCustomersForHouse(
  db: Db,
  session: Session,
  query: QueryOf<'houseMatchCustomers'>,
) {
  const house = await findVisibleHouse(db, await houseAccess(db, session), query.houseId);
  const access = await customerAccess(db, session);
  const listing = listingOf(house);
  const wants = (key: 'districtIds' | 'communityNames') =>
    sql`jsonb_array_length(coalesce(${customers.demand}->${key}, '[]'::jsonb)) > 0`;
  const candidates = await db
    .select({ customer: customers, userName: users.name })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.attributorId))
    .where(
      and(
        visibleCustomers(access),
        inArray(customers.type, customerKindsFor(house.type)),
        eq(customers.state, activeState),
        eq(customers.dealStatus, CustomerDeal.none),
        sql`(${customers.priceMin} is null or ${customers.priceMin} * ${1 - matchTolerance} <= ${listing.price})`,
        sql`(${customers.priceMax} is null or ${customers.priceMax} * ${1 + matchTolerance} >= ${listing.price})`,
        or(
          sql`not ${wants('districtIds')} and not ${wants('communityNames')}`,
          listing.districtId !== null
            ? sql`${customers.demand}->'districtIds' @> ${JSON.stringify([listing.districtId])}::jsonb`
            : undefined,
          sql`${customers.demand}->'communityNames' @> ${JSON.stringify([listing.communityName])}::jsonb`,
        ),
      ),
    )
    .orderBy(desc(sql`coalesce(${customers.lastFollowUpAt}, ${customers.entryTime})`), desc(customers.id))
    .limit(matchCandidateLimit);
  const ranked = rankMatches(
    candidates,
    ({ customer }) => ({ demand: demandOf(customer), listing }),
    ({ customer }) => ({
      newer: (customer.lastFollowUpAt ?? customer.entryTime).getTime(),
      id: customer.id,
    }),
  );
  const { total, rows } = page(ranked, query);
  return {
    total,
    data: rows.map(({ customer, userName, score, reasons }) => ({
      customerId: customer.id,
      customerNo: customer.customerNo,
      customerType: customer.type as 1 | 2 | 3,
      customerAttribution: customer.attribution as 1 | 2,
      name: customer.name,
      phone: phoneShown(access, customer, customer.phone),
      level: customer.level as 'A' | 'B' | 'C' | null,
      demandSummary: demandSummary(customer),
      userName: customer.attributorId ? (userName ?? null) : null,
      followUpTime: customer.lastFollowUpAt ? formatDateTime(customer.lastFollowUpAt) : null,
      score,
      reasons,
    })),
  };
}
