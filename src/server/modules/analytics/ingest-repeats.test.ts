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
});
