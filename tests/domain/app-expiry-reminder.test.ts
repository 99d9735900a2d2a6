import { describe, expect, it } from 'vitest';
import {
  beijingDateOf,
  expiryReminderDaysLeft,
  expiryReminderWindowDays,
} from '../../domain/app-expiry-reminder';

describe('app expiry reminder, the 30-day window', () => {
  it('reminds from 30 days before the end, counting the end day and not today', () => {
    expect(expiryReminderWindowDays).toBe(30);
    expect(expiryReminderDaysLeft('2026-12-27', '2026-11-26')).toBeNull();
    expect(expiryReminderDaysLeft('2026-12-26', '2026-11-26')).toBe(30);
    expect(expiryReminderDaysLeft('2026-12-20', '2026-11-26')).toBe(24);
    expect(expiryReminderDaysLeft('2026-11-27', '2026-11-26')).toBe(1);
  });

  it('the end day itself is 0 days left, and a date before today counts as today', () => {
    expect(expiryReminderDaysLeft('2026-11-26', '2026-11-26')).toBe(0);
    expect(expiryReminderDaysLeft('2026-11-23', '2026-11-26')).toBe(0);
  });

  it('counts calendar days across months, years and 29 February', () => {
    expect(expiryReminderDaysLeft('2027-01-30', '2026-12-31')).toBe(30);
    expect(expiryReminderDaysLeft('2027-01-31', '2026-12-31')).toBeNull();
    expect(expiryReminderDaysLeft('2028-03-01', '2028-02-28')).toBe(2);
    expect(expiryReminderDaysLeft('2027-03-01', '2027-02-28')).toBe(1);
  });

  it('no date, or one that is not YYYY-MM-DD, is no reminder', () => {
    expect(expiryReminderDaysLeft(null, '2026-11-26')).toBeNull();
    expect(expiryReminderDaysLeft('2026-12-1', '2026-11-26')).toBeNull();
    expect(expiryReminderDaysLeft('2026-12-01 00:00:00', '2026-11-26')).toBeNull();
    expect(expiryReminderDaysLeft('x2026-12-01', '2026-11-26')).toBeNull();
    expect(expiryReminderDaysLeft('2026-12-01', '')).toBeNull();
  });

  it('today is the Beijing date: UTC+8, the day turning at 16:00 UTC', () => {
    expect(beijingDateOf(Date.parse('2026-11-26T15:59:59.999Z'))).toBe('2026-11-26');
    expect(beijingDateOf(Date.parse('2026-11-26T16:00:00.000Z'))).toBe('2026-11-27');
    expect(beijingDateOf(Date.parse('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
  });
});
