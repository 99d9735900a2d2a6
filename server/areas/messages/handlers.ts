/** Handlers of the message centre (/base/messageMenu, /base/remind*) and notices (/omp/gonggao). */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { listMessages, markAllRead, markOneRead, readMessageMenu } from './messages';
import { deleteNotice, modifyNotice, readNotice, readNoticeMarked, releaseNotice } from './notices';

export const messageHandlers = {
  async messageMenu(_input, context) {
    return { data: await readMessageMenu(context.db, requireSession(context)) };
  },
  async remindPosts({ query }, context) {
    return await listMessages(context.db, requireSession(context), query);
  },
  async remindRead({ query }, context) {
    const count = await markAllRead(
      context.db,
      requireSession(context),
      query.messageType,
      context.clock.now(),
    );
    return { data: { count }, message: count > 0 ? `已将 ${count} 条消息标为已读` : '没有未读消息' };
  },
  async remindSingleRead({ query }, context) {
    await markOneRead(context.db, requireSession(context), query.remindId, context.clock.now());
    return {};
  },

  async detailV2({ query }, context) {
    return { data: await readNotice(context.db, requireSession(context), query.gonggaoId) };
  },
  async gonggaoRead({ query }, context) {
    await readNoticeMarked(context.db, requireSession(context), query.gonggaoId, context.clock.now());
    return {};
  },
  async releaseV2({ body }, context) {
    const gonggaoId = await releaseNotice(context.db, requireSession(context), body, context.clock.now());
    return { data: { gonggaoId }, message: '公告已发布' };
  },
  async modifyV2({ body }, context) {
    const { gonggaoId, ...input } = body;
    await modifyNotice(context.db, requireSession(context), gonggaoId, input, context.clock.now());
    return { message: '公告已修改' };
  },
  async gonggaoDel({ body }, context) {
    await deleteNotice(context.db, requireSession(context), body.gonggaoId, context.clock.now());
    return { message: '公告已删除' };
  },
} satisfies HandlerMap;
