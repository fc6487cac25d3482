import { describe, expect, it } from 'vitest';
import { ANALYTICS_REPEAT_WINDOW_MS } from '../../../shared/analytics.js';
import { RepeatFilter } from './ingest-repeats.js';

describe('RepeatFilter', () => {
  it('counts the same key once within the window, and again after it', () => {
    const repeats = new RepeatFilter(ANALYTICS_REPEAT_WINDOW_MS, 100);
    expect(repeats.isRepeat('a', 0)).toBe(false);
    expect(repeats.isRepeat('a', 1)).toBe(true);
    expect(repeats.isRepeat('a', ANALYTICS_REPEAT_WINDOW_MS - 1)).toBe(true);
    expect(repeats.isRepeat('b', 2)).toBe(false);
    expect(repeats.isRepeat('a', ANALYTICS_REPEAT_WINDOW_MS)).toBe(false);
    expect(repeats.isRepeat('a', ANALYTICS_REPEAT_WINDOW_MS + 1)).toBe(true);
  });

  it('forgets expired keys as time passes', () => {
    const repeats = new RepeatFilter(1000, 100);
    for (let i = 0; i < 10; i++) repeats.isRepeat(`key ${i}`, i);
    expect(repeats.size).toBe(10);
    repeats.isRepeat('later', 5000);
    expect(repeats.size).toBe(1);
  });

  it('stays within its bound, forgetting the oldest keys first', () => {
    const repeats = new RepeatFilter(ANALYTICS_REPEAT_WINDOW_MS, 3);
    for (const key of ['a', 'b', 'c', 'd']) repeats.isRepeat(key, 10);
    expect(repeats.size).toBe(3);
    expect(repeats.isRepeat('d', 11)).toBe(true);
    expect(repeats.isRepeat('b', 11)).toBe(true);
    // 'a' was the oldest: forgotten, so it counts again.
    expect(repeats.isRepeat('a', 11)).toBe(false);
  });

  // A Map emptied from its front keeps the deleted entries as holes that every walk from the front steps over,
  // until it is rebuilt: at its bound, each new key once cost a walk over thousands of holes (100 times the first
  // keys' cost after 200,000 keys, and growing). Compared with its own first keys, so the machine's speed cancels out.
  it('costs no more per key at its bound than below it', () => {
    const bound = 50_000;
    const repeats = new RepeatFilter(ANALYTICS_REPEAT_WINDOW_MS, bound);
    const key = (i: number) =>
      `beacon-part-hashed-abc\ninteraction\n${String(i).padStart(36, '0')}\nread_more`;
    const timeKeys = (from: number, count: number) => {
      const started = performance.now();
      for (let i = from; i < from + count; i++) repeats.isRepeat(key(i), 1 + i / 10);
      return performance.now() - started;
    };
    const belowBound = timeKeys(0, bound);
    timeKeys(bound, 2 * bound);
    const atBound = timeKeys(3 * bound, bound);
    expect(repeats.size).toBe(bound);
    expect(atBound).toBeLessThan(belowBound * 5);
  });
});
