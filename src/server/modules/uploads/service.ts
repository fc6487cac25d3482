// Upload rules (docs/security.md rule 9, docs/decisions/0005-uploads.md):
// - an upload belongs to one business: a visitor's (with the slug of a
//   collection page, never for a logo) to that page's business, anyone
//   else's to the signed-in owner's (`uploadBusinessId`);
// - an upload URL is issued for one business and one purpose, expires after
//   10 minutes and takes one file. Whatever the storage, the file comes through
//   our own signed PUT route, where the size cap, the type check, re-encoding
//   and the budgets apply before anything is stored (a presigned S3 PUT could
//   do none of that); an image the server fetched itself (the logo detected at
//   sign-up) goes through the same checks (`storeFetchedImage`);
// - clients refer to an upload by the URL they were given or by its object
//   path `/objects/uploads/<id>.<ext>`; `prepareUploads` turns either into the
//   object path, `claimUploads` (inside the caller's transaction) makes sure
//   each is this business's own, unused upload of the right purpose;
// - uploads nothing refers to are deleted 24 hours after they were made;
// - uploads are budgeted in bytes: a visitor's (an address's), a form's
//   visitors', an owner's while unsaved, and overall; a PUT holds its bytes
//   before it reads the file (budgets.ts);
// - a form under a burst (its own budget spent, too many upload URLs, or a
//   burst of submissions) hands a visitor an upload URL only for a solved
//   browser check, each proof buying one URL (docs/decisions/0022).
import type { Readable } from 'node:stream';
import { finalKey } from '../../adapters/storage/keys.js';
import type { ObjectStorage } from '../../adapters/storage/storage.js';
import type { UploadRow } from '../../db/schema.js';
import type { UploadPurpose } from '../../../shared/schemas/uploads.js';
import { uploadCheckMessages } from '../../../shared/schemas/uploads.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import * as businessService from '../business/service.js';
import { requireProof } from '../submissions/browser-check.js';
import { BURST_RULES, burstOf, spendProof } from '../submissions/bursts.js';
import { bytesToHold, holdBytes, releaseBytes, roomLeft, type UploadBudgets } from './budgets.js';
import {
  checkImage,
  contentTypes,
  imageExtensions,
  type CheckOptions,
  type ImageExtension,
} from './images.js';
import type { Deps } from '../../deps.js';
import * as repository from './repository.js';
import { readUploadToken, signUploadToken, visitorKeyOf } from './tokens.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../shared/time.js';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';

/** What `app.uploads` holds (plugins/uploads.ts), and `deps.uploads`. */
export type UploadContext = {
  storage: ObjectStorage;
  /** HMAC key of upload URLs (tokens.ts). */
  urlKey: Buffer;
  /** Byte budgets of uploads (DEFAULT_UPLOAD_BUDGETS; tests set small ones). */
  budgets: UploadBudgets;
};

/** The deps of the upload rules. */
export type UploadDeps = Pick<Deps, 'db' | 'log' | 'uploads'>;

const UPLOAD_URL_TTL_SECONDS = (10 * MINUTE_MS) / SECOND_MS;
/** Unreferenced uploads older than this are deleted by the sweep. */
const UNCLAIMED_UPLOAD_TTL_MS = DAY_MS;
/** An upload can be claimed this long after it was made: an hour less than the sweep, so the two never race. */
const CLAIM_WINDOW_MS = UNCLAIMED_UPLOAD_TTL_MS - HOUR_MS;
const SWEEP_BATCH = 500;

