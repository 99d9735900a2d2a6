/**
 * When the pay-status gate reminds a company that an app's paid period ends (000 section 4: "0
 * usable, maybe with an expiry date; a reminder shows once per day"). The server always sends the
 * end of the period, so a reminder on every date would greet a company with 11 months left every
 * day; like agency systems (好房通, 巧房) the gate reminds only as the end approaches.
 *
 * The rule, in Beijing calendar days (the server formats expirationDate as a Beijing date):
 * days left = expirationDate − today, i.e. the days after today up to and including the expiry day.
 * 31 or more → no reminder; 30 … 1 → 还剩 N 天; 0 → the period ends today (the app runs until the
 * moment it ends, so the gate still answers 0). A date before today (the browser's clock ahead of
 * the server's) counts as today.
 */
export const expiryReminderWindowDays = 30;

const dayMs = 24 * 60 * 60 * 1000;
const beijingOffsetMs = 8 * 60 * 60 * 1000;

/** Epoch milliseconds of midnight UTC of a YYYY-MM-DD date, or NaN for anything else. */
function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * The Beijing calendar date (YYYY-MM-DD) of a moment. Beijing has kept UTC+8 all year since 1991,
 * so this is arithmetic, the same as the server's formatDate.
 */
export function beijingDateOf(epochMs: number): string {
  return new Date(epochMs + beijingOffsetMs).toISOString().slice(0, 10);
}

/**
 * The days left shown in the expiry reminder, or null when no reminder of the date is due: no date,
 * a date more than 30 days after today, or a date that is not YYYY-MM-DD.
 */
export function expiryReminderDaysLeft(expirationDate: string | null, today: string): number | null {
  if (expirationDate === null) return null;
  // Both are UTC midnights, so the difference is a whole number of days.
  const days = (dayNumber(expirationDate) - dayNumber(today)) / dayMs;
  if (!(days <= expiryReminderWindowDays)) return null;
  return Math.max(0, days);
}
