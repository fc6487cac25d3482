// The signed token of a request's links (docs/decisions/0031-requests-to-customers.md): ours verifies to the
// request's id; anything altered, another secret's or another shape verifies to nothing.
import { describe, expect, it } from 'vitest';
import { signRequestToken, verifyRequestToken } from './request-token.js';

const SECRET = 'a-session-secret-that-is-at-least-32-characters';
const ID = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

describe('request tokens', () => {
  it('verify to the request id when signed with our secret', () => {
    const token = signRequestToken(SECRET, ID);
    expect(token).toMatch(/^0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0\.[A-Za-z0-9_-]{43}$/);
    expect(verifyRequestToken(SECRET, token)).toBe(ID);
  });

  it('verify to nothing when forged, altered or signed elsewhere', () => {
    const token = signRequestToken(SECRET, ID);
    const signature = token.split('.')[1] ?? '';
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    const otherId = '1f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
    for (const bad of [
      `${token.slice(0, -1)}${last}`,
      `${otherId}.${signature}`,
      signRequestToken('another-secret-that-is-at-least-32-characters', ID),
      `${token}.extra`,
      ID,
      `${ID}.`,
      `not-a-uuid.${signature}`,
      '',
    ]) {
      expect(verifyRequestToken(SECRET, bad), bad).toBeNull();
    }
  });
});
