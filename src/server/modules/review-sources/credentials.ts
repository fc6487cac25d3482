// A review source's credentials at rest (docs/decisions/0036): AES-256-GCM under a key derived with HKDF from the
// session secret, with the source's id as associated data, so a copy of the database (a backup, a dump) holds no
// working Google refresh token or Trustpilot API key, and a sealed value moved to another row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

const VERSION = 'v1';
const INFO = 'vouchly review-source credentials v1';

export const credentialsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('google'), refreshToken: z.string().min(1) }),
  z.object({ kind: z.literal('trustpilot'), apiKey: z.string().min(1) }),
]);
export type SourceCredentials = z.infer<typeof credentialsSchema>;

const keyOf = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));

export function sealCredentials(
  secret: string,
  sourceId: string,
  credentials: SourceCredentials,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(sourceId));
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify(credentials), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The credentials, or null when they cannot be opened (the session secret changed, or the value was altered). */
export function openCredentials(
  secret: string,
  sourceId: string,
  value: string,
): SourceCredentials | null {
  const [version, ivText, sealedText, ...rest] = value.split('.');
  if (version !== VERSION || !ivText || !sealedText || rest.length > 0) return null;
  try {
    const sealed = Buffer.from(sealedText, 'base64url');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(secret),
      Buffer.from(ivText, 'base64url'),
    );
    decipher.setAAD(Buffer.from(sourceId));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - 16)),
      decipher.final(),
    ]).toString('utf8');
    const parsed = credentialsSchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
