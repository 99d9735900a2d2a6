/**
 * Customer rules shared by the server and the screens (001 sections 3, 4 and 7 "Customers"): kinds,
 * pools, states, the change record's types, the confirmations, and the pure parts of the out-to-public
 * rules and the private-customer upper limit.
 */

export const CustomerKinds = { sell: 1, rent: 2, newHouse: 3 } as const;
export const customerKindNames: Record<number, string> = { 1: '求购', 2: '求租', 3: '新房' };

export const CustomerPools = { private: 1, public: 2 } as const;
export const customerPoolNames: Record<number, string> = { 1: '私客', 2: '公客' };

export const customerStateNames: Record<number, string> = { 1: '有效', 2: '暂缓', 3: '他购/他租', 4: '无效' };

/** Deal status: 1 成交, 0 未成交 (001 section 4: status 1 is deal). */
export const CustomerDeal = { none: 0, deal: 1 } as const;

export const CustomerFollowCategories = { normal: 1, visit: 4 } as const;
export const customerFollowCategoryNames: Record<number, string> = { 0: '全部', 1: '普通跟进', 4: '带看' };

/** The change record's types (customerChangeRecord). */
export const CustomerRecordTypes = {
  edit: 1,
  state: 2,
  toPublic: 3,
  toPrivate: 4,
  assign: 5,
  deal: 6,
  cancelDeal: 7,
  autoPublic: 8,
  add: 9,
  remove: 10,
  viewPhone: 11,
  removeFollowUp: 12,
} as const;
export const customerRecordTypeNames: Record<number, string> = {
  1: '修改资料',
  2: '状态变更',
  3: '转公客',
  4: '拣入私客',
  5: '分配',
  6: '成交',
  7: '取消成交',
  8: '按规则自动转公客',
  9: '录入',
  10: '删除',
  11: '查看电话',
  12: '删除跟进',
};

/** The confirmations the screens show before these actions (001 section 8). */
export const customerConfirmations = {
  toPublic: '是否确定转为公客？',
  toPrivate: '是否确定拣入私客',
  deal: '是否确定成交?',
  cancelDeal: '取消成交?',
  remove: '您确认删除该项信息吗？',
} as const;

export const customerNotFoundMessage = '客户不存在或已被删除';

/**
 * Customer phones are protected like owners' phones (issue 38): with 客户电话查看需写跟进 on (the
 * default), a customer's phones are masked for everyone but the maintainer of a private customer and
 * shown in full one view at a time, counted against the role's daily limit (客源 207) and recorded;
 * after a view, the next one needs a follow-up on the customer first.
 */
export const customerPhoneMessages = {
  followUpFirst: '您查看过该客户的电话后还没有写跟进，请先写跟进再查看',
  shownAlready: '您可以直接看到该客户的电话',
  limitReached: (limit: number) => `今日查看客户电话的次数已达上限（${limit} 次），请明天再查看`,
  viewed: '查看了客户电话',
} as const;

/** A phone as others see it: the first three and last four digits. */
export function maskCustomerPhone(phone: string): string {
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '****';
}

/** The stored phone a masked one stands for (an edit form sends back what it was shown), or the input. */
export function unmaskPhone(input: string, stored: readonly string[]): string {
  if (!input.includes('*')) return input;
  return stored.find((phone) => maskCustomerPhone(phone) === input) ?? input;
}

export function customerNumber(id: number, entryTime: Date): string {
  const y = entryTime.getUTCFullYear();
  const m = String(entryTime.getUTCMonth() + 1).padStart(2, '0');
  const d = String(entryTime.getUTCDate()).padStart(2, '0');
  return `KY${y}${m}${d}${String(id).padStart(4, '0')}`;
}

/** The refusal of a duplicate phone, naming the existing customer and its holder. */
export function duplicateMessage(existing: {
  name: string;
  customerNo: string;
  holder: string | null;
}): string {
  const holder = existing.holder === null ? '公客池' : `维护人${existing.holder}`;
  return `客户电话重复：已有客户${existing.name}（${existing.customerNo}，${holder}）`;
}

export type UpperLimit = { selected: 0 | 1; sell: number; rent: number; new: number };

/** The per-person cap on private customers of a kind; null when there is none. */
export function privateCap(limit: UpperLimit, kind: number): number | null {
  if (limit.selected !== 1) return null;
  const cap = kind === CustomerKinds.sell ? limit.sell : kind === CustomerKinds.rent ? limit.rent : limit.new;
  return cap > 0 ? cap : null;
}

export function upperLimitMessage(kind: number, cap: number): string {
  return `${customerKindNames[kind] ?? ''}私客已达上限 ${cap} 个，不能再增加私客`;
}

export type OutRule = { deal: number; follow: number; followVisit: number; takeBack: number; outType: 1 | 2 };

export type PrivateCustomerClock = {
  privateSince: Date | null;
  lastFollowUpAt: Date | null;
  lastVisitAt: Date | null;
  dealAt: Date | null;
  dealStatus: number;
};

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Why a private customer turns public now under the rule, or null. Each rule with N > 0 days counts
 * from the later of the event and the moment it became private: deal N days after the deal; follow N
 * days without a follow-up; followVisit N days without a visit.
 */
export function outReason(rule: OutRule, customer: PrivateCustomerClock, now: Date): string | null {
  const since = customer.privateSince?.getTime() ?? 0;
  const passed = (from: Date | null, days: number) =>
    now.getTime() - Math.max(from?.getTime() ?? 0, since) >= days * dayMs;
  if (
    rule.deal > 0 &&
    customer.dealStatus === CustomerDeal.deal &&
    customer.dealAt &&
    passed(customer.dealAt, rule.deal)
  )
    return `成交后 ${rule.deal} 天`;
  if (rule.follow > 0 && passed(customer.lastFollowUpAt, rule.follow)) return `${rule.follow} 天未跟进`;
  if (rule.followVisit > 0 && passed(customer.lastVisitAt, rule.followVisit))
    return `${rule.followVisit} 天未带看`;
  return null;
}

/** Whether the person who lost the customer may pick it back yet (takeBack days). */
export function takeBackRefusal(
  rule: OutRule,
  customer: { releasedBy: number | null; releasedAt: Date | null },
  userId: number,
  now: Date,
): string | null {
  if (rule.takeBack <= 0 || customer.releasedBy !== userId || !customer.releasedAt) return null;
  if (now.getTime() - customer.releasedAt.getTime() >= rule.takeBack * dayMs) return null;
  return `转公后 ${rule.takeBack} 天内原维护人不能拣回`;
}
