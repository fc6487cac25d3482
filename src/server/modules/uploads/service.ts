// Upload rules (SECURITY.md §9, docs/decisions/0005-uploads.md):
// - an upload belongs to one business: a visitor's (with the slug of a
//   collection page, never for a logo) to that page's business, anyone
//   else's to the signed-in owner's (`uploadBusinessId`);
// - an upload URL is issued for one business and one purpose, expires after
//   10 minutes and takes one file (disk: our signed PUT route; S3: a presigned
//   PUT to a staging key, checked when the upload is first used);
// - clients refer to an upload by the URL they were given or by its object
//   path `/objects/uploads/<id>.<ext>`; `prepareUploads` turns either into the
//   object path, `claimUploads` (inside the caller's transaction) makes sure
//   each is this business's own, unused upload of the right purpose;
// - uploads nothing refers to are deleted 24 hours after they were made.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import { finalKey, stagingKey } from '../../adapters/storage/keys.js';
import type { ObjectStorage } from '../../adapters/storage/storage.js';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import type { UploadPurpose, UploadRow } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import * as businessService from '../business/service.js';
import {
  checkImage,
  contentTypes,
  imageExtensions,
  payloadTooLarge,
  type ImageExtension,
} from './images.js';
import * as repository from './repository.js';
import { readUploadToken, signUploadToken } from './tokens.js';

export type UploadContext = {
  db: Database;
  storage: ObjectStorage;
  /** HMAC key of disk upload URLs (tokens.ts). */
  urlKey: Buffer;
  log: FastifyBaseLogger;
};

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
const HOUR = 60 * 60 * 1000;
/** Unreferenced uploads older than this are deleted by the sweep. */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * HOUR;
/** An upload can be claimed this long after it was made: an hour less than the sweep, so the two never race. */
export const CLAIM_WINDOW_MS = UNCLAIMED_UPLOAD_TTL_MS - HOUR;
const SWEEP_BATCH = 500;

export const uploadMessages = {
  linkInvalid: 'This upload link is not valid',
  linkExpired: 'This upload link has expired. Please try again.',
  linkUsed: 'This upload link has already been used. Please try again.',
  invalidImageUrl: 'Invalid image URL. Please upload the image again.',
  imageNotFound: 'Image not found. Please upload it again.',
  imageNotFinished: 'The image upload did not finish. Please upload it again.',
  imageExpired: 'This image upload has expired. Please upload it again.',
  imageUnavailable: 'An image was not found or is already in use. Please upload it again.',
  duplicateImage: 'The same image was sent twice.',
} as const;

const objectPathOf = (uploadId: string, ext: ImageExtension) =>
  `/objects/uploads/${uploadId}.${ext}`;
