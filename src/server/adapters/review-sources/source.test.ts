import { describe, expect, it } from 'vitest';
import { errorOfStatus } from './source.js';

describe('what a provider status means for a review source', () => {
  it('401 needs the owner to reconnect; 5xx, 429 and 408 pass; anything else is refused', () => {
    const kinds = [401, 500, 502, 503, 429, 408, 400, 403, 404].map(
      (status) => errorOfStatus(status, 'Google').kind,
    );
    expect(kinds).toEqual([
      'revoked',
      'transient',
      'transient',
      'transient',
      'transient',
      'transient',
      'permanent',
      'permanent',
      'permanent',
    ]);
  });

  it('says which provider and which status, in words an owner reads', () => {
    expect(errorOfStatus(503, 'Trustpilot').message).toBe(
      'Trustpilot is not answering (error 503).',
    );
    expect(errorOfStatus(404, 'Google').message).toBe('Google refused the request (error 404).');
  });
});
