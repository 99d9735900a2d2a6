/** Handlers of the region operations (openapi/paths/base.yaml): provinces, cities, districts. */
import { eq } from 'drizzle-orm';
import type { HandlerMap } from '../../contract/types';
import { openCities } from '../../db/schema-org';
import { requireSession } from '../user/handlers';
import { listCities, listDistricts, listProvinces } from './regions';

const openedOnly = 2;

export const regionHandlers = {
  async getProvince() {
    return { data: listProvinces() };
  },

  async getCity({ query }, context) {
    const cities = listCities(query.provinceid);
    if (query.type !== openedOnly) return { data: cities };
    const session = requireSession(context);
    const opened = await context.db
      .select({ cityId: openCities.cityId })
      .from(openCities)
      .where(eq(openCities.companyId, session.companyId));
    const openedIds = new Set(opened.map((row) => row.cityId));
    return { data: cities.filter((city) => openedIds.has(city.cityid)) };
  },

  async getDistractList({ query }) {
    const districts = listDistricts(query.cityid);
    // No business-circle (商圈) data set exists yet, so type 2 carries an empty regions list per district.
    return {
      data: query.type === 2 ? districts.map((district) => ({ ...district, regions: [] })) : districts,
    };
  },
} satisfies HandlerMap;
