// Who calls the public API v1 (docs/security.md rules 5, 6, 19): the owner of the
// bearer API key in `Authorization: Bearer <key>` (no other place is read,
// no cookie). `apiKeyAuthOf(app)` is the hook of every `apiKey` route's onRequest:
// - refuses a client that sent 10 wrong keys in 15 minutes (429) before it
//   looks at the eleventh;
// - an unknown, expired, revoked or malformed key gets the same 401;
// - then 60 requests per minute per key, with RateLimit-* headers on every answer.
// `requireApiCaller(request)` then reads the caller the hook found.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_API_RATE_LIMIT_PER_MINUTE } from '../../shared/constants.js';
import type { UserRow } from '../db/schema.js';
import { depsOf } from '../deps.js';
import { AppError, unauthorized } from '../errors.js';
import { bearerToken } from '../modules/integrations/api-keys.js';
import * as integrationsService from '../modules/integrations/service.js';
import { failureLimit, GUESS_WINDOW_MS, rateLimit, type RateLimitHook } from './rate-limit.js';
import { MINUTE_MS } from '../../shared/time.js';

export const API_KEY_RATE_LIMIT = {
  max: PUBLIC_API_RATE_LIMIT_PER_MINUTE,
  timeWindowMs: MINUTE_MS,
} as const;
export const WRONG_API_KEY_LIMIT = { max: 10, timeWindowMs: GUESS_WINDOW_MS } as const;

export const MISSING_API_KEY_MESSAGE = 'Missing API key. Send it as Authorization: Bearer <key>.';
export const INVALID_API_KEY_MESSAGE = 'Invalid API key.';

/** The key's owner, read with the key: the guards need no second read. */
export type ApiCaller = { user: UserRow };

const callers = new WeakMap<FastifyRequest, ApiCaller>();

/** The caller the apiKeyAuth hook found; 401 when it did not run or found none. */
export function requireApiCaller(request: FastifyRequest): ApiCaller {
  const caller = callers.get(request);
  if (!caller) throw unauthorized(INVALID_API_KEY_MESSAGE);
  return caller;
}

/** One hook per server, whichever scope asks (plugins/contract-route.ts adds it to every `apiKey` route). */
const hooks = new WeakMap<object, RateLimitHook>();

export function apiKeyAuthOf(app: FastifyInstance): RateLimitHook {
  let hook = hooks.get(app.server);
  if (!hook) {
    hook = apiKeyAuth(app);
    hooks.set(app.server, hook);
  }
  return hook;
}

function apiKeyAuth(app: FastifyInstance): RateLimitHook {
  const wrongKeys = failureLimit(app, { name: 'api-key:wrong', ...WRONG_API_KEY_LIMIT });
  const perKey = rateLimit(app, {
    name: 'api-key',
    ...API_KEY_RATE_LIMIT,
    headers: true,
    keyGenerator: (request) => requireApiCaller(request).user.id,
  });
  const deps = depsOf(app);

  return async (request: FastifyRequest, reply: FastifyReply) => {
    await wrongKeys.check(request, reply);
    const token = bearerToken(request.headers.authorization);
    if (token === null) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'UNAUTHORIZED', MISSING_API_KEY_MESSAGE);
    }
    const user = await integrationsService.authenticateApiKey(deps, token);
    if (!user) {
      await wrongKeys.record(request);
      void reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new AppError(401, 'UNAUTHORIZED', INVALID_API_KEY_MESSAGE);
    }
    // A right key gives back its count now, not after the route's work: concurrent calls are refused only while checked.
    await wrongKeys.succeeded(request);
    callers.set(request, { user });
    await perKey(request, reply);
  };
}
