import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiKeyExpiresAt,
  apiKeyStatusAt,
  bearerToken,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  maskApiKey,
} from './api-keys.js';

describe('API keys', () => {
  it('are the vly_ prefix and 32 random bytes in hex; only the SHA-256 and the last 4 characters are kept', () => {
    const first = generateApiKey();
    const second = generateApiKey();
    expect(first.apiKey).toMatch(/^vly_[0-9a-f]{64}$/);
    expect(first.apiKey).not.toBe(second.apiKey);
    expect(first.hash).toBe(createHash('sha256').update(first.apiKey).digest('hex'));
    expect(first.hash).not.toContain(first.apiKey.slice(4, 20));
    expect(first.lastFour).toBe(first.apiKey.slice(-4));
    expect(maskApiKey(first.lastFour)).toBe(`vly_••••••••${first.lastFour}`);
    expect(hashApiKey(first.apiKey)).toBe(first.hash);
  });

  it('only the key shape is looked up', () => {
    const { apiKey } = generateApiKey();
    expect(isWellFormedApiKey(apiKey)).toBe(true);
    expect(isWellFormedApiKey(apiKey.toUpperCase())).toBe(false);
    expect(isWellFormedApiKey(`${apiKey}0`)).toBe(false);
    expect(isWellFormedApiKey(apiKey.slice(4))).toBe(false);
    expect(isWellFormedApiKey(`vly_${'g'.repeat(64)}`)).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('turn expired a year after creation; a revoked (blocked) key stays blocked', () => {
    const createdAt = new Date('2026-01-10T12:00:00Z');
    expect(apiKeyExpiresAt(createdAt).toISOString()).toBe('2027-01-10T12:00:00.000Z');
    expect(apiKeyStatusAt({ status: 'active', createdAt }, new Date('2027-01-10T11:59:59Z'))).toBe(
      'active',
    );
    expect(apiKeyStatusAt({ status: 'active', createdAt }, new Date('2027-01-10T12:00:00Z'))).toBe(
      'expired',
    );
    expect(apiKeyStatusAt({ status: 'blocked', createdAt }, new Date('2026-01-11T00:00:00Z'))).toBe(
      'blocked',
    );
  });

  it('are read from an Authorization: Bearer header only', () => {
    expect(bearerToken('Bearer vly_abc')).toBe('vly_abc');
    expect(bearerToken('bearer   vly_abc ')).toBe('vly_abc');
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('vly_abc')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
  });
});
