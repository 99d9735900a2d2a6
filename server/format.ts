/** Wire formats of dates: Beijing time, YYYY-MM-DD HH:mm:ss. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const zone = 'Asia/Shanghai';

/**
 * Beijing time has been UTC+8 all year since China's last daylight-saving period ended in September
 * 1991, so moments after it are formatted by arithmetic; the time-zone database (dayjs's tz, about
 * 10% of a list request's CPU when every row carries dates) is kept for the years before.
 */
const fixedOffsetSince = Date.UTC(1992, 0, 1);
const beijingOffsetMs = 8 * 60 * 60 * 1000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

function fixedOffsetParts(date: Date) {
  const shifted = new Date(date.getTime() + beijingOffsetMs);
  return {
    date: `${shifted.getUTCFullYear()}-${two(shifted.getUTCMonth() + 1)}-${two(shifted.getUTCDate())}`,
    time: `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}:${two(shifted.getUTCSeconds())}`,
  };
}

export function formatDateTime(date: Date): string {
  if (date.getTime() >= fixedOffsetSince) {
    const parts = fixedOffsetParts(date);
    return `${parts.date} ${parts.time}`;
  }
  return dayjs(date).tz(zone).format('YYYY-MM-DD HH:mm:ss');
}

export function formatDate(date: Date): string {
  if (date.getTime() >= fixedOffsetSince) return fixedOffsetParts(date).date;
  return dayjs(date).tz(zone).format('YYYY-MM-DD');
}

/** HH:mm in Beijing time (when a lock ends). */
export function formatClockTime(date: Date): string {
  return dayjs(date).tz(zone).format('HH:mm');
}

/** The Beijing weekday (1 Monday … 7 Sunday) and HH:mm of a moment (the login time window). */
export function beijingWeekdayAndTime(date: Date): { weekday: number; time: string } {
  const local = dayjs(date).tz(zone);
  return { weekday: local.day() === 0 ? 7 : local.day(), time: local.format('HH:mm') };
}
