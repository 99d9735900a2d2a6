import { describe, expect, it } from 'vitest';
import { failuresLeft, lockedMessage, lockedUntil, type PasswordAttempt } from '../../domain/login-lock';

const t0 = new Date('2026-11-24T10:00:00+08:00');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const fail = (minutes: number): PasswordAttempt => ({ at: at(minutes), result: 'failure' });

describe('the account lock after wrong passwords', () => {
  it('locks after the fifth wrong password within 15 minutes, for 15 minutes from it', () => {
    const four = [fail(0), fail(1), fail(2), fail(3)];
    expect(lockedUntil(four, at(3))).toBeNull();
    expect(failuresLeft(four, at(3))).toBe(1);
    expect(lockedUntil([...four, fail(4)], at(4))).toEqual(at(19));
    expect(lockedUntil([...four, fail(4)], at(18))).toEqual(at(19));
    expect(lockedUntil([...four, fail(4)], at(19))).toBeNull();
  });

  it('does not count failures older than 15 minutes, nor those before a success', () => {
    expect(lockedUntil([fail(0), fail(1), fail(20), fail(21), fail(22)], at(22))).toBeNull();
    const withSuccess: PasswordAttempt[] = [
      fail(0),
      fail(1),
      { at: at(2), result: 'success' },
      fail(3),
      fail(4),
    ];
    expect(lockedUntil(withSuccess, at(4))).toBeNull();
    expect(failuresLeft(withSuccess, at(4))).toBe(3);
  });

  it('is not extended by attempts refused during the lock', () => {
    const locked = [fail(0), fail(1), fail(2), fail(3), fail(4)];
    const refused: PasswordAttempt[] = [10, 15, 18].map((m) => ({ at: at(m), result: 'locked' }));
    expect(lockedUntil([...locked, ...refused], at(18))).toEqual(at(19));
    expect(lockedUntil([...locked, ...refused], at(19))).toBeNull();
  });

  it('says when to retry, in minutes and the clock time', () => {
    expect(lockedMessage(at(19), at(4), () => '10:19')).toBe(
      '密码错误次数过多，账号已锁定，请 15 分钟后（10:19）再试',
    );
    expect(lockedMessage(at(19), at(18.5), () => '10:19')).toBe(
      '密码错误次数过多，账号已锁定，请 1 分钟后（10:19）再试',
    );
  });
});
