/**
 * Handlers of the community operations (openapi/paths/community.yaml): the archive, the platform
 * base, the estate basic settings and cloud collect.
 */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import {
  addPictures,
  deleteArchive,
  deletePictures,
  listCommunities,
  listPictures,
  readArchive,
  readHouseCount,
  readPlatformDetail,
  saveArchive,
} from './archives';
import { issueCollectTicket, listCollected, readCollectSetting, saveCollected } from './collect';
import { readEstateSetting, saveEstateSetting } from './settings';
import {
  findPlatformCommunity,
  listPlatformCities,
  searchPlatformCommunities,
  toCommunityDetail,
} from './platform';

export const communityHandlers = {
  async communityPosts({ query }, context) {
    return listCommunities(context.db, requireSession(context), query);
  },
  async communityDetail({ query }, context) {
    return { data: await readPlatformDetail(context.db, requireSession(context), query.communityId) };
  },
  async communityHouseCount({ query }, context) {
    return { data: await readHouseCount(context.db, requireSession(context), query.communityId) };
  },
  async companyCommunityDetail({ query }, context) {
    return { data: await readArchive(context.db, requireSession(context), query.communityId) };
  },
  async companyCommunity({ body }, context) {
    return {
      data: await saveArchive(context.db, context.clock, requireSession(context), body),
      message: '小区档案已保存',
    };
  },
  async companyCommunityDelete({ body }, context) {
    await deleteArchive(context.db, requireSession(context), body.communityId);
    return { data: null, message: '小区档案已删除' };
  },
  async companyCommunityPictures({ query }, context) {
    return { data: await listPictures(context.db, requireSession(context), query) };
  },
  async companyCommunityPicturesAdd({ body }, context) {
    const session = requireSession(context);
    return {
      data: await addPictures(context.db, context.files, context.clock, session, body),
      message: '图片已添加',
    };
  },
  async companyCommunityPicturesDel({ body }, context) {
    await deletePictures(context.db, requireSession(context), body);
    return { data: null, message: '图片已删除' };
  },
  async openCity(_input, context) {
    requireSession(context);
    return { data: await listPlatformCities(context.db) };
  },
  async intensiveFarmingCommunityDetail({ query }, context) {
    requireSession(context);
    return { data: toCommunityDetail(await findPlatformCommunity(context.db, query.communityId)) };
  },
  async getCommunityList({ body }, context) {
    requireSession(context);
    return searchPlatformCommunities(context.db, body);
  },
  async getEstateSetting(_input, context) {
    return { data: await readEstateSetting(context.db, requireSession(context).companyId) };
  },
  async estateSetting({ body }, context) {
    await saveEstateSetting(context.db, context.clock, requireSession(context), body);
    return { data: null, message: '保存成功' };
  },
  async collectTicket(_input, context) {
    return { data: await issueCollectTicket(context.db, requireSession(context)) };
  },
  async findSetting({ query }, context) {
    return { data: await readCollectSetting(context, query) };
  },
  async page({ query }, context) {
    return listCollected(context, query);
  },
  async save({ query }, context) {
    return { data: await saveCollected(context, query), message: '已转入本公司房源（私盘）' };
  },
} satisfies HandlerMap;
