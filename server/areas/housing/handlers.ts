/** Handlers of the listing operations (openapi/paths/housing.yaml, housing-entry.yaml) and of /app. */
import type { HandlerMap } from '../../contract/types';
import { listShownCustomers } from './shown-customers';
import { deleteCustomerFollowUp } from '../customer/follow-up-delete';
import { CustomerAuth } from '../../../domain/auth-ids';
import { requireSession } from '../user/handlers';
import {
  readHousingSetting,
  readHousingWidgetFields,
  saveHousingSetting,
  saveHousingWidgetFields,
} from './settings';
import { listCategories, saveCategories } from './categories';
import { listRecords } from './records';
import { houseAccess, findVisibleHouse } from './access';
import { addHouse, checkHouse, deleteHouse, editHouse, poolUsage } from './entry';
import { houseTypeCounts, searchHouses } from './search';
import { listTeam, readHouseDetail, readRentExtension, readSurveyorDetail } from './detail';
import { revealKeyInfo } from './protection';
import { appFollowUps, deleteFollowUp, followUpCategories, listFollowUps, writeFollowUp } from './follow-ups';
import {
  addTeamMember,
  changeState,
  claimPrivate,
  listRecycleBin,
  operateHouse,
  purgeHouse,
  removeTeamMember,
  restoreHouse,
  turnPublic,
} from './pools';
import { communitySchools, evaluateHouse, priceTrend, promotionSellDetail, readPushStates } from './insights';
import { pushHouseStatus } from '../promotion/push';
import { businessError } from '../../contract/envelope';

