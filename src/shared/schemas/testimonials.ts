// Testimonial moderation (docs/product/testimonials.md#testimonial-fields, docs/product/testimonials.md#statuses, docs/product/testimonials.md#edit-rules, docs/product/testimonials.md#calls): the
// list query, the DTO the dashboard reads, the admin edit, bulk actions, image
// calls and stats. Shared by the edit form's resolver and the server routes.
import { z } from 'zod';
import {
  MAX_PRODUCT_PHOTOS,
  RATING_MAX,
  RATING_MIN,
  TESTIMONIAL_SOURCE_MAX,
} from '../constants.js';

export const testimonialStatuses = ['pending', 'approved', 'rejected'] as const;
export const testimonialStatusSchema = z.enum(testimonialStatuses, { error: 'Invalid status' });
export type TestimonialStatus = z.infer<typeof testimonialStatusSchema>;

export const TESTIMONIAL_LIMITS = {
  authorNameMax: 120,
  authorEmailMax: 254,
  authorLocationMax: 120,
  contentMax: 5000,
  tagMax: 40,
  tagsMax: 20,
  imageUrlMax: 2048,
  listPageSizeDefault: 20,
  listPageSizeMax: 100,
  listQueryMax: 200,
  bulkIdsMax: 500,
} as const;

const L = TESTIMONIAL_LIMITS;

/** PostgreSQL text cannot hold U+0000; refuse it before it reaches the database. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const NUL_MESSAGE = 'Text contains an invalid character';

const testimonialIdSchema = z.guid('Invalid testimonial id');
export const testimonialParamsSchema = z.object({ id: testimonialIdSchema });

// ---------------------------------------------------------------------------
// What the dashboard reads.

export const testimonialSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  authorEmail: z.string().nullable(),
  authorBusinessName: z.string().nullable(),
  authorLocation: z.string().nullable(),
  content: z.string(),
  /** 1-5 stars; 0 when the public form did not ask for a rating. */
  rating: z.number().int(),
  status: testimonialStatusSchema,
  tags: z.array(z.string()),
  authorImageUrl: z.string().nullable(),
  productImageUrls: z.array(z.string()),
  beforeImageUrl: z.string().nullable(),
  afterImageUrl: z.string().nullable(),
  /** ISO 8601. */
  submittedAt: z.string(),
  /** ISO 8601; set exactly while the status is approved. */
  approvedAt: z.string().nullable(),
  /** Where an imported testimonial came from (API v1, an import); null for the public form. */
  source: z.string().nullable(),
  /** The original at its source (a Trustpilot review, a Senja testimonial), where the import gave its address. */
  sourceUrl: z.string().nullable(),
  /** ISO 8601: when a connected review source no longer had it; the widget leaves it out until it comes back. */
  goneFromSourceAt: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** Empty query values (`?status=`) count as unset. */
export const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** The moderation list's orders (docs/product/testimonials.md#testimonials-screen). */
export const testimonialSorts = ['newest', 'oldest', 'rating-high', 'rating-low'] as const;
export type TestimonialSort = (typeof testimonialSorts)[number];

const starsFilter = z.coerce
  .number({ error: 'Rating must be from 1 to 5' })
  .int('Rating must be from 1 to 5')
  .min(RATING_MIN, 'Rating must be from 1 to 5')
  .max(RATING_MAX, 'Rating must be from 1 to 5');

/** The date range's one message, for the server's refusal and the filters' own warning. */
export const DATE_RANGE_MESSAGE = 'The start date must be on or before the end date';

/** A calendar day, YYYY-MM-DD, that exists (no 30 February). */
export const dayFilter = z.iso.date({ error: 'Invalid date (use YYYY-MM-DD)' });

/** The source filter's value for the public form's testimonials (source null). */
export const FORM_SOURCE = 'form';

