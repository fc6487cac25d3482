// The owner's business, its logo, and the public business a collection page reads; the health check.
import { z } from 'zod';
import { defineContract } from '../contract.js';
import {
  businessSchema,
  businessSlugParamsSchema,
  createBusinessInputSchema,
  detectedLogoSchema,
  detectLogoInputSchema,
  publicBusinessSchema,
  updateBusinessInputSchema,
} from '../schemas/business.js';
import { businessLogoInputSchema } from '../schemas/uploads.js';

export const getBusiness = defineContract({
  method: 'GET',
  path: '/api/business',
  access: 'owner',
  summary: "The signed-in owner's business (404 before it is set up).",
  response: { 200: businessSchema },
});

export const createBusiness = defineContract({
  method: 'POST',
  path: '/api/business',
  access: 'signedIn',
  summary: 'Sets up the business of a signed-in user who has none yet.',
  body: createBusinessInputSchema,
  response: { 201: businessSchema },
});

export const updateBusiness = defineContract({
  method: 'PATCH',
  path: '/api/business',
  access: 'owner',
  summary: "Changes the business's name and website, and its time zone when sent.",
  body: updateBusinessInputSchema,
  response: { 200: businessSchema },
});

export const setBusinessLogo = defineContract({
  method: 'PUT',
  path: '/api/business/logo',
  access: 'owner',
  summary: "Sets the logo to one of the owner's logo uploads, or removes it with an empty string.",
  body: businessLogoInputSchema,
  response: { 200: businessSchema },
});

export const detectLogo = defineContract({
  method: 'POST',
  path: '/api/business/detect-logo',
  access: 'visitor',
  summary: 'The logo found on a website, for the sign-up wizard (null when none is found).',
  body: detectLogoInputSchema,
  response: { 200: detectedLogoSchema },
});

export const getPublicBusiness = defineContract({
  method: 'GET',
  path: '/api/business/:slug',
  access: 'visitor',
  summary: 'The business behind a collection page: its name, logo, colours and form settings.',
  params: businessSlugParamsSchema,
  response: { 200: publicBusinessSchema },
});

// Health

export const health = defineContract({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Answers once the database does (503 when it does not).',
  response: { 200: z.object({ status: z.literal('ok') }) },
});
