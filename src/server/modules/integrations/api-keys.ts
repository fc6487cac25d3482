// API keys (docs/security.md rule 6; docs/decisions/0013-integrations.md). A key is the
// recognisable prefix plus 32 random bytes (hex). Only its SHA-256 is stored,
// with the last 4 characters for the masked display; the key itself is shown
// once and never stored or logged. A plain SHA-256 (not a slow password hash)
// is right here: the key has 256 bits of entropy, so nothing can be guessed
// from the hash, and each request can look the key up by its hash.
import { randomBytes } from 'node:crypto';
import { API_KEY_LIFETIME_DAYS } from '../../../shared/constants.js';
import { API_KEY_PREFIX, type ApiKeyStatus } from '../../../shared/schemas/integrations.js';
import { DAY_MS } from '../../../shared/time.js';
import { sha256Hex } from '../../secret-tokens.js';

const KEY_BYTES = 32;

/** `vly_` and 64 lowercase hex digits. */
const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9a-f]{${KEY_BYTES * 2}}$`);

export type NewApiKey = { apiKey: string; hash: string; lastFour: string };

export function generateApiKey(): NewApiKey {
  const apiKey = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('hex')}`;
  return { apiKey, hash: hashApiKey(apiKey), lastFour: apiKey.slice(-4) };
}

export const hashApiKey = sha256Hex;

/** True when `candidate` has the shape of a key: anything else is refused without a database read. */
export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_PATTERN.test(candidate);
}

export function maskApiKey(lastFour: string): string {
  return `${API_KEY_PREFIX}${'•'.repeat(8)}${lastFour}`;
}

export function apiKeyExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + API_KEY_LIFETIME_DAYS * DAY_MS);
}

/**
 * `blocked` is stored (the owner revoked the key); `expired` follows from the
 * creation date, so a key turns expired at its time without any job running.
 */
export function apiKeyStatusAt(
  key: { status: ApiKeyStatus; createdAt: Date },
  now: Date,
): ApiKeyStatus {
  if (key.status !== 'active') return key.status;
  return apiKeyExpiresAt(key.createdAt).getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The key of an `Authorization: Bearer <key>` header, or null for any other header. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  return match?.[1] ?? null;
}
