// The counter store behind every rate limit (docs/security.md rules 5, 20): Redis when
// REDIS_URL is set, so several servers share counts, and this process's memory
// whenever Redis is not answering. A store that is down must neither disable a
// limit nor slow a request, so the Redis client fails fast (no offline queue,
// short timeouts), keeps reconnecting in the background, and every count it
// cannot make is made in memory instead. Counts made in memory during an
// outage stay in this process; Redis decides again as soon as it is back.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type Count = { current: number; ttl: number };

const NAMESPACE = 'vouchly:rate-limit:';
/** Keys kept in memory, all limits together; past it, expired windows go first, then the emptiest. */
const MEMORY_CAPACITY = 100_000;
/** How many of the oldest windows one insertion looks at to find one to drop: eviction stays cheap. */
const EVICTION_SCAN = 100;
/** After a failed command, Redis rests this long (unless it reconnects first) so no request queues behind it. */
const PAUSE_AFTER_FAILURE_MS = 5000;

type Window = { current: number; resetAt: number; max: number };

/**
 * Fixed windows counted in this process. Past the capacity, one window goes
 * per new key: an expired one, else the emptiest live one (fewest counts for
 * its maximum) among the least recently counted. So a flood of new keys, each
 * counted once, pushes out its own kind, not a counter some guesses filled;
 * and a window at or over its maximum is never dropped while it lasts, or the
 * flood could unlock it. Should every window looked at be locked, the map
 * grows past its capacity: the new key is kept and limited like any other,
 * and the growth stays bounded, as each locked window cost `max` requests.
 */
export class MemoryCounts {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly capacity = MEMORY_CAPACITY) {}

  increment(
    key: string,
    timeWindow: number,
    now = Date.now(),
    max = Number.POSITIVE_INFINITY,
  ): Count {
    const live = this.live(key, now);
    const window: Window = live
      ? { current: live.current + 1, resetAt: live.resetAt, max }
      : { current: 1, resetAt: now + timeWindow, max };
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.capacity) this.evictOne(now, key);
    return { current: window.current, ttl: window.resetAt - now };
  }

  /** Takes back one count (an attempt that turned out not to be a failure), never below zero. */
  decrement(key: string, now = Date.now()): void {
    const live = this.live(key, now);
    if (live && live.current > 0) live.current -= 1;
  }

  read(key: string, now = Date.now()): Count {
    const live = this.live(key, now);
    return live ? { current: live.current, ttl: live.resetAt - now } : { current: 0, ttl: 0 };
  }

  private live(key: string, now: number) {
    const window = this.windows.get(key);
    return window && window.resetAt > now ? window : undefined;
  }

  /** Drops the first expired window among the oldest, else the emptiest one below its maximum; never `added`. */
  private evictOne(now: number, added: string): void {
    let emptiest: string | undefined;
    let lowestFill = 1;
    let looked = 0;
    for (const [key, window] of this.windows) {
      if (key === added) continue;
      if (window.resetAt <= now) {
        this.windows.delete(key);
        return;
      }
      const fill = window.current / window.max;
      if (fill < lowestFill) {
        emptiest = key;
        lowestFill = fill;
      }
      if (++looked >= EVICTION_SCAN) break;
    }
    if (emptiest !== undefined) this.windows.delete(emptiest);
  }
}

// INCR, and the window starts at the first count; a key left without expiry (never, but cheap to mend) gets one.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

// Takes back one count, never below zero, and leaves the window's expiry as it is.
const DECREMENT = `
local current = tonumber(redis.call('GET', KEYS[1]))
if current and current > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

function asCount(reply: unknown): Count {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error('unexpected reply from the rate-limit script');
  }
  return { current: reply[0], ttl: reply[1] };
}

/** One Redis connection per app, shared by every limit, with its health as the limits see it. */
export class SharedCounts {
  private pausedUntil = 0;
  private away = false;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.on('ready', () => {
      this.pausedUntil = 0;
      this.cameBack();
    });
    // Reconnection attempts repeat the same error; one line per outage is enough.
    redis.on('error', (error: Error) => this.wentAway(error));
    redis.on('reconnecting', () => this.wentAway(new Error('connection lost')));
  }

  /** Fail-fast settings: nothing waits for a connection, and a command gives up after 250 ms. */
  static connect(url: string, log: FastifyBaseLogger): SharedCounts {
    return new SharedCounts(
      new Redis(url, {
        connectTimeout: 500,
        commandTimeout: 250,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        // Forever, in the background, at most every 2 s.
        retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
      }),
      log,
    );
  }

  get usable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.pausedUntil;
  }

  async increment(key: string, timeWindow: number): Promise<Count> {
    try {
      const reply: unknown = await this.redis.eval(INCREMENT, 1, NAMESPACE + key, timeWindow);
      // A frozen Redis keeps its connection: no 'ready' tells it answers again, this does.
      this.cameBack();
      return asCount(reply);
    } catch (error) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.wentAway(error);
      throw error;
    }
  }

  async decrement(key: string): Promise<void> {
    try {
      await this.redis.eval(DECREMENT, 1, NAMESPACE + key);
      this.cameBack();
    } catch (error) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.wentAway(error);
      throw error;
    }
  }

  /** Resolves once Redis is ready or has failed once, or after `ms`: start-up waits briefly, never for long. */
  async settle(ms: number): Promise<void> {
    if (this.redis.status === 'ready' || this.away) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.redis.once('ready', done).once('error', done);
    });
  }

  close(): void {
    this.redis.disconnect();
  }

  private cameBack(): void {
    if (!this.away) return;
    this.away = false;
    this.log.info('rate-limit store (Redis) is back: counts are shared again');
  }

  private wentAway(error: unknown): void {
    if (this.away) return;
    this.away = true;
    this.log.warn(
      { err: error },
      'rate-limit store (Redis) unavailable: counting in this process until it is back',
    );
  }
}

/**
 * The store of every limit: Redis while it answers, this process's memory
 * otherwise. Never fails, so no limit is ever skipped. Every limit shares the
 * one Redis connection and the one memory (keys carry their rule's name).
 */
export class FallbackStore {
  constructor(
    private readonly shared: SharedCounts | undefined,
    readonly memory = new MemoryCounts(),
  ) {}

  /**
   * Counts one request: at once from memory (no Redis configured, or Redis
   * resting after a failure), so the hot path makes no promise; else a promise
   * of Redis's count, or of the memory's if Redis fails.
   */
  increment(key: string, timeWindow: number, max: number): Count | Promise<Count> {
    const shared = this.shared;
    if (!shared?.usable) return this.memory.increment(key, timeWindow, Date.now(), max);
    return this.incrementIn(shared, key, timeWindow, max);
  }

  /** Takes back one count of `key` (a key as the limit's keyGenerator made it); never fails. */
  async decrement(key: string): Promise<void> {
    if (this.shared?.usable) {
      try {
        await this.shared.decrement(key);
        return;
      } catch {
        // Taken back in memory below, where the count was most likely made while Redis was resting.
      }
    }
    this.memory.decrement(key);
  }

  private async incrementIn(
    shared: SharedCounts,
    key: string,
    timeWindow: number,
    max: number,
  ): Promise<Count> {
    try {
      return await shared.increment(key, timeWindow);
    } catch {
      // Counted in memory below; SharedCounts logged it and rests Redis for a while.
      return this.memory.increment(key, timeWindow, Date.now(), max);
    }
  }
}
