import { describe, expect, it } from 'vitest';
import {
  customerNumber,
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
