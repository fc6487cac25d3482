// The business logo (docs/product/business.md#calls PUT /api/business/logo): one of the owner's logo
// uploads, claimed in the same transaction as the update; and the logo the
// sign-up wizard found on the website, fetched and kept after registration
// (docs/decisions/0018). Kept apart from service.ts because it uses the
// uploads service, and the uploads service asks the business service which
// business an upload belongs to: one file each way, no import cycle.
import type { Business } from '../../../shared/schemas/business.js';
import { safeFetch } from '../../adapters/http/safe-fetch.js';
import type { BusinessRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import {
  claimUploads,
  deleteDetachedUploads,
  prepareUploads,
  storeFetchedImage,
  type UploadDeps,
} from '../uploads/service.js';
import { invalidateWidget } from '../widget/events.js';
import * as businessRepository from './repository.js';
import { logoFetchPolicy, toBusiness } from './service.js';

/**
 * Sets the owner's logo (on their business, which the route's guard found) to
 * one of their logo uploads (the uploadURL or the objectPath), or removes it
 * with an empty string. The previous logo's file is deleted once nothing
 * refers to it.
 */
export async function setBusinessLogo(
  ctx: UploadDeps,
  business: BusinessRow,
  logoURL: string,
): Promise<Business> {
  const ref = logoURL.trim();
  if (ref !== '' && ref === business.logoUrl) return toBusiness(business);

  const [objectPath] = ref === '' ? [null] : await prepareUploads(ctx, business.id, [ref], 'logo');
  if (objectPath === business.logoUrl) return toBusiness(business);
  const updated = await ctx.db.transaction(async (tx) => {
    if (objectPath) await claimUploads({ db: tx }, business.id, [objectPath], 'logo');
    return businessRepository.update(tx, business.id, { logoUrl: objectPath ?? null });
  });
  if (!updated) throw notFound('Business not found');
  await invalidateWidget(ctx.db, business.id);
  if (business.logoUrl) {
    await deleteDetachedUploads(ctx, business.id, [business.logoUrl]).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'could not delete the previous logo');
    });
  }
  return toBusiness(updated);
}

/**
 * Makes the logo the sign-up wizard showed as found on the website (`logoUrl`
 * of the registration) the new business's logo: fetched with the SSRF guards
 * of logo detection (whatever the client sent, nothing else is reached),
 * checked and stored like an uploaded logo (an SVG drawn as PNG), and set
 * unless the owner has set a logo meanwhile. Answers the logo set, or null:
 * a file that cannot be fetched or used is only logged, and the owner can
 * upload one in Account Settings. Throws only on a real fault (the database).
 */
export async function adoptDetectedLogo(
  ctx: UploadDeps & Pick<Deps, 'config'>,
  businessId: string,
  logoUrl: string,
): Promise<string | null> {
  const log = ctx.log.child({ businessId, logoUrl });
  let data: Buffer;
  try {
    const response = await safeFetch(logoUrl, {
      ...logoFetchPolicy(ctx.config),
      accept: 'image/*',
    });
    if (response.status < 200 || response.status >= 300) {
      log.info({ status: response.status }, 'the detected logo could not be fetched');
      return null;
    }
    data = response.body;
  } catch (error) {
    log.info({ err: error }, 'the detected logo could not be fetched');
    return null;
  }

  let objectPath: string;
  try {
    objectPath = await storeFetchedImage(ctx, businessId, 'logo', data);
  } catch (error) {
    // Not an image we take (415, 413, empty), or no room for it (429, 507): as refused uploads are.
    if (!(error instanceof AppError)) throw error;
    log.info({ err: error }, 'the detected logo is not a usable image');
    return null;
  }

  const updated = await ctx.db.transaction(async (tx) => {
    await claimUploads({ db: tx }, businessId, [objectPath], 'logo');
    return businessRepository.updateLogoIfUnset(tx, businessId, objectPath);
  });
  if (!updated) {
    // The owner chose a logo while this one was on its way: theirs stays, this copy goes.
    await deleteDetachedUploads(ctx, businessId, [objectPath]);
    return null;
  }
  await invalidateWidget(ctx.db, businessId);
  return objectPath;
}
