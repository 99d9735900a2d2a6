import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { formatDate, formatDateTime } from '../../server/format';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('wire dates in Beijing time', () => {
  it('formats moments since 1992 exactly as the time-zone database does', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1992, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 5000; i += 1) {
      const date = new Date(from + Math.floor(next() * (to - from)));
      const zoned = dayjs(date).tz('Asia/Shanghai');
      expect(formatDateTime(date)).toBe(zoned.format('YYYY-MM-DD HH:mm:ss'));
      expect(formatDate(date)).toBe(zoned.format('YYYY-MM-DD'));
    }
  });

  it('crosses the day at Beijing midnight, not UTC midnight', () => {
    expect(formatDateTime(new Date('2026-11-24T15:59:59Z'))).toBe('2026-11-24 23:59:59');
    expect(formatDateTime(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25 00:00:00');
    expect(formatDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('keeps the daylight-saving hour of the years China had it (1986-1991)', () => {
    // 1 July 1988 03:00 UTC was 12:00 in Beijing (UTC+9 that summer).
    expect(formatDateTime(new Date(Date.UTC(1988, 6, 1, 3, 0, 0)))).toBe('1988-07-01 12:00:00');
  });
});
