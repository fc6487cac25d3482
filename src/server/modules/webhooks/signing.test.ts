import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders } from './signing.js';

describe('webhook signing', () => {
  it('makes whsec_ secrets of 24 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs as the Standard Webhooks library verifies', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'testimonial.submitted', data: { name: 'Ana ★' } });
    const now = new Date();
    const headers = webhookHeaders(secret, 'msg_1', now, body);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification with another secret or a changed body', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(secret, 'msg_1', new Date(), '{"a":1}');
    expect(() => new Webhook(newWebhookSecret()).verify('{"a":1}', headers)).toThrow();
    expect(() => new Webhook(secret).verify('{"a":2}', headers)).toThrow();
  });
});
