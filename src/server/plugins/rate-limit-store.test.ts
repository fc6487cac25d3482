// The in-memory counts every limit falls back to while Redis is away (docs/security.md rule 20).
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

  it('keeps at most `capacity` keys: expired windows go first, then the emptiest, the least recently counted of them', () => {
    const counts = new MemoryCounts(2);
    counts.increment('a', 1000, 0, 10);
    counts.increment('b', 1000, 0, 10);
    counts.increment('a', 1000, 1, 10);
    counts.increment('c', 1000, 2, 10);
    expect(counts.read('a', 3).current).toBe(2);
    expect(counts.read('b', 3).current).toBe(0);
    expect(counts.read('c', 3).current).toBe(1);

    const expiring = new MemoryCounts(2);
    expiring.increment('old', 100, 0, 10);
    expiring.increment('live', 1000, 50, 10);
    expiring.increment('live', 1000, 60, 10);
    expiring.increment('new', 1000, 200, 10);
    expect(expiring.read('live', 201).current).toBe(2);
    expect(expiring.read('new', 201).current).toBe(1);
  });

  it('never forgets a window that reached its maximum: other keys cannot push a lock out', () => {
    const counts = new MemoryCounts(3);
    for (let i = 0; i < 3; i++) counts.increment('victim', 1000, i, 3);
    for (let key = 0; key < 50; key++) counts.increment(`flood:${key}`, 1000, 10, 3);
    expect(counts.read('victim', 20).current).toBe(3);
  });

  it('nor one partly filled while emptier windows are there: a flood of new keys wins no guesses back', () => {
    const counts = new MemoryCounts(3);
    for (let i = 0; i < 9; i++) counts.increment('victim', 1000, i, 10);
    for (let key = 0; key < 50; key++) counts.increment(`flood:${key}`, 1000, 10, 10);
    expect(counts.read('victim', 20).current).toBe(9);
    expect(counts.read('flood:49', 20).current).toBe(1);
  });

  it('when every window is locked, a new key is still counted and limited: the map grows past its capacity', () => {
    const counts = new MemoryCounts(2);
    for (const key of ['a', 'b']) for (let i = 0; i < 3; i++) counts.increment(key, 1000, i, 3);
    for (let i = 0; i < 4; i++) counts.increment('new', 1000, 10, 3);
    expect(counts.read('new', 20).current).toBe(4);
    expect(counts.read('a', 20).current).toBe(3);
    expect(counts.read('b', 20).current).toBe(3);
  });

  it('takes a count back, never below zero', () => {
    const counts = new MemoryCounts();
    counts.increment('a', 1000, 0, 10);
    counts.increment('a', 1000, 1, 10);
    counts.decrement('a', 2);
    expect(counts.read('a', 3).current).toBe(1);
    counts.decrement('a', 4);
    counts.decrement('a', 5);
    expect(counts.read('a', 6).current).toBe(0);
    counts.decrement('missing', 7);
    expect(counts.read('missing', 8).current).toBe(0);
  });
});
