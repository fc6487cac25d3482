// Image calls of a testimonial (docs/product/testimonials.md#calls). A new image must be an upload made
// through the product's own upload URLs for this business and purpose:
// `prepareUploads` turns the client's URL into an object path, `claimUploads` takes it
// inside the same transaction as the row change, so a failed call claims
// nothing. Images let go are deleted after the commit
// (releaseImages), or by the uploads sweep if that fails.
import { MAX_PRODUCT_PHOTOS } from '../../../shared/constants.js';
import {
  beforeAfterPairIssue,
  type BeforeAfterImagesInput,
} from '../../../shared/schemas/testimonials.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Executor } from '../../db/executor.js';
import type { Deps } from '../../deps.js';
import { claimUploads, prepareUploads } from '../uploads/service.js';
import { invalidateWidget } from '../widget/events.js';
import * as repository from './repository.js';
import { queueTestimonialEvent, releaseImages, testimonialNotFound } from './service.js';

const imageMessages = {
  tooManyProductImages: (existing: number) =>
    `A testimonial can have at most ${MAX_PRODUCT_PHOTOS} product photos; this one has ${existing}, so ${Math.max(0, MAX_PRODUCT_PHOTOS - existing)} more can be added.`,
  imageNotFound: 'Image not found',
} as const;

const tooManyProductImages = (existing: number) =>
  new AppError(400, 'TOO_MANY_IMAGES', imageMessages.tooManyProductImages(existing));

/** A photo change is an edit: the row changes and its webhooks hear of it, in the same transaction. */
async function updated(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: Executor,
  businessId: string,
  id: string,
  values: repository.EditableValues,
): Promise<void> {
  const row = await repository.update(tx, businessId, id, values);
  if (!row) throw testimonialNotFound();
  await queueTestimonialEvent({ ...deps, db: tx }, businessId, 'testimonial.updated', row);
}

async function requireTestimonial(
  deps: Pick<Deps, 'db' | 'log' | 'uploads'>,
  businessId: string,
  id: string,
) {
  const row = await repository.findById(deps.db, businessId, id);
  if (!row) throw testimonialNotFound();
  return row;
}

export async function setAuthorImage(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  id: string,
  url: string,
): Promise<{ imagePath: string }> {
  // 404 for a foreign or unknown testimonial before anything looks at the upload.
  await requireTestimonial(deps, businessId, id);
  const [imagePath = ''] = await prepareUploads(deps, businessId, [url], 'author-image');
  const previous = await deps.db.transaction(async (tx) => {
    const row = await repository.findByIdForUpdate(tx, businessId, id);
    if (!row) throw testimonialNotFound();
    if (row.authorImageUrl === imagePath) return null;
    await claimUploads({ db: tx }, businessId, [imagePath], 'author-image');
    await updated(deps, tx, businessId, id, { authorImageUrl: imagePath });
    return row.authorImageUrl;
  });
  await invalidateWidget(deps.db, businessId);
  if (previous) await releaseImages(deps, businessId, [previous]);
  return { imagePath };
}

/** Appends; never more than MAX_PRODUCT_PHOTOS in total. Answers every product image after the call. */
export async function addProductImages(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  id: string,
  urls: string[],
): Promise<{ imagePaths: string[] }> {
  const current = await requireTestimonial(deps, businessId, id);
  // Cheap early answer; the locked row below decides.
  if (current.productImageUrls.length + urls.length > MAX_PRODUCT_PHOTOS) {
    throw tooManyProductImages(current.productImageUrls.length);
  }
  const paths = await prepareUploads(deps, businessId, urls, 'product-image');
  const imagePaths = await deps.db.transaction(async (tx) => {
    const row = await repository.findByIdForUpdate(tx, businessId, id);
    if (!row) throw testimonialNotFound();
    // Sending an image that is attached already is a no-op for that image.
    const added = paths.filter((path) => !row.productImageUrls.includes(path));
    if (row.productImageUrls.length + added.length > MAX_PRODUCT_PHOTOS) {
      throw tooManyProductImages(row.productImageUrls.length);
    }
    if (added.length === 0) return row.productImageUrls;
    await claimUploads({ db: tx }, businessId, added, 'product-image');
    const next = [...row.productImageUrls, ...added];
    await updated(deps, tx, businessId, id, { productImageUrls: next });
    return next;
  });
  await invalidateWidget(deps.db, businessId);
  return { imagePaths };
}

