// Rate limits (docs/security.md rule 5): routes of both scopes of app.ts opt in with
// `rateLimit(app, rule)` hooks, fixed windows counted in one store decorated
// on the root. Counts live in Redis when REDIS_URL is set (several servers
// share them), in memory otherwise, and in memory while Redis is away
// (rate-limit-store.ts, rule 20): a limit is never skipped. A count made in memory
// is made at once, without a promise: the public widget is counted on every
// page view of every site that shows it (issue 13).
// The client IP is `request.ip`, which honours X-Forwarded-For only when
// TRUST_PROXY is on, so a spoofed header cannot reset a count; an IPv6
// address counts for its /64 (@fastify/rate-limit's normalizeIP).
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { FallbackStore, SharedCounts, type Count } from './rate-limit-store.js';
import { getSessionUserId } from './sessions.js';
import { MINUTE_MS } from '../../shared/time.js';

/**
 * The window of every throttle on secret guesses (docs/security.md rule 19: the
 * 11th wrong guess in 15 minutes gets 429): login, current passwords, reset
 * tokens, access codes, Wix connect and API keys.
 */
export const GUESS_WINDOW_MS = 15 * MINUTE_MS;

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

/** Counts `check` made that are neither kept as a failure nor taken back yet, per request. */
const unsettled = new WeakMap<FastifyRequest, { limit: object; key: string }[]>();

/** Removes one unsettled count of `limit` from the request and returns its key. */
function settle(request: FastifyRequest, limit: object): string | undefined {
  const counts = unsettled.get(request);
  const index = counts?.findIndex((count) => count.limit === limit) ?? -1;
  return index < 0 ? undefined : counts?.splice(index, 1)[0]?.key;
}

export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const shared = config.redisUrl ? SharedCounts.connect(config.redisUrl, app.log) : undefined;
  if (shared) {
    app.addHook('onReady', () => shared.settle(REDIS_STARTUP_WAIT_MS));
    app.addHook('onClose', async () => shared.close());
  }
  const store = new FallbackStore(shared);
  app.decorate('rateLimitStore', store);
  // failureLimit's counts still unsettled when the answer goes out are taken back. On the root, so it covers
  // every route whichever scope made the limit. Synchronous, so the answer never waits for Redis: the memory
  // count drops at once, and the Redis command is sent now, ahead of any later count of this server.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const counts = unsettled.get(request);
    if (counts) {
      unsettled.delete(request);
      for (const { key } of counts) void store.decrement(key);
    }
    done(null, payload);
  });
}

