import { describe, expect, it } from 'vitest';
import {
  customerKindsFor,
  isMatch,
  listingKindFor,
  matchScore,
  rankMatches,
  type MatchDemand,
  type MatchListing,
} from '../../domain/customer-match';

/** 陈先生 buys a 3-room home of 80-110 ㎡ for 500-700 万 in 南山 (440305), ideally in 天健世纪花园. */
const buyer: MatchDemand = {
  kind: 1,
  priceMin: 500,
  priceMax: 700,
  areaMin: 80,
  areaMax: 110,
  room: [3],
  districtIds: [440305],
  communityNames: ['天健世纪花园'],
  property: 1,
};

const listing = (overrides: Partial<MatchListing> & { id: number }): MatchListing & { id: number } => ({
  type: 1,
  districtId: 440305,
  communityName: '海岸城',
  price: 600,
  area: 95,
  room: 3,
  property: 1,
  ...overrides,
});

/** The fixed listings: each differs from the ideal one in one way. */
const listings = [
  listing({ id: 1, communityName: '天健世纪花园' }), // everything: 100
  listing({ id: 2 }), // same district, not the named community: 94
  listing({ id: 3, price: 750 }), // 7 % above the range: price half (15) → 79
  listing({ id: 4, price: 780 }), // 11 % above: does not fit
  listing({ id: 5, area: 120 }), // area 9 % above: area half (10) → 84
  listing({ id: 6, room: 2 }), // one room fewer: layout half (5) → 89
  listing({ id: 7, room: 5, property: 2 }), // two rooms off, a villa: 24+30+20+0+0 = 74
  listing({ id: 8, districtId: 440304, communityName: '福田花园' }), // another district: does not fit
  listing({ id: 9, districtId: 440304, communityName: '天健世纪花园' }), // the named community elsewhere: fits, 100
  listing({ id: 10, type: 2, price: 6000 }), // a rent listing: not for a buyer
];

