// The public testimonial form (docs/product/collection.md#what-the-form-accepts and
// "Photo rules on submit"): `buildSubmissionSchema(settings)` gives the schema
// for one business's collection settings, used by the form and by
// POST /api/submit/:slug alike. Fields the business does not collect are dropped.
import { z } from 'zod';
import type { CollectionFlags } from '../collection-settings.js';
import { MAX_PRODUCT_PHOTOS, RATING_MAX, TESTIMONIAL_MIN_LENGTH } from '../constants.js';
import { BEFORE_AFTER_MESSAGES, beforeAfterPairIssue } from './testimonials.js';

export const submissionLimits = {
  nameMax: 120,
  emailMax: 254,
  businessNameMax: 120,
  locationMax: 120,
  contentMax: 5000,
  imageUrlMax: 2048,
} as const;

export const submissionMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  businessNameRequired: 'Business name is required',
  locationRequired: 'Location is required',
  contentTooShort: 'Testimonial must be at least 10 characters',
  contentTooLong: `Testimonial must be at most ${submissionLimits.contentMax} characters`,
  ratingRequired: 'Please select a rating',
  ratingTooHigh: 'Rating cannot be more than 5',
  ratingTooLow: 'Rating cannot be less than 0',
  selfieRequired: 'Personal photo is required. Please upload a photo to continue.',
  productPhotosRequired:
    'Product photos are required. Please upload at least one product photo to continue.',
  tooManyProductPhotos: `You can upload at most ${MAX_PRODUCT_PHOTOS} product photos`,
  ...BEFORE_AFTER_MESSAGES,
  beforeAfterRequired:
    'Before and after photos are required. Please upload both photos to continue.',
  imageUrlTooLong: 'Image URL is too long',
  /** The answer to a filled honeypot: says nothing about why. */
  rejected: 'Your testimonial could not be submitted.',
} as const;

/** A hidden form field people never fill in; a filled one marks a bot. */
export const HONEYPOT_FIELD = 'website';

/** Stored as the author's name when the form does not ask for one or it was left empty. */
export const ANONYMOUS_AUTHOR_NAME = 'Anonymous';

/** What the form sends. Image fields take the uploadURL handed out for the file, or its objectPath. */
export type SubmissionForm = {
  authorName?: string | null;
  authorEmail?: string | null;
  authorBusinessName?: string | null;
  authorLocation?: string | null;
  content?: string;
  rating?: number | null;
  authorImageUrl?: string | null;
  productImageUrls?: string[] | null;
  beforeImageUrl?: string | null;
  afterImageUrl?: string | null;
  /** The honeypot: always empty. */
  website?: string;
};

/** The validated submission: fields not collected are null (rating 0, no product photos). */
export type SubmissionData = {
  authorName: string | null;
  authorEmail: string | null;
  authorBusinessName: string | null;
  authorLocation: string | null;
  content: string;
  rating: number;
  authorImageUrl: string | null;
  productImageUrls: string[];
  beforeImageUrl: string | null;
  afterImageUrl: string | null;
};

const M = submissionMessages;
const L = submissionLimits;

