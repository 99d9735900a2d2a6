import { describe, expect, it } from 'vitest';
import {
  addressBlockedMessage,
  failuresLeft,
  isAddressBlocked,
  lockedMessage,
  lockedUntil,
  type PasswordAttempt,
} from '../../domain/login-lock';

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

  it('reads the attempts in time order, whatever order they come in', () => {
    const five = [fail(4), fail(2), fail(0), fail(3), fail(1)];
    expect(lockedUntil(five, at(4))).toEqual(at(19));
    const success: PasswordAttempt = { at: at(5), result: 'success' };
    expect(failuresLeft([fail(0), fail(1), success, fail(6)], at(10))).toBe(4);
    expect(failuresLeft([fail(6), success, fail(1), fail(0)], at(10))).toBe(4);
  });

  it('a success in between starts the count again', () => {
    const success: PasswordAttempt = { at: at(3), result: 'success' };
    expect(lockedUntil([fail(0), fail(1), fail(2), success, fail(4), fail(5)], at(5))).toBeNull();
    expect(lockedUntil([fail(0), fail(1), fail(2), fail(3), fail(4), success], at(6))).toBeNull();
  });

  it('five wrong passwords exactly 15 minutes apart still lock; a minute more does not', () => {
    expect(lockedUntil([fail(0), fail(1), fail(2), fail(3), fail(15)], at(15))).toEqual(at(30));
    expect(lockedUntil([fail(0), fail(1), fail(2), fail(3), fail(16)], at(16))).toBeNull();
  });

  it('counts the wrong passwords left within the last 15 minutes, not the refused ones', () => {
    expect(failuresLeft([fail(0), fail(1)], at(15))).toBe(4);
    expect(failuresLeft([fail(0), { at: at(1), result: 'locked' }], at(2))).toBe(4);
    expect(failuresLeft([fail(0), fail(1), fail(2), fail(3), fail(4), fail(5)], at(5))).toBe(0);
  });
});

describe('the address lock', () => {
  it('blocks an address at the limit of failed passwords, whatever the account', () => {
    expect(isAddressBlocked(4, 5)).toBe(false);
    expect(isAddressBlocked(5, 5)).toBe(true);
    expect(isAddressBlocked(6, 5)).toBe(true);
    expect(addressBlockedMessage).toBe('该网络登录失败次数过多，请 15 分钟后再试');
  });
});
