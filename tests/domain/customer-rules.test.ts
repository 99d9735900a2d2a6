import { describe, expect, it } from 'vitest';
import {
  maskCustomerPhone,
  unmaskPhone,
  customerConfirmations,
  CustomerDeal,
  CustomerFollowCategories,
  customerFollowCategoryNames,
  CustomerKinds,
  customerKindNames,
  customerNotFoundMessage,
  customerNumber,
  CustomerPools,
  customerPoolNames,
  CustomerRecordTypes,
  customerRecordTypeNames,
  customerStateNames,
  duplicateMessage,
  outReason,
  privateCap,
  takeBackRefusal,
  upperLimitMessage,
  type OutRule,
} from '../../domain/customer-rules';

const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-01T00:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * day);
const rule = (overrides: Partial<OutRule> = {}): OutRule => ({
  deal: 0,
  follow: 0,
  followVisit: 0,
  takeBack: 0,
  outType: 1,
  ...overrides,
});
const fresh = { privateSince: start, lastFollowUpAt: null, lastVisitAt: null, dealAt: null, dealStatus: 0 };

describe('customer rules', () => {
  it('no rule enabled never turns a customer public', () => {
    expect(outReason(rule(), fresh, at(1000))).toBeNull();
  });

  it('follow counts from the later of the last follow-up and becoming private', () => {
    expect(outReason(rule({ follow: 7 }), fresh, at(6.9))).toBeNull();
    expect(outReason(rule({ follow: 7 }), fresh, at(7))).toBe('7 天未跟进');
    expect(outReason(rule({ follow: 7 }), { ...fresh, lastFollowUpAt: at(5) }, at(11))).toBeNull();
    expect(outReason(rule({ follow: 7 }), { ...fresh, lastFollowUpAt: at(-30) }, at(6))).toBeNull();
  });

  it('followVisit counts from the last visit; deal N days after a deal only', () => {
    expect(outReason(rule({ followVisit: 10 }), { ...fresh, lastVisitAt: at(3) }, at(13))).toBe(
      '10 天未带看',
    );
    expect(outReason(rule({ deal: 3 }), fresh, at(30))).toBeNull();
    expect(outReason(rule({ deal: 3 }), { ...fresh, dealStatus: 1, dealAt: at(2) }, at(5))).toBe(
      '成交后 3 天',
    );
  });

  it('the upper limit applies per kind only when selected, 0 is no limit', () => {
    expect(privateCap({ selected: 0, sell: 5, rent: 5, new: 5 }, 1)).toBeNull();
    expect(privateCap({ selected: 1, sell: 5, rent: 0, new: 2 }, 1)).toBe(5);
    expect(privateCap({ selected: 1, sell: 5, rent: 0, new: 2 }, 2)).toBeNull();
    expect(privateCap({ selected: 1, sell: 5, rent: 0, new: 2 }, 3)).toBe(2);
    expect(upperLimitMessage(1, 5)).toBe('求购私客已达上限 5 个，不能再增加私客');
  });

  it('takeBack holds the former maintainer only, for N days', () => {
    const released = { releasedBy: 7, releasedAt: start };
    expect(takeBackRefusal(rule({ takeBack: 3 }), released, 7, at(2))).toBe('转公后 3 天内原维护人不能拣回');
    expect(takeBackRefusal(rule({ takeBack: 3 }), released, 8, at(2))).toBeNull();
    expect(takeBackRefusal(rule({ takeBack: 3 }), released, 7, at(3))).toBeNull();
  });

  it('messages and numbers', () => {
    expect(duplicateMessage({ name: '陈思远', customerNo: 'KY202611010001', holder: '赵经纪' })).toBe(
      '客户电话重复：已有客户陈思远（KY202611010001，维护人赵经纪）',
    );
    expect(duplicateMessage({ name: '陈思远', customerNo: 'KY1', holder: null })).toContain('公客池');
    expect(customerNumber(12, new Date('2026-11-21T03:00:00Z'))).toBe('KY202611210012');
  });
});

