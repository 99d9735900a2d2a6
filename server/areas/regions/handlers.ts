/** Handlers of the region operations (openapi/paths/base.yaml): provinces, cities, districts. */

import { inCompany } from '../../db/company-scope';
import type { HandlerMap } from '../../contract/types';
import { openCities } from '../../db/schema-org';
import { requireSession } from '../user/handlers';
import { listCities, listDistricts, listProvinces } from './regions';
import { regionsOf } from '../community/platform';

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
      .where(inCompany(openCities, session.companyId));
    const openedIds = new Set(opened.map((row) => row.cityId));
    return { data: cities.filter((city) => openedIds.has(city.cityid)) };
  },

  async getDistractList({ query }) {
    const districts = listDistricts(query.cityid);
    // Business areas (商圈 / 片区) come with the platform community base; districts it does not cover have none.
    return {
      data:
        query.type === 2
          ? districts.map((district) => ({ ...district, regions: regionsOf(district.distractId) }))
          : districts,
    };
  },
} satisfies HandlerMap;
