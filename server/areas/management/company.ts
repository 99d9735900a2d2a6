/**
 * 公司资料 and 账户概况 of the management centre (001 section 7): the company's profile (its name in
 * `companies`, the rest in company_profiles; until first saved the contact is the manager), its
 * certification from the verified signing body (统一社会信用代码 and 法定代表人 come from there, and
 * a certified company keeps its name), and what the company has bought.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { inCompany } from '../../db/company-scope';
import { companies, departments, users } from '../../db/schema';
import { companyProfiles } from '../../db/schema-management';
import { signBodies } from '../../db/schema-signing';
import { ApiError, Codes, businessError, forbidden } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { formatDate, formatDateTime } from '../../format';
import { findCity, findDistrict, findProvince } from '../regions/regions';
import { writeRecord } from '../records/app-records';
import type { Clock } from '../../clock';
import { isActive, listCompanyPackages, readAccountSummary } from '../recharge/entitlements';

async function certifiedBody(db: Db, companyId: number) {
  const [body] = await db
    .select({
      corpName: signBodies.corpName,
      corpIdentNo: signBodies.corpIdentNo,
      legalRepName: signBodies.legalRepName,
    })
    .from(signBodies)
    .where(and(inCompany(signBodies, companyId), eq(signBodies.state, 1)))
    .orderBy(asc(signBodies.id))
    .limit(1);
  return body ?? null;
}

async function managerOf(db: Db, companyId: number) {
  const [manager] = await db
    .select({ name: users.name, userName: users.userName })
    .from(users)
    .where(and(inCompany(users, companyId), eq(users.isManager, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return manager ?? { name: '', userName: '' };
}

function regionName(
  provinceId: number | null,
  cityId: number | null,
  districtId: number | null,
): string | null {
  const parts = [
    provinceId ? findProvince(provinceId)?.name : undefined,
    cityId ? findCity(cityId)?.name : undefined,
    cityId && districtId ? findDistrict(cityId, districtId)?.distractName : undefined,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' ') : null;
}

export async function readCompanyInfo(db: Db, session: Session) {
  const companyId = session.companyId;
  const [[company], [profile], body, manager, [staff], [depts]] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, companyId)),
    db.select().from(companyProfiles).where(inCompany(companyProfiles, companyId)),
    certifiedBody(db, companyId),
    managerOf(db, companyId),
    db
      .select({ n: count() })
      .from(users)
      .where(and(inCompany(users, companyId), eq(users.status, 1))),
    db.select({ n: count() }).from(departments).where(inCompany(departments, companyId)),
  ]);
  if (!company) throw businessError('公司不存在');
  const provinceId = profile?.provinceId ?? null;
  const cityId = profile?.cityId ?? null;
  const districtId = profile?.districtId ?? null;
  return {
    companyId,
    companyName: company.name,
    shortName: profile?.shortName ?? null,
    logo: profile?.logo ?? null,
    contactName: profile?.contactName ?? manager.name,
    contactPhone: profile?.contactPhone ?? manager.userName,
    provinceid: provinceId,
    cityid: cityId,
    distractId: districtId,
    regionName: regionName(provinceId, cityId, districtId),
    address: profile?.address ?? null,
    licenseNo: body?.corpIdentNo ?? null,
    legalPerson: body?.legalRepName ?? null,
    certState: body ? (1 as const) : (0 as const),
    staffCount: staff?.n ?? 0,
    deptCount: depts?.n ?? 0,
    managerName: manager.name,
    managerMobile: manager.userName,
    createTime: formatDateTime(company.createdAt),
  };
}

export async function updateCompanyInfo(
  db: Db,
  clock: Clock,
  ip: string | null,
  session: Session,
  body: BodyOf<'companyInfoUpdate'>,
): Promise<void> {
  const now = clock.now();
  if (!session.isManager) throw forbidden('仅管理员可以修改公司资料');
  const companyName = body.companyName.trim();
  if (companyName.length < 2) throw businessError('请输入公司名称（companyName），至少 2 个字');
  if (!body.contactName.trim()) throw businessError('请输入联系人（contactName）');
  const provinceId = body.provinceid ?? null;
  const cityId = body.cityid ?? null;
  const districtId = body.distractId ?? null;
  if (provinceId !== null && !findProvince(provinceId)) throw businessError('省份（provinceid）不存在');
  if (cityId !== null && findCity(cityId)?.provinceid !== (provinceId ?? undefined))
    throw businessError('城市（cityid）不属于所选省份');
  if (districtId !== null && (cityId === null || !findDistrict(cityId, districtId)))
    throw businessError('区县（distractId）不属于所选城市');
  const [company] = await db.select().from(companies).where(eq(companies.id, session.companyId));
  const certified = await certifiedBody(db, session.companyId);
  if (certified && company && company.name !== companyName)
    throw new ApiError(Codes.stateConflict, '企业已认证，公司名称不可修改');
  const values = {
    shortName: body.shortName?.trim() || null,
    logo: body.logo ?? null,
    contactName: body.contactName.trim(),
    contactPhone: body.contactPhone,
    provinceId,
    cityId,
    districtId,
    address: body.address?.trim() || null,
    updatedBy: session.userId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ name: companyName }).where(eq(companies.id, session.companyId));
    await tx
      .insert(companyProfiles)
      .values({ companyId: session.companyId, ...values })
      .onConflictDoUpdate({ target: companyProfiles.companyId, set: values });
    await writeRecord(
      tx,
      clock,
      { companyId: session.companyId, userId: session.userId, ip },
      { appType: 88, itemId: session.companyId, type: 1, content: `修改公司资料：${companyName}` },
    );
  });
}

export async function readAccountInfo(db: Db, session: Session, now: Date) {
  const [summary, packages, [bodies]] = await Promise.all([
    readAccountSummary(db, session.companyId, now),
    listCompanyPackages(db, session.companyId),
    db
      .select({ n: count() })
      .from(signBodies)
      .where(and(inCompany(signBodies, session.companyId), eq(signBodies.state, 1))),
  ]);
  return {
    accountCount: summary.accountCount,
    account: summary.usedCount,
    contractCount: summary.signCount,
    expirationDate: summary.expirationDate,
    signBody: bodies?.n ?? 0,
    packages: packages
      .filter((row) => row.pkg.startsAt.getTime() <= now.getTime())
      .map((row) => ({
        productId: row.product.id,
        name: row.product.name,
        appType: row.product.appTypes[0] ?? 0,
        expirationDate: formatDate(new Date(row.pkg.endsAt.getTime() - 1)),
        state: isActive(row.pkg, now) ? (1 as const) : (2 as const),
      })),
  };
}
