// The public testimonial form (SPEC §5 "Public testimonial submission" and
// "Photo rules on submit"): `buildSubmissionSchema(settings)` gives the schema
// for one business's collection settings, used by the form and by
// POST /api/submit/:slug alike. Fields the business does not collect are dropped.
import { z } from 'zod';
import type { CollectionFlags } from '../collection-settings.js';
import { MAX_PRODUCT_PHOTOS, RATING_MAX, TESTIMONIAL_MIN_LENGTH } from '../constants.js';

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
  afterPhotoMissing: 'Please add an after photo, or remove the before photo.',
  beforePhotoMissing: 'Please add a before photo, or remove the after photo.',
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
    .refine((data) => required || !present(data.beforeImageUrl) || present(data.afterImageUrl), {
      ...always,
      message: M.afterPhotoMissing,
      path: ['afterImageUrl'],
    })
    .refine((data) => required || !present(data.afterImageUrl) || present(data.beforeImageUrl), {
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
