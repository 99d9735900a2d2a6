/**
 * The login record: every password and SMS-code login attempt, and the account lock it feeds
 * (domain/login-lock.ts). Reads by the phone typed, so an unknown phone locks like a known one and
 * the answers do not tell which phones are accounts.
 */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { loginRecords } from '../../db/schema-login';
import { loginLockRule, type PasswordAttempt } from '../../../domain/login-lock';

export const LoginType = { password: 1, code: 2 } as const;
export const LoginResult = { success: 1, failure: 2 } as const;
export type LoginFailure =
  'wrong-password' | 'locked' | 'address-blocked' | 'disabled' | 'wrong-code' | 'time-window';

export type LoginAttempt = {
  companyId: number | null;
  userId: number | null;
  userName: string;
  ip: string;
  userAgent: string;
  loginType: (typeof LoginType)[keyof typeof LoginType];
  failure: LoginFailure | null;
  at: Date;
};

const browsers: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari/, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 156 · Linux" from a User-Agent header; 未知设备 when it says nothing useful. */
export function describeDevice(userAgent: string): string {
  let browser: string | null = null;
  for (const [pattern, name] of browsers) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) {
      browser = `${name} ${version}`;
      break;
    }
  }
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '未知设备';
}

export async function recordLogin(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.insert(loginRecords).values({
    companyId: attempt.companyId,
    userId: attempt.userId,
    userName: attempt.userName,
    ip: attempt.ip,
    device: describeDevice(attempt.userAgent),
    loginType: attempt.loginType,
    result: attempt.failure ? LoginResult.failure : LoginResult.success,
    reason: attempt.failure,
    createdAt: attempt.at,
  });
}

/** The recent password attempts of a phone, for the lock rule. */
export async function readPasswordAttempts(db: Db, userName: string, now: Date): Promise<PasswordAttempt[]> {
  // Twice the lock time: a lock that started 15 minutes ago rests on failures up to 15 minutes before it.
  const since = new Date(now.getTime() - 2 * loginLockRule.lockMinutes * 60_000);
  const rows = await db
    .select({ at: loginRecords.createdAt, result: loginRecords.result, reason: loginRecords.reason })
    .from(loginRecords)
    .where(
      and(
        eq(loginRecords.userName, userName),
        eq(loginRecords.loginType, LoginType.password),
        gt(loginRecords.createdAt, since),
      ),
    )
    .orderBy(desc(loginRecords.createdAt))
    .limit(50);
  return rows.map((row) => ({
    at: row.at,
    // Only wrong passwords count towards the lock; refusals (locked, blocked address, disabled) do not.
    result:
      row.result === LoginResult.success ? 'success' : row.reason === 'wrong-password' ? 'failure' : 'locked',
  }));
}

/** Wrong passwords from one IP address within the lock time, all accounts together. */
export async function countAddressFailures(db: Db, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - loginLockRule.lockMinutes * 60_000);
  const [row] = await db
    .select({ n: count() })
    .from(loginRecords)
    .where(
      and(
        eq(loginRecords.ip, ip),
        eq(loginRecords.loginType, LoginType.password),
        eq(loginRecords.reason, 'wrong-password'),
        gt(loginRecords.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
