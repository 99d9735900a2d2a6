/**
 * The statistics' facts: per person, Beijing day and measure, how many (and, for deals, the amount
 * and the agency fee), counted from the company's real rows over a time range. Every statistics call
 * of the management centre sums these; nothing is sampled or stored apart from the rows themselves.
 *
 * What each measure counts (the person is the one who did it):
 * - listings: entered (出售 / 出租, by the entering person, deleted ones included — they were added),
 *   follow-ups written (the system's 状态变更 entries excluded), team roles taken (实勘人, 钥匙人,
 *   独家人, 成交人: 实勘, 收钥匙, 独家委托, 成交), turned public by hand (私盘转为公盘);
 * - customers: entered, follow-ups, 带看 (follow-up category 4), turned public (转公客), picked back
 *   (拣入私客), dealt (成交) from the customer's change record;
 * - contracts: recorded in the ledger (by entry time), signings started (发起签约, by creation);
 * - deals: ledger contracts by their sign date (not 作废 or 解除), sale or rent, with the price (sale:
 *   成交价, rent: 月租金) and the agency fees of both parties;
 * - signings by their state now: 待签字 (7), 已签约 / 已完成 (8, 6), 已作废 (4), and the credits they
 *   consumed (deductions less refunds in the sign-credit ledger).
 * A move made by a job (userId null) belongs to nobody and is not counted for anyone.
 *
 * Speed at a city's scale (docs/management.md): the listing and customer measures, counted over
 * millions of rows, are kept per company, closed Beijing day, person and measure in statistics_daily
 * by the job management.statisticsRollup (statistics-rollup.ts); a call sums those for the rolled-up
 * days and counts the raw rows of the days not rolled up yet (today, and a rolled-up day whose rows
 * changed since), in one statement after one that reads how far the company is rolled up (a
 * statistics call reads that with the user's scope, scope.ts). The rolled-up days' sums are kept in
 * the process per roll-up version (rolledFacts below), so a repeated search counts only the open days.
 * The contract and signing measures change with a contract's state after the day and their tables
 * are small: they are always counted raw.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { formatDate } from '../../format';

export const Measures = {
  newSale: 1,
  newRent: 2,
  houseFollow: 3,
  survey: 4,
  key: 5,
  entrust: 6,
  houseToPublic: 7,
  houseDeal: 8,
  newCustomer: 11,
  customerFollow: 12,
  customerVisit: 13,
  customerToPublic: 14,
  customerPick: 15,
  customerDeal: 16,
  contractNew: 21,
  signInitiated: 22,
  dealSale: 31,
  dealRent: 32,
  signSigning: 41,
  signCompleted: 42,
  signVoided: 43,
  signConsumed: 44,
} as const;

export type Family = 'house' | 'customer' | 'business' | 'deal' | 'sign';

/**
 * Summed facts, in two groupings of one statement: per day and measure (`userId` null: the totals and
 * the trend) and per person and measure (`day` null: the rows per person or department); a call asks
 * only for those it shows. A row of nobody's (a contract without a person) has userId 0.
 */
export type Fact = {
  userId: number | null;
  day: string | null;
  measure: number;
  n: number;
  amount: number;
  fee: number;
};

type Part = { rolled: boolean; measures: number[]; families: Family[]; build: (w: Window) => SQL };
/** Whose rows, and when: `from` and `to` are timestamptz expressions (a value, or a column of the statement). */
type Window = {
  companyId: number;
  from: SQL;
  to: SQL;
  fromDay: string;
  toDay: string;
  people: string | null;
};

/** Whole Beijing days, [fromDay, toDay), as 'YYYY-MM-DD'. */
export type Days = { fromDay: string; toDay: string };

/** A measure's number, written into the statement (a parameter would be typed text inside CASE). */
const m = (measure: number) => sql.raw(String(measure));

const who = (column: SQL, w: Window) =>
  w.people === null ? sql`` : sql` and ${column} = any(${w.people}::int[])`;
const during = (column: SQL, w: Window) => sql`${column} >= ${w.from} and ${column} < ${w.to}`;

