/**
 * How far V8 lets the heap grow between full collections. By default it picks the factor itself, up
 * to four times what survived the last full collection when the program allocates fast, which a busy
 * server does: in the request-path benchmark on PGlite the server's heap went from about 50 MB live
 * to about 200 MB before each full collection, and its RSS peaked at 521 MB. Growing by at most a
 * quarter kept the peak at 377 MB with no throughput lost beyond the run-to-run noise
 * (docs/performance.md, "Memory"). Set once, first thing, in every process that serves.
 */
import v8 from 'node:v8';

export const heapGrowingPercent = 25;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}

/**
 * The young generation's semi-space, in MB, given on the command line of every process that serves
 * (`npm start`; the benchmarks' servers): V8 reads it when the heap is set up, so it cannot be set
 * from inside. A request's objects die young; with Node's default (16 MB) enough of them outlived two
 * scavenges at a few hundred searches a second to fill the old space and, under the growth limit
 * above, run a full collection every 0.7 s, its pause (3-9 ms) holding every request in flight. With
 * 32 MB the listing search at 10 clients on PostgreSQL went from 816-887 to 929-956 req/s and its p99
 * from 28-34 to 24-26 ms (docs/performance.md, the listing search).
 */
export const semiSpaceFlag = '--max-semi-space-size=32';
