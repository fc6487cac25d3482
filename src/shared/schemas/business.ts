import { z } from 'zod';
import { businessNameField, timeZoneField, websiteField } from './fields.js';

export const createBusinessInputSchema = z.object({
  name: businessNameField,
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .optional(),
  website: websiteField('Website is required'),
  /** The browser's time zone; UTC when left out. */
  timeZone: timeZoneField.optional(),
});
export type CreateBusinessInput = z.infer<typeof createBusinessInputSchema>;

export const updateBusinessInputSchema = z.object({
  name: businessNameField,
  website: websiteField('Website URL is required'),
  /** Left as it is when left out. */
  timeZone: timeZoneField.optional(),
});
export type UpdateBusinessInput = z.infer<typeof updateBusinessInputSchema>;

/** The owner's view of their business (GET /api/business). */
export const businessSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  collectionSlug: z.string(),
  /** The IANA time zone analytics counts days in. */
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

export const detectLogoInputSchema = z.object({ website: websiteField('Website is required') });
export const detectedLogoSchema = z.object({ logoUrl: z.string().nullable() });

/** A logo found on a website, as detection answers it: an absolute http(s) URL. */
export const detectedLogoUrlField = z.url({ protocol: /^https?$/ }).max(2048);

/** The public collection form settings (part of GET /api/business/:slug). */
export const publicCollectionSettingsSchema = z.object({
  welcomeMessage: z.string(),
  collectName: z.boolean(),
  nameRequired: z.boolean(),
  collectEmail: z.boolean(),
  emailRequired: z.boolean(),
  collectBusinessName: z.boolean(),
  businessNameRequired: z.boolean(),
  collectLocation: z.boolean(),
  locationRequired: z.boolean(),
  collectStarRatings: z.boolean(),
  starRatingsRequired: z.boolean(),
  collectSelfie: z.boolean(),
  selfieRequired: z.boolean(),
  collectBeforeAfterPhotos: z.boolean(),
  beforeAfterPhotosRequired: z.boolean(),
  collectProductPhotos: z.boolean(),
  productPhotosRequired: z.boolean(),
  redirectAfterSubmission: z.string().nullable(),
});

/** What anyone may read about a business by its slug: nothing about the owner. */
export const publicBusinessSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  collectionSlug: z.string(),
  backgroundColor: z.string(),
  innerContainerColor: z.string(),
  textColor: z.string(),
  fontFamily: z.string(),
  fontSize: z.string(),
  collectionSettings: publicCollectionSettingsSchema,
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;

export const businessSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
