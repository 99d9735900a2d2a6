/**
 * Password guessing is stopped per account (OWASP ASVS 2.2.1): 5 wrong passwords within 15 minutes
 * lock the account for 15 minutes from the last of them. Attempts refused during a lock are recorded
 * but do not extend it (so nobody can keep another person locked out), and a success clears the
 * count. The server decides with this; the login form shows its message.
 */
export const loginLockRule = { maxFailures: 5, lockMinutes: 15 } as const;

export type PasswordAttempt = { at: Date; result: 'success' | 'failure' | 'locked' };

const minute = 60_000;

/**
 * Until when the account is locked, or null; attempts in any order, reaching back at least twice the
 * lock time. A lock starts at a wrong password that is the fifth within 15 minutes (since the last
 * success) and lasts 15 minutes from it.
 */
export function lockedUntil(
  attempts: readonly PasswordAttempt[],
  now: Date,
  rule = loginLockRule,
): Date | null {
  const span = rule.lockMinutes * minute;
  const failures: number[] = [];
  for (const attempt of [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (attempt.result === 'success') failures.length = 0;
    else if (attempt.result === 'failure') failures.push(attempt.at.getTime());
  }
  let until: number | null = null;
  for (let i = rule.maxFailures - 1; i < failures.length; i += 1) {
    if (failures[i]! - failures[i - rule.maxFailures + 1]! <= span) until = failures[i]! + span;
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** How many wrong passwords are left before the lock. */
export function failuresLeft(attempts: readonly PasswordAttempt[], now: Date, rule = loginLockRule): number {
  const windowStart = now.getTime() - rule.lockMinutes * minute;
  let failures = 0;
  for (const attempt of [...attempts].sort((a, b) => b.at.getTime() - a.at.getTime())) {
    if (attempt.result === 'success' || attempt.at.getTime() <= windowStart) break;
    if (attempt.result === 'failure') failures += 1;
  }
  return Math.max(0, rule.maxFailures - failures);
}

/** 密码错误次数过多，账号已锁定，请 15 分钟后（14:35）再试 */
export function lockedMessage(until: Date, now: Date, clock: (date: Date) => string): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / minute));
  return `密码错误次数过多，账号已锁定，请 ${minutes} 分钟后（${clock(until)}）再试`;
}

/** 该网络登录失败次数过多，请 15 分钟后再试: too many failed passwords from one address, whatever the account. */
export function isAddressBlocked(failuresFromAddress: number, maxFailures: number): boolean {
  return failuresFromAddress >= maxFailures;
}

export const addressBlockedMessage = `该网络登录失败次数过多，请 ${loginLockRule.lockMinutes} 分钟后再试`;
