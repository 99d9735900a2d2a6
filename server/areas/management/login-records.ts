/**
 * 登录记录 (ManagementCenter/loginRecord): the company's login attempts, successful and failed, newest
 * first, 10 a page, of the staff in the management account's department scope; filtered by result,
 * name or phone, time range, departments and staff.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { departments, users } from '../../db/schema';
import { loginRecords } from '../../db/schema-login';
import { forbidden } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { formatDateTime } from '../../format';
import { noPermissionMessage } from '../../../domain/permissions';
import { loadVisibleDepartments, subtreeIds } from '../org/department-scope';
import { dateRangeOf } from './date-range';

export async function listLoginRecords(db: Db, session: Session, now: Date, body: BodyOf<'loginRecord'>) {
  const visible = await loadVisibleDepartments(db, session);
  if (!visible.hasManageScope) throw forbidden(noPermissionMessage);
  const chosen = body.deptIds?.length ? subtreeIds(visible.hierarchy, body.deptIds) : null;
  const deptIds = [...visible.deptIds].filter((id) => chosen === null || chosen.has(id));
  const { from, to } = dateRangeOf(body, now);
  const keywords = body.keywords?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    inCompany(loginRecords, session.companyId),
    visible.allDepts && chosen === null
      ? undefined
      : inArray(users.deptId, deptIds.length > 0 ? deptIds : [0]),
    body.userIds?.length ? inArray(loginRecords.userId, body.userIds) : undefined,
    body.result ? eq(loginRecords.result, body.result) : undefined,
    keywords
      ? or(ilike(users.name, `%${keywords}%`), ilike(loginRecords.userName, `%${keywords}%`))
      : undefined,
    gte(loginRecords.createdAt, from),
    lt(loginRecords.createdAt, to),
  );
  const pageSize = body.pagesize ?? 10;
  const offset = ((body.pageindex ?? 1) - 1) * pageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select({ record: loginRecords, name: users.name, deptName: departments.name })
      .from(loginRecords)
      .innerJoin(users, eq(users.id, loginRecords.userId))
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(where)
      .orderBy(desc(loginRecords.createdAt), desc(loginRecords.id))
      .limit(pageSize)
      .offset(offset),
    db
      .select({ n: count() })
      .from(loginRecords)
      .innerJoin(users, eq(users.id, loginRecords.userId))
      .where(where),
  ]);
  return {
    data: rows.map(({ record, name, deptName }) => ({
      recordId: record.id,
      userId: record.userId ?? 0,
      userName: name,
      mobile: record.userName,
      deptName: deptName ?? '',
      ip: record.ip,
      location: null,
      platform: record.platform as 'pc',
      device: record.device,
      loginType: record.loginType as 1 | 2,
      result: record.result as 1 | 2,
      loginTime: formatDateTime(record.createdAt),
    })),
    total: total?.n ?? 0,
  };
}