/** 429 `RATE_LIMITED` with Retry-After (seconds, at least 1). */
function tooManyRequests(reply: FastifyReply, ttlInSeconds: number): AppError {
  void reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
  return new AppError(429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
}

type Counted = { key: string; max: number; count: Count };

/** Counts one more for `key` (its rule's value: an address, a site) against `rule`: at once from memory, a promise from Redis. */
function keyCounter(app: FastifyInstance, rule: RateLimitRule) {
  const max = Math.trunc(rule.max * app.config.rateLimitScale);
  const store = app.rateLimitStore;
  return (value: string): Counted | Promise<Counted> => {
    const key = `${rule.name}:${value}`;
    const count = store.increment(key, rule.timeWindowMs, max);
    return count instanceof Promise
      ? count.then((made) => ({ key, max, count: made }))
      : { key, max, count };
  };
}

/** Counts the request against `rule`: the count itself from memory, a promise of it from Redis. */
function limiter(app: FastifyInstance, rule: RateLimitRule) {
  const keyOf = rule.keyGenerator ?? clientIpKey;
  const countKey = keyCounter(app, rule);
  return (request: FastifyRequest): Counted | Promise<Counted> => countKey(keyOf(request));
}

const isExceeded = ({ count, max }: Counted) => count.current > max;

/**
 * The client's address as `request.ip` has it, from the raw request: the
 * socket's peer, or with TRUST_PROXY the first address of X-Forwarded-For,
 * as Fastify's trustProxy: true reads it.
 */
function clientAddressOf(raw: IncomingMessage, trustProxy: boolean): string {
  return (trustProxy ? proxyAddr(raw, trustEveryProxy) : raw.socket.remoteAddress) ?? '';
}
const trustEveryProxy = () => true;

/**
 * The count an IP rule's hook (`rateLimit(app, rule)`) makes, for a caller
 * that has the raw request but no Fastify request (plugins/fast-lane.ts):
 * the same key and store, so both count against one allowance. True while
 * the request is within the limit.
 */
export function addressLimit(
  app: FastifyInstance,
  rule: RateLimitRule,
): (raw: IncomingMessage) => boolean | Promise<boolean> {
  const countKey = keyCounter(app, rule);
  const { trustProxy } = app.config;
  return (raw) => {
    const counted = countKey(normalizeIP(clientAddressOf(raw, trustProxy)));
    return counted instanceof Promise
      ? counted.then((made) => !isExceeded(made))
      : !isExceeded(counted);
  };
}
const secondsLeft = ({ count }: Counted) => Math.ceil(count.ttl / 1000);

/** The hooks' answer when the count was made at once and allowed: one promise for every request. */
const ALLOWED = Promise.resolve();

/**
 * A hook enforcing `rule`; put it in a route's `onRequest` (IP rules) or
 * `preHandler` (rules keyed on the validated body). Several may share a route.
 * Over the limit: 429 `{ error: { code: 'RATE_LIMITED', ... } }` with Retry-After.
 * With `headers`, every answer also carries RateLimit-Limit, -Remaining and
 * -Reset (the IETF draft's names), as the public API promises its callers.
 */
export function rateLimit(
  app: FastifyInstance,
  rule: RateLimitRule & { headers?: boolean },
): RateLimitHook {
  const count = limiter(app, rule);
  /** Sets the rule's headers; the 429 to throw when the count is over the limit. */
  const refusal = (reply: FastifyReply, counted: Counted): AppError | undefined => {
    if (rule.headers) {
      void reply.headers({
        'ratelimit-limit': String(counted.max),
        'ratelimit-remaining': String(Math.max(0, counted.max - counted.count.current)),
        'ratelimit-reset': String(Math.max(0, secondsLeft(counted))),
      });
    }
    return isExceeded(counted) ? tooManyRequests(reply, secondsLeft(counted)) : undefined;
  };
  // Not async: a count made in memory is decided at once, and an allowed one answers with ALLOWED.
  return (request, reply) => {
    const counted = count(request);
    if (counted instanceof Promise) {
      return counted.then((made) => {
        const refused = refusal(reply, made);
        if (refused) throw refused;
      });
    }
    const refused = refusal(reply, counted);
    return refused ? Promise.reject(refused) : ALLOWED;
  };
}

export type FailureLimit = {
  /** Counts this attempt before it is tried; 429 once `max` failures (and attempts in flight) fill the window. */
  check: RateLimitHook;
  /** The attempt failed: its count stays. Without a `check` before it, counts one failure now. */
  record: (request: FastifyRequest) => Promise<void>;
  /** The attempt passed (right secret, known name): its count is taken back now. */
  succeeded: (request: FastifyRequest) => Promise<void>;
};

/**
 * Counts failures only, e.g. wrong secrets (docs/security.md rule 19). `check` counts
 * the attempt before it is tried, atomically, and refuses with 429 past
 * `rule.max`, so guesses sent all at once cannot all read "no failures yet":
 * at most `max` are tried per window, in flight or failed. A refused attempt
 * is not tried, so its count is taken back at once. The rule for the others:
 * only what `record` keeps stays counted. `succeeded` gives a count back as
 * soon as the secret is known to be right (an attempt in flight holds one of
 * the `max`, so concurrent right ones are refused only while they are being
 * checked); whatever is still unsettled when the answer goes out (invalid
 * input, an outage, a 429 from another limit) is taken back before it is
 * sent. So an owner is never locked out by anything but wrong guesses.
 */
export function failureLimit(app: FastifyInstance, rule: RateLimitRule): FailureLimit {
  const counter = limiter(app, rule);
  const store = app.rateLimitStore;
  /** Tells this limit's unsettled counts from other limits' on the same request. */
  const limit = {};
  return {
    check: async (request, reply) => {
      const result = await counter(request);
      if (isExceeded(result)) {
        // Refused, so not tried: nothing to hold against anyone.
        await store.decrement(result.key);
        throw tooManyRequests(reply, secondsLeft(result));
      }
      const counts = unsettled.get(request);
      if (counts) counts.push({ limit, key: result.key });
      else unsettled.set(request, [{ limit, key: result.key }]);
    },
    record: async (request) => {
      if (settle(request, limit) === undefined) await counter(request);
    },
    succeeded: async (request) => {
      const key = settle(request, limit);
      if (key !== undefined) await store.decrement(key);
    },
  };
}
