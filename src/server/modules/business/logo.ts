// The business logo (SPEC §7 PUT /api/business/logo): one of the owner's logo
// uploads, claimed in the same transaction as the update. Kept apart from
// service.ts because it uses the uploads service, and the uploads service asks
// the business service which business an upload belongs to: one file each
// way, no import cycle.
import type { Business } from '../../../shared/schemas/business.js';
import { notFound } from '../../errors.js';
import {
  claimUploads,
  deleteDetachedUploads,
  prepareUploads,
  type UploadContext,
} from '../uploads/service.js';
import { invalidateWidget } from '../widget/events.js';
import * as businessRepository from './repository.js';
import { requireOwnBusiness, toBusiness } from './service.js';

/**
 * Sets the owner's logo to one of their logo uploads (the uploadURL or the
 * objectPath), or removes it with an empty string. The previous logo's file is
 * deleted once nothing refers to it.
 */
export async function setBusinessLogo(ctx: UploadContext, ownerId: string, logoURL: string): Promise<Business> {
  const business = await requireOwnBusiness(ctx.db, ownerId);
  const ref = logoURL.trim();
  if (ref !== '' && ref === business.logoUrl) return toBusiness(business);

  const [objectPath] = ref === '' ? [null] : await prepareUploads(ctx, business.id, [ref], 'logo');
  if (objectPath === business.logoUrl) return toBusiness(business);
  const updated = await ctx.db.transaction(async (tx) => {
    if (objectPath) await claimUploads(tx, business.id, [objectPath], 'logo');
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