/** The stored form of an image reference: object paths are stored; an absolute URL to one names it too. */
function sameImage(stored: string, given: string): boolean {
  if (stored === given) return true;
  try {
    return new URL(given).pathname === stored;
  } catch {
    return false;
  }
}

export async function removeProductImage(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  id: string,
  imageUrl: string,
): Promise<{ imagePaths: string[] }> {
  const { removed, imagePaths } = await deps.db.transaction(async (tx) => {
    const row = await repository.findByIdForUpdate(tx, businessId, id);
    if (!row) throw testimonialNotFound();
    const target = row.productImageUrls.find((stored) => sameImage(stored, imageUrl));
    if (target === undefined) throw notFound(imageMessages.imageNotFound);
    const next = row.productImageUrls.filter((stored) => stored !== target);
    await updated(deps, tx, businessId, id, { productImageUrls: next });
    return { removed: target, imagePaths: next };
  });
  await invalidateWidget(deps.db, businessId);
  await releaseImages(deps, businessId, [removed]);
  return { imagePaths };
}

type BeforeAfter = { beforeImagePath: string | null; afterImagePath: string | null };

/**
 * Each side: omitted keeps it, null removes it, a URL replaces it. The pair it
 * leaves must be whole (both photos or neither), or nothing changes.
 */
export async function setBeforeAfterImages(
  deps: Pick<Deps, 'db' | 'log' | 'uploads' | 'clock' | 'config'>,
  businessId: string,
  id: string,
  input: BeforeAfterImagesInput,
): Promise<BeforeAfter> {
  await requireTestimonial(deps, businessId, id);
  const refs = [input.beforeImageURL, input.afterImageURL].filter(
    (ref): ref is string => typeof ref === 'string',
  );
  const prepared = await prepareUploads(deps, businessId, refs, 'before-after-image');
  const pathFor = (ref: string | null | undefined) =>
    typeof ref === 'string' ? (prepared[refs.indexOf(ref)] ?? null) : ref;
  const before = pathFor(input.beforeImageURL);
  const after = pathFor(input.afterImageURL);
  if (before && after && before === after)
    throw badRequest('The before and after photos must be different images');

  const { result, released } = await deps.db.transaction(async (tx) => {
    const row = await repository.findByIdForUpdate(tx, businessId, id);
    if (!row) throw testimonialNotFound();
    const nextBefore = before === undefined ? row.beforeImageUrl : before;
    const nextAfter = after === undefined ? row.afterImageUrl : after;
    // Both photos or neither, as on the public form: checked on the pair the change leaves.
    const issue = beforeAfterPairIssue({ beforeImageUrl: nextBefore, afterImageUrl: nextAfter });
    if (issue) throw badRequest(issue.message);
    const current = [row.beforeImageUrl, row.afterImageUrl];
    const claimed = [nextBefore, nextAfter].filter(
      (path): path is string => path !== null && !current.includes(path),
    );
    await claimUploads({ db: tx }, businessId, claimed, 'before-after-image');
    await updated(deps, tx, businessId, id, {
      beforeImageUrl: nextBefore,
      afterImageUrl: nextAfter,
    });
    const kept = new Set([nextBefore, nextAfter]);
    return {
      result: { beforeImagePath: nextBefore, afterImagePath: nextAfter },
      released: current.filter((path): path is string => path !== null && !kept.has(path)),
    };
  });
  await invalidateWidget(deps.db, businessId);
  await releaseImages(deps, businessId, released);
  return result;
}
