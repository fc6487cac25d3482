// Review sources (docs/product/integrations.md#review-sources): Google Business Profile and Trustpilot accounts a
// business connects, whose reviews arrive as testimonials on their own. Shared by the Integrations screen and the
// server routes.
import { z } from 'zod';

export const reviewSourceKinds = ['google', 'trustpilot'] as const;
export type ReviewSourceKind = (typeof reviewSourceKinds)[number];

/** connected: syncing; reconnect: the provider refused our access, the owner must connect again; failing: retrying. */
export const reviewSourceStatuses = ['connected', 'reconnect', 'failing'] as const;

const TRUSTPILOT_BUSINESS_UNIT_MAX = 64;
const TRUSTPILOT_API_KEY_MAX = 200;
const GOOGLE_LOCATION_NAME_MAX = 200;

export const reviewSourceMessages = {
  businessUnitRequired: 'Enter your Trustpilot business unit ID',
  businessUnitInvalid: 'A business unit id has only letters and digits',
  apiKeyRequired: 'Enter your Trustpilot API key',
  trustpilotRefused:
    'Trustpilot did not accept this API key for this business unit. Please check both and try again.',
  trustpilotUnreachable: 'Trustpilot could not be reached. Please try again in a few minutes.',
  googleOff: 'Google is not set up on this server.',
  googleStateInvalid:
    'This Google sign-in link has expired or belongs to another session. Please start again.',
  googleRefused: 'Google did not accept the sign-in. Please try connecting again.',
  googleUnreachable: 'Google could not be reached. Please try again in a few minutes.',
  googleNoRefreshToken:
    'Google did not grant lasting access. Please remove this app from your Google account’s third-party connections and connect again.',
  locationUnknown: 'Choose one of the locations of this Google account.',
  alreadyConnected:
    'This source is connected already. Disconnect it first to connect another account.',
  needsLocation: 'Choose a location first.',
  reconnectFirst: 'Reconnect this source first.',
} as const;

export const reviewSourceParamsSchema = z.object({ id: z.uuid() });

export const reviewSourceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(reviewSourceKinds),
  status: z.enum(reviewSourceStatuses),
  /** New reviews arrive approved instead of pending. */
  trusted: z.boolean(),
  /** What the source is: the Google location's title, or the Trustpilot business unit id; null before a location is chosen. */
  label: z.string().nullable(),
  /** A Google source waits for its location before its first sync. */
  needsLocation: z.boolean(),
  /** ISO 8601 of the last sync that succeeded. */
  lastSyncAt: z.string().nullable(),
  /** Why the last sync failed, as the owner reads it; null after a success. */
  lastError: z.string().nullable(),
  /** ISO 8601 of the next planned sync; null while it waits for the owner (a location, a reconnect). */
  nextSyncAt: z.string().nullable(),
  consecutiveFailures: z.number().int().min(0),
  createdAt: z.string(),
});
export type ReviewSource = z.infer<typeof reviewSourceSchema>;

export const reviewSourceListSchema = z.object({
  sources: z.array(reviewSourceSchema),
  /** Whether this server can connect Google (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  googleAvailable: z.boolean(),
});
export type ReviewSourceList = z.infer<typeof reviewSourceListSchema>;

export const googleAuthStartSchema = z.object({ url: z.url() });
export type GoogleAuthStart = z.infer<typeof googleAuthStartSchema>;

/** What Google's redirect brings back to the Integrations page, which posts it on. */
export const googleAuthCallbackInputSchema = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(1000),
});
export type GoogleAuthCallbackInput = z.infer<typeof googleAuthCallbackInputSchema>;

const googleLocationSchema = z.object({
  /** accounts/{account}/locations/{location} */
  name: z.string(),
  title: z.string(),
  accountName: z.string(),
});

export const googleLocationListSchema = z.object({ locations: z.array(googleLocationSchema) });
export type GoogleLocationList = z.infer<typeof googleLocationListSchema>;

export const chooseGoogleLocationInputSchema = z.object({
  name: z
    .string()
    .max(GOOGLE_LOCATION_NAME_MAX)
    .regex(/^accounts\/[^/]+\/locations\/[^/]+$/, reviewSourceMessages.locationUnknown),
});
export type ChooseGoogleLocationInput = z.infer<typeof chooseGoogleLocationInputSchema>;

export const connectTrustpilotInputSchema = z.object({
  businessUnitId: z
    .string()
    .trim()
    .min(1, reviewSourceMessages.businessUnitRequired)
    .max(TRUSTPILOT_BUSINESS_UNIT_MAX, reviewSourceMessages.businessUnitInvalid)
    .regex(/^[A-Za-z0-9]+$/, reviewSourceMessages.businessUnitInvalid),
  apiKey: z
    .string()
    .trim()
    .min(1, reviewSourceMessages.apiKeyRequired)
    .max(TRUSTPILOT_API_KEY_MAX, reviewSourceMessages.apiKeyRequired),
});
export type ConnectTrustpilotInput = z.infer<typeof connectTrustpilotInputSchema>;

export const updateReviewSourceInputSchema = z.object({ trusted: z.boolean() });

export const reviewSourceSyncQueuedSchema = z.object({ queued: z.literal(true) });
export const reviewSourceDeletedSchema = z.object({ deleted: z.literal(true) });
