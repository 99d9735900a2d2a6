/**
 * The promotion calls the 推广 page uses: the six tabs' lists (001 section 9), pushing listings to a
 * portal with the batch's progress, 上架 / 下架 on 天猫好房出租 (rentHouseUpdown) and 下架 on 幸福里
 * (houseRemove), and the company's valid listings to choose from.
 */
import type { components } from '../../../openapi/generated/api';
import { api, ok } from '../../api/client';
import { sessionActor } from '../../core/session';
import type { PromotionTab } from '../../../domain/promotion';

type Schemas = components['schemas'];
export type PromotionHouse = Schemas['PromotionHouse'];
export type PromotionState = Schemas['PromotionState'];
export type PushChannel = Schemas['HousePushChannel'];
export type PushResult = Schemas['PushResult'];
export type PushProgress = Schemas['PushProgress'];
export type PromotionQuery = { key: string; state: PromotionState | null; kind: 1 | 2 };
export type PushCandidate = {
  houseId: number;
  houseNo: string;
  communityName: string;
  area: number;
  price: number;
};

type Page = { rows: PromotionHouse[]; total: number };

const page = (result: { data?: PromotionHouse[]; total?: number }): Page => ({
  rows: result.data ?? [],
  total: result.total ?? 0,
});

/** One tab's page of listings on its portal. */
export async function fetchPromotionPage(
  tab: PromotionTab,
  query: PromotionQuery,
  pageindex: number,
  pagesize: number,
): Promise<Page> {
  const search = {
    ...(query.key.trim() ? { key: query.key.trim() } : {}),
    ...(query.state !== null ? { state: query.state } : {}),
    pageindex,
    pagesize,
  };
  switch (tab) {
    case 1:
      return page(await ok(api.POST('/VtApp/houselist', { body: search })));
    case 2:
      return page(await ok(api.GET('/push/xfl/rentHouseList', { params: { query: search } })));
    case 3:
      return page(await ok(api.POST('/Wubapush/claimhouselist', { body: search })));
    case 4:
      return page(await ok(api.POST('/Fangopen/openhouselist', { body: { ...search, type: query.kind } })));
    case 5:
      return page(await ok(api.POST('/Tmall/houselist', { body: search })));
    case 6:
      return page(await ok(api.GET('/push/tmall/rentHouseList', { params: { query: search } })));
  }
}

/** Queues one push per listing; the answer says, per listing, whether it was queued or why not. */
export async function pushHouses(channel: PushChannel, houseIds: number[]): Promise<PushResult[]> {
  return (await ok(api.POST('/push/housePush', { body: { channel, houseIds } }))).data ?? [];
}

export async function fetchPushProgress(channel: PushChannel, houseIds: number[]): Promise<PushProgress[]> {
  return (await ok(api.POST('/push/pushProgress', { body: { channel, houseIds } }))).data ?? [];
}

function companyId(): number {
  const id = sessionActor.getSnapshot().context.user?.companyid;
  if (!id) throw new Error('登录状态已失效，请重新登录');
  return id;
}

/** 天猫好房出租: 上架 (onoff 1) or 下架 with its reason (onoff 0). */
export async function setRentOnline(outId: string, online: boolean, reason: string): Promise<void> {
  await ok(
    api.GET('/push/tmall/rentHouseUpdown', {
      params: {
        query: {
          companyId: companyId(),
          outId,
          onoff: online ? 1 : 0,
          ...(online ? {} : { onoffReason: reason }),
        },
      },
    }),
  );
}

/** 幸福里: takes the listing off the portal, with the reason. */
export async function removeFromXfl(house: PromotionHouse, reason: string): Promise<void> {
  await ok(
    api.GET('/push/xfl/houseRemove', {
      params: {
        query: { cityName: house.cityName ?? '', companyId: companyId(), houseId: house.houseId, reason },
      },
    }),
  );
}

/** The company's valid listings of one kind that the user sees, by community name. */
export async function searchPushCandidates(kind: 1 | 2, keyword: string): Promise<PushCandidate[]> {
  const result = await ok(
    api.POST('/housing/v2/housingPosts', {
      body: {
        type: kind,
        sort: 1,
        attribution: 0,
        houseState: [1],
        ...(keyword.trim() ? { newKey: { type: 1, key: keyword.trim() } } : {}),
        pageindex: 1,
        pagesize: 20,
      },
    }),
  );
  return (result.data ?? []).map((row) => ({
    houseId: row.houseId,
    houseNo: row.houseNo,
    communityName: row.communityName,
    area: row.area,
    price: row.price,
  }));
}
