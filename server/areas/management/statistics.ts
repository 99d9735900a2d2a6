/**
 * The statistics calls of the management centre (001 section 7): totals, the trend per day (every
 * day of the range, empty ones included) and the rows per department or person, all summed from
 * the facts of statistics-facts.ts for the people in the user's scope.
 */
import type { Db } from '../../db/db';
import type { BodyOf, Session } from '../../contract/types';
import { formatDate } from '../../format';
import { dateRangeOf } from './date-range';
import {
  loadFacts,
  Measures,
  type Days,
  type Fact,
  type Family,
  type Groupings,
  type RollupState,
} from './statistics-facts';
import { departmentNames, ManagementAuth, resolvePeople, type PeopleScope } from './scope';

type Search = BodyOf<'houseStatisticsTabelV2'>;
type PageSearch = BodyOf<'houseStatisticsPageTable'>;
type Sums = Map<number, { n: number; amount: number; fee: number }>;

function add(sums: Sums, fact: Fact) {
  const sum = sums.get(fact.measure) ?? { n: 0, amount: 0, fee: 0 };
  sum.n += fact.n;
  sum.amount += fact.amount;
  sum.fee += fact.fee;
  sums.set(fact.measure, sum);
}
const n = (sums: Sums, measure: number) => sums.get(measure)?.n ?? 0;
const amount = (sums: Sums, measure: number) => sums.get(measure)?.amount ?? 0;
const fee = (sums: Sums, measure: number) => sums.get(measure)?.fee ?? 0;
const money = (value: number) => Math.round(value * 100) / 100;

export const houseMetrics = (s: Sums) => ({
  newSaleCount: n(s, Measures.newSale),
  newRentCount: n(s, Measures.newRent),
  followCount: n(s, Measures.houseFollow),
  surveyCount: n(s, Measures.survey),
  keyCount: n(s, Measures.key),
  entrustCount: n(s, Measures.entrust),
  toPublicCount: n(s, Measures.houseToPublic),
  dealCount: n(s, Measures.houseDeal),
});
export const customerMetrics = (s: Sums) => ({
  newCustomerCount: n(s, Measures.newCustomer),
  followCount: n(s, Measures.customerFollow),
  visitCount: n(s, Measures.customerVisit),
  toPublicCount: n(s, Measures.customerToPublic),
  pickCount: n(s, Measures.customerPick),
  dealCount: n(s, Measures.customerDeal),
});
export const businessMetrics = (s: Sums) => ({
  newHouseCount: n(s, Measures.newSale) + n(s, Measures.newRent),
  newCustomerCount: n(s, Measures.newCustomer),
  houseFollowCount: n(s, Measures.houseFollow),
  customerFollowCount: n(s, Measures.customerFollow),
  visitCount: n(s, Measures.customerVisit),
  contractCount: n(s, Measures.contractNew),
  signCount: n(s, Measures.signInitiated),
});
export const performanceMetrics = (s: Sums) => ({
  dealCount: n(s, Measures.dealSale) + n(s, Measures.dealRent),
  saleDealCount: n(s, Measures.dealSale),
  rentDealCount: n(s, Measures.dealRent),
  dealAmount: money(amount(s, Measures.dealSale) + amount(s, Measures.dealRent)),
  agencyFee: money(fee(s, Measures.dealSale) + fee(s, Measures.dealRent)),
});
export const signMetrics = (s: Sums) => ({
  initiatedCount: n(s, Measures.signInitiated),
  signingCount: n(s, Measures.signSigning),
  completedCount: n(s, Measures.signCompleted),
  voidedCount: n(s, Measures.signVoided),
  consumedCount: Math.round(amount(s, Measures.signConsumed)),
});
const polymerizationMetrics = (s: Sums) => {
  const performance = performanceMetrics(s);
  return Object.assign(businessMetrics(s), {
    dealCount: performance.dealCount,
    agencyFee: performance.agencyFee,
  });
};

/**
 * A row's key fields followed by its figures, in that order (as `{ ...key, ...figures }` would give):
 * object spread over the figures of five different shapes took V8's slow path, about 1.5 ms of a
 * per-person table's CPU (110 rows) in a profile at 10 clients; Object.assign takes about a tenth.
 */
const withFigures = <K extends object, T extends object>(key: K, figures: T): K & T =>
  Object.assign(key, figures);

type Loaded = {
  people: PeopleScope;
  facts: Fact[];
  days: string[];
  range: { startDate: string; endDate: string };
};

/** Where the facts come from: the roll-ups with the open days' raw rows, or (the tests' reference) the raw rows alone. */
export type FactsSource = (
  db: Db,
  companyId: number,
  people: readonly number[] | null,
  days: Days,
  families: readonly Family[],
  groupings: Groupings,
  /** The roll-up state of the same company and days, when the caller has read it. */
  state?: RollupState,
) => Promise<Fact[]>;

const byDay: Groupings = { byDay: true, byUser: false };
const byUser: Groupings = { byDay: false, byUser: true };
const both: Groupings = { byDay: true, byUser: true };

async function load(
  db: Db,
  session: Session,
  now: Date,
  search: Search,
  families: Family[],
  groupings: Groupings,
  source: FactsSource,
): Promise<Loaded> {
  const { from, to } = dateRangeOf(search, now);
  const range = { fromDay: formatDate(from), toDay: formatDate(to) };
  const people = await resolvePeople(db, session, ManagementAuth.statistics, search, range);
  const facts = await source(
    db,
    session.companyId,
    people.people,
    range,
    families,
    groupings,
    people.rollups,
  );
  const days: string[] = [];
  for (let day = from.getTime(); day < to.getTime(); day += 86_400_000) days.push(formatDate(new Date(day)));
  return {
    people,
    facts,
    days,
    range: { startDate: days[0] ?? formatDate(from), endDate: days.at(-1) ?? formatDate(from) },
  };
}

