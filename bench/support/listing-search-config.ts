/** The listing-search benchmark's fixed volumes and the search it sends (issue 13). */
export const companyCount = 10;
export const listingsPerCompany = Number(process.env['BENCH_LISTINGS'] ?? 100_000);

/** A community keyword plus two range filters, page 15, with its total. */
export const benchSearch = {
  newKey: { type: 1 as const, key: '花园' },
  price: { min: 300, max: 900 },
  area: { min: 60, max: 120 },
  type: 1 as const,
  pageindex: 1,
  pagesize: 15,
  sort: 0 as const,
  attribution: 0 as const,
};
