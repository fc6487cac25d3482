// Collection page settings (docs/product/collection.md#form-settings, docs/product/collection.md#calls): GET and PUT /api/collection-page-settings.
// The settings form and the server share these; the coupling of collect and
// required flags is `coupleCollectionFlags` in ../collection-settings.
import { z } from 'zod';
import { redirectUrlProblem, safeRedirectUrl } from '../collection-settings.js';
import { publicCollectionSettingsSchema } from './business.js';

export const WELCOME_MESSAGE_MAX_LENGTH = 500;

/** What GET and PUT answer: the public settings plus when they last changed. */
export const collectionSettingsSchema = publicCollectionSettingsSchema.extend({
  updatedAt: z.string(),
});
export type CollectionSettings = z.infer<typeof collectionSettingsSchema>;

/** Null or an empty string clears the redirect; anything else must be an absolute http(s) URL without credentials. */
const redirectAfterSubmissionField = z
  .string({ error: 'Redirect URL must be text' })
  .nullable()
  .superRefine((value, ctx) => {
    if (value === null || value.trim() === '') return;
    const problem = redirectUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => safeRedirectUrl(value));

const flag = z.boolean({ error: 'Must be true or false' });

/** Body of PUT /api/collection-page-settings: any subset of the settings; the rest stays as it is. */
export const updateCollectionSettingsInputSchema = z.object({
  welcomeMessage: z
    .string({ error: 'Welcome message must be text' })
    .trim()
    .max(
      WELCOME_MESSAGE_MAX_LENGTH,
      `Welcome message must be at most ${WELCOME_MESSAGE_MAX_LENGTH} characters`,
    )
    .optional(),
  collectName: flag.optional(),
  nameRequired: flag.optional(),
  collectEmail: flag.optional(),
  emailRequired: flag.optional(),
  collectBusinessName: flag.optional(),
  businessNameRequired: flag.optional(),
  collectLocation: flag.optional(),
  locationRequired: flag.optional(),
  collectStarRatings: flag.optional(),
  starRatingsRequired: flag.optional(),
  collectSelfie: flag.optional(),
  selfieRequired: flag.optional(),
  collectBeforeAfterPhotos: flag.optional(),
  beforeAfterPhotosRequired: flag.optional(),
  collectProductPhotos: flag.optional(),
  productPhotosRequired: flag.optional(),
  redirectAfterSubmission: redirectAfterSubmissionField.optional(),
});
export type UpdateCollectionSettingsInput = z.output<typeof updateCollectionSettingsInputSchema>;