describe('matching customers and listings (docs/customers.md "Matching")', () => {
  it('a buyer fits sale listings and a tenant rent listings; listings find the customer kinds back', () => {
    expect(listingKindFor(1)).toBe(1);
    expect(listingKindFor(3)).toBe(1);
    expect(listingKindFor(2)).toBe(2);
    expect(customerKindsFor(1)).toEqual([1, 3]);
    expect(customerKindsFor(2)).toEqual([2]);
  });

  it('fits by kind, price within 10 % of the range, and the named districts or communities', () => {
    expect(listings.filter((item) => isMatch(buyer, item)).map((item) => item.id)).toEqual([
      1, 2, 3, 5, 6, 7, 9,
    ]);
  });

  it('scores location 30, price 30, area 20, layout 10 and property type 10, with the reasons', () => {
    expect(matchScore(buyer, listings[0]!)).toEqual({
      score: 100,
      parts: [
        { part: 'location', points: 30, reason: '意向小区' },
        { part: 'price', points: 30, reason: '价格符合' },
        { part: 'area', points: 20, reason: '面积符合' },
        { part: 'layout', points: 10, reason: '户型符合' },
        { part: 'property', points: 10, reason: '物业类型符合' },
      ],
      reasons: ['意向小区', '价格符合', '面积符合', '户型符合', '物业类型符合'],
    });
    expect(matchScore(buyer, listings[2]!).reasons).toEqual([
      '意向区域',
      '价格接近',
      '面积符合',
      '户型符合',
      '物业类型符合',
    ]);
  });

  it('ranks the fitting listings by score, then the newest first', () => {
    const entered: Record<number, number> = { 1: 10, 9: 20 };
    const ranked = rankMatches(
      listings,
      (item) => ({ demand: buyer, listing: item }),
      (item) => ({ newer: entered[item.id] ?? 0, id: item.id }),
    );
    expect(ranked.map((item) => [item.id, item.score])).toEqual([
      [9, 100],
      [1, 100],
      [2, 94],
      [6, 89],
      [5, 84],
      [3, 79],
      [7, 74],
    ]);
  });

  it('a requirement left open (不限) fits anywhere for half the points of each open part', () => {
    const open: MatchDemand = {
      kind: 2,
      priceMin: null,
      priceMax: 5000,
      areaMin: null,
      areaMax: null,
      room: [],
      districtIds: [],
      communityNames: [],
      property: null,
    };
    const flat = listing({ id: 11, type: 2, price: 4500, districtId: 440303, communityName: '东门小区' });
    expect(isMatch(open, flat)).toBe(true);
    expect(matchScore(open, flat).score).toBe(15 + 30 + 10 + 5 + 5);
    expect(isMatch(open, { ...flat, price: 5600 })).toBe(false);
    expect(isMatch(open, { ...flat, price: 5400 })).toBe(true);
  });

  it('ranks customers for one listing the same way, the one followed up last first on a tie', () => {
    const house = listings[1]!;
    const people = [
      { id: 1, demand: buyer, followed: 5 },
      { id: 2, demand: { ...buyer, room: [2] }, followed: 9 },
      { id: 3, demand: { ...buyer, districtIds: [440304], communityNames: [] }, followed: 9 },
      { id: 4, demand: { ...buyer, communityNames: ['海岸城'] }, followed: 1 },
      { id: 5, demand: buyer, followed: 7 },
    ];
    const ranked = rankMatches(
      people,
      (person) => ({ demand: person.demand, listing: house }),
      (person) => ({ newer: person.followed, id: person.id }),
    );
    expect(ranked.map((person) => [person.id, person.score])).toEqual([
      [4, 100],
      [5, 94],
      [1, 94],
      [2, 89],
    ]);
  });

  it('a price or area on the edge of the range fits fully; up to 10 % outside it fits for half', () => {
    const price = (value: number) => matchScore(buyer, listing({ id: 1, price: value })).parts[1];
    expect(price(500)).toEqual({ part: 'price', points: 30, reason: '价格符合' });
    expect(price(700)).toEqual({ part: 'price', points: 30, reason: '价格符合' });
    expect(price(450)).toEqual({ part: 'price', points: 15, reason: '价格接近' });
    expect(price(770)).toEqual({ part: 'price', points: 15, reason: '价格接近' });
    expect(isMatch(buyer, listing({ id: 1, price: 450 }))).toBe(true);
    expect(isMatch(buyer, listing({ id: 1, price: 449 }))).toBe(false);
    expect(isMatch(buyer, listing({ id: 1, price: 771 }))).toBe(false);
    const area = (value: number) => matchScore(buyer, listing({ id: 1, area: value })).parts[2];
    expect(area(80)).toEqual({ part: 'area', points: 20, reason: '面积符合' });
    expect(area(110)).toEqual({ part: 'area', points: 20, reason: '面积符合' });
    expect(area(72)).toEqual({ part: 'area', points: 10, reason: '面积接近' });
    expect(area(71)).toEqual({ part: 'area', points: 0, reason: null });
  });

  it('a range with one end open (不限) checks the other end only', () => {
    const fromMin = { ...buyer, priceMax: null };
    expect(matchScore(fromMin, listing({ id: 1, price: 5000 })).parts[1]?.reason).toBe('价格符合');
    expect(matchScore(fromMin, listing({ id: 1, price: 460 })).parts[1]?.reason).toBe('价格接近');
    expect(isMatch(fromMin, listing({ id: 1, price: 440 }))).toBe(false);
    const upToMax = { ...buyer, priceMin: null };
    expect(matchScore(upToMax, listing({ id: 1, price: 1 })).parts[1]?.reason).toBe('价格符合');
    expect(matchScore(upToMax, listing({ id: 1, price: 760 })).parts[1]?.reason).toBe('价格接近');
    expect(isMatch(upToMax, listing({ id: 1, price: 780 }))).toBe(false);
  });

  it('a rent listing never fits a buyer, even at the wanted price', () => {
    expect(isMatch(buyer, listing({ id: 1, type: 2 }))).toBe(false);
    expect(isMatch({ ...buyer, kind: 2 }, listing({ id: 1, type: 2 }))).toBe(true);
  });

  it('a customer who named only a community is not matched elsewhere; one who named nothing fits anywhere for 15', () => {
    const communityOnly = { ...buyer, districtIds: [] };
    expect(isMatch(communityOnly, listing({ id: 1 }))).toBe(false);
    expect(isMatch(communityOnly, listing({ id: 1, communityName: '天健世纪花园' }))).toBe(true);
    const anywhere = { ...buyer, districtIds: [], communityNames: [] };
    expect(isMatch(anywhere, listing({ id: 1, districtId: 110101 }))).toBe(true);
    expect(matchScore(anywhere, listing({ id: 1 })).parts[0]).toEqual({
      part: 'location',
      points: 15,
      reason: null,
    });
    expect(matchScore(buyer, listing({ id: 1 })).parts[0]).toEqual({
      part: 'location',
      points: 24,
      reason: '意向区域',
    });
  });

  it('layout and property type: one room off any wanted count is 户型接近, 不限 is half without a reason', () => {
    const twoWants = { ...buyer, room: [1, 4] };
    expect(matchScore(twoWants, listing({ id: 1, room: 3 })).parts[3]).toEqual({
      part: 'layout',
      points: 5,
      reason: '户型接近',
    });
    expect(matchScore(buyer, listing({ id: 1, room: 5 })).parts[3]).toEqual({
      part: 'layout',
      points: 0,
      reason: null,
    });
    const open = { ...buyer, room: [], property: null };
    const result = matchScore(open, listing({ id: 1 }));
    expect(result.parts.slice(3)).toEqual([
      { part: 'layout', points: 5, reason: null },
      { part: 'property', points: 5, reason: null },
    ]);
    expect(matchScore(buyer, listing({ id: 1, property: 2 })).parts[4]).toEqual({
      part: 'property',
      points: 0,
      reason: null,
    });
    expect(result.reasons).toEqual(['意向区域', '价格符合', '面积符合']);
  });

  it('on the same score and the same date, the larger id comes first', () => {
    const ranked = rankMatches(
      [{ id: 3 }, { id: 9 }, { id: 5 }],
      ({ id }) => ({ demand: buyer, listing: listing({ id }) }),
      ({ id }) => ({ newer: 1, id }),
    );
    expect(ranked.map((r) => r.id)).toEqual([9, 5, 3]);
  });
});
