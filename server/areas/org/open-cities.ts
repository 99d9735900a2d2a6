/** The cities a company works in (房源、小区 are entered in them); exactly one is the default. */
import { asc } from 'drizzle-orm';
import { inCompany } from '../../db/company-scope';
import type { Db } from '../../db/db';
import { openCities } from '../../db/schema-org';
import { businessError } from '../../contract/envelope';
import type { BodyOf, Session } from '../../contract/types';
import { requireManager } from '../auth/require-auth';
import { comparePinyin, findCity, findProvince, listAllCities, pinyinInitial } from '../regions/regions';

export async function listOpenCities(db: Db, session: Session) {
  const rows = await db
    .select()
    .from(openCities)
    .where(inCompany(openCities, session.companyId))
    .orderBy(asc(openCities.sort), asc(openCities.cityId));
  return rows.flatMap((row) => {
    const city = findCity(row.cityId);
    if (!city) return [];
    return [
      {
        cityid: city.cityid,
        name: city.name,
        provinceid: city.provinceid,
        provinceName: findProvince(city.provinceid)?.name ?? '',
        isDefault: row.isDefault ? (1 as const) : (0 as const),
      },
    ];
  });
}

export async function listMoreCities(db: Db, session: Session, key: string | undefined) {
  const opened = new Set((await listOpenCities(db, session)).map((city) => city.cityid));
  const text = key?.trim() ?? '';
  const groups = new Map<string, { cityid: number; name: string; provinceid: number; opened: 0 | 1 }[]>();
  const cities = listAllCities()
    .filter((city) => text === '' || city.name.includes(text))
    .sort((a, b) => comparePinyin(a.name, b.name));
  for (const city of cities) {
    const letter = pinyinInitial(city.name);
    if (!/^[A-Z]$/.test(letter)) continue;
    const list = groups.get(letter) ?? [];
    list.push({ ...city, opened: opened.has(city.cityid) ? 1 : 0 });
    groups.set(letter, list);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, list]) => ({ letter, cities: list }));
}

export async function saveOpenCities(db: Db, session: Session, body: BodyOf<'openCitySave'>): Promise<void> {
  requireManager(session);
  for (const cityId of body.cityIds) {
    if (!findCity(cityId)) throw businessError(`城市编号 ${cityId} 不存在`);
  }
  if (!body.cityIds.includes(body.defaultCityId)) throw businessError('默认城市须在开通城市中');
  await db.transaction(async (tx) => {
    await tx.delete(openCities).where(inCompany(openCities, session.companyId));
    await tx.insert(openCities).values(
      body.cityIds.map((cityId, sort) => ({
        companyId: session.companyId,
        cityId,
        isDefault: cityId === body.defaultCityId,
        sort,
      })),
    );
  });
}