function totalsOf(facts: Fact[]): Sums {
  const sums: Sums = new Map();
  for (const fact of facts) if (fact.userId === null) add(sums, fact);
  return sums;
}

function trendOf<T extends object>(loaded: Loaded, metrics: (s: Sums) => T): ({ date: string } & T)[] {
  const byDay = new Map<string, Sums>();
  for (const fact of loaded.facts) {
    if (fact.day === null) continue;
    const sums = byDay.get(fact.day) ?? (new Map() as Sums);
    add(sums, fact);
    byDay.set(fact.day, sums);
  }
  return loaded.days.map((date) => withFigures({ date }, metrics(byDay.get(date) ?? (new Map() as Sums))));
}

type RowKey = { id: number; name: string; deptName: string };

/** Every department (type 1) or person (type 2) the search covers, with its sums; people who left only with figures. */
function rowsOf<T extends object>(loaded: Loaded, type: 1 | 2, metrics: (s: Sums) => T): (RowKey & T)[] {
  const { people } = loaded;
  const deptOf = new Map(people.staff.map((person) => [person.id, person.deptId]));
  const byKey = new Map<number, Sums>();
  for (const fact of loaded.facts) {
    if (fact.userId === null) continue;
    const key = type === 2 ? fact.userId : (deptOf.get(fact.userId) ?? 0);
    const sums = byKey.get(key) ?? (new Map() as Sums);
    add(sums, fact);
    byKey.set(key, sums);
  }
  const covered = people.people === null ? null : new Set(people.people);
  const keys: RowKey[] = [];
  if (type === 2) {
    for (const person of people.staff) {
      if (covered !== null && !covered.has(person.id)) continue;
      if (person.status !== 1 && !byKey.has(person.id)) continue;
      keys.push({
        id: person.id,
        name: person.name,
        deptName: departmentNames(people.hierarchy, person.deptId).name,
      });
    }
  } else {
    for (const id of people.deptIds) {
      const names = departmentNames(people.hierarchy, id);
      keys.push({ id, name: names.name, deptName: names.parentName });
    }
    if (byKey.has(0)) keys.push({ id: 0, name: '未分配部门', deptName: '' });
  }
  return keys.map((key) => withFigures(key, metrics(byKey.get(key.id) ?? (new Map() as Sums))));
}

function page<T extends RowKey>(rows: T[], search: PageSearch, order: (row: T) => number) {
  const sorted = [...rows].sort((a, b) => order(b) - order(a) || a.id - b.id);
  const size = search.pagesize ?? 15;
  const start = ((search.pageindex ?? 1) - 1) * size;
  return { data: sorted.slice(start, start + size), total: sorted.length };
}

export async function houseStatistics(
  db: Db,
  session: Session,
  now: Date,
  search: Search,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['house'], byDay, source);
  return {
    range: loaded.range,
    totals: houseMetrics(totalsOf(loaded.facts)),
    trend: trendOf(loaded, houseMetrics),
  };
}

export async function customerStatistics(
  db: Db,
  session: Session,
  now: Date,
  search: Search,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['customer'], byDay, source);
  return {
    range: loaded.range,
    totals: customerMetrics(totalsOf(loaded.facts)),
    trend: trendOf(loaded, customerMetrics),
  };
}

export async function businessStatistics(
  db: Db,
  session: Session,
  now: Date,
  search: Search,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['business'], byDay, source);
  return {
    range: loaded.range,
    totals: businessMetrics(totalsOf(loaded.facts)),
    trend: trendOf(loaded, businessMetrics),
  };
}

export async function performanceStatistics(
  db: Db,
  session: Session,
  now: Date,
  search: Search,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['deal'], both, source);
  const ranking = rowsOf(loaded, search.type ?? 1, performanceMetrics)
    .filter((row) => row.dealCount > 0)
    .sort((a, b) => b.agencyFee - a.agencyFee || b.dealCount - a.dealCount || a.id - b.id)
    .slice(0, 20);
  return { range: loaded.range, totals: performanceMetrics(totalsOf(loaded.facts)), ranking };
}

export async function signStatistics(
  db: Db,
  session: Session,
  now: Date,
  search: Search,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['sign'], both, source);
  return {
    range: loaded.range,
    totals: signMetrics(totalsOf(loaded.facts)),
    trend: trendOf(loaded, signMetrics),
    rows: rowsOf(loaded, search.type ?? 1, signMetrics).sort(
      (a, b) => b.initiatedCount - a.initiatedCount || a.id - b.id,
    ),
  };
}

export async function houseStatisticsPage(
  db: Db,
  session: Session,
  now: Date,
  search: PageSearch,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['house'], byUser, source);
  return page(rowsOf(loaded, search.type ?? 1, houseMetrics), search, (row) => row.newSaleCount);
}

export async function customerStatisticsPage(
  db: Db,
  session: Session,
  now: Date,
  search: PageSearch,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['customer'], byUser, source);
  return page(rowsOf(loaded, search.type ?? 1, customerMetrics), search, (row) => row.newCustomerCount);
}

export async function polymerizationStatisticsPage(
  db: Db,
  session: Session,
  now: Date,
  search: PageSearch,
  source: FactsSource = loadFacts,
) {
  const loaded = await load(db, session, now, search, ['business', 'deal'], byUser, source);
  return page(rowsOf(loaded, search.type ?? 1, polymerizationMetrics), search, (row) => row.agencyFee);
}