// `.optional()` first: a missing key must pass too (Zod 4 treats a bare transform as required).
const ignored = z
  .unknown()
  .optional()
  .transform((): null => null);

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const requiredText = (max: number, label: string, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`);

const textField = (
  collect: boolean,
  required: boolean,
  max: number,
  label: string,
  requiredMessage: string,
) => {
  if (!collect) return ignored;
  return required ? requiredText(max, label, requiredMessage) : optionalText(max, label);
};

const isEmail = (value: string) => z.email().safeParse(value).success;

const emailField = (collect: boolean, required: boolean) => {
  if (!collect) return ignored;
  if (required) {
    return requiredText(L.emailMax, 'Email', M.emailRequired).refine(isEmail, M.invalidEmail);
  }
  return z
    .string({ error: M.invalidEmail })
    .trim()
    .max(L.emailMax, M.invalidEmail)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isEmail(value), M.invalidEmail);
};

const ratingField = (collect: boolean, required: boolean) => {
  if (!collect)
    return z
      .unknown()
      .optional()
      .transform(() => 0);
  if (required) {
    return z
      .number({ error: M.ratingRequired })
      .int(M.ratingRequired)
      .min(1, M.ratingRequired)
      .max(RATING_MAX, M.ratingTooHigh);
  }
  return z
    .number({ error: M.ratingRequired })
    .int(M.ratingRequired)
    .min(0, M.ratingTooLow)
    .max(RATING_MAX, M.ratingTooHigh)
    .nullish()
    .transform((value) => value ?? 0);
};

const imageRef = z
  .string({ error: 'Image URL must be text' })
  .trim()
  .max(L.imageUrlMax, M.imageUrlTooLong);
const optionalImage = imageRef.nullish().transform((value) => value || null);

const productImagesField = (collect: boolean, required: boolean) => {
  if (!collect)
    return z
      .unknown()
      .optional()
      .transform((): string[] => []);
  const field = z
    .array(imageRef, { error: 'Product photos must be a list' })
    .max(MAX_PRODUCT_PHOTOS, M.tooManyProductPhotos)
    .nullish()
    .transform((urls) => [...new Set((urls ?? []).filter(Boolean))]);
  return required ? field.refine((urls) => urls.length > 0, M.productPhotosRequired) : field;
};

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';
/** Cross-field rules run even when another field failed, so the form can show every problem at once. */
const always = { when: () => true };

/** The submission schema for one business's collection settings. */
export function buildSubmissionSchema(
  settings: CollectionFlags,
): z.ZodType<SubmissionData, SubmissionForm> {
  const s = settings;
  const base = z.object({
    authorName: textField(s.collectName, s.nameRequired, L.nameMax, 'Name', M.nameRequired),
    authorEmail: emailField(s.collectEmail, s.emailRequired),
    authorBusinessName: textField(
      s.collectBusinessName,
      s.businessNameRequired,
      L.businessNameMax,
      'Business name',
      M.businessNameRequired,
    ),
    authorLocation: textField(
      s.collectLocation,
      s.locationRequired,
      L.locationMax,
      'Location',
      M.locationRequired,
    ),
    content: z
      .string({ error: M.contentTooShort })
      .trim()
      .min(TESTIMONIAL_MIN_LENGTH, M.contentTooShort)
      .max(L.contentMax, M.contentTooLong),
    rating: ratingField(s.collectStarRatings, s.starRatingsRequired),
    authorImageUrl: !s.collectSelfie
      ? ignored
      : s.selfieRequired
        ? optionalImage.refine((value) => value !== null, M.selfieRequired)
        : optionalImage,
    productImageUrls: productImagesField(s.collectProductPhotos, s.productPhotosRequired),
    beforeImageUrl: s.collectBeforeAfterPhotos ? optionalImage : ignored,
    afterImageUrl: s.collectBeforeAfterPhotos ? optionalImage : ignored,
  });
  if (!s.collectBeforeAfterPhotos) return base as z.ZodType<SubmissionData, SubmissionForm>;

  const required = s.beforeAfterPhotosRequired;
  // Required: both, each with its own message. Else the one pairing rule (testimonials.ts).
  return base
    .refine((data) => !required || present(data.beforeImageUrl), {
      ...always,
      message: M.beforeAfterRequired,
      path: ['beforeImageUrl'],
    })
    .refine((data) => !required || present(data.afterImageUrl), {
      ...always,
      message: M.beforeAfterRequired,
      path: ['afterImageUrl'],
    })
    .refine((data) => required || beforeAfterPairIssue(data)?.path !== 'afterImageUrl', {
      ...always,
      message: M.afterPhotoMissing,
      path: ['afterImageUrl'],
    })
    .refine((data) => required || beforeAfterPairIssue(data)?.path !== 'beforeImageUrl', {
      ...always,
      message: M.beforePhotoMissing,
      path: ['beforeImageUrl'],
    }) as z.ZodType<SubmissionData, SubmissionForm>;
}

/** True when the honeypot field of a raw body holds anything. */
export function isHoneypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** Answer of POST /api/submit/:slug. */
export const submissionResultSchema = z.object({ testimonial: z.object({ id: z.string() }) });
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

export const submitParamsSchema = z.object({ slug: z.string().trim().min(1).max(200) });

/**
 * The body of POST /api/submit/:slug as the route checks it: an object. Its
 * fields depend on the business's collection settings, so the service checks
 * them with `buildSubmissionSchema(settings)`.
 */
export const submissionBodySchema = z.record(z.string(), z.unknown());

/**
 * The body's field that carries a request's token when the customer came from a request email's star link
 * (docs/product/requests.md#answered): the request is marked answered. A bad token is ignored.
 */
export const REQUEST_TOKEN_FIELD = 'requestToken';

// ---------------------------------------------------------------------------
// The browser check of a form under a burst of submissions (docs/decisions/0022):
// while a burst lasts, POST /api/submit/:slug takes a testimonial only with a
// solved proof-of-work challenge (ALTCHA's format) from
// GET /api/submit/:slug/challenge, sent in the body's `proof` field.

export const SUBMISSION_PROOF_FIELD = 'proof';

/** The error codes of a submission refused for want of a (valid) proof. */
export const submissionCheckCodes = {
  required: 'CHALLENGE_REQUIRED',
  failed: 'CHALLENGE_FAILED',
} as const;

export const submissionCheckMessages = {
  required:
    'This form is receiving an unusual number of testimonials right now. Your browser needs to pass a quick check before it can send yours.',
  failed:
    'The check of your browser did not pass or has expired. Please send your testimonial again.',
} as const;

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-f]+$/);

/** A challenge as the server signed it: every parameter is covered by `signature`. */
export const submissionChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().max(32),
    nonce: hex(64),
    salt: hex(64),
    cost: z.number().int().min(1).max(1_000_000),
    keyLength: z.number().int().min(1).max(64),
    keyPrefix: hex(128),
    keySignature: hex(128).optional(),
    /** Seconds since the epoch. */
    expiresAt: z.number().int().positive(),
    /** The form (its slug) the challenge was issued for. */
    data: z.object({ form: z.string().min(1).max(200) }),
  }),
  signature: hex(128),
});
export type SubmissionChallenge = z.infer<typeof submissionChallengeSchema>;

/** Answer of GET /api/submit/:slug/challenge. */
export const submissionChallengeResultSchema = z.object({ challenge: submissionChallengeSchema });

/** What the browser sends back: the challenge and the counter that solves it. */
export const submissionProofSchema = z.object({
  challenge: submissionChallengeSchema,
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: hex(128),
  }),
});
export type SubmissionProof = z.infer<typeof submissionProofSchema>;
