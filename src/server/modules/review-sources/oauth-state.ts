// The `state` of a Google sign-in: `<businessId>.<userId>.<expiresAtMs>.<signature>`, the signature an HMAC-SHA256
// under the session secret. Google hands it back unchanged; the callback accepts it only from the same owner of the
// same business within 10 minutes, so a code obtained by someone else cannot be pushed into this account.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '../../../shared/time.js';

const PURPOSE = 'google-review-source:';
const OAUTH_STATE_TTL_MS = 10 * MINUTE_MS;

const signatureOf = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(`${PURPOSE}${payload}`).digest('base64url');

export function signOAuthState(
  secret: string,
  caller: { businessId: string; userId: string },
  now: Date,
): string {
  const payload = `${caller.businessId}.${caller.userId}.${now.getTime() + OAUTH_STATE_TTL_MS}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** Whether the state was signed here, for this caller, and is still valid. */
export function verifyOAuthState(
  secret: string,
  state: string,
  caller: { businessId: string; userId: string },
  now: Date,
): boolean {
  const parts = state.split('.');
  if (parts.length !== 4) return false;
  const [businessId, userId, expiresAt, signature] = parts as [string, string, string, string];
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(secret, `${businessId}.${userId}.${expiresAt}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return (
    businessId === caller.businessId &&
    userId === caller.userId &&
    Number(expiresAt) > now.getTime()
  );
}
