/**
 * The management centre's time ranges (ManagementDateType): 1 今天, 2 昨天, 3 近 7 天, 4 近 30 天
 * (default), 5 本月, 6 上月, 7 本年, 8 自定义 (startDate to endDate, at most 366 days), in Beijing time;
 * the end is exclusive.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { businessError } from '../../contract/envelope';

dayjs.extend(utc);
dayjs.extend(timezone);

const zone = 'Asia/Shanghai';
const maxCustomDays = 366;
const dayMs = 86_400_000;
const beijingOffsetMs = 8 * 60 * 60 * 1000;
/**
 * Beijing time is UTC+8 all year since 1992 (format.ts), so after 1993 the relative ranges are
 * computed by arithmetic: dayjs's tz took about a millisecond of every statistics call (an eighth
 * of its CPU in a profile at 10 clients). The time-zone database is kept for custom ranges and for
 * clocks before then.
 */
const fixedOffsetSince = Date.UTC(1993, 0, 1);

/** The relative ranges (every type but 8) in UTC+8 by arithmetic; the same dates dayjs's tz gives. */
function fixedOffsetRange(dateType: number, now: Date): { from: Date; to: Date } {
  const shifted = new Date(now.getTime() + beijingOffsetMs);
  const year = shifted.getUTCFullYear();
  const month = shifted.getUTCMonth();
  const midnight = (utcMidnight: number) => new Date(utcMidnight - beijingOffsetMs);
  const today = Date.UTC(year, month, shifted.getUTCDate());
  const tomorrow = midnight(today + dayMs);
  switch (dateType) {
    case 1:
      return { from: midnight(today), to: tomorrow };
    case 2:
      return { from: midnight(today - dayMs), to: midnight(today) };
    case 3:
      return { from: midnight(today - 6 * dayMs), to: tomorrow };
    case 5:
      return { from: midnight(Date.UTC(year, month, 1)), to: tomorrow };
    case 6:
      return { from: midnight(Date.UTC(year, month - 1, 1)), to: midnight(Date.UTC(year, month, 1)) };
    case 7:
      return { from: midnight(Date.UTC(year, 0, 1)), to: tomorrow };
    default:
      return { from: midnight(today - 29 * dayMs), to: tomorrow };
  }
}

export function dateRangeOf(
  search: { dateType?: number; startDate?: string; endDate?: string },
  now: Date,
): { from: Date; to: Date } {
  const dateType = search.dateType ?? 4;
  if (dateType !== 8 && now.getTime() >= fixedOffsetSince) return fixedOffsetRange(dateType, now);
  const today = dayjs(now).tz(zone).startOf('day');
  switch (dateType) {
    case 1:
      return { from: today.toDate(), to: today.add(1, 'day').toDate() };
    case 2:
      return { from: today.subtract(1, 'day').toDate(), to: today.toDate() };
    case 3:
      return { from: today.subtract(6, 'day').toDate(), to: today.add(1, 'day').toDate() };
    case 5:
      return { from: today.startOf('month').toDate(), to: today.add(1, 'day').toDate() };
    case 6:
      return {
        from: today.startOf('month').subtract(1, 'month').toDate(),
        to: today.startOf('month').toDate(),
      };
    case 7:
      return { from: today.startOf('year').toDate(), to: today.add(1, 'day').toDate() };
    case 8: {
      const from = dayjs.tz(search.startDate ?? '', zone);
      const to = dayjs.tz(search.endDate ?? '', zone);
      if (!from.isValid() || !to.isValid()) throw businessError('请选择开始日期和结束日期');
      if (to.isBefore(from)) throw businessError('结束日期不能早于开始日期');
      if (to.diff(from, 'day') > maxCustomDays) throw businessError(`时间跨度不能超过 ${maxCustomDays} 天`);
      return { from: from.toDate(), to: to.add(1, 'day').toDate() };
    }
    default:
      return { from: today.subtract(29, 'day').toDate(), to: today.add(1, 'day').toDate() };
  }
}
