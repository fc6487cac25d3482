import { describe, expect, it } from 'vitest';
import { DEFAULT_PACING, restAfter, withLoopTime } from './pacing.js';

/** Keeps the event loop busy for `ms`, as a PGlite query does. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('pacing background work', () => {
  it('counts the time the event loop was busy, not the time spent waiting', async () => {
    const waited = await withLoopTime(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(waited.busyMs).toBeLessThan(30);

    const busy = await withLoopTime(async () => {
      spin(40);
      return 'done';
    });
    expect(busy.result).toBe('done');
    expect(busy.busyMs).toBeGreaterThanOrEqual(40);
  });

  it('rests so that the batch is its share of the time, and never longer than the longest rest', () => {
    expect(restAfter(10, { ...DEFAULT_PACING, share: 0.1 })).toBeCloseTo(90);
    expect(restAfter(10, { ...DEFAULT_PACING, share: 0.25 })).toBeCloseTo(30);
    expect(restAfter(10_000, { share: 0.1, busyBatchSize: 2, maxRestMs: 5_000 })).toBe(5_000);
  });
});
