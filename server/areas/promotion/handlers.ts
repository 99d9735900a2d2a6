/** Handlers of promotion (openapi/paths/promotion.yaml and portal.yaml): the six tabs, up and down, remove, push, bindings. */
import type { HandlerMap } from '../../contract/types';
import { requireSession } from '../user/handlers';
import { requireAuth } from '../auth/require-auth';
import { listPromotionTab, readPushProgress } from './lists';
import { pushListings, removeFromXfl, updownTmallRent } from './push';
import { bindBroker, listBrokerBindings, unbindBroker } from './bindings';
import { PromotionAuth } from '../../../domain/promotion';
import type { Db } from '../../db/db';
import type { Session } from '../../contract/types';

async function promotionReader(db: Db, session: Session): Promise<Session> {
  await requireAuth(db, session, PromotionAuth.appType, PromotionAuth.itemId, PromotionAuth.push);
  return session;
}

export const promotionHandlers = {
  async vtAppHouselist({ body }, context) {
    return listPromotionTab(context.db, await promotionReader(context.db, requireSession(context)), 1, body);
  },
  async xflRentHouseList({ query }, context) {
    return listPromotionTab(context.db, await promotionReader(context.db, requireSession(context)), 2, query);
  },
  async claimhouselist({ body }, context) {
    return listPromotionTab(context.db, await promotionReader(context.db, requireSession(context)), 3, body);
  },
  async openhouselist({ body }, context) {
    const session = await promotionReader(context.db, requireSession(context));
    return listPromotionTab(context.db, session, 4, body, [body.type]);
  },
  async tmallHouselist({ body }, context) {
    return listPromotionTab(context.db, await promotionReader(context.db, requireSession(context)), 5, body);
  },
  async tmallRentHouseList({ query }, context) {
    return listPromotionTab(context.db, await promotionReader(context.db, requireSession(context)), 6, query);
  },
  async rentHouseUpdown({ query }, context) {
    const data = await updownTmallRent(context, requireSession(context), query);
    return { data, message: query.onoff === 0 ? '已提交下架' : '已提交上架' };
  },
  async houseRemove({ query }, context) {
    await removeFromXfl(context, requireSession(context), query);
    return { data: null, message: '已提交下架' };
  },
  async housePush({ body }, context) {
    const data = await pushListings(context, requireSession(context), body);
    const queued = data.filter((result) => result.queued).length;
    return { data, message: `已提交 ${queued} 套房源` };
  },
  async pushProgress({ body }, context) {
    const session = await promotionReader(context.db, requireSession(context));
    return { data: await readPushProgress(context.db, session, body.channel, body.houseIds) };
  },
  async brokerBindingList({ query }, context) {
    return { data: await listBrokerBindings(context.db, requireSession(context), query.channel) };
  },
  async brokerBind({ body }, context) {
    const outBrokerId = await bindBroker(
      context.db,
      context.clock,
      context.portals,
      requireSession(context),
      body,
    );
    return { data: { outBrokerId }, message: '绑定成功' };
  },
  async brokerUnbind({ body }, context) {
    await unbindBroker(context.db, requireSession(context), body.channel);
    return { data: null, message: '已解除绑定' };
  },
} satisfies HandlerMap;
