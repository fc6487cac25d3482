// Standard Webhooks signing (docs/product/webhooks.md#verifying, docs/decisions/0032): a secret `whsec_<base64>`,
// and `webhook-signature: v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">` keyed with the decoded bytes.
// About twenty lines, so ours; the tests verify it with the `standardwebhooks` package.
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/schemas/webhooks.js';

/** 24 random bytes: 192 bits, above the 128 the specification asks for. */
const SECRET_BYTES = 24;

export const newWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; `id` is the same on every attempt of a delivery. */
export function webhookHeaders(
  secret: string,
  id: string,
  now: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, id, timestamp, body),
  };
}
