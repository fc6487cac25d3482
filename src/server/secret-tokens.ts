// Secrets handed out in links and keys (a password reset, an Approve link, an API key): random, and stored only
// as their SHA-256, so a read of the database gives no working link.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: a token for a link. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 in hex: the only form of a token or key the database keeps. */
export const sha256Hex = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');
