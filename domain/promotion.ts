/**
 * Promotion (推广) rules shared by the server, the machines and the screens (001 sections 2, 7, 9;
 * issue 37): the four portals and the six tabs of the promotion list, the push states and their
 * names, which listings may be pushed, and the per-portal quota of a company's package.
 */

/** The portals (渠道): 1 幸福里, 2 58 优选, 3 房天下, 4 天猫好房. */
export const Channels = { xfl: 1, wuba: 2, fang: 3, tmall: 4 } as const;
export type Channel = (typeof Channels)[keyof typeof Channels];
export const channelValues = [1, 2, 3, 4] as const;

export const channelNames: Record<number, string> = { 1: '幸福里', 2: '58 优选', 3: '房天下', 4: '天猫好房' };

/** Portals that take a listing only from a broker with a bound account on them (the broker settings pages). */
export const bindingChannels: readonly number[] = [Channels.wuba, Channels.tmall];

/**
 * The six tabs (001 section 9): 幸福里 sell and rent, the 58 selection list, 房天下 (sell 1 and rent 2
 * in one tab), 天猫好房 sell and rent. Each is a channel and the listing kinds it shows.
 */
export const promotionTabs = [
  { tab: 1, channel: 1, kinds: [1], label: '幸福里出售' },
  { tab: 2, channel: 1, kinds: [2], label: '幸福里出租' },
  { tab: 3, channel: 2, kinds: [1, 2], label: '58 优选' },
  { tab: 4, channel: 3, kinds: [1, 2], label: '房天下' },
  { tab: 5, channel: 4, kinds: [1], label: '天猫好房出售' },
  { tab: 6, channel: 4, kinds: [2], label: '天猫好房出租' },
] as const;

export type PromotionTab = (typeof promotionTabs)[number]['tab'];

/** The tab a listing of this kind shows in on this channel. */
export function tabOf(channel: number, kind: number): PromotionTab {
  const found = promotionTabs.find(
    (entry) => entry.channel === channel && (entry.kinds as readonly number[]).includes(kind),
  );
  if (!found) throw new Error(`no promotion tab for channel ${channel} kind ${kind}`);
  return found.tab;
}

/**
 * A listing's state on a portal: 0 未推送, 1 推送中 (queued or under the portal's review), 2 已上架,
 * 3 已下架, 4 推送失败 (the portal could not be reached; retry), 5 审核未通过 (the portal's reason),
 * 6 已移除 (taken off the portal for good: removed, or the listing left the company's stock).
 */
export const PushStates = {
  none: 0,
  pending: 1,
  online: 2,
  offline: 3,
  failed: 4,
  rejected: 5,
  removed: 6,
} as const;
export type PushState = (typeof PushStates)[keyof typeof PushStates];

export const pushStateNames: Record<number, string> = {
  0: '未推送',
  1: '推送中',
  2: '已上架',
  3: '已下架',
  4: '推送失败',
  5: '审核未通过',
  6: '已移除',
};

/** States from which 推送 / 重新推送 is offered: never pushed, failed, rejected, offline or removed. */
export function canPush(state: number): boolean {
  return state !== PushStates.pending && state !== PushStates.online;
}

/** A listing in these states occupies one of the portal's places in the company's quota. */
export function holdsQuota(state: number): boolean {
  return state === PushStates.pending || state === PushStates.online;
}

/** Only a listing in state 1 有效 goes to a portal; 我售/我租, 他售/他租 and 无效 are withdrawn from all. */
export function isPushableHouseState(houseState: number): boolean {
  return houseState === 1;
}

export function isWithdrawnHouseState(houseState: number): boolean {
  return houseState === 3 || houseState === 4 || houseState === 5;
}

/**
 * What the portals are told when a listing leaves the company's stock (type 2 出租), or null while it
 * is still in stock: 房源已删除, 房源已失效 (无效), 房源已售出 / 房源已出租 (我售/我租, 他售/他租).
 */
export function withdrawalReason(type: number, houseState: number, isDeleted: boolean): string | null {
  if (isDeleted) return '房源已删除';
  if (!isWithdrawnHouseState(houseState)) return null;
  if (houseState === 5) return '房源已失效';
  return `房源已${type === 2 ? '出租' : '售出'}`;
}

/** Listings per portal a company may keep pushed (pending or online), by recharge product (营销版 2, 旗舰版 4). */
export const portalQuotaByProduct: Record<number, number> = { 2: 50, 4: 200 };

/** Listings per portal while only the promotion trial is in force. */
export const portalTrialQuota = 10;

export function portalQuotaMessage(channel: number, quota: number): string {
  return quota === 0
    ? `贵公司尚未开通房源推广，请前往充值中心购买营销版套餐`
    : `${channelNames[channel]}推广名额已用完（${quota} 套），请前往充值中心购买营销版套餐`;
}

/** The one promotion permission (permission-catalogue: 推广 房源推广): push, take up and down, remove, bind. */
export const PromotionAuth = { appType: 21, itemId: 0, push: 2101 } as const;
