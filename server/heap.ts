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
