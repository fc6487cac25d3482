// Integrations (docs/product/integrations.md#integrations-screen, docs/product/integrations.md#api-key,
// docs/product/integrations.md#wix-connect, docs/product/integrations.md#calls): the owner's API key, Wix connect, and the public API v1 that
// the key opens. Shared by the Integrations screen and the server routes.
import { z } from 'zod';
import { RATING_MAX, TESTIMONIAL_SOURCE_MAX } from '../constants.js';
import {
  emptyAsUnset,
  hasNoNul,
  NUL_MESSAGE,
  optionalText,
  TESTIMONIAL_LIMITS,
  testimonialSchema,
} from './testimonials.js';
import { publicWidgetSchema, publicWidgetTestimonialSchema } from './widget.js';

// ---------------------------------------------------------------------------
// API key (docs/security.md rule 6; lifetime and statuses: docs/decisions/0013).

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vly_';

export const apiKeyStatuses = ['active', 'expired', 'blocked'] as const;
export const apiKeyStatusSchema = z.enum(apiKeyStatuses);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

/** GET /api/integrations/api-key. Without a key every field but hasApiKey is null. */
export const apiKeyInfoSchema = z.object({
  hasApiKey: z.boolean(),
  /** The prefix, dots and the last 4 characters, e.g. `vly_••••••••3f9a`. */
  maskedKey: z.string().nullable(),
  status: apiKeyStatusSchema.nullable(),
  /** ISO 8601. */
  createdAt: z.string().nullable(),
  /** ISO 8601: when an active key turns expired. */
  expiresAt: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

/** POST /api/integrations/api-key: the only time the key itself is sent. */
export const createdApiKeySchema = z.object({ apiKey: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// ---------------------------------------------------------------------------
// Wix sites.

const WIX_SITE_ID_MAX = 200;

/** Wix site (app instance) ids are GUIDs: compared trimmed and in lower case wherever they arrive. */
export const wixSiteIdSchema = z
  .string()
  .trim()
  .min(1, 'Wix site id is required')
  .max(WIX_SITE_ID_MAX, `Wix site id must be at most ${WIX_SITE_ID_MAX} characters`)
  .transform((id) => id.toLowerCase());

/** docs/product/integrations.md#wix-connect: listed to the user with wixSiteId and createdAt; siteName when known. */
export const wixSiteSchema = z.object({
  wixSiteId: z.string(),
  siteName: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type WixSite = z.infer<typeof wixSiteSchema>;

/** GET /api/integrations/wix-sites: newest first. */
export const wixSiteListSchema = z.array(wixSiteSchema);

export const wixSiteParamsSchema = z.object({ wixSiteId: wixSiteIdSchema });

/** DELETE /api/integrations/wix-sites/:wixSiteId. */
export const wixSiteDeletedSchema = z.object({ deleted: z.literal(1) });

/** The signed `instance` query parameter Wix gives an app: `<signature>.<data>`, base64url. */
const WIX_INSTANCE_MAX = 4096;
const wixInstanceSchema = z
  .string()
  .min(1, 'The Wix instance is required')
  .max(WIX_INSTANCE_MAX, 'The Wix instance is too long');

/**
 * POST /api/wix/connect, from /wix/auth. `wixSiteId` is the wix_site_id query
 * parameter: optional, and when sent it must be the site the instance is
 * signed for (a plain site id proves nothing, docs/security.md rule 14).
 */
export const wixConnectInputSchema = z.object({
  instance: wixInstanceSchema,
  wixSiteId: wixSiteIdSchema.optional(),
});
export type WixConnectInput = z.infer<typeof wixConnectInputSchema>;

export const wixConnectResultSchema = z.object({
  site: wixSiteSchema,
  /** True when this owner had linked the site before; nothing changed. */
  alreadyLinked: z.boolean(),
});
export type WixConnectResult = z.infer<typeof wixConnectResultSchema>;

/** GET /wix/widget?instance={wixSiteId}: here `instance` is the plain site id (docs/product/integrations.md#wix-connect). */
export const wixWidgetQuerySchema = z.object({ instance: wixSiteIdSchema });

/** Error codes the Wix screens tell apart. */
export const WIX_NOT_CONFIGURED_CODE = 'WIX_NOT_CONFIGURED';
export const INVALID_WIX_INSTANCE_CODE = 'INVALID_WIX_INSTANCE';
export const WIX_SITE_TAKEN_CODE = 'WIX_SITE_TAKEN';

// ---------------------------------------------------------------------------
// Public API v1 (Authorization: Bearer <key>).

/** Every image field of an API v1 answer is absolute, so a caller needs to know no host. */
const ABSOLUTE = "an absolute URL (on the server's BASE_URL for an uploaded image)";
const apiImageFields = {
  authorImageUrl: z.string().nullable().describe(`The author's photo as ${ABSOLUTE}, or null.`),
  productImageUrls: z.array(z.string()).describe(`The product photos in order, each ${ABSOLUTE}.`),
  beforeImageUrl: z.string().nullable().describe(`The "before" photo as ${ABSOLUTE}, or null.`),
  afterImageUrl: z.string().nullable().describe(`The "after" photo as ${ABSOLUTE}, or null.`),
};

/** A testimonial as the API reads it: the dashboard's fields, every image an absolute URL. */
export const apiTestimonialSchema = testimonialSchema.extend(apiImageFields);

const API_PAGE_SIZE_DEFAULT = 20;
const API_PAGE_SIZE_MAX = 100;
const API_CURSOR_MAX = 200;

export const apiListTestimonialsQuerySchema = z.object({
  /** Default `approved`; `all` lists every status. */
  status: z.preprocess(
    emptyAsUnset,
    z
      .enum(['pending', 'approved', 'rejected', 'all'], { error: 'Invalid status' })
      .default('approved'),
  ),
  limit: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(API_PAGE_SIZE_MAX, `Limit must be at most ${API_PAGE_SIZE_MAX}`)
      .default(API_PAGE_SIZE_DEFAULT),
  ),
  /** The `nextCursor` of the previous page. */
  cursor: z.preprocess(emptyAsUnset, z.string().max(API_CURSOR_MAX, 'Invalid cursor').optional()),
});
export type ApiListTestimonialsQuery = z.infer<typeof apiListTestimonialsQuerySchema>;

export const apiTestimonialPageSchema = z.object({
  /** Newest first (by submittedAt, then id). */
  data: z.array(apiTestimonialSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ApiTestimonialPage = z.infer<typeof apiTestimonialPageSchema>;

const L = TESTIMONIAL_LIMITS;
/**
 * POST /api/v1/testimonials: import a testimonial collected elsewhere. It
 * arrives as pending unless `status` is `approved`; `source` says where it
 * came from (e.g. `google`, `csv-import`; `api` when it is left out).
 */
export const apiCreateTestimonialInputSchema = z.object({
  authorName: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(L.authorNameMax, `Name must be at most ${L.authorNameMax} characters`)
    .refine(hasNoNul, NUL_MESSAGE),
  authorEmail: z
    .email('Invalid email format')
    .max(L.authorEmailMax, `Email must be at most ${L.authorEmailMax} characters`)
    .nullable()
    .optional(),
  authorBusinessName: optionalText(
    L.authorNameMax,
    `Business name must be at most ${L.authorNameMax} characters`,
  ).optional(),
  authorLocation: optionalText(
    L.authorLocationMax,
    `Location must be at most ${L.authorLocationMax} characters`,
  ).optional(),
  content: z
    .string()
    .trim()
    .min(10, 'Testimonial must be at least 10 characters')
    .max(L.contentMax, `Testimonial must be at most ${L.contentMax} characters`)
    .refine(hasNoNul, NUL_MESSAGE),
  /** 1-5 stars, or 0 for none. */
  rating: z
    .number()
    .int('Rating must be a whole number')
    .min(0, 'Rating cannot be negative')
    .max(RATING_MAX, `Rating cannot be more than ${RATING_MAX}`)
    .default(0),
  status: z
    .enum(['pending', 'approved'], { error: 'Status must be pending or approved' })
    .default('pending'),
  /** Where it came from; `api` when the call does not say. */
  source: z
    .string({ error: 'Source must be text' })
    .trim()
    .min(1, 'Source is required')
    .max(TESTIMONIAL_SOURCE_MAX, `Source must be at most ${TESTIMONIAL_SOURCE_MAX} characters`)
    .refine(hasNoNul, NUL_MESSAGE)
    .default('api'),
  /** When the customer wrote it (ISO 8601, not in the future); default: now. */
  submittedAt: z.iso
    .datetime({ offset: true, error: 'submittedAt must be an ISO 8601 date-time' })
    .optional(),
});
export type ApiCreateTestimonialInput = z.infer<typeof apiCreateTestimonialInputSchema>;

/**
 * GET /api/v1/widget: the public widget's JSON (GET /api/widget/{slug}), with
 * the business logo and every image an absolute URL.
 */
export const apiWidgetSchema = publicWidgetSchema.extend({
  business: publicWidgetSchema.shape.business.extend({
    logoUrl: z.string().nullable().describe(`The business logo as ${ABSOLUTE}, or null.`),
  }),
  testimonials: z.array(publicWidgetTestimonialSchema.extend(apiImageFields)),
});
