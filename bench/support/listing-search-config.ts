/** The listing- and customer-search benchmark's fixed volumes and the searches it sends (issues 13, 14). */
export const companyCount = 10;
export const listingsPerCompany = Number(process.env['BENCH_LISTINGS'] ?? 100_000);
export const customersPerCompany = Number(process.env['BENCH_CUSTOMERS'] ?? 200_000);

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

/** The private customer book: buy customers whose budget meets 300-500 (万) and area meets 80-100 m², page 15, with its total. */
export const benchCustomerSearch = {
  customerAttribution: 1 as const,
  customerType: 1 as const,
  price: { min: 300, max: 500 },
  area: { min: 80, max: 100 },
  pageindex: 1,
  pagesize: 15,
};

/** The same book searched by the last digits of a phone, as a broker types them. */
export const benchCustomerPhoneSearch = {
  customerAttribution: 1 as const,
  searchType: 1 as const,
  keyword: '4321',
  pageindex: 1,
  pagesize: 15,
};
