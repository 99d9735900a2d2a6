/** Handlers of the management centre (openapi/paths/management.yaml): every /ManagementCenter call. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { listLoginRecords } from './login-records';
import { readAccountInfo, readCompanyInfo, updateCompanyInfo } from './company';
import { readWaitCount } from './wait-count';
import { listOperationLog, listRecordCategories, listSignRecords } from './records';
import {
  businessStatistics,
  customerStatistics,
  customerStatisticsPage,
  houseStatistics,
  houseStatisticsPage,
  performanceStatistics,
  polymerizationStatisticsPage,
  signStatistics,
} from './statistics';

export const managementHandlers = {
  async loginRecord({ body }, context) {
    return listLoginRecords(context.db, requireSession(context), context.clock.now(), body);
  },
  async managementCenterCompanyInfo(_input, context) {
    return { data: await readCompanyInfo(context.db, requireSession(context)) };
  },
  async companyInfoUpdate({ body }, context) {
    await updateCompanyInfo(context.db, context.clock, context.ip, requireSession(context), body);
    return { message: '公司资料已保存' };
  },
  async accountInfo(_input, context) {
    return { data: await readAccountInfo(context.db, requireSession(context), context.clock.now()) };
  },
  async waitCount(_input, context) {
    return { data: await readWaitCount(context.db, requireSession(context), context.clock.now()) };
  },
  async recordCategoryList({ query }, context) {
    requireSession(context);
    return { data: listRecordCategories(query.type) };
  },
  async performanceStatistics({ body }, context) {
    return {
      data: await performanceStatistics(context.db, requireSession(context), context.clock.now(), body),
    };
  },
  async businessStatistics({ body }, context) {
    return { data: await businessStatistics(context.db, requireSession(context), context.clock.now(), body) };
  },
  async houseStatisticsTabelV2({ body }, context) {
    return { data: await houseStatistics(context.db, requireSession(context), context.clock.now(), body) };
  },
  async customerStatisticsTabelV2({ body }, context) {
    return { data: await customerStatistics(context.db, requireSession(context), context.clock.now(), body) };
  },
  async houseStatisticsPageTable({ body }, context) {
    return houseStatisticsPage(context.db, requireSession(context), context.clock.now(), body);
  },
  async customerStatisticsPageTable({ body }, context) {
    return customerStatisticsPage(context.db, requireSession(context), context.clock.now(), body);
  },
  async polymerizationStatisticsPageTable({ body }, context) {
    return polymerizationStatisticsPage(context.db, requireSession(context), context.clock.now(), body);
  },
  async SignStatisticsTabelV2({ body }, context) {
    return { data: await signStatistics(context.db, requireSession(context), context.clock.now(), body) };
  },
  async signRecord({ body }, context) {
    return listSignRecords(context.db, requireSession(context), context.clock.now(), body);
  },
  async operationLog({ body }, context) {
    return listOperationLog(context.db, requireSession(context), context.clock.now(), body);
  },
} satisfies HandlerMap;
