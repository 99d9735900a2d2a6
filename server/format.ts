/** Wire formats of dates: Beijing time, YYYY-MM-DD HH:mm:ss. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const zone = 'Asia/Shanghai';

export function formatDateTime(date: Date): string {
  return dayjs(date).tz(zone).format('YYYY-MM-DD HH:mm:ss');
}

export function formatDate(date: Date): string {
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
