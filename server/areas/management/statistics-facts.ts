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

export type Fact = { userId: number; day: string; measure: number; n: number; amount: number; fee: number };

type Part = { families: Family[]; build: (w: Window) => SQL };
type Window = {
  companyId: number;
  from: string;
  to: string;
  fromDay: string;
  toDay: string;
  people: string | null;
};

/** A measure's number, written into the statement (a parameter would be typed text inside CASE). */
const m = (measure: number) => sql.raw(String(measure));

const who = (column: SQL, w: Window) =>
  w.people === null ? sql`` : sql` and ${column} = any(${w.people}::int[])`;
const during = (column: SQL, w: Window) =>
  sql`${column} >= ${w.from}::timestamptz and ${column} < ${w.to}::timestamptz`;

const parts: Part[] = [
  {
    families: ['house', 'business'],
    build: (w) => sql`select entry_user_id as user_id, entry_time as at,
        case when type = 1 then ${m(Measures.newSale)} else ${m(Measures.newRent)} end as measure, 0::float8 as amount, 0::float8 as fee
      from houses where company_id = ${w.companyId} and ${during(sql`entry_time`, w)} and entry_user_id is not null${who(sql`entry_user_id`, w)}`,
  },
  {
    families: ['house', 'business'],
    build: (w) => sql`select user_id, created_at, ${m(Measures.houseFollow)}, 0, 0
      from house_follow_ups where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and category <> 7 and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    families: ['house'],
    build: (w) => sql`select user_id, created_at,
        case role when 5 then ${m(Measures.survey)} when 4 then ${m(Measures.key)} when 6 then ${m(Measures.entrust)} else ${m(Measures.houseDeal)} end, 0, 0
      from house_team where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and role in (4, 5, 6, 7)${who(sql`user_id`, w)}`,
  },
  {
    families: ['house'],
    build: (w) => sql`select user_id, created_at, ${m(Measures.houseToPublic)}, 0, 0
      from app_records where company_id = ${w.companyId} and app_type = 1 and ${during(sql`created_at`, w)}
        and content = '私盘转为公盘' and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    families: ['customer', 'business'],
    build: (w) => sql`select entry_user_id, entry_time, ${m(Measures.newCustomer)}, 0, 0
      from customers where company_id = ${w.companyId} and ${during(sql`entry_time`, w)} and entry_user_id is not null${who(sql`entry_user_id`, w)}`,
  },
  {
    families: ['customer', 'business'],
    build: (w) => sql`select user_id, created_at, ${m(Measures.customerFollow)}, 0, 0
      from customer_follow_ups where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and user_id is not null${who(sql`user_id`, w)}
      union all
      select user_id, created_at, ${m(Measures.customerVisit)}, 0, 0
      from customer_follow_ups where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and category = 4 and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    families: ['customer'],
    build: (w) => sql`select user_id, created_at,
        case type when 3 then ${m(Measures.customerToPublic)} when 4 then ${m(Measures.customerPick)} else ${m(Measures.customerDeal)} end, 0, 0
      from app_records where company_id = ${w.companyId} and app_type = 2 and type in (3, 4, 6) and ${during(sql`created_at`, w)}
        and user_id is not null${who(sql`user_id`, w)}`,
  },
  {
    families: ['business'],
    build: (w) => sql`select user_id, entry_time, ${m(Measures.contractNew)}, 0, 0
      from ledger_contracts where company_id = ${w.companyId} and ${during(sql`entry_time`, w)} and deleted_at is null${who(sql`user_id`, w)}`,
  },
  {
    families: ['business', 'sign'],
    build: (w) => sql`select creator_user_id, created_at, ${m(Measures.signInitiated)}, 0, 0
      from sign_contracts where company_id = ${w.companyId} and ${during(sql`created_at`, w)} and deleted_at is null${who(sql`creator_user_id`, w)}`,
  },
  {
    families: ['deal'],
    build: (w) => sql`select user_id, (sign_date::timestamp at time zone 'Asia/Shanghai'),
        case when contract_type = 1 then ${m(Measures.dealSale)} else ${m(Measures.dealRent)} end,
        coalesce(case when contract_type = 1 then (transaction ->> 'transactionPrice')::float8 else (rental ->> 'monthlyRent')::float8 end, 0),
        coalesce((transaction ->> 'partyAAgencyFee')::float8, 0) + coalesce((transaction ->> 'partyBAgencyFee')::float8, 0)
      from ledger_contracts where company_id = ${w.companyId} and sign_date >= ${w.fromDay}::date and sign_date < ${w.toDay}::date
        and deleted_at is null and not (contract_type = 1 and state in (6, 7)) and not (contract_type = 2 and state in (2, 3))${who(sql`user_id`, w)}`,
  },
  {
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

/** The facts of the families asked for, for the people given (null: everyone of the company), in [from, to). */
export async function loadFacts(
  db: Db,
  companyId: number,
  people: readonly number[] | null,
  range: { from: Date; to: Date },
  families: readonly Family[],
): Promise<Fact[]> {
  if (people !== null && people.length === 0) return [];
  const w: Window = {
    companyId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    fromDay: formatDate(range.from),
    toDay: formatDate(range.to),
    people: people === null ? null : `{${people.join(',')}}`,
  };
  const chosen = parts.filter((part) => part.families.some((family) => families.includes(family)));
  const union = sql.join(
    chosen.map((part) => sql`(${part.build(w)})`),
    sql` union all `,
  );
  const result: unknown = await db.execute(sql`select user_id as "userId",
      to_char(at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, measure,
      count(*)::int as n, coalesce(sum(amount), 0)::float8 as amount, coalesce(sum(fee), 0)::float8 as fee
    from (${union}) as facts(user_id, at, measure, amount, fee)
    group by 1, 2, 3`);
  return (result as { rows: Fact[] }).rows.map((row) => ({
    userId: Number(row.userId),
    day: row.day,
    measure: Number(row.measure),
    n: Number(row.n),
    amount: Number(row.amount),
    fee: Number(row.fee),
  }));
}
