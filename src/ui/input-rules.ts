/**
 * The limits every input of the app shares (000 sections 5, 8 and 9): a text input holds 140
 * characters unless its field says otherwise, an empty choice reads -请选择-, a date picker stays
 * within its bounds (150 years each way from today when the field sets none), and a submitting
 * button acts once per 500 ms however often it is pressed.
 */
export const textMaxLength = 140;
export const selectPlaceholder = '-请选择-';
export const pickerRangeYears = 150;
export const buttonThrottleMs = 500;

/** Input types that hold free text; numbers, dates and files have limits of their own. */
const textTypes = new Set(['text', 'search', 'tel', 'email', 'url', 'password']);

/** The maximum length an input gets: the field's own, else 140 for text. */
export function inputMaxLength(type: string | undefined, own: number | undefined): number | undefined {
  if (own !== undefined) return own;
  return textTypes.has(type ?? 'text') ? textMaxLength : undefined;
}

function isoDate(date: Date): string {
  const year = String(date.getFullYear()).padStart(4, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The default bounds of a date picker: 150 years before and after today. */
export function pickerBounds(today: Date): { min: string; max: string } {
  const min = new Date(today);
  min.setFullYear(today.getFullYear() - pickerRangeYears);
  const max = new Date(today);
  max.setFullYear(today.getFullYear() + pickerRangeYears);
  return { min: isoDate(min), max: isoDate(max) };
}

/**
 * A date (yyyy-mm-dd) moved inside [min, max]; empty stays empty. ISO dates of four-digit years
 * compare as text; an empty bound is no bound.
 */
export function clampDate(value: string, min: string | undefined, max: string | undefined): string {
  if (!value) return value;
  if (min && value < min) return min;
  if (max && value > max) return max;
  return value;
}

/**
 * A gate that lets an action through at most once per `intervalMs`: the first press acts at once,
 * presses within the interval after it are dropped.
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

/**
 * The throttle of a search button (搜索 / 查询): a press within `intervalMs` of the last one that
 * ran the same query is a repeat and dropped; a changed query is no repeat and runs at once.
 */
export function createQueryThrottle(
  intervalMs: number,
  now: () => number = Date.now,
): (query: string) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  let lastQuery: string | null = null;
  return (query) => {
    const time = now();
    if (query === lastQuery && time - last < intervalMs) return false;
    last = time;
    lastQuery = query;
    return true;
  };
}