export const housingHandlers = {
  async housingPosts({ body }, context) {
    return searchHouses(context.db, requireSession(context), body);
  },
  async housingTypeList(_input, context) {
    return { data: await houseTypeCounts(context.db, requireSession(context)) };
  },
  async housingDetail({ query }, context) {
    return { data: await readHouseDetail(context.db, requireSession(context), query.houseId) };
  },
  async getHouseInfoProtection({ query }, context) {
    return { data: await revealKeyInfo(context, requireSession(context), query.houseId, query.type) };
  },
  async housingPriceTrend({ query }, context) {
    const session = requireSession(context);
    return { data: await priceTrend(context.db, context.clock, session, query.houseId, query.months ?? 12) };
  },
  async queryAuthHouseCount({ query }, context) {
    const session = requireSession(context);
    if (!query.attribution) throw businessError('请选择房源归属');
    const access = await houseAccess(context.db, session);
    return { data: await poolUsage(context.db, access, query.attribution) };
  },
  async housingToPublic({ query }, context) {
    await turnPublic(context, requireSession(context), query.houseId);
    return { data: null, message: '已转为公盘' };
  },
  async housingToPrivate({ query }, context) {
    await claimPrivate(context, requireSession(context), query.houseId);
    return { data: null, message: '已拣入私盘' };
  },
  async getHousingSetting(_input, context) {
    return { data: await readHousingSetting(context.db, requireSession(context).companyId) };
  },
  async getHousingCustomizeSettings(_input, context) {
    const fieldsList = await readHousingWidgetFields(context.db, requireSession(context).companyId);
    return { data: { fieldsList } };
  },
  async housingCustomizeSettings({ body }, context) {
    await saveHousingWidgetFields(context.db, context.clock, requireSession(context), body);
    return { data: null, message: '自定义字段已保存' };
  },
  async housingSetting({ body }, context) {
    await saveHousingSetting(context.db, context.clock, requireSession(context), body);
    return { data: null, message: '房源设置已保存' };
  },
  async teamPosts({ query }, context) {
    return { data: await listTeam(context.db, requireSession(context), query.houseId) };
  },
  async teamSurveyorDetail({ query }, context) {
    return { data: await readSurveyorDetail(context.db, requireSession(context), query.houseId) };
  },
  async showCustomers({ query }, context) {
    const session = requireSession(context);
    const access = await houseAccess(context.db, session);
    await findVisibleHouse(context.db, access, query.houseId);
    return listShownCustomers(context.db, session.companyId, query.houseId, {
      pageindex: query.pageindex ?? 1,
      pagesize: query.pagesize ?? 15,
    });
  },
  async housingfollowUpCategory({ query }, context) {
    return { data: await followUpCategories(context.db, requireSession(context), query.houseId) };
  },
  async getHousingfollowUp({ query }, context) {
    const result = await listFollowUps(
      context.db,
      requireSession(context),
      query.houseId,
      query.category ?? 0,
      {
        index: query.pageindex ?? 1,
        size: query.pagesize ?? 15,
      },
    );
    return { data: result.rows, total: result.total };
  },
  async housingfollowUp({ body }, context) {
    return { data: await writeFollowUp(context, requireSession(context), body), message: '跟进已保存' };
  },
  async housingPromotionSellDetail({ query }, context) {
    return { data: await promotionSellDetail(context.db, requireSession(context), query.houseId) };
  },
  async rentExtension({ query }, context) {
    return { data: await readRentExtension(context.db, requireSession(context), query.houseId) };
  },
  async housingEvaluate({ query }, context) {
    return { data: await evaluateHouse(context.db, context.clock, requireSession(context), query.houseId) };
  },
  async housingCheck({ query }, context) {
    return { data: await checkHouse(context, requireSession(context), query) };
  },
  async communitSchool({ query }, context) {
    return { data: await communitySchools(context.db, requireSession(context), query) };
  },
  async recycleList({ body }, context) {
    return listRecycleBin(context, requireSession(context), body);
  },
  async recycleRestore({ body }, context) {
    await restoreHouse(context, requireSession(context), body.houseId);
    return { data: null, message: '房源已还原' };
  },
  async recycleDel({ body }, context) {
    await purgeHouse(context, requireSession(context), body.houseId);
    return { data: null, message: '房源已彻底删除' };
  },
  async queryHousePushState({ query }, context) {
    return { data: await readPushStates(context.db, requireSession(context), query.houseId) };
  },
  async housestatusVtApp({ body, query }, context) {
    return { data: await pushHouseStatus(context, requireSession(context), 1, body, query.companyid) };
  },
  async housestatusWubapush({ body, query }, context) {
    return { data: await pushHouseStatus(context, requireSession(context), 2, body, query.companyid) };
  },
  async housestatusFangopen({ body, query }, context) {
    return { data: await pushHouseStatus(context, requireSession(context), 3, body, query.companyid) };
  },
  async housestatusTmall({ body, query }, context) {
    return { data: await pushHouseStatus(context, requireSession(context), 4, body, query.companyid) };
  },
  async housingAdd({ body }, context) {
    return {
      data: await addHouse(context, requireSession(context), body),
      message: '房源已录入',
    };
  },
  async housingEdit({ body }, context) {
    return {
      data: await editHouse(context, requireSession(context), body),
      message: '房源已保存',
    };
  },
  async housingDelete({ body }, context) {
    await deleteHouse(context, requireSession(context), body);
    return { data: null, message: '房源已删除到回收站' };
  },
  async housingStateChange({ body }, context) {
    await changeState(context, requireSession(context), body);
    return { data: null, message: '房源状态已修改' };
  },
  async housingOperate({ body }, context) {
    await operateHouse(context, requireSession(context), body);
    return { data: null, message: '操作成功' };
  },
  async teamAdd({ body }, context) {
    return { data: await addTeamMember(context, requireSession(context), body), message: '协作人已分配' };
  },
  async teamDel({ body }, context) {
    await removeTeamMember(context, requireSession(context), body);
    return { data: null, message: '协作人已移除' };
  },
  // /app
  async getCategoryV2({ query }, context) {
    return { data: await listCategories(context.db, requireSession(context), query.appType, query.type) };
  },
  async updateCategoryV2({ body }, context) {
    await saveCategories(context.db, requireSession(context), body);
    return { data: null, message: '分类已保存' };
  },
  async appRecord({ query }, context) {
    return listRecords(context.db, requireSession(context), query);
  },
  async getFollowUp({ query }, context) {
    return { data: await appFollowUps(context.db, requireSession(context), query) };
  },
  async followUpDel({ body }, context) {
    // One call for every app's follow-ups: a customer's goes to the customer area.
    if (body.appType === CustomerAuth.appType)
      await deleteCustomerFollowUp(context, requireSession(context), body);
    else await deleteFollowUp(context, requireSession(context), body);
    return { data: null, message: '跟进已删除' };
  },
} satisfies HandlerMap;
