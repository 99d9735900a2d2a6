/**
 * 日志记录 (001 section 7): the operation log — every change record the areas write (listings and
 * customers and the company's profile in app_records, with who, which record, when and from which address) and every step of
 * an online signing (sign_operation_logs) — 10 a page; and the sign records, each signing with the
 * credits it consumed, 3 a page on the management centre. Both newest first, within the user's scope
 * (management/scope.ts with 日志记录).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { BodyOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { dateRangeOf } from './date-range';
import { ManagementAuth, resolvePeople } from './scope';

/** Operation-log categories (the app type of the record) and sign-record categories. */
export const operationCategories = [
  { categoryId: 1, categoryName: '房源' },
  { categoryId: 2, categoryName: '客源' },
  { categoryId: 6, categoryName: '签约' },
  { categoryId: 88, categoryName: '公司管理' },
] as const;
export const signCategories = [
  { categoryId: 1, categoryName: '模板签约' },
  { categoryId: 2, categoryName: '快速签约' },
] as const;

export function listRecordCategories(type: 1 | 2) {
  return type === 1 ? [...operationCategories] : [...signCategories];
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const peopleArray = (people: number[]) => `{${people.join(',')}}`;

type OperationRow = {
  logId: number;
  source: number;
  userId: number;
  userName: string;
  deptName: string | null;
  appType: number;
  itemId: number | null;
  content: string;
  ip: string | null;
  createdAt: string | Date;
};

export async function listOperationLog(db: Db, session: Session, now: Date, body: BodyOf<'operationLog'>) {
  const { from, to } = dateRangeOf(body, now);
  const scope = await resolvePeople(db, session, ManagementAuth.logs, body);
  if (scope.people !== null && scope.people.length === 0) return { data: [], total: 0 };
  const people = scope.people === null ? null : peopleArray(scope.people);
  const keyword = body.keywords?.trim() ? escapeLike(body.keywords.trim()) : null;
  const range = (column: SQL) =>
    sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
  const records = sql`select r.id as "logId", 1 as source, r.user_id as "userId", r.app_type as "appType", r.item_id as "itemId",
      r.content, r.ip, r.created_at as "createdAt"
    from app_records r where r.company_id = ${session.companyId} and r.user_id is not null and r.app_type in (1, 2, 88)
      and ${range(sql`r.created_at`)}
      ${body.categoryId ? sql`and r.app_type = ${body.categoryId}` : sql``}
      ${people ? sql`and r.user_id = any(${people}::int[])` : sql``}`;
  const signLogs = sql`select s.id, 2, s.operator_user_id, 6, s.contract_id, s.content, null, s.created_at
    from sign_operation_logs s where s.company_id = ${session.companyId} and s.operator_user_id is not null
      and ${range(sql`s.created_at`)}
      ${body.categoryId ? sql`and 6 = ${body.categoryId}` : sql``}
      ${people ? sql`and s.operator_user_id = any(${people}::int[])` : sql``}`;
  const joined = sql`select l.*, u.name as "userName", d.name as "deptName"
    from ((${records}) union all (${signLogs})) l
    join users u on u.id = l."userId" left join departments d on d.id = u.dept_id
    ${keyword ? sql`where (l.content ilike ${keyword} or u.name ilike ${keyword})` : sql``}`;
  const size = body.pagesize ?? 10;
  const offset = ((body.pageindex ?? 1) - 1) * size;
  const [rows, counted] = await Promise.all([
    db.execute(sql`${joined} order by "createdAt" desc, source, "logId" desc limit ${size} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from (${joined}) counted`),
  ]);
  const list = (rows as { rows: OperationRow[] }).rows;
  const names = new Map(operationCategories.map((c) => [c.categoryId as number, c.categoryName as string]));
  return {
    data: list.map((row) => ({
      logId: Number(row.logId),
      userId: Number(row.userId),
      userName: row.userName,
      deptName: row.deptName ?? '',
      categoryId: Number(row.appType),
      categoryName: names.get(Number(row.appType)) ?? '',
      appType: Number(row.appType),
      itemId: row.itemId === null ? null : Number(row.itemId),
      content: row.content,
      ip: row.ip ?? '',
      createTime: formatDateTime(new Date(row.createdAt)),
    })),
    total: Number((counted as { rows: { n: number }[] }).rows[0]?.n ?? 0),
  };
}

type SignRow = {
  recordId: number;
  contractNo: string;
  contractName: string;
  signKind: number;
  state: number;
  initiatorName: string;
  deptName: string | null;
  consumeCount: number;
  createdAt: string | Date;
  finishAt: string | Date | null;
};

export async function listSignRecords(db: Db, session: Session, now: Date, body: BodyOf<'signRecord'>) {
  const { from, to } = dateRangeOf(body, now);
  const scope = await resolvePeople(db, session, ManagementAuth.logs, body);
  if (scope.people !== null && scope.people.length === 0) return { data: [], total: 0 };
  const people = scope.people === null ? null : peopleArray(scope.people);
  const keyword = body.keywords?.trim() ? escapeLike(body.keywords.trim()) : null;
  const where = sql`c.company_id = ${session.companyId} and c.deleted_at is null
    and c.created_at >= ${from.toISOString()}::timestamptz and c.created_at < ${to.toISOString()}::timestamptz
    ${people ? sql`and c.creator_user_id = any(${people}::int[])` : sql``}
    ${body.categoryId === 1 ? sql`and f.id is null` : body.categoryId === 2 ? sql`and f.id is not null` : sql``}
    ${keyword ? sql`and (c.contract_no ilike ${keyword} or coalesce(f.contract_name, c.box_name) ilike ${keyword} or u.name ilike ${keyword})` : sql``}`;
  const from_ = sql`sign_contracts c join users u on u.id = c.creator_user_id
    left join departments d on d.id = u.dept_id
    left join file_sign_records f on f.contract_id = c.id`;
  const size = body.pagesize ?? 3;
  const offset = ((body.pageindex ?? 1) - 1) * size;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select c.id as "recordId", c.contract_no as "contractNo",
        coalesce(f.contract_name, c.box_name) as "contractName",
        case when f.id is null then 1 else 2 end as "signKind", c.state, u.name as "initiatorName", d.name as "deptName",
        coalesce((select -sum(l.delta) from recharge_sign_ledger l
          where l.company_id = c.company_id and l.contract_no = c.contract_no and l.kind in (3, 4)), 0)::int as "consumeCount",
        c.created_at as "createdAt", coalesce(c.complete_time, c.sign_time) as "finishAt"
      from ${from_} where ${where} order by c.created_at desc, c.id desc limit ${size} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from ${from_} where ${where}`),
  ]);
  return {
    data: (rows as { rows: SignRow[] }).rows.map((row) => ({
      recordId: Number(row.recordId),
      contractId: Number(row.recordId),
      contractNo: row.contractNo,
      contractName: row.contractName,
      signKind: Number(row.signKind) as 1 | 2,
      state: Number(row.state) as 1 | 2 | 3 | 4 | 6 | 7 | 8,
      initiatorName: row.initiatorName,
      deptName: row.deptName ?? '',
      consumeCount: Math.max(0, Number(row.consumeCount)),
      createTime: formatDateTime(new Date(row.createdAt)),
      finishTime: row.finishAt ? formatDateTime(new Date(row.finishAt)) : null,
    })),
    total: Number((counted as { rows: { n: number }[] }).rows[0]?.n ?? 0),
  };
}
