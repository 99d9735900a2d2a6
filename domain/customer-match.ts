/**
 * How customers and listings fit each other, both ways (issue 14; docs/customers.md "Matching"): a
 * listing fits a customer's requirement when it is of the wanted kind, its price lies within the
 * wanted range or close to it, and it lies where the customer wants to live (when the customer named
 * districts or communities). Fitting listings (or customers) are ranked by a score of 100 points:
 * location 30, price 30, area 20, layout 10, property type 10. An end left open (不限) counts as
 * half the points of its part, so a customer who said more, and got it, ranks first.
 */

/** A price or area this far outside the wanted range still fits, for half the points. */
export const matchTolerance = 0.1;

export const matchWeights = { location: 30, price: 30, area: 20, layout: 10, property: 10 } as const;

/** The most candidates the server scores for one requirement or one listing (newest first). */
export const matchCandidateLimit = 2000;

export type MatchDemand = {
  /** 1 求购, 2 求租, 3 新房. */
  kind: number;
  priceMin: number | null;
  priceMax: number | null;
  areaMin: number | null;
  areaMax: number | null;
  /** Rooms wanted; 5 means five or more. */
  room: readonly number[];
  districtIds: readonly number[];
  communityNames: readonly string[];
  property: number | null;
};

export type MatchListing = {
  /** 1 出售, 2 出租. */
  type: number;
  districtId: number | null;
  communityName: string;
  price: number;
  area: number;
  room: number;
  property: number | null;
};

export type MatchPart = { part: keyof typeof matchWeights; points: number; reason: string | null };
export type MatchResult = { score: number; parts: MatchPart[]; reasons: string[] };

/** The listing kind a customer kind looks for: 求租 rent listings, 求购 and 新房 sale listings. */
export function listingKindFor(customerKind: number): 1 | 2 {
  return customerKind === 2 ? 2 : 1;
}

/** The customer kinds that look for a listing kind. */
export function customerKindsFor(listingType: number): number[] {
  return listingType === 2 ? [2] : [1, 3];
}

type Range = { min: number | null; max: number | null };

function where(value: number, range: Range): 'open' | 'inside' | 'near' | 'outside' {
  if (range.min === null && range.max === null) return 'open';
  const aboveMin = range.min === null || value >= range.min;
  const belowMax = range.max === null || value <= range.max;
  if (aboveMin && belowMax) return 'inside';
  const nearMin = range.min === null || value >= range.min * (1 - matchTolerance);
  const nearMax = range.max === null || value <= range.max * (1 + matchTolerance);
  return nearMin && nearMax ? 'near' : 'outside';
}

function wantsLocation(demand: MatchDemand): boolean {
  return demand.districtIds.length > 0 || demand.communityNames.length > 0;
}

function inCommunity(demand: MatchDemand, listing: MatchListing): boolean {
  return demand.communityNames.includes(listing.communityName);
}

function inDistrict(demand: MatchDemand, listing: MatchListing): boolean {
  return listing.districtId !== null && demand.districtIds.includes(listing.districtId);
}

/**
 * Whether the listing fits at all: the wanted kind, a price inside the range or within the
 * tolerance of it, and (when the customer named any) one of the districts or communities.
 */
export function isMatch(demand: MatchDemand, listing: MatchListing): boolean {
  if (listing.type !== listingKindFor(demand.kind)) return false;
  if (where(listing.price, { min: demand.priceMin, max: demand.priceMax }) === 'outside') return false;
  if (wantsLocation(demand) && !inCommunity(demand, listing) && !inDistrict(demand, listing)) return false;
  return true;
}

function rangePart(
  part: 'price' | 'area',
  value: number,
  range: Range,
  names: { inside: string; near: string },
): MatchPart {
  const full = matchWeights[part];
  switch (where(value, range)) {
    case 'inside':
      return { part, points: full, reason: names.inside };
    case 'near':
      return { part, points: full / 2, reason: names.near };
    case 'open':
      return { part, points: full / 2, reason: null };
    default:
      return { part, points: 0, reason: null };
  }
}

/** The score of a fitting listing for a requirement, part by part, with the reasons a broker reads. */
export function matchScore(demand: MatchDemand, listing: MatchListing): MatchResult {
  const location: MatchPart = inCommunity(demand, listing)
    ? { part: 'location', points: matchWeights.location, reason: '意向小区' }
    : inDistrict(demand, listing)
      ? { part: 'location', points: 24, reason: '意向区域' }
      : { part: 'location', points: wantsLocation(demand) ? 0 : matchWeights.location / 2, reason: null };
  const price = rangePart(
    'price',
    listing.price,
    { min: demand.priceMin, max: demand.priceMax },
    { inside: '价格符合', near: '价格接近' },
  );
  const area = rangePart(
    'area',
    listing.area,
    { min: demand.areaMin, max: demand.areaMax },
    { inside: '面积符合', near: '面积接近' },
  );
  const rooms = Math.min(listing.room, 5);
  const layout: MatchPart =
    demand.room.length === 0
      ? { part: 'layout', points: matchWeights.layout / 2, reason: null }
      : demand.room.includes(rooms)
        ? { part: 'layout', points: matchWeights.layout, reason: '户型符合' }
        : demand.room.some((wanted) => Math.abs(wanted - rooms) === 1)
          ? { part: 'layout', points: matchWeights.layout / 2, reason: '户型接近' }
          : { part: 'layout', points: 0, reason: null };
  const property: MatchPart =
    demand.property === null
      ? { part: 'property', points: matchWeights.property / 2, reason: null }
      : demand.property === listing.property
        ? { part: 'property', points: matchWeights.property, reason: '物业类型符合' }
        : { part: 'property', points: 0, reason: null };
  const parts = [location, price, area, layout, property];
  return {
    score: parts.reduce((sum, part) => sum + part.points, 0),
    parts,
    reasons: parts.flatMap((part) => (part.reason ? [part.reason] : [])),
  };
}

/**
 * The fitting ones of `items`, best first: by score, then by `newer` (larger first: the newest
 * listing, the customer followed up last), then by id (larger first), so the order is total.
 */
export function rankMatches<T>(
  items: readonly T[],
  fit: (item: T) => { demand: MatchDemand; listing: MatchListing },
  order: (item: T) => { newer: number; id: number },
): (T & MatchResult)[] {
  return items
    .flatMap((item) => {
      const { demand, listing } = fit(item);
      return isMatch(demand, listing) ? [{ ...item, ...matchScore(demand, listing) }] : [];
    })
    .sort((a, b) => {
      if (b.score !== a.score) return b.score - a.score;
      const x = order(a);
      const y = order(b);
      return y.newer !== x.newer ? y.newer - x.newer : y.id - x.id;
    });
}
