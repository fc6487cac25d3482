// Throttles on every secret the account endpoints check (docs/security.md rule 19):
// per IP and per account, 10 wrong guesses in 15 minutes, and the 11th gets
// 429 before it is tried. Each guess is counted before it is tried, so a burst
// sent at once gets no further; only wrong guesses (`WrongSecretError`) stay
// counted, so an owner who knows their password is never throttled for using
// it, and a stranger's guesses at an email cannot lock its owner out of a
// reset link.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  clientIpKey,
  failureLimit,
  GUESS_WINDOW_MS,
  signedInUserKey,
  type FailureLimit,
} from '../../plugins/rate-limit.js';
import { WrongSecretError } from './service.js';

const WRONG_SECRET_LIMIT = { max: 10, timeWindowMs: GUESS_WINDOW_MS } as const;

const loginAccountKeys = new WeakMap<FastifyRequest, string>();

export function secretThrottles(app: FastifyInstance) {
  const limit = (name: string, keyGenerator?: (request: FastifyRequest) => string) =>
    failureLimit(app, { name, ...WRONG_SECRET_LIMIT, ...(keyGenerator ? { keyGenerator } : {}) });
  return {
    login: {
      perIp: limit('login:ip'),
      /** Keyed by `setLoginAccount`, which the route calls once it has read the account. */
      perAccount: limit(
        'login:email',
        (request) => loginAccountKeys.get(request) ?? `ip:${clientIpKey(request)}`,
      ),
    },
    /** The current password of a password or an email change: one count for both. */
    currentPassword: {
      perIp: limit('current-password:ip'),
      perAccount: limit('current-password:user', signedInUserKey),
    },
    resetToken: { perIp: limit('reset-password:wrong-token:ip') },
  };
}

/** Names the account a login attempt is counted against (authService.findLoginAccount's key). */
export function setLoginAccount(request: FastifyRequest, throttleKey: string): void {
  loginAccountKeys.set(request, throttleKey);
}

/**
 * Runs `attempt`, whose limits have each counted it (`check`): a WrongSecretError
 * keeps the counts, then is rethrown; a success gives them back at once. Any
 * other error (invalid input, the database away) is no guess: failureLimit
 * gives its counts back before the answer goes out.
 */
export async function countingWrongSecrets<T>(
  request: FastifyRequest,
  limits: readonly FailureLimit[],
  attempt: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (error instanceof WrongSecretError)
      await Promise.all(limits.map((limit) => limit.record(request)));
    throw error;
  }
  await Promise.all(limits.map((limit) => limit.succeeded(request)));
  return result;
}