export const listTestimonialsQuerySchema = z
  .object({
    /** Omitted, empty or `all`: every status. */
    status: z.preprocess(
      emptyAsUnset,
      z.enum([...testimonialStatuses, 'all'], { error: 'Invalid status' }).optional(),
    ),
    /**
     * Case-insensitive text search over author name, content and tags; `%`, `_`
     * and `\` match themselves. Runs of whitespace count as one space.
     */
    q: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .max(L.listQueryMax, `Search must be at most ${L.listQueryMax} characters`)
        .refine(hasNoNul, NUL_MESSAGE)
        .transform((value) => value.trim().replace(/\s+/g, ' '))
        .optional(),
    ),
    page: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number()
        .int('Page must be a whole number')
        .min(1, 'Page must be at least 1')
        .max(1_000_000)
        .default(1),
    ),
    pageSize: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number()
        .int('Page size must be a whole number')
        .min(1, 'Page size must be at least 1')
        .max(L.listPageSizeMax, `Page size must be at most ${L.listPageSizeMax}`)
        .default(L.listPageSizeDefault),
    ),
    /** Newest first when omitted; rating sorts break ties newest first. */
    sort: z.preprocess(
      emptyAsUnset,
      z.enum(testimonialSorts, { error: 'Invalid sort' }).default('newest'),
    ),
    /** Only this many stars. */
    rating: z.preprocess(emptyAsUnset, starsFilter.optional()),
    /** At least this many stars ("4 and up"). */
    minRating: z.preprocess(emptyAsUnset, starsFilter.optional()),
    /** Submitted on or after this UTC day. */
    from: z.preprocess(emptyAsUnset, dayFilter.optional()),
    /** Submitted on or before this UTC day (the whole day). */
    to: z.preprocess(emptyAsUnset, dayFilter.optional()),
    /** Only from this source, letter case aside; `form` (FORM_SOURCE): the public form's, whose source is null. */
    source: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .trim()
        .min(1, 'Invalid source')
        .max(TESTIMONIAL_SOURCE_MAX, `Source must be at most ${TESTIMONIAL_SOURCE_MAX} characters`)
        .refine(hasNoNul, NUL_MESSAGE)
        .optional(),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: DATE_RANGE_MESSAGE,
    path: ['to'],
  });
export type ListTestimonialsQuery = z.infer<typeof listTestimonialsQuerySchema>;

export const testimonialCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});
export type TestimonialCounts = z.infer<typeof testimonialCountsSchema>;

export const testimonialListSchema = z.object({
  items: z.array(testimonialSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches for the status filter and search. */
  total: z.number().int(),
  /** Per status, for the filter tabs; the search applies, the status filter does not. */
  counts: testimonialCountsSchema,
  /**
   * Every source the business's testimonials have, whatever the filters: null for the form, then the others in
   * order, one spelling each (letter case aside). The Source filter shows when there are two or more.
   */
  sources: z.array(z.string().nullable()),
});
export type TestimonialList = z.infer<typeof testimonialListSchema>;

export const testimonialStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  /** Submitted since the first day of the current month, UTC. */
  thisMonth: z.number().int(),
  /** Mean of ratings above 0, one decimal; 0 when there is none. */
  avgRating: z.number(),
});
export type TestimonialStats = z.infer<typeof testimonialStatsSchema>;

// ---------------------------------------------------------------------------
// Admin edit (docs/product/testimonials.md#edit-rules): author name and content required, rating 1-5, tags
// trimmed, non-empty, without duplicates.

export const tagField = z
  .string({ error: 'Tag cannot be empty' })
  .trim()
  .min(1, 'Tag cannot be empty')
  .max(L.tagMax, `Tag must be at most ${L.tagMax} characters`)
  .refine(hasNoNul, NUL_MESSAGE);

/** Keeps the first spelling of each tag; duplicates differ only in letter case. */
export function dedupeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

const tagsField = z
  .array(tagField, { error: 'Tags must be a list' })
  .max(L.tagsMax, `At most ${L.tagsMax} tags`)
  .transform(dedupeTags);

/** Empty text means "none". */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(hasNoNul, NUL_MESSAGE)
    .nullable()
    .transform((value) => (value ? value : null));

