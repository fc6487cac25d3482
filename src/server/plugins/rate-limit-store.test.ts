// The in-memory counts every limit falls back to while Redis is away (SECURITY.md §20).
import { describe, expect, it } from 'vitest';
import { MemoryCounts } from './rate-limit-store.js';

describe('MemoryCounts', () => {
  it('counts within a fixed window that starts at the first count, then starts over', () => {
    const counts = new MemoryCounts();
    expect(counts.increment('login:ip:1', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(counts.increment('login:ip:1', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(counts.read('login:ip:1', 900)).toEqual({ current: 2, ttl: 100 });
    expect(counts.read('login:ip:1', 1000)).toEqual({ current: 0, ttl: 0 });
    expect(counts.increment('login:ip:1', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('reads without counting, and keeps keys apart', () => {
    const counts = new MemoryCounts();
    counts.increment('a', 1000, 0);
    expect(counts.read('a', 10)).toEqual({ current: 1, ttl: 990 });
    expect(counts.read('a', 10)).toEqual({ current: 1, ttl: 990 });
    expect(counts.read('b', 10)).toEqual({ current: 0, ttl: 0 });
  });

  it('keeps at most `capacity` keys, forgetting the least recently counted first', () => {
    const counts = new MemoryCounts(2);
    counts.increment('a', 1000, 0);
    counts.increment('b', 1000, 0);
    counts.increment('a', 1000, 1);
    counts.increment('c', 1000, 2);
    expect(counts.read('a', 3).current).toBe(2);
    expect(counts.read('b', 3).current).toBe(0);
    expect(counts.read('c', 3).current).toBe(1);
  });
});
