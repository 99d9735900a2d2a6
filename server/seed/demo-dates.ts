/**
 * The demo's fixed dates (the contract ledger's sign, start and end dates and the numbers made from
 * them) were written as of this day. A database seeded on another day has them moved by the whole
 * days between, so a fresh start a year from now shows a ledger as recent as it is today, and the
 * tests' manual clock, which starts on this day, sees exactly these dates.
 */
const demoWrittenOn = Date.UTC(2026, 10, 21);
const dayMs = 86_400_000;
const beijingOffsetMs = 8 * 3_600_000;

/** Whole Beijing calendar days from the day the demo was written to `now`. */
export function demoDayShift(now: Date): number {
  const beijingDay = Math.floor((now.getTime() + beijingOffsetMs) / dayMs) * dayMs;
  return Math.round((beijingDay - demoWrittenOn) / dayMs);
}

/** A `YYYY-MM-DD` date moved by `days` whole days. */
export function shiftIsoDate(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + days * dayMs).toISOString().slice(0, 10);
}