const isEmail = (value: string) => z.email().safeParse(value).success;

const testimonialEditFields = {
  authorName: z
    .string({ error: 'Author name is required' })
    .trim()
    .min(1, 'Author name is required')
    .max(L.authorNameMax, `Author name must be at most ${L.authorNameMax} characters`)
    .refine(hasNoNul, NUL_MESSAGE),
  authorEmail: z
    .string({ error: 'Invalid email format' })
    .trim()
    .max(L.authorEmailMax, 'Email is too long')
    .refine((value) => value === '' || isEmail(value), 'Invalid email format')
    .nullable()
    .transform((value) => (value ? value : null)),
  authorLocation: optionalText(
    L.authorLocationMax,
    `Location must be at most ${L.authorLocationMax} characters`,
  ),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(L.contentMax, `Content must be at most ${L.contentMax} characters`)
    .refine(hasNoNul, NUL_MESSAGE),
  rating: z
    .number({ error: 'Please select a rating' })
    .int('Please select a rating')
    .min(RATING_MIN, 'Please select a rating')
    .max(RATING_MAX, `Rating cannot be more than ${RATING_MAX}`),
  status: testimonialStatusSchema,
  tags: tagsField,
};

/** The edit dialog's form: every field present. */
export const testimonialEditFormSchema = z.object(testimonialEditFields);
export type TestimonialEditFormInput = z.input<typeof testimonialEditFormSchema>;
export type TestimonialEditForm = z.output<typeof testimonialEditFormSchema>;

/**
 * PATCH /api/testimonials/:id: `{ status }` alone, or any of the edit fields.
 * `approvedAt` is accepted for compatibility and ignored: the server sets it
 * when the status becomes approved and clears it when it leaves approved.
 * `authorImageUrl` may only be null (remove the photo) or the current value;
 * a new photo goes through PUT /api/testimonials/:id/author-image.
 */
export const updateTestimonialInputSchema = z.object({
  authorName: testimonialEditFields.authorName.optional(),
  authorEmail: testimonialEditFields.authorEmail.optional(),
  authorLocation: testimonialEditFields.authorLocation.optional(),
  content: testimonialEditFields.content.optional(),
  rating: testimonialEditFields.rating.optional(),
  status: testimonialStatusSchema.optional(),
  tags: tagsField.optional(),
  approvedAt: z.union([z.string().max(64), z.null()]).optional(),
  authorImageUrl: z.string().max(L.imageUrlMax).refine(hasNoNul, NUL_MESSAGE).nullable().optional(),
});
export type UpdateTestimonialInput = z.output<typeof updateTestimonialInputSchema>;

/** Answer of DELETE /api/testimonials/:id. */
export const deleteTestimonialResultSchema = z.object({ deleted: z.literal(1) });

// ---------------------------------------------------------------------------
// Bulk actions.

const bulkTestimonialActions = ['approve', 'reject', 'delete'] as const;

