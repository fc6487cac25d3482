// Integrations: the API key, Wix sites, and the public API v1.
import {
  apiCreateTestimonialInputSchema,
  apiKeyInfoSchema,
  apiListTestimonialsQuerySchema,
  apiTestimonialPageSchema,
  apiTestimonialSchema,
  apiWidgetSchema,
  createdApiKeySchema,
  wixConnectInputSchema,
  wixConnectResultSchema,
  wixSiteDeletedSchema,
  wixSiteListSchema,
  wixSiteParamsSchema,
} from '../schemas/integrations.js';
import { testimonialParamsSchema } from '../schemas/testimonials.js';
import { defineContract } from '../contract.js';

// The owner's API key and Wix sites: paid access, like the Integrations page.
// The key and the sites belong to the user, not to the business, so these ask
// for paid access only (server/modules/integrations/routes.ts).

export const getApiKey = defineContract({
  method: 'GET',
  path: '/api/integrations/api-key',
  access: 'paidUser',
  summary: "The owner's API key, masked, with its status and dates.",
  response: { 200: apiKeyInfoSchema },
});

export const createApiKey = defineContract({
  method: 'POST',
  path: '/api/integrations/api-key',
  access: 'paidUser',
  summary: 'Creates an API key, replacing any earlier one; the only answer that holds the key.',
  response: { 200: createdApiKeySchema },
});

export const revokeApiKey = defineContract({
  method: 'DELETE',
  path: '/api/integrations/api-key',
  access: 'paidUser',
  summary: "Revokes the owner's API key.",
  response: { 200: apiKeyInfoSchema },
});

export const listWixSites = defineContract({
  method: 'GET',
  path: '/api/integrations/wix-sites',
  access: 'paidUser',
  summary: 'The Wix sites linked to the owner, newest first.',
  response: { 200: wixSiteListSchema },
});

export const disconnectWixSite = defineContract({
  method: 'DELETE',
  path: '/api/integrations/wix-sites/:wixSiteId',
  access: 'paidUser',
  summary: 'Unlinks one of the Wix sites of the owner.',
  params: wixSiteParamsSchema,
  response: { 200: wixSiteDeletedSchema },
});

export const connectWixSite = defineContract({
  method: 'POST',
  path: '/api/wix/connect',
  access: 'signedIn',
  summary: 'Links the Wix site a signed Wix instance names to the signed-in owner.',
  body: wixConnectInputSchema,
  response: { 200: wixConnectResultSchema },
});

// The public API v1: an API key, scoped to its owner's business.

export const listApiTestimonials = defineContract({
  method: 'GET',
  path: '/api/v1/testimonials',
  access: 'apiKey',
  summary: "The business's testimonials, newest first, a page at a time.",
  query: apiListTestimonialsQuerySchema,
  response: { 200: apiTestimonialPageSchema },
});

export const getApiTestimonial = defineContract({
  method: 'GET',
  path: '/api/v1/testimonials/:id',
  access: 'apiKey',
  summary: 'One testimonial of the business.',
  params: testimonialParamsSchema,
  response: { 200: apiTestimonialSchema },
});

export const importApiTestimonial = defineContract({
  method: 'POST',
  path: '/api/v1/testimonials',
  access: 'apiKey',
  summary: 'Imports a testimonial collected elsewhere.',
  body: apiCreateTestimonialInputSchema,
  response: { 201: apiTestimonialSchema },
});

export const getApiWidget = defineContract({
  method: 'GET',
  path: '/api/v1/widget',
  access: 'apiKey',
  summary: "The business's widget data, as its public widget shows it.",
  response: { 200: apiWidgetSchema },
});
