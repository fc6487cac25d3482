// Rate limits (SECURITY.md §5) on @fastify/rate-limit with `global: false`,
// registered on the root so routes of both scopes of app.ts can opt in with
// `rateLimit(app, rule)` hooks. Counts live in Redis when REDIS_URL is set
// (several servers share them), in memory otherwise, and in memory while
// Redis is away (rate-limit-store.ts, §20): a limit is never skipped.
// The client IP is `request.ip`, which honours X-Forwarded-For only when
// TRUST_PROXY is on, so a spoofed header cannot reset a count.
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { FallbackStore, SharedCounts } from './rate-limit-store.js';
import { getSessionUserId } from './sessions.js';

/** Start-up waits this long at most for Redis, so the first requests already share counts. */
const REDIS_STARTUP_WAIT_MS = 1000;

export type RateLimitRule = {
  /** Namespaces the counter; unique per rule (Redis keys are shared by every rule). */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted; the client IP by default. Runs in the hook the rule is attached to. */
  keyGenerator?: (request: FastifyRequest) => string;
};

export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export const clientIpKey = (request: FastifyRequest): string => normalizeIP(request.ip);

/** The signed-in user's id (session scope), or the client IP for a request without a session. */
export const signedInUserKey = (request: FastifyRequest): string =>
  getSessionUserId(request) ?? `ip:${clientIpKey(request)}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** The store behind every limit, for what @fastify/rate-limit cannot do: taking a count back (failureLimit). */
    rateLimitStore: FallbackStore;
  }
}

export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const shared = config.redisUrl ? SharedCounts.connect(config.redisUrl, app.log) : undefined;
  if (shared) {
    app.addHook('onReady', () => shared.settle(REDIS_STARTUP_WAIT_MS));
    app.addHook('onClose', async () => shared.close());
  }
  const store = new FallbackStore(shared);
  app.decorate('rateLimitStore', store);
  await app.register(fastifyRateLimit, {
    global: false,
    // The plugin makes its own root with `new`; every limit gets a child, all on the same counts.
    store: class extends FallbackStore {
      constructor() {
        super(shared, store.memory);
      }
    },
  });
}

/** 429 `RATE_LIMITED` with Retry-After (seconds, at least 1). */
function tooManyRequests(reply: FastifyReply, ttlInSeconds: number): AppError {
  void reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
  return new AppError(429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
}

function limiter(app: FastifyInstance, rule: RateLimitRule) {
  const keyOf = rule.keyGenerator ?? clientIpKey;
  return app.createRateLimit({
    max: rule.max * app.config.rateLimitScale,
    timeWindow: rule.timeWindowMs,
    keyGenerator: (request) => `${rule.name}:${keyOf(request)}`,
  });
}

/**
 * A hook enforcing `rule`; put it in a route's `onRequest` (IP rules) or
 * `preHandler` (rules keyed on the validated body). Several may share a route.
 * Over the limit: 429 `{ error: { code: 'RATE_LIMITED', ... } }` with Retry-After.
 * With `headers`, every answer also carries RateLimit-Limit, -Remaining and
 * -Reset (the IETF draft's names), as the public API promises its callers.
 */
export function rateLimit(app: FastifyInstance, rule: RateLimitRule & { headers?: boolean }): RateLimitHook {
  const check = limiter(app, rule);
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed) return;
    if (rule.headers) {
      void reply.headers({
        'ratelimit-limit': String(result.max),
        'ratelimit-remaining': String(result.remaining),
        'ratelimit-reset': String(Math.max(0, result.ttlInSeconds)),
      });
    }
    if (result.isExceeded) throw tooManyRequests(reply, result.ttlInSeconds);
  };
}

/**
 * Counts failures only, e.g. wrong secrets (SECURITY.md §19). `check` counts
 * the attempt before it is tried, atomically, and refuses with 429 past
 * `rule.max`: guesses sent all at once cannot all read "no failures yet".
 * `record` confirms that the attempt failed. Every count `check` made that was
 * not confirmed by the time the answer goes out (a right password, a known
 * slug, a request refused for another reason) is taken back before it is
 * sent, so the next request sees only failures.
 */
export function failureLimit(
  app: FastifyInstance,
  rule: RateLimitRule,
): { check: RateLimitHook; record: (request: FastifyRequest) => Promise<void> } {
  const counter = limiter(app, rule);
  /** The key each request's check counted, until confirmed or taken back. */
  const unconfirmed = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request) => {
    const key = unconfirmed.get(request);
    if (key === undefined) return;
    unconfirmed.delete(request);
    await app.rateLimitStore.decrement(key);
  });
  return {
    check: async (request, reply) => {
      const result = await counter(request);
      if (!result.isAllowed && result.isExceeded) {
        // Refused, so not tried: nothing to hold against anyone.
        await app.rateLimitStore.decrement(result.key);
        throw tooManyRequests(reply, result.ttlInSeconds);
      }
      unconfirmed.set(request, result.key);
    },
    record: async (request) => {
      unconfirmed.delete(request);
    },
  };
}
