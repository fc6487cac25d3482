// The token in a request email's links (the star links, unsubscribe): `<requestId>.<signature>`, the signature an
// HMAC-SHA256 of the request's id under the session secret (docs/decisions/0031-requests-to-customers.md). Nothing secret is stored: the
// row is named by its id, and only the server can sign one. A forged or altered token verifies to nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const PURPOSE = 'review-request:';
const isUuid = (value: string) => z.uuid().safeParse(value).success;

const signatureOf = (secret: string, requestId: string): string =>
  createHmac('sha256', secret).update(`${PURPOSE}${requestId}`).digest('base64url');

export function signRequestToken(secret: string, requestId: string): string {
  return `${requestId}.${signatureOf(secret, requestId)}`;
}

/** The request's id when the token is ours, else null. */
export function verifyRequestToken(secret: string, token: string): string | null {
  const [requestId, signature, ...rest] = token.split('.');
  if (!requestId || !signature || rest.length > 0 || !isUuid(requestId)) return null;
  // Compared as text: one signature, one spelling (base64url decoding would forgive changed padding bits).
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(secret, requestId));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return requestId;
}
