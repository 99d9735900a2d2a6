/**
 * Periodic server jobs on the server clock, run once per period however many API processes share the
 * database: each process ticks, and for a due job tries to claim the run by inserting (name, slot) into
 * job_runs, where the slot is the period's number on the clock; only the process whose insert succeeds
 * runs it (ADR 0006). Tests call `runDueJobs` with a manual clock instead of waiting.
 *
 * Queues (ADR 0007) ride on the same scheduler: each tick of a queue's own, shorter period drains it;
 * the queue's rows are claimed one by one in the database, so every process may drain at once.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/db';
import { jobRuns } from '../db/schema-jobs';
import type { Clock } from '../clock';

export type Job = {
  name: string;
  /** How often it runs, in milliseconds. */
  everyMs: number;
  /** Does the work; returns how many rows it changed (for the log). */
  run: (db: Db, clock: Clock) => Promise<number>;
};

/** Queued work drained on every tick of `everyMs` by every process (rows claimed one by one). */
export type Queue = {
  name: string;
  everyMs: number;
  /** Runs due items; returns how many ran (for the log). */
  drain: (db: Db, clock: Clock) => Promise<number>;
};

export type JobOutcome = { name: string; slot: string; affected: number | null; error: string | null };

/** Claims and runs every job whose current slot has not been claimed yet. */
export async function runDueJobs(db: Db, clock: Clock, jobs: readonly Job[]): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    const now = clock.now();
    const slot = String(Math.floor(now.getTime() / job.everyMs));
    const claimed = await db
      .insert(jobRuns)
      .values({ name: job.name, slot, startedAt: now })
      .onConflictDoNothing()
      .returning({ slot: jobRuns.slot });
    if (claimed.length === 0) continue;
    let affected: number | null = null;
    let error: string | null = null;
    try {
      affected = await job.run(db, clock);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    await db
      .update(jobRuns)
      .set({ finishedAt: clock.now(), affected, error })
      .where(and(eq(jobRuns.name, job.name), eq(jobRuns.slot, slot)));
    outcomes.push({ name: job.name, slot, affected, error });
  }
  return outcomes;
}

/** Ticks every `tickMs` until stopped; a tick never overlaps the previous one. */
export function startScheduler(
  db: Db,
  clock: Clock,
  jobs: readonly Job[],
  options: {
    tickMs: number;
    log: (outcome: JobOutcome) => void;
    queues?: readonly Queue[];
    logQueue?: (name: string, ran: number, error: string | null) => void;
  },
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timers = [
    setInterval(() => {
      running = running.then(async () => {
        if (stopped) return;
        for (const outcome of await runDueJobs(db, clock, jobs).catch(() => [])) options.log(outcome);
      });
    }, options.tickMs),
  ];
  const draining: Promise<unknown>[] = [];
  for (const [index, queue] of (options.queues ?? []).entries()) {
    draining[index] = Promise.resolve();
    timers.push(
      setInterval(() => {
        draining[index] = draining[index]!.then(async () => {
          if (stopped) return;
          try {
            const ran = await queue.drain(db, clock);
            if (ran > 0) options.logQueue?.(queue.name, ran, null);
          } catch (caught) {
            options.logQueue?.(queue.name, 0, caught instanceof Error ? caught.message : String(caught));
          }
        });
      }, queue.everyMs),
    );
  }
  for (const timer of timers) timer.unref();
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([running, ...draining]);
    },
  };
}