describe('customer names and messages', () => {
  it('names kinds, pools, states and deal status as the screens show them', () => {
    expect(CustomerKinds).toEqual({ sell: 1, rent: 2, newHouse: 3 });
    expect(customerKindNames).toEqual({ 1: '求购', 2: '求租', 3: '新房' });
    expect(CustomerPools).toEqual({ private: 1, public: 2 });
    expect(customerPoolNames).toEqual({ 1: '私客', 2: '公客' });
    expect(customerStateNames).toEqual({ 1: '有效', 2: '暂缓', 3: '他购/他租', 4: '无效' });
    expect(CustomerDeal).toEqual({ none: 0, deal: 1 });
    expect(CustomerFollowCategories).toEqual({ normal: 1, visit: 4 });
    expect(customerFollowCategoryNames).toEqual({ 0: '全部', 1: '普通跟进', 4: '带看' });
  });

  it('names each type of the change record', () => {
    expect(
      Object.entries(CustomerRecordTypes).map(([key, type]) => [key, customerRecordTypeNames[type]]),
    ).toEqual([
      ['edit', '修改资料'],
      ['state', '状态变更'],
      ['toPublic', '转公客'],
      ['toPrivate', '拣入私客'],
      ['assign', '分配'],
      ['deal', '成交'],
      ['cancelDeal', '取消成交'],
      ['autoPublic', '按规则自动转公客'],
      ['add', '录入'],
      ['remove', '删除'],
      ['viewPhone', '查看电话'],
      ['removeFollowUp', '删除跟进'],
    ]);
    expect(Object.values(CustomerRecordTypes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('asks before each action with the spec’s words', () => {
    expect(customerConfirmations).toEqual({
      toPublic: '是否确定转为公客？',
      toPrivate: '是否确定拣入私客',
      deal: '是否确定成交?',
      cancelDeal: '取消成交?',
      remove: '您确认删除该项信息吗？',
    });
    expect(customerNotFoundMessage).toBe('客户不存在或已被删除');
  });

  it('numbers a customer by its entry day in UTC, month and day padded', () => {
    expect(customerNumber(7, new Date('2026-03-05T23:59:59Z'))).toBe('KY202603050007');
    expect(customerNumber(12345, new Date('2026-12-31T00:00:00Z'))).toBe('KY2026123112345');
  });

  it('names the holder of a duplicate, or the public pool', () => {
    expect(duplicateMessage({ name: '陈思远', customerNo: 'KY1', holder: null })).toBe(
      '客户电话重复：已有客户陈思远（KY1，公客池）',
    );
    expect(duplicateMessage({ name: '陈思远', customerNo: 'KY1', holder: '' })).toBe(
      '客户电话重复：已有客户陈思远（KY1，维护人）',
    );
  });
});

describe('the private customer upper limit, per kind', () => {
  const limit = { selected: 1 as const, sell: 5, rent: 4, new: 3 };

  it('caps each kind by its own number', () => {
    expect(privateCap(limit, CustomerKinds.sell)).toBe(5);
    expect(privateCap(limit, CustomerKinds.rent)).toBe(4);
    expect(privateCap(limit, CustomerKinds.newHouse)).toBe(3);
  });

  it('a negative number is no cap either', () => {
    expect(privateCap({ ...limit, rent: -1 }, CustomerKinds.rent)).toBeNull();
  });

  it('names the kind in its refusal', () => {
    expect(upperLimitMessage(2, 4)).toBe('求租私客已达上限 4 个，不能再增加私客');
    expect(upperLimitMessage(3, 3)).toBe('新房私客已达上限 3 个，不能再增加私客');
    expect(upperLimitMessage(9, 3)).toBe('私客已达上限 3 个，不能再增加私客');
  });
});

describe('out to public, at the edges', () => {
  const day = 24 * 60 * 60 * 1000;
  const since = new Date('2026-11-01T00:00:00Z');
  const at = (days: number) => new Date(since.getTime() + days * day);
  const rule = (overrides: Partial<OutRule> = {}): OutRule => ({
    deal: 0,
    follow: 0,
    followVisit: 0,
    takeBack: 0,
    outType: 1,
    ...overrides,
  });
  const customer = {
    privateSince: since,
    lastFollowUpAt: null,
    lastVisitAt: null,
    dealAt: null,
    dealStatus: 0,
  };

  it('deal counts from the deal, not before N days, and not without a deal date or the deal status', () => {
    const dealt = { ...customer, dealStatus: 1, dealAt: at(2) };
    expect(outReason(rule({ deal: 3 }), dealt, at(4.9))).toBeNull();
    expect(outReason(rule({ deal: 3 }), dealt, at(5))).toBe('成交后 3 天');
    expect(outReason(rule({ deal: 3 }), { ...dealt, dealAt: null }, at(30))).toBeNull();
    expect(outReason(rule({ deal: 3 }), { ...dealt, dealStatus: 0 }, at(30))).toBeNull();
  });

  it('a deal long before the customer became private counts from becoming private', () => {
    const dealt = { ...customer, dealStatus: 1, dealAt: at(-30) };
    expect(outReason(rule({ deal: 3 }), dealt, at(2.9))).toBeNull();
    expect(outReason(rule({ deal: 3 }), dealt, at(3))).toBe('成交后 3 天');
  });

  it('the deal rule comes first, then follow, then followVisit', () => {
    const dealt = { ...customer, dealStatus: 1, dealAt: at(0) };
    expect(outReason(rule({ deal: 3, follow: 3, followVisit: 3 }), dealt, at(10))).toBe('成交后 3 天');
    expect(outReason(rule({ follow: 3, followVisit: 3 }), dealt, at(10))).toBe('3 天未跟进');
  });

  it('followVisit waits N days from the last visit, and from becoming private without one', () => {
    const visited = { ...customer, lastVisitAt: at(3) };
    expect(outReason(rule({ followVisit: 10 }), visited, at(12.9))).toBeNull();
    expect(outReason(rule({ followVisit: 10 }), customer, at(9.9))).toBeNull();
    expect(outReason(rule({ followVisit: 10 }), customer, at(10))).toBe('10 天未带看');
  });

  it('a customer with no private date counts from the events alone', () => {
    const unknown = { ...customer, privateSince: null, lastFollowUpAt: at(0) };
    expect(outReason(rule({ follow: 7 }), unknown, at(6.9))).toBeNull();
    expect(outReason(rule({ follow: 7 }), unknown, at(7))).toBe('7 天未跟进');
  });

  it('takeBack off, or never released, holds nobody', () => {
    expect(takeBackRefusal(rule(), { releasedBy: 7, releasedAt: since }, 7, at(1))).toBeNull();
    expect(takeBackRefusal(rule({ takeBack: 3 }), { releasedBy: 7, releasedAt: null }, 7, at(1))).toBeNull();
    expect(takeBackRefusal(rule({ takeBack: 3 }), { releasedBy: 7, releasedAt: since }, 7, at(2.9))).toBe(
      '转公后 3 天内原维护人不能拣回',
    );
  });
});

describe('customer phone masks', () => {
  it('masks the middle four digits and finds the stored phone a mask stands for', () => {
    expect(maskCustomerPhone('13611223344')).toBe('136****3344');
    expect(unmaskPhone('136****3344', ['13900001111', '13611223344'])).toBe('13611223344');
    expect(unmaskPhone('13700001111', ['13611223344'])).toBe('13700001111');
    expect(unmaskPhone('137****3344', ['13611223344'])).toBe('137****3344');
  });
});
