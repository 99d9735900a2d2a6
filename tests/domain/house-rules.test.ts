import { describe, expect, it } from 'vitest';
import { maintainerFallReason, type MaintainerRule } from '../../domain/house-rules';

const rule: MaintainerRule = {
  selected: 1,
  houseOutState: 1,
  followUpDays: 15,
  followUpCount: 2,
  callDays: 7,
  callCount: 1,
  houseOutType: 1,
};

describe('the maintainer rule (维护人规则)', () => {
  it('judges nothing while it is off', () => {
    expect(maintainerFallReason({ ...rule, selected: 0 }, { days: 99, followUps: 0, calls: 0 })).toBeNull();
  });

  it('judges a period only once the maintainer has held the listing for all of it', () => {
    expect(maintainerFallReason(rule, { days: 6, followUps: 0, calls: 0 })).toBeNull();
    expect(maintainerFallReason(rule, { days: 7, followUps: 0, calls: 0 })).toBe(
      '7 天内拨打业主电话少于 1 次',
    );
    expect(maintainerFallReason(rule, { days: 15, followUps: 1, calls: 3 })).toBe('15 天内跟进少于 2 次');
  });

  it('keeps a maintainer who followed up and called enough, and a count of 0 switches its half off', () => {
    expect(maintainerFallReason(rule, { days: 30, followUps: 2, calls: 1 })).toBeNull();
    expect(maintainerFallReason({ ...rule, callCount: 0 }, { days: 30, followUps: 2, calls: 0 })).toBeNull();
    expect(
      maintainerFallReason({ ...rule, followUpCount: 0 }, { days: 30, followUps: 0, calls: 1 }),
    ).toBeNull();
  });
});
