// Upload URLs, whatever the storage: `/objects/upload/<token>`, where the token
// carries the upload id, the business, the purpose and the expiry, signed with
// HMAC-SHA256 under a key derived from the session secret. The upload row
// makes it single-use (service.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { uploadPurposes, type UploadPurpose } from '../../../shared/schemas/uploads.js';

export type UploadToken = {
  uploadId: string;
  businessId: string;
  purpose: UploadPurpose;
  /** Unix seconds. */
  expiresAt: number;
};

/** A key of its own for upload URLs, so a signature made here is worth nothing anywhere else. */
export function deriveUploadUrlKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('vouchly upload URL v1').digest();
}

/** 128 bits of HMAC-SHA256: plenty against forgery, and the URL stays short (Fastify caps a path parameter at 100 characters). */
const MAC_BYTES = 16;
const mac = (key: Buffer, body: Buffer) =>
  createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Version byte, upload id, business id, purpose index, expiry (uint32 seconds): 38 bytes. */
const BODY_BYTES = 1 + 16 + 16 + 1 + 4;
const VERSION = 1;

export function signUploadToken(key: Buffer, token: UploadToken): string {
  if (!UUID.test(token.uploadId) || !UUID.test(token.businessId))
    throw new Error('upload token ids must be uuids');
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  uuidBytes(token.uploadId).copy(body, 1);
  uuidBytes(token.businessId).copy(body, 17);
  body.writeUInt8(uploadPurposes.indexOf(token.purpose), 33);
  body.writeUInt32BE(Math.max(0, token.expiresAt), 34);
  return `${body.toString('base64url')}.${mac(key, body).toString('base64url')}`;
}

/** The token's contents when the signature holds (expired or not), otherwise null. */
export function readUploadToken(key: Buffer, raw: string): UploadToken | null {
  const match = /^([A-Za-z0-9_-]{51})\.([A-Za-z0-9_-]{22})$/.exec(raw);
  if (!match) return null;
  const body = Buffer.from(match[1] ?? '', 'base64url');
  const given = Buffer.from(match[2] ?? '', 'base64url');
  if (body.length !== BODY_BYTES || given.length !== MAC_BYTES) return null;
  if (!timingSafeEqual(given, mac(key, body))) return null;
  const purpose = uploadPurposes[body.readUInt8(33)];
  if (body.readUInt8(0) !== VERSION || !purpose) return null;
  return {
    uploadId: uuidOf(body.subarray(1, 17)),
    businessId: uuidOf(body.subarray(17, 33)),
    purpose,
    expiresAt: body.readUInt32BE(34),
  };
}

/**
 * A visitor's address as their upload budgets count it (budgets.ts): an HMAC
 * under the upload URL key, so the uploads table never holds an address and a
 * stolen database cannot be matched against one.
 */
export function visitorKeyOf(key: Buffer, address: string): string {
  return createHmac('sha256', key)
    .update(`vouchly upload visitor v1:${address}`)
    .digest('base64url');
}