const uploadMessages = {
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

/**
 * An image address as a client elsewhere reads it (the API v1 answers): a path
 * on this server (`/objects/uploads/…`) gets BASE_URL in front, its path
 * included, as every absolute link of the server is built; an address that is
 * already absolute stays as it is.
 */
export const absoluteImageUrl = (baseUrl: string, address: string): string =>
  address.startsWith('/') && !address.startsWith('//') ? `${baseUrl}${address}` : address;

type ImageFields = {
  authorImageUrl: string | null;
  productImageUrls: string[];
  beforeImageUrl: string | null;
  afterImageUrl: string | null;
};

/** The same item with every image field an absolute URL (`absoluteImageUrl`). */
export function withAbsoluteImages<T extends ImageFields>(item: T, baseUrl: string): T {
  const absolute = (address: string | null) =>
    address === null ? null : absoluteImageUrl(baseUrl, address);
  return {
    ...item,
    authorImageUrl: absolute(item.authorImageUrl),
    productImageUrls: item.productImageUrls.map((address) => absoluteImageUrl(baseUrl, address)),
    beforeImageUrl: absolute(item.beforeImageUrl),
    afterImageUrl: absolute(item.afterImageUrl),
  };
}
const OBJECT_FILE = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(${imageExtensions.join('|')})$`,
);

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
  deps: Pick<UploadDeps, 'db'>,
  purpose: UploadPurpose,
  requester: { slug: string | undefined; ownBusinessId: () => Promise<string> },
): Promise<string> {
  if (!isPublicUpload(purpose, requester.slug)) return requester.ownBusinessId();
  const business = await businessService.findBySlug(deps, requester.slug);
  if (!business) throw notFound('Business not found');
  return business.id;
}

/** A visitor of a collection page asking for an upload URL. */
export type Visitor = {
  /** Their address, as the rate limits count it. */
  address: string;
  /** The form's slug as they sent it: a browser check is signed for it. */
  slug: string;
  /** The solved browser check they sent, if any (checked only while the form is under a burst). */
  proof: unknown;
};

/** The URL the browser PUTs the file of this upload row to. */
function uploadUrlOf(deps: UploadDeps, row: UploadRow, now: Date): string {
  const token = signUploadToken(deps.uploads.urlKey, {
    uploadId: row.id,
    businessId: row.businessId,
    purpose: row.purpose,
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS,
  });
  return `/objects/upload/${token}`;
}

/**
 * Makes an upload row and the URL the browser PUTs the file to: the owner's,
 * or a `visitor`'s. Refused past the uploader's own budget (429) or the global
 * one (507). While the visitor's form is under a burst (its budget spent, more
 * than BURST_RULES.uploadThreshold URLs in the window, or a burst of
 * submissions), a URL needs the visitor's proof, spent on it, and is marked
 * checked: the form's budget never refuses it (budgets.ts).
 */
export async function issueUploadUrl(
  deps: UploadDeps & Pick<Deps, 'config'>,
  upload: { businessId: string; purpose: UploadPurpose; visitor?: Visitor },
  now = new Date(),
): Promise<string> {
  const { businessId, purpose, visitor } = upload;
  if (!visitor) {
    const owners = { businessId, anonymous: false, visitor: null, checked: false };
    await roomLeft(deps.db, deps.uploads.budgets, owners, now);
    return uploadUrlOf(deps, await repository.create(deps.db, { ...owners, purpose }), now);
  }
  const visitors = {
    businessId,
    anonymous: true,
    visitor: visitorKeyOf(deps.uploads.urlKey, visitor.address),
    checked: false,
  };
  const room = await roomLeft(deps.db, deps.uploads.budgets, visitors, now);
  const burstId = await burstOf(
    { db: deps.db, clock: () => now },
    businessId,
    async (windowStart) =>
      !room.form ||
      (await repository.visitorUploadsSince(deps.db, businessId, windowStart)) >=
        BURST_RULES.uploadThreshold,
  );
  if (!burstId) {
    return uploadUrlOf(deps, await repository.create(deps.db, { ...visitors, purpose }), now);
  }
  const proof = await requireProof(deps, visitor.slug, visitor.proof, uploadCheckMessages);
  const row = await deps.db.transaction(async (tx) => {
    await spendProof({ db: tx, clock: () => now }, burstId, proof, uploadCheckMessages);
    return repository.create(tx, { ...visitors, purpose, checked: true });
  });
  return uploadUrlOf(deps, row, now);
}

/**
 * Checks an upload URL and spends it (403 when forged, expired or used), then,
 * before the body is read, holds the bytes it may bring against the budgets
 * (`declaredLength`, or 5 MB): refused with 429/507 when they do not fit. Once
 * this returns, `storeUpload` or `releaseUpload` must follow.
 */
export async function beginUpload(
  deps: UploadDeps,
  rawToken: string,
  declaredLength: number | undefined,
  now = new Date(),
): Promise<UploadRow> {
  const token = readUploadToken(deps.uploads.urlKey, rawToken);
  if (!token) throw forbidden(uploadMessages.linkInvalid);
  if (token.expiresAt * 1000 <= now.getTime()) throw forbidden(uploadMessages.linkExpired);
  const row = await repository.markUploaded(
    deps.db,
    { id: token.uploadId, businessId: token.businessId, purpose: token.purpose },
    now,
  );
  if (!row) throw forbidden(uploadMessages.linkUsed);
  // The link stays spent when refused: one try per link, so retrying cannot queue on the budgets' lock.
  await holdBytes(deps.db, deps.uploads.budgets, row, bytesToHold(declaredLength), now);
  return row;
}

/**
 * Checks the received file, stores what may be stored (on disk or in the
 * bucket), and answers its object path. The checked size replaces the bytes
 * held by `beginUpload` and must fit the budgets; a file refused or not stored
 * gives them back.
 */
export async function storeUpload(
  deps: UploadDeps,
  upload: UploadRow,
  data: Buffer,
  now = new Date(),
  check: CheckOptions = {},
): Promise<string> {
  let stored = false;
  try {
    const image = await checkImage(data, upload.purpose, check);
    const size = image.data.length;
    await holdBytes(deps.db, deps.uploads.budgets, upload, size, now);
    const objectPath = objectPathOf(upload.id, image.ext);
    await deps.uploads.storage.put(finalKey(upload.id, image.ext), image.data, image.contentType);
    stored = true;
    const updated = await repository.setObjectPath(deps.db, upload.id, { objectPath, size }, now);
    if (!updated) throw forbidden(uploadMessages.linkUsed);
    return objectPath;
  } catch (error) {
    // Once the file is in storage its bytes stay counted, whatever fails after.
    if (!stored) await releaseUpload(deps, upload.id);
    throw error;
  }
}

/**
 * Stores an image the server fetched itself (the logo found on a new owner's
 * website) as the business's own upload for `purpose`, as a PUT would: within
 * the owner's budgets, checked and re-encoded by `storeUpload`, an SVG drawn
 * as a PNG. Answers its object path, to be claimed like any upload's.
 */
export async function storeFetchedImage(
  deps: UploadDeps,
  businessId: string,
  purpose: UploadPurpose,
  data: Buffer,
  now = new Date(),
): Promise<string> {
  const upload = { businessId, anonymous: false, visitor: null, checked: false };
  await roomLeft(deps.db, deps.uploads.budgets, upload, now);
  const row = await repository.create(deps.db, { ...upload, purpose });
  return storeUpload(deps, row, data, now, { svg: 'rasterize' });
}

/**
 * Gives back what an upload begun but not stored held against the budgets
 * (its file refused, or never fully sent). Only logs a failure: the caller is
 * answering already, and the sweep deletes the row within a day.
 */
export async function releaseUpload(deps: UploadDeps, uploadId: string): Promise<void> {
  try {
    await releaseBytes(deps.db, uploadId);
  } catch (error) {
    deps.log.warn({ err: error, uploadId }, 'could not give back the bytes an upload held');
  }
}

/**
 * The upload id a client's image reference names, or null: the object path
 * (relative or absolute) or the upload URL (signature checked, expiry not:
 * the form may be sent long after the file).
 */
export function uploadIdOf(deps: Pick<UploadDeps, 'uploads'>, ref: string): string | null {
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
  if (token) return readUploadToken(deps.uploads.urlKey, token)?.uploadId ?? null;
  return null;
}

/**
 * Turns the client's image references into object paths, in order. Each must
 * be a stored upload of this business for this purpose (400 otherwise). Claim
 * the paths inside the caller's transaction.
 */
export async function prepareUploads(
  deps: Pick<UploadDeps, 'db' | 'uploads'>,
  businessId: string,
  refs: string[],
  purpose: UploadPurpose,
  now = new Date(),
): Promise<string[]> {
  if (refs.length === 0) return [];
  const ids = refs.map((ref) => {
    const id = uploadIdOf(deps, ref);
    if (!id) throw badRequest(uploadMessages.invalidImageUrl);
    return id;
  });
  const rows = new Map(
    (await repository.findForBusiness(deps.db, businessId, purpose, [...new Set(ids)])).map(
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
    const expired = row.createdAt.getTime() <= now.getTime() - CLAIM_WINDOW_MS;
    throw badRequest(expired ? uploadMessages.imageExpired : uploadMessages.imageNotFinished);
  }
  return paths;
}

/**
 * Marks the uploads at `paths` (object paths from `prepareUploads`) claimed by
 * whatever the caller stores in the same transaction. Throws 400, rolling the
 * caller's transaction back, unless every one is an unclaimed upload of this
 * business for this purpose, made within the claim window.
 */
export async function claimUploads(
  { db }: Pick<Deps, 'db'>,
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
  deps: Pick<UploadDeps, 'uploads' | 'log'>,
  removed: repository.RemovedUpload[],
) {
  for (const upload of removed) {
    // An upload never stored has no object: only its row went.
    const key = upload.objectPath ? keyOfObjectPath(upload.objectPath) : null;
    if (!key) continue;
    try {
      await deps.uploads.storage.remove(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not delete an uploaded object');
    }
  }
}

/**
 * Deletes every upload made more than 24 hours before `now` that no
 * testimonial and no business logo refers to (never claimed, or let go since),
 * row and file. Returns how many.
 */
export async function sweepUnclaimedUploads(deps: UploadDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCLAIMED_UPLOAD_TTL_MS);
  let total = 0;
  for (;;) {
    const removed = await repository.removeUnreferenced(deps.db, cutoff, SWEEP_BATCH);
    await removeStored(deps, removed);
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
  deps: UploadDeps,
  businessId: string,
  paths: string[],
): Promise<void> {
  const removed = await repository.removeUnreferencedPaths(deps.db, businessId, paths);
  await removeStored(deps, removed);
}

/**
 * The bytes of a stored image by its object path (`/objects/uploads/<file>`), or null when the
 * address is not one of ours or the object is gone. At most MAX_IMAGE_BYTES are read.
 */
export async function readStoredImage(
  deps: Pick<UploadDeps, 'uploads'>,
  objectPath: string,
): Promise<Buffer | null> {
  const key = keyOfObjectPath(objectPath);
  if (!key) return null;
  const object = await deps.uploads.storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) {
      object.body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type ServedObject = { body: Readable; size: number; contentType: string; isSvg: boolean };

/** The stored object behind `/objects/uploads/<file>`, or null. */
export async function openObject(
  deps: Pick<UploadDeps, 'uploads'>,
  file: string,
): Promise<ServedObject | null> {
  const match = OBJECT_FILE.exec(file);
  const ext = match?.[2] as ImageExtension | undefined;
  if (!match || !ext) return null;
  const object = await deps.uploads.storage.get(`uploads/${file}`);
  if (!object) return null;
  return { ...object, contentType: contentTypes[ext], isSvg: ext === 'svg' };
}
