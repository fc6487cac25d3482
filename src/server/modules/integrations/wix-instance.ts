// The Wix app `instance` parameter (docs/security.md rule 14): `<signature>.<data>`,
// where data is the base64url JSON Wix signed (it carries `instanceId`, the
// site's app instance, and `signDate`) and signature is the base64url
// HMAC-SHA256 of the data part, keyed with the app secret. Wix leaves out the
// base64 padding. Format: https://dev.wix.com/docs/build-apps/develop-your-app/access/app-instances/parse-encoded-app-instance-data
// Nothing in the instance is believed before the signature checks out, and an
// old one is refused: Wix signs a fresh instance each time its dashboard
// opens the app, so a copied link stops working (docs/decisions/0013).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { wixSiteIdSchema } from '../../../shared/schemas/integrations.js';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';

/** How old a signed instance may be when the owner connects with it. */
export const WIX_INSTANCE_MAX_AGE_MS = HOUR_MS;
/** Clocks differ: a signDate this far in the future still counts. */
const WIX_INSTANCE_CLOCK_SKEW_MS = 5 * MINUTE_MS;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const instanceDataSchema = z.object({
  // Trimmed and lower-cased, as every route compares site ids.
  instanceId: wixSiteIdSchema,
  signDate: z.iso.datetime({ offset: true }),
});

export type WixInstance = { siteId: string; signedAt: Date };

export type WixInstanceCheck =
  | { ok: true; instance: WixInstance }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

function signatureOf(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function verifyWixInstance(instance: string, secret: string, now: Date): WixInstanceCheck {
  const parts = instance.split('.');
  const [signature, data] = parts;
  if (
    parts.length !== 2 ||
    !signature ||
    !data ||
    !BASE64URL.test(signature) ||
    !BASE64URL.test(data)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = signatureOf(data, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = instanceDataSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const signedAt = new Date(parsed.data.signDate);
  const age = now.getTime() - signedAt.getTime();
  if (age > WIX_INSTANCE_MAX_AGE_MS || age < -WIX_INSTANCE_CLOCK_SKEW_MS)
    return { ok: false, reason: 'expired' };
  return { ok: true, instance: { siteId: parsed.data.instanceId, signedAt } };
}

/** Signs instance data the way Wix does; for tests and for trying Wix connect locally. */
export function signWixInstance(data: Record<string, unknown>, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${signatureOf(encoded, secret).toString('base64url')}.${encoded}`;
}
