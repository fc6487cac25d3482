import { describe, expect, it } from 'vitest';
import { openCredentials, sealCredentials } from './credentials.js';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const ID = '6f1c1f9e-2b7a-4c41-9a3e-1d2c3b4a5f60';
const OTHER_ID = '0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b';

describe('review source credentials at rest', () => {
  it('opens what it sealed, and the sealed text does not hold the key', () => {
    const sealed = sealCredentials(SECRET, ID, { kind: 'trustpilot', apiKey: 'tp-secret-key' });
    expect(sealed).not.toContain('tp-secret-key');
    expect(openCredentials(SECRET, ID, sealed)).toEqual({
      kind: 'trustpilot',
      apiKey: 'tp-secret-key',
    });
  });

  it('opens nothing under another secret, on another row, or altered', () => {
    const sealed = sealCredentials(SECRET, ID, { kind: 'google', refreshToken: '1//token' });
    expect(openCredentials(`${SECRET}-rotated`, ID, sealed)).toBeNull();
    expect(openCredentials(SECRET, OTHER_ID, sealed)).toBeNull();
    const [version, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(openCredentials(SECRET, ID, `${version}.${iv}.${flipped}`)).toBeNull();
    expect(openCredentials(SECRET, ID, 'not sealed')).toBeNull();
  });
});
