// Field rules shared by several forms (docs/product/auth.md#rules-and-messages), with their exact messages.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

/** docs/security.md rule 1: at least 64 allowed; the cap keeps hashing bounded. */
const PASSWORD_MAX_LENGTH = 128;

/** A bare domain or an http(s) URL whose host ends in a label of at least 2 letters. */
export function isValidWebsite(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed || /\s/.test(trimmed)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(url.hostname);
}

/** Stored form of a website: with a scheme, so links work. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const websiteMessage = 'Please enter a valid website (e.g., example.com)';

export const websiteField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(2048, 'Website is too long')
    .refine(isValidWebsite, websiteMessage);

export const emailField = z
  .string({ error: 'Invalid email format' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Invalid email format'))
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const businessNameField = z
  .string({ error: 'Business name is required' })
  .trim()
  .min(1, 'Business name is required')
  .max(120, 'Business name must be at most 120 characters');

const unknownTimeZone = 'Time zone is not a known time zone';

/**
 * The name of an IANA time zone this runtime knows (Intl.DateTimeFormat accepts it), in its canonical letter case
 * ("europe/paris" is Europe/Paris); null for anything else, a UTC offset ("+05:00") included.
 */
export function knownTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Only the case is taken from the runtime: an alias (Asia/Kolkata) stays as it was sent.
  return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
}

/** The time zone a business counts its days in (docs/product/business.md#time-zone). */
export const timeZoneField = z
  .string({ error: unknownTimeZone })
  .trim()
  .max(64, unknownTimeZone)
  .transform((value, context) => {
    const zone = knownTimeZone(value);
    if (zone === null) {
      context.addIssue({ code: 'custom', message: unknownTimeZone });
      return z.NEVER;
    }
    return zone;
  });
