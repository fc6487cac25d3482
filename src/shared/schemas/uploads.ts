// Upload calls (docs/product/uploads.md#calls): ask for an upload URL, then PUT the raw file to it.
// Every image of the product goes this way; see docs/decisions for the design.
import { z } from 'zod';

export const uploadPurposes = [
  'logo',
  'product-image',
  'before-after-image',
  'author-image',
] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** Purposes a visitor of a public collection page may upload for (the logo is the owner's). */
export const publicUploadPurposes = [
  'product-image',
  'before-after-image',
  'author-image',
] as const;

/**
 * The POST endpoint of each purpose; the plain one is the logo upload, the
 * only one taking SVG. Each is declared as a contract in
 * shared/contracts/uploads.ts (`uploadUrlContracts`), from this path.
 */
export const uploadEndpoints = {
  logo: '/api/objects/upload',
  'product-image': '/api/objects/upload/product-image',
  'before-after-image': '/api/objects/upload/before-after-image',
  'author-image': '/api/objects/upload/author-image',
} as const satisfies Record<UploadPurpose, string>;

const collectionSlugField = z.string().trim().min(1).max(200);

/**
 * Body of POST /api/objects/upload/...: none for the owner, `{ slug }` on a
 * public collection page, and `proof` there while the form is under a burst:
 * a solved browser check from GET /api/submit/{slug}/challenge, checked by the
 * server (a malformed one fails the check, it is not a validation error).
 */
export const uploadUrlRequestSchema = z
  .object({ slug: collectionSlugField.optional(), proof: z.unknown().optional() })
  .optional()
  .nullable();
export const uploadUrlQuerySchema = z.object({ slug: collectionSlugField.optional() });

export const uploadUrlSchema = z.object({ uploadURL: z.string() });

/** The code of a 415 for a file whose bytes are no image at all (a renamed document), which the form names as such. */
export const NOT_AN_IMAGE_CODE = 'NOT_AN_IMAGE';

/**
 * A visitor's upload refused for want of a (valid) browser check: the form is
 * under a burst (docs/decisions/0022). The codes are the submission's
 * (`submissionCheckCodes`); a proof buys one upload URL.
 */
export const uploadCheckMessages = {
  required:
    'This form is receiving an unusual number of photos right now. Your browser needs to pass a quick check before it can upload yours.',
  failed: 'The check of your browser did not pass or has expired. Please add the photo again.',
} as const;

/** GET /objects/uploads/:file: the stored object's name (`<upload id>.<ext>`). */
export const uploadedObjectParamsSchema = z.object({ file: z.string().max(64) });
/** PUT /objects/upload/:token: the signed token of an upload URL, its own credential. */
export const uploadTokenParamsSchema = z.object({ token: z.string().max(1024) });

/** Answer of the PUT to a (disk) upload URL. */
export const uploadedObjectSchema = z.object({ objectPath: z.string() });

/** Body of PUT /api/business/logo: the uploadURL or objectPath of a logo upload; an empty string removes the logo. */
export const businessLogoInputSchema = z.object({
  logoURL: z.string({ error: 'Logo URL is required' }).trim().max(2048, 'Logo URL is too long'),
});
