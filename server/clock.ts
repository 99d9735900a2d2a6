/** Time as the server sees it; tests replace it to move time on without waiting. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function createManualClock(start = new Date('2026-11-21T09:00:00+08:00')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds: number) => {
      current += milliseconds;
    },
  };
}
