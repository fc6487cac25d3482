// Review sources (docs/product/integrations.md#review-sources): Google Business Profile and Trustpilot reviews that
// arrive as testimonials on their own, managed on the Integrations screen.
import { defineContract } from '../contract.js';
import {
  chooseGoogleLocationInputSchema,
  connectTrustpilotInputSchema,
  googleAuthCallbackInputSchema,
  googleAuthStartSchema,
  googleLocationListSchema,
  reviewSourceDeletedSchema,
  reviewSourceListSchema,
  reviewSourceParamsSchema,
  reviewSourceSchema,
  reviewSourceSyncQueuedSchema,
  updateReviewSourceInputSchema,
} from '../schemas/review-sources.js';

export const listReviewSources = defineContract({
  method: 'GET',
  path: '/api/review-sources',
  access: 'paid',
  summary: "The business's review sources with their status, last sync and last error.",
  response: { 200: reviewSourceListSchema },
});

export const startGoogleAuth = defineContract({
  method: 'POST',
  path: '/api/review-sources/google/start',
  access: 'paid',
  summary:
    "Google's sign-in address to open, with a state signed for this session and business (10 minutes).",
  response: { 200: googleAuthStartSchema },
});

export const finishGoogleAuth = defineContract({
  method: 'POST',
  path: '/api/review-sources/google/callback',
  access: 'paid',
  summary:
    "Connects Google with the code of Google's redirect to the Integrations page; a source connected before takes the new access.",
  body: googleAuthCallbackInputSchema,
  response: { 200: reviewSourceSchema },
});

export const listGoogleLocations = defineContract({
  method: 'GET',
  path: '/api/review-sources/:id/locations',
  access: 'paid',
  summary: 'The locations of the connected Google account, to choose the one whose reviews arrive.',
  params: reviewSourceParamsSchema,
  response: { 200: googleLocationListSchema },
});

export const chooseGoogleLocation = defineContract({
  method: 'PUT',
  path: '/api/review-sources/:id/location',
  access: 'paid',
  summary: 'Chooses the Google location whose reviews arrive, and syncs it.',
  params: reviewSourceParamsSchema,
  body: chooseGoogleLocationInputSchema,
  response: { 200: reviewSourceSchema },
});

export const connectTrustpilot = defineContract({
  method: 'POST',
  path: '/api/review-sources/trustpilot',
  access: 'paid',
  summary:
    'Connects a Trustpilot business unit once one call with the API key succeeds; a refused key stores nothing.',
  body: connectTrustpilotInputSchema,
  response: { 201: reviewSourceSchema },
});

export const updateReviewSource = defineContract({
  method: 'PATCH',
  path: '/api/review-sources/:id',
  access: 'paid',
  summary: 'Trusts a source (its new reviews arrive approved) or stops trusting it.',
  params: reviewSourceParamsSchema,
  body: updateReviewSourceInputSchema,
  response: { 200: reviewSourceSchema },
});

export const syncReviewSource = defineContract({
  method: 'POST',
  path: '/api/review-sources/:id/sync',
  access: 'paid',
  summary: 'Syncs the source now, in the background.',
  params: reviewSourceParamsSchema,
  response: { 202: reviewSourceSyncQueuedSchema },
});

export const deleteReviewSource = defineContract({
  method: 'DELETE',
  path: '/api/review-sources/:id',
  access: 'paid',
  summary: 'Disconnects the source and forgets its credentials; the testimonials it brought stay.',
  params: reviewSourceParamsSchema,
  response: { 200: reviewSourceDeletedSchema },
});