const OBJECT_FILE = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(${imageExtensions.join('|')})$`,
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Storage key of an object path, or null when it is not one. */
function keyOfObjectPath(objectPath: string): string | null {
  const match = /^\/objects\/uploads\/([^/]+)$/.exec(objectPath);
  const file = match?.[1];
  return file && OBJECT_FILE.test(file) ? `uploads/${file}` : null;
}

/** A visitor's upload: one sent with a collection page's slug, for anything but a logo. */
export function isPublicUpload(purpose: UploadPurpose, slug: string | undefined): slug is string {
  return purpose !== 'logo' && slug !== undefined;
}

/**
 * Whose upload a request for an upload URL makes: a visitor's belongs to the
 * business of the collection page's slug (404 when there is none); any other
 * to the signed-in owner's business, asked for only then (`ownBusinessId`,
 * which throws 401 without a session).
 */
export async function uploadBusinessId(
  ctx: Pick<UploadContext, 'db'>,
  purpose: UploadPurpose,
  requester: { slug: string | undefined; ownBusinessId: () => Promise<string> },
): Promise<string> {
  if (!isPublicUpload(purpose, requester.slug)) return requester.ownBusinessId();
  const business = await businessService.findBySlug(ctx.db, requester.slug);
  if (!business) throw notFound('Business not found');
  return business.id;
}

/** Makes an upload row and the URL the browser PUTs the file to. */
export async function issueUploadUrl(
  ctx: UploadContext,
  businessId: string,
  purpose: UploadPurpose,
  now = new Date(),
): Promise<string> {
  const row = await repository.create(ctx.db, { businessId, purpose });
  const presigned = await ctx.storage.presignPut(stagingKey(row.id), UPLOAD_URL_TTL_SECONDS);
  if (presigned) return presigned;
  const token = signUploadToken(ctx.urlKey, {
    uploadId: row.id,
    businessId,
    purpose,
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS,
  });
  return `/objects/upload/${token}`;
}

/** Checks a disk upload URL and spends it (403 when forged, expired or used). */
export async function beginDiskUpload(
  ctx: UploadContext,
  rawToken: string,
  now = new Date(),
): Promise<UploadRow> {
  const token = readUploadToken(ctx.urlKey, rawToken);
  if (!token) throw forbidden(uploadMessages.linkInvalid);
  if (token.expiresAt * 1000 <= now.getTime()) throw forbidden(uploadMessages.linkExpired);
  const row = await repository.markUploaded(
    ctx.db,
    { id: token.uploadId, businessId: token.businessId, purpose: token.purpose },
    now,
  );
  if (!row) throw forbidden(uploadMessages.linkUsed);
  return row;
}

/** Checks the received file, stores what may be stored, and answers its object path. */
export async function storeUpload(
  ctx: UploadContext,
  upload: UploadRow,
  data: Buffer,
  now = new Date(),
): Promise<string> {
  const image = await checkImage(data, upload.purpose);
  const objectPath = objectPathOf(upload.id, image.ext);
  await ctx.storage.put(finalKey(upload.id, image.ext), image.data, image.contentType);
  const updated = await repository.setObjectPath(ctx.db, upload.id, objectPath, now);
  if (!updated) throw forbidden(uploadMessages.linkUsed);
  return objectPath;
}

/**
 * The upload id a client's image reference names, or null: the object path
 * (relative or absolute), a disk upload URL (signature checked, expiry not:
 * the form may be sent long after the file), or a presigned S3 staging URL.
 */
export function uploadIdOf(
  ctx: Pick<UploadContext, 'urlKey' | 'storage'>,
  ref: string,
): string | null {
  let url: URL;
  try {
    url = new URL(ref, 'http://relative.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const pathname = url.pathname;
  const object = /^\/objects\/uploads\/([^/]+)$/.exec(pathname)?.[1];
  if (object) return OBJECT_FILE.exec(object)?.[1] ?? null;
  const token = /^\/objects\/upload\/([^/]+)$/.exec(pathname)?.[1];
  if (token) return readUploadToken(ctx.urlKey, token)?.uploadId ?? null;
  if (ctx.storage.kind === 's3') {
    const staged = /\/staging\/([^/]+)$/.exec(pathname)?.[1];
    if (staged && UUID.test(staged)) return staged;
  }
  return null;
}

/**
 * Turns the client's image references into object paths, in order. Each must
 * be an upload of this business for this purpose. With S3 this is where the
 * staged file is checked, re-encoded and moved to its final key. Runs outside
 * a transaction (it may do storage I/O); claim the paths inside one.
 */
export async function prepareUploads(
  ctx: UploadContext,
  businessId: string,
  refs: string[],
  purpose: UploadPurpose,
  now = new Date(),
): Promise<string[]> {
  if (refs.length === 0) return [];
  const ids = refs.map((ref) => {
    const id = uploadIdOf(ctx, ref);
    if (!id) throw badRequest(uploadMessages.invalidImageUrl);
    return id;
  });
  const rows = new Map(
    (await repository.findForBusiness(ctx.db, businessId, purpose, [...new Set(ids)])).map(
      (row) => [row.id, row],
    ),
  );
  const paths: string[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) throw badRequest(uploadMessages.imageNotFound);
    if (row.objectPath) {
      paths.push(row.objectPath);
      continue;
    }
    if (row.createdAt.getTime() <= now.getTime() - CLAIM_WINDOW_MS)
      throw badRequest(uploadMessages.imageExpired);
    if (ctx.storage.kind !== 's3') throw badRequest(uploadMessages.imageNotFinished);
    paths.push(await finishStagedUpload(ctx, row, now));
  }
  return paths;
}

/** S3: checks the staged object like the disk route checks a PUT body, then moves it to its final key. */
async function finishStagedUpload(ctx: UploadContext, row: UploadRow, now: Date): Promise<string> {
  const staged = stagingKey(row.id);
  const size = await ctx.storage.size(staged);
  if (size === null) throw badRequest(uploadMessages.imageNotFinished);
  let image;
  try {
    if (size > MAX_IMAGE_BYTES) throw payloadTooLarge();
    const data = await ctx.storage.readUpTo(staged, MAX_IMAGE_BYTES);
    if (data === null) throw badRequest(uploadMessages.imageNotFinished);
    if (data.length > MAX_IMAGE_BYTES) throw payloadTooLarge();
    image = await checkImage(data, row.purpose);
  } catch (error) {
    await ctx.storage.remove(staged);
    throw error;
  }
  const objectPath = objectPathOf(row.id, image.ext);
  await ctx.storage.put(finalKey(row.id, image.ext), image.data, image.contentType);
  const updated = await repository.setObjectPath(ctx.db, row.id, objectPath, now);
  await ctx.storage.remove(staged);
  if (updated?.objectPath) return updated.objectPath;
  // Finished at the same moment by another request.
  const current = await repository.findById(ctx.db, row.id);
  if (!current?.objectPath) throw badRequest(uploadMessages.imageNotFinished);
  return current.objectPath;
}

/**
 * Marks the uploads at `paths` (object paths from `prepareUploads`) claimed by
 * whatever the caller stores in the same transaction. Throws 400, rolling the
 * caller's transaction back, unless every one is an unclaimed upload of this
 * business for this purpose, made within the claim window.
 */
export async function claimUploads(
  db: Executor,
  businessId: string,
  paths: string[],
  purpose: UploadPurpose,
  now = new Date(),
): Promise<void> {
  if (paths.length === 0) return;
  if (new Set(paths).size !== paths.length) throw badRequest(uploadMessages.duplicateImage);
  if (paths.some((path) => keyOfObjectPath(path) === null))
    throw badRequest(uploadMessages.invalidImageUrl);
  const claimed = await repository.claim(db, {
    businessId,
    purpose,
    paths,
    createdAfter: new Date(now.getTime() - CLAIM_WINDOW_MS),
    now,
  });
  if (claimed.length !== paths.length) throw badRequest(uploadMessages.imageUnavailable);
}

async function removeStored(
  ctx: Pick<UploadContext, 'storage' | 'log'>,
  removed: repository.RemovedUpload[],
) {
  for (const upload of removed) {
    const keys = [stagingKey(upload.id)];
    const key = upload.objectPath ? keyOfObjectPath(upload.objectPath) : null;
    if (key) keys.push(key);
    for (const storageKey of ctx.storage.kind === 's3' ? keys : keys.slice(1)) {
      try {
        await ctx.storage.remove(storageKey);
      } catch (error) {
        ctx.log.warn({ err: error, key: storageKey }, 'could not delete an uploaded object');
      }
    }
  }
}

/**
 * Deletes every upload made more than 24 hours before `now` that no
 * testimonial and no business logo refers to (never claimed, or let go since),
 * row and file. Returns how many.
 */
export async function sweepUnclaimedUploads(
  ctx: Pick<UploadContext, 'db' | 'storage' | 'log'>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCLAIMED_UPLOAD_TTL_MS);
  let total = 0;
  for (;;) {
    const removed = await repository.removeUnreferenced(ctx.db, cutoff, SWEEP_BATCH);
    await removeStored(ctx, removed);
    total += removed.length;
    if (removed.length < SWEEP_BATCH) return total;
  }
}

/**
 * For callers that just detached images (after their transaction committed):
 * deletes those of the business's uploads that nothing refers to any more,
 * right away instead of at the next sweep.
 */
export async function deleteDetachedUploads(
  ctx: UploadContext,
  businessId: string,
  paths: string[],
): Promise<void> {
  const removed = await repository.removeUnreferencedPaths(ctx.db, businessId, paths);
  await removeStored(ctx, removed);
}

export type ServedObject = { body: Readable; size: number; contentType: string; isSvg: boolean };

/** The stored object behind `/objects/uploads/<file>`, or null. */
export async function openObject(
  ctx: Pick<UploadContext, 'storage'>,
  file: string,
): Promise<ServedObject | null> {
  const match = OBJECT_FILE.exec(file);
  const ext = match?.[2] as ImageExtension | undefined;
  if (!match || !ext) return null;
  const object = await ctx.storage.get(`uploads/${file}`);
  if (!object) return null;
  return { ...object, contentType: contentTypes[ext], isSvg: ext === 'svg' };
}
