// Background work steps aside while the server answers requests (docs/decisions/0034-background-work-steps-aside.md).
// The HTTP layer counts what it serves; the job worker reads the count between batches. While requests keep
// arriving, the worker takes small batches and, after each, rests so that the event loop's busy time during the
// batch is `share` of the whole: a batch that mostly waited (on a mail server, on PostgreSQL) barely rests, one that
// kept the loop busy (PGlite runs in this thread) rests long. When nothing is being served, it runs flat out. The
// widget that customers' websites load is answered first, and a list of 500 emails, which nobody waits for to the
// second, goes out more slowly meanwhile.

import { performance } from 'node:perf_hooks';

export type PacingOptions = {
  /** The part of the time the worker may take while requests are being served. */
  share: number;
  /** How many jobs it claims at once meanwhile (otherwise `WorkerOptions.batchSize`). */
  busyBatchSize: number;
  /** The longest rest after one batch, so that a slow batch does not hold the queue still for long. */
  maxRestMs: number;
};

export const DEFAULT_PACING: PacingOptions = { share: 0.05, busyBatchSize: 2, maxRestMs: 5_000 };

/** Counts the requests the server has begun to answer. */
export class ForegroundCounter {
  private served = 0;

  note(): void {
    this.served += 1;
  }

  get count(): number {
    return this.served;
  }
}

/**
 * Runs `work`; answers its result and how long the event loop was busy meanwhile. That counts everything the loop
 * ran, the requests answered in between too: a measure that errs towards resting longer.
 */
export async function withLoopTime<T>(
  work: () => Promise<T>,
): Promise<{ result: T; busyMs: number }> {
  const before = performance.eventLoopUtilization();
  const result = await work();
  return { result, busyMs: performance.eventLoopUtilization(before).active };
}

/** How long to rest after a batch that kept the event loop busy `busyMs` while requests were served. */
export function restAfter(busyMs: number, pacing: PacingOptions): number {
  return Math.min(pacing.maxRestMs, (busyMs * (1 - pacing.share)) / pacing.share);
}