const parts: Part[] = [
  {
    rolled: true,
    measures: [Measures.newSale, Measures.newRent],
    families: ['house', 'business'],
    build: (w) => sql`select entry_user_id as user_id, entry_time as at,
        case when type = 1 then ${m(Measures.newSale)} else ${m(Measures.newRent)} end as measure, 0::float8 as amount, 0::float8 as fee
      from houses where company_id = ${w.companyId} and ${during(sql`entry_time`, w)} and entry_user_id is not null${who(sql`entry_user_id`, w)}`,
  },
  {
    rolled: true,
    measures: [Measures.houseFollow],
    families: ['house', 'business'],
    build: (w) => sql`select user_id, created_at, ${m(Measures.houseFollow)}, 0, 0
      from house_follow_ups where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and category <> 7 and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    rolled: true,
    measures: [Measures.survey, Measures.key, Measures.entrust, Measures.houseDeal],
    families: ['house'],
    build: (w) => sql`select user_id, created_at,
        case role when 5 then ${m(Measures.survey)} when 4 then ${m(Measures.key)} when 6 then ${m(Measures.entrust)} else ${m(Measures.houseDeal)} end, 0, 0
      from house_team where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and role in (4, 5, 6, 7) and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    rolled: true,
    measures: [Measures.houseToPublic],
    families: ['house'],
    build: (w) => sql`select user_id, created_at, ${m(Measures.houseToPublic)}, 0, 0
      from app_records where company_id = ${w.companyId} and app_type = 1 and ${during(sql`created_at`, w)}
        and content = '私盘转为公盘' and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    rolled: true,
    measures: [Measures.newCustomer],
    families: ['customer', 'business'],
    build: (w) => sql`select entry_user_id, entry_time, ${m(Measures.newCustomer)}, 0, 0
      from customers where company_id = ${w.companyId} and ${during(sql`entry_time`, w)} and entry_user_id is not null${who(sql`entry_user_id`, w)}`,
  },
  {
    rolled: true,
    measures: [Measures.customerFollow, Measures.customerVisit],
    families: ['customer', 'business'],
    // One scan of the follow-ups: each is a follow-up, and a 带看 (category 4) is a visit too.
    build: (w) => sql`select user_id, created_at,
        unnest(case when category = 4 then '{${m(Measures.customerFollow)},${m(Measures.customerVisit)}}'::int[] else '{${m(Measures.customerFollow)}}'::int[] end), 0, 0
      from customer_follow_ups where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    rolled: true,
    measures: [Measures.customerToPublic, Measures.customerPick, Measures.customerDeal],
    families: ['customer'],
    build: (w) => sql`select user_id, created_at,
        case type when 3 then ${m(Measures.customerToPublic)} when 4 then ${m(Measures.customerPick)} else ${m(Measures.customerDeal)} end, 0, 0
      from app_records where company_id = ${w.companyId} and app_type = 2 and type in (3, 4, 6) and ${during(sql`created_at`, w)}
        and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    rolled: false,
    measures: [Measures.contractNew],
    families: ['business'],
    build: (w) => sql`select user_id, entry_time, ${m(Measures.contractNew)}, 0, 0
      from ledger_contracts where company_id = ${w.companyId} and ${during(sql`entry_time`, w)} and deleted_at is null${who(sql`user_id`, w)}`,
  },
  {
    rolled: false,
    measures: [Measures.signInitiated],
    families: ['business', 'sign'],
    build: (w) => sql`select creator_user_id, created_at, ${m(Measures.signInitiated)}, 0, 0
      from sign_contracts where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and deleted_at is null${who(sql`creator_user_id`, w)}`,
  },
  {
    rolled: false,
    measures: [Measures.dealSale, Measures.dealRent],
    families: ['deal'],
    build: (w) => sql`select user_id, (sign_date::timestamp at time zone 'Asia/Shanghai'),
        case when contract_type = 1 then ${m(Measures.dealSale)} else ${m(Measures.dealRent)} end,
        coalesce(case when contract_type = 1 then (transaction ->> 'transactionPrice')::float8 else (rental ->> 'monthlyRent')::float8 end, 0),
        coalesce((transaction ->> 'partyAAgencyFee')::float8, 0) + coalesce((transaction ->> 'partyBAgencyFee')::float8, 0)
      from ledger_contracts where company_id = ${w.companyId} and sign_date >= ${w.fromDay}::date and sign_date < ${w.toDay}::date
        and deleted_at is null and not (contract_type = 1 and state in (6, 7)) and not (contract_type = 2 and state in (2, 3))${who(sql`user_id`, w)}`,
  },
  {
    rolled: false,
    measures: [Measures.signSigning, Measures.signCompleted, Measures.signVoided, Measures.signConsumed],
    families: ['sign'],
    build: (w) => sql`select creator_user_id, created_at,
        case when state = 7 then ${m(Measures.signSigning)} when state in (6, 8) then ${m(Measures.signCompleted)} else ${m(Measures.signVoided)} end, 0, 0
      from sign_contracts where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and deleted_at is null and state in (4, 6, 7, 8)${who(sql`creator_user_id`, w)}
      union all
      select c.creator_user_id, c.created_at, ${m(Measures.signConsumed)}, -sum(l.delta)::float8, 0
      from sign_contracts c join recharge_sign_ledger l on l.company_id = c.company_id and l.contract_no = c.contract_no and l.kind in (3, 4)
      where c.company_id = ${w.companyId} and ${during(sql`c.created_at`, w)} and c.deleted_at is null${who(sql`c.creator_user_id`, w)}
      group by c.id, c.creator_user_id, c.created_at`,
  },
];

const beijingMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

function windowOf(companyId: number, people: readonly number[] | null, days: Days): Window {
  return {
    companyId,
    from: sql`${beijingMidnight(days.fromDay).toISOString()}::timestamptz`,
    to: sql`${beijingMidnight(days.toDay).toISOString()}::timestamptz`,
    fromDay: days.fromDay,
    toDay: days.toDay,
    people: people === null ? null : `{${people.join(',')}}`,
  };
}

const chosenParts = (families: readonly Family[]) =>
  parts.filter((part) => part.families.some((family) => families.includes(family)));

const union = (selects: SQL[]) => (selects.length === 0 ? null : sql.join(selects, sql` union all `));

/** The raw rows of the parts over the windows, as (user_id, at, measure, amount, fee). */
function rawRows(chosen: Part[], windows: Window[]): SQL | null {
  return union(chosen.flatMap((part) => windows.map((w) => sql`(${part.build(w)})`)));
}

/** The Beijing day of a row's time, as a date (text only once summed: to_char on every row cost more). */
const dayOf = sql.raw(`(at at time zone 'Asia/Shanghai')::date`);
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/** Summed raw rows as (user_id, day, measure, amount, fee); a row of nobody's has user 0. */
const rawFacts = (rows: SQL) =>
  sql`select coalesce(user_id, 0), ${dayOf}, measure, amount, fee from (${rows}) as raw(user_id, at, measure, amount, fee)`;

/** Which groupings a call needs: per day (totals, trend) and per person (the table's rows). */
export type Groupings = { byDay: boolean; byUser: boolean };

type Row = {
  user_id: number | null;
  day: string | null;
  measure: number;
  n: number;
  amount: number;
  fee: number;
};

/**
 * One statement, one round trip: `prelude` (CTEs the parts use), the raw rows as `raw` (user_id, day,
 * measure, amount, fee), summed with the rolled-up counts per day and measure (`rolledByDay`: day,
 * measure, n) and per person and measure (`rolledByUser`: user_id, measure, n).
 */
async function summed(
  db: Db,
  prelude: SQL[],
  raw: SQL | null,
  rolledByDay: SQL | null,
  rolledByUser: SQL | null,
  groupings: Groupings,
): Promise<Fact[]> {
  const rawRowsOf = (columns: SQL) => (raw === null ? [] : [sql`select ${columns} from raw`]);
  const byDay = union([
    ...(rolledByDay === null
      ? []
      : [sql`(select day, measure, n, 0::float8, 0::float8 from (${rolledByDay}) as r(day, measure, n))`]),
    ...rawRowsOf(sql`day, measure, 1, amount, fee`),
  ]);
  const byUser = union([
    ...(rolledByUser === null
      ? []
      : [
          sql`(select user_id, measure, n, 0::float8, 0::float8 from (${rolledByUser}) as r(user_id, measure, n))`,
        ]),
    ...rawRowsOf(sql`user_id, measure, 1, amount, fee`),
  ]);
  const selects: SQL[] = [];
  if (groupings.byDay && byDay !== null)
    selects.push(sql`(select null::int as user_id, day::text, measure, sum(n)::int as n, coalesce(sum(amount), 0)::float8 as amount,
        coalesce(sum(fee), 0)::float8 as fee
      from (${byDay}) as d(day, measure, n, amount, fee) group by day, measure)`);
  if (groupings.byUser && byUser !== null)
    selects.push(sql`(select user_id, null::text as day, measure, sum(n)::int as n,
        coalesce(sum(amount), 0)::float8 as amount, coalesce(sum(fee), 0)::float8 as fee
      from (${byUser}) as u(user_id, measure, n, amount, fee) group by user_id, measure)`);
  if (selects.length === 0) return [];
  const ctes = [
    ...prelude,
    ...(raw === null ? [] : [sql`raw (user_id, day, measure, amount, fee) as (${raw})`]),
  ];
  const result: unknown = await db.execute(
    sql`${ctes.length === 0 ? sql`` : sql`with ${sql.join(ctes, sql`, `)} `}${sql.join(selects, sql` union all `)}`,
  );
  return (result as { rows: Row[] }).rows.map((row) => ({
    userId: row.user_id === null ? null : Number(row.user_id),
    day: row.day,
    measure: Number(row.measure),
    n: Number(row.n),
    amount: Number(row.amount),
    fee: Number(row.fee),
  }));
}

const allGroupings: Groupings = { byDay: true, byUser: true };

/**
 * How far a company's roll-ups reach (null: never rolled up), the rolled-up days of a range whose rows
 * changed since, and the version of its roll-ups: the transaction id that last wrote its state row
 * (`xmin`). The job writes that row in the same transaction as the company's roll-up rows, every run,
 * and nothing else writes them, so the rolled-up rows of one version never change.
 */
export type RollupState = { rolledUntil: string | null; changed: string[]; version: string | null };

/** How far the company's roll-ups reach, and the rolled-up days of the range whose rows changed since. */
async function rollupState(db: Db, companyId: number, days: Days): Promise<RollupState> {
  const result: unknown = await db.execute(sql`select
      (select rolled_until::text from statistics_rollups where company_id = ${companyId}) as "rolledUntil",
      (select xmin::text from statistics_rollups where company_id = ${companyId}) as version,
      coalesce((select array_agg(day::text order by day) from statistics_changed_days
        where company_id = ${companyId} and day >= ${days.fromDay}::date and day < ${days.toDay}::date), '{}') as changed`);
  const [row] = (
    result as { rows: { rolledUntil: string | null; version: string | null; changed: string[] | string }[] }
  ).rows;
  const changed = row?.changed ?? [];
  return {
    rolledUntil: row?.rolledUntil ?? null,
    version: row?.version ?? null,
    // node-postgres parses a text[]; should a driver hand back the literal, read it.
    changed: typeof changed === 'string' ? changed.replace(/[{}]/g, '').split(',').filter(Boolean) : changed,
  };
}

const nextDay = (day: string) => formatDate(new Date(beijingMidnight(day).getTime() + 86_400_000));

/**
 * The facts of the families asked for, for the people given (null: everyone of the company), over
 * whole Beijing days: the roll-ups of the rolled-up days, the raw rows of the others. Two round
 * trips: how far the company is rolled up, then one statement; one when the caller read the roll-up
 * state of the same days already (`state`: a statistics call reads it with the user's scope,
 * scope.ts). The days and times are written into
 * the statement as values: read from a sub-select instead (one round trip fewer), the planner could
 * not estimate the raw ranges, costed the statement above jit_above_cost, and JIT compilation took
 * 600 of its 690 ms on the bench.
 */
export async function loadFacts(
  db: Db,
  companyId: number,
  people: readonly number[] | null,
  days: Days,
  families: readonly Family[],
  groupings: Groupings = allGroupings,
  known?: RollupState,
): Promise<Fact[]> {
  if (people !== null && people.length === 0) return [];
  const chosen = chosenParts(families);
  const rolledParts = chosen.filter((part) => part.rolled);
  const rolledMeasures = rolledParts.flatMap((part) => part.measures);
  const state = rolledParts.length === 0 ? null : (known ?? (await rollupState(db, companyId, days)));
  const rolledUntil = state?.rolledUntil ?? null;
  const rolledTo = rolledUntil === null ? days.fromDay : rolledUntil < days.toDay ? rolledUntil : days.toDay;
  const changed = (state?.changed ?? []).filter((day) => day < rolledTo);
  const rawWindows: Days[] = changed.map((day) => ({ fromDay: day, toDay: nextDay(day) }));
  const openFrom = rolledTo > days.fromDay ? rolledTo : days.fromDay;
  if (openFrom < days.toDay) rawWindows.push({ fromDay: openFrom, toDay: days.toDay });
  const raw = [
    rawRows(
      rolledParts,
      rawWindows.map((window) => windowOf(companyId, people, window)),
    ),
    rawRows(
      chosen.filter((part) => !part.rolled),
      [windowOf(companyId, people, days)],
    ),
  ].flatMap((rows) => (rows === null ? [] : [rawFacts(rows)]));
  let rolledByDay: SQL | null = null;
  let rolledByUser: SQL | null = null;
  if (rolledTo > days.fromDay && rolledMeasures.length > 0) {
    const rolled = (table: SQL, columns: SQL, peopleToo: boolean) => sql`select ${columns} from ${table}
      where company_id = ${companyId} and measure = any(${intArray(rolledMeasures)}::smallint[])
        and day >= ${days.fromDay}::date and day < ${rolledTo}::date
        and day <> all(${`{${changed.join(',')}}`}::date[])${
          peopleToo && people !== null ? sql` and user_id = any(${intArray(people)}::int[])` : sql``
        }`;
    rolledByDay =
      people === null
        ? rolled(sql`statistics_daily_company`, sql`day, measure, n`, false)
        : rolled(sql`statistics_daily`, sql`day, measure, n`, true);
    rolledByUser = rolled(sql`statistics_daily`, sql`user_id, measure, n`, true);
  }
  if (rolledByDay === null || state?.version == null)
    return summed(db, [], union(raw), rolledByDay, rolledByUser, groupings);
  // The rolled-up days' sums, kept per roll-up version (rolledFacts); the open days' counted now.
  // Every caller adds facts up, so the two lists side by side answer what their sum in SQL did.
  const key = [
    companyId,
    state.version,
    rolledMeasures.join(','),
    days.fromDay,
    rolledTo,
    changed.join(','),
    people === null ? '*' : people.join(','),
    groupings.byDay ? 'd' : '',
    groupings.byUser ? 'u' : '',
  ].join('|');
  const kept = rolledFacts.get(db, key);
  const rawSum = union(raw);
  const [rolledSums, rawSums] = await Promise.all([
    kept ??
      summed(db, [], null, rolledByDay, rolledByUser, groupings).then((facts) => {
        rolledFacts.set(db, key, facts);
        return facts;
      }),
    rawSum === null ? [] : summed(db, [], rawSum, null, null, groupings),
  ]);
  return rolledSums.length === 0 ? rawSums : rawSums.length === 0 ? rolledSums : [...rolledSums, ...rawSums];
}

/**
 * The sums of the rolled-up days, per database handle, keyed by the company, its roll-up version
 * (RollupState) and everything else the read depends on (measures, days, changed days, people,
 * groupings); the newest 200 kept. A call of the same search and version then counts only the open
 * days' raw rows: the per-person tables read about 24,000 roll-up index entries per call otherwise.
 * A job run writes a new version, a raw row written into a rolled-up day marks that day changed (it
 * is then counted raw, and is part of the key): neither can make a kept sum wrong.
 */
const rolledFacts = {
  limit: 200,
  byDb: new WeakMap<Db, Map<string, Fact[]>>(),
  get(db: Db, key: string): Fact[] | undefined {
    const kept = this.byDb.get(db);
    const facts = kept?.get(key);
    if (kept && facts) {
      kept.delete(key);
      kept.set(key, facts);
    }
    return facts;
  },
  set(db: Db, key: string, facts: Fact[]) {
    let kept = this.byDb.get(db);
    if (!kept) this.byDb.set(db, (kept = new Map<string, Fact[]>()));
    kept.set(key, facts);
    if (kept.size > this.limit) kept.delete(kept.keys().next().value!);
  },
};

/**
 * The same facts counted over the raw rows only, without the roll-ups: the reference the roll-ups are
 * checked against (tests/server/management-rollups.test.ts, bench/statistics.bench.ts). Not used to
 * answer a call.
 */
export async function loadRawFacts(
  db: Db,
  companyId: number,
  people: readonly number[] | null,
  days: Days,
  families: readonly Family[],
): Promise<Fact[]> {
  if (people !== null && people.length === 0) return [];
  const rows = rawRows(chosenParts(families), [windowOf(companyId, people, days)]);
  return summed(db, [], rows === null ? null : rawFacts(rows), null, null, allGroupings);
}

/** The rolled-up measures' counts per day, person and measure over the days given, for the roll-up job. */
export function rolledFactsOf(companyId: number, windows: Days[]): SQL | null {
  const rows = rawRows(
    parts.filter((part) => part.rolled),
    windows.map((days) => windowOf(companyId, null, days)),
  );
  if (rows === null) return null;
  return sql`select ${companyId}::int, ${dayOf}, user_id, measure, count(*)::int
    from (${rows}) as raw(user_id, at, measure, amount, fee)
    group by 2, 3, 4`;
}