export const bulkTestimonialsInputSchema = z.object({
  action: z.enum(bulkTestimonialActions, { error: 'Invalid action' }),
  ids: z
    .array(testimonialIdSchema, { error: 'Select at least one testimonial' })
    .min(1, 'Select at least one testimonial')
    .max(L.bulkIdsMax, `At most ${L.bulkIdsMax} testimonials at a time`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type BulkTestimonialsInput = z.output<typeof bulkTestimonialsInputSchema>;

export const bulkTestimonialsResultSchema = z.union([
  z.object({ updated: z.number().int() }),
  z.object({ deleted: z.number().int() }),
]);
export type BulkTestimonialsResult = z.infer<typeof bulkTestimonialsResultSchema>;

// ---------------------------------------------------------------------------
// Bursts of submissions (docs/decisions/0022): the testimonials screen's notice
// and its one action, deleting the burst's rows still pending.

export const submissionBurstSchema = z.object({
  id: z.string(),
  /** The first submission of the burst and the latest. */
  startedAt: z.string(),
  lastAt: z.string(),
  /** Its rows still there (the owner may have deleted or edited some), and how many of them are pending. */
  submissions: z.number().int(),
  pending: z.number().int(),
  /** True while the form still asks its visitors for a browser check. */
  goingOn: z.boolean(),
});
export type SubmissionBurst = z.infer<typeof submissionBurstSchema>;

/** Answer of GET /api/testimonials/bursts: the bursts with pending rows, newest first. */
export const submissionBurstListSchema = z.object({ bursts: z.array(submissionBurstSchema) });

export const submissionBurstParamsSchema = z.object({ id: z.guid('Invalid burst id') });

/** Answer of DELETE /api/testimonials/bursts/:id/pending. */
export const deleteBurstPendingResultSchema = z.object({ deleted: z.number().int() });

// ---------------------------------------------------------------------------
// Image calls (docs/product/testimonials.md#calls). URLs are the upload URLs handed out by the uploads
// endpoints; anything else is refused.

const imageUrlField = z
  .string({ error: 'Image URL is required' })
  .trim()
  .min(1, 'Image URL is required')
  .max(L.imageUrlMax, 'Image URL is too long')
  .refine(hasNoNul, NUL_MESSAGE);

export const authorImageInputSchema = z.object({ authorImageURL: imageUrlField });
export const authorImageResultSchema = z.object({ imagePath: z.string() });

export const productImagesInputSchema = z.object({
  productImageURLs: z
    .array(imageUrlField, { error: 'Product image URLs are required' })
    .min(1, 'Add at least one product image')
    .max(MAX_PRODUCT_PHOTOS, `At most ${MAX_PRODUCT_PHOTOS} product photos per testimonial`),
});
/** Every product image of the testimonial after the call, in order. */
export const productImagesResultSchema = z.object({ imagePaths: z.array(z.string()) });

export const removeProductImageInputSchema = z.object({ imageUrl: imageUrlField });

/**
 * The before/after pairing rule (docs/product/testimonials.md#edit-rules), for the public form and the owner's
 * edits alike: both photos or neither. Its messages are the public form's.
 */
export const BEFORE_AFTER_MESSAGES = {
  afterPhotoMissing: 'Please add an after photo, or remove the before photo.',
  beforePhotoMissing: 'Please add a before photo, or remove the after photo.',
} as const;

type BeforeAfterPair = { beforeImageUrl?: string | null; afterImageUrl?: string | null };
const hasPhoto = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '';

/** What is wrong with a pair that has one photo without the other, or null when it has both or neither. */
export function beforeAfterPairIssue(
  pair: BeforeAfterPair,
): { path: 'beforeImageUrl' | 'afterImageUrl'; message: string } | null {
  const before = hasPhoto(pair.beforeImageUrl);
  const after = hasPhoto(pair.afterImageUrl);
  if (before && !after)
    return { path: 'afterImageUrl', message: BEFORE_AFTER_MESSAGES.afterPhotoMissing };
  if (after && !before)
    return { path: 'beforeImageUrl', message: BEFORE_AFTER_MESSAGES.beforePhotoMissing };
  return null;
}

/** Omitted: unchanged; null: removed; a URL: replaced. */
export const beforeAfterImagesInputSchema = z.object({
  beforeImageURL: imageUrlField.nullable().optional(),
  afterImageURL: imageUrlField.nullable().optional(),
});
export type BeforeAfterImagesInput = z.infer<typeof beforeAfterImagesInputSchema>;
export const beforeAfterImagesResultSchema = z.object({
  beforeImagePath: z.string().nullable(),
  afterImagePath: z.string().nullable(),
});

export const exportColumns = [
  'id',
  'status',
  'authorName',
  'authorEmail',
  'authorBusinessName',
  'authorLocation',
  'rating',
  'content',
  'tags',
  'authorImageUrl',
  'productImageUrls',
  'beforeImageUrl',
  'afterImageUrl',
  'submittedAt',
  'approvedAt',
  'source',
  'sourceUrl',
  'goneFromSourceAt',
] as const;
