// Requests to customers (docs/product/requests.md): the owner's Requests
// screen, the star links and unsubscribe links of the emails, and the API v1.
import { z } from 'zod';
import { defineContract, htmlBody } from '../contract.js';
import {
  apiCreateRequestsInputSchema,
  checkRequestsInputSchema,
  createRequestsInputSchema,
  listRequestsQuerySchema,
  requestOutcomesSchema,
  requestPageSchema,
  requestPrefillSchema,
  requestPreviewInputSchema,
  requestPreviewSchema,
  requestSettingsSchema,
  requestTokenSchema,
} from '../schemas/requests.js';

export const getRequestSettings = defineContract({
  method: 'GET',
  path: '/api/request-settings',
  access: 'paid',
  summary: 'The request message (subject and body), the reminder delay and the daily limit.',
  response: { 200: requestSettingsSchema },
});

export const saveRequestSettings = defineContract({
  method: 'PUT',
  path: '/api/request-settings',
  access: 'paid',
  summary: 'Changes the request message, the reminder delay and the daily limit.',
  body: requestSettingsSchema,
  response: { 200: requestSettingsSchema },
});

export const previewRequestEmail = defineContract({
  method: 'POST',
  path: '/api/request-settings/preview',
  access: 'paid',
  summary: 'The request email as a customer of this name would get it, in the real email layout.',
  body: requestPreviewInputSchema,
  response: { 200: requestPreviewSchema },
});

export const checkRequests = defineContract({
  method: 'POST',
  path: '/api/requests/check',
  access: 'paid',
  summary: 'What sending to this list would do, customer by customer; nothing is stored or sent.',
  body: checkRequestsInputSchema,
  response: { 200: requestOutcomesSchema },
});

export const createRequests = defineContract({
  method: 'POST',
  path: '/api/requests',
  access: 'paid',
  summary: 'Queues a request to each customer of the list, now or at the chosen time.',
  body: createRequestsInputSchema,
  response: { 202: requestOutcomesSchema },
});

export const listRequests = defineContract({
  method: 'GET',
  path: '/api/requests',
  access: 'paid',
  summary: "The business's requests, newest first, with totals by status.",
  query: listRequestsQuerySchema,
  response: { 200: requestPageSchema },
});

const linkParamsSchema = z.object({ token: requestTokenSchema });

export const getRequestPrefill = defineContract({
  method: 'GET',
  path: '/api/request-links/:token',
  access: 'public',
  summary:
    "A star link's customer, for the form to fill in; marks the request clicked. 404 for a forged or unknown token.",
  params: linkParamsSchema,
  response: { 200: requestPrefillSchema },
});

const unsubscribeAnswers = {
  200: htmlBody('The page: one button that unsubscribes, or the word that it is done.'),
  404: htmlBody('No such link.'),
};

export const unsubscribePage = defineContract({
  method: 'GET',
  path: '/unsubscribe/:token',
  access: 'public',
  section: 'pages',
  summary:
    'The unsubscribe link of a request email: one button. Opening it changes nothing (mail scanners open links).',
  params: linkParamsSchema,
  response: { 200: z.string(), 404: z.string() },
  document: { response: unsubscribeAnswers },
});

export const unsubscribe = defineContract({
  method: 'POST',
  path: '/unsubscribe/:token',
  access: 'public',
  section: 'pages',
  summary:
    "Unsubscribes the address from the business's requests: the page's button, and one-click unsubscribe (RFC 8058).",
  params: linkParamsSchema,
  response: { 200: z.string(), 404: z.string() },
  document: { response: unsubscribeAnswers },
});

// The public API v1.

export const createApiRequests = defineContract({
  method: 'POST',
  path: '/api/v1/requests',
  access: 'apiKey',
  summary:
    'Asks each customer for a testimonial: one entry per customer, queued or skipped with its reason.',
  body: apiCreateRequestsInputSchema,
  response: { 202: requestOutcomesSchema },
});

export const listApiRequests = defineContract({
  method: 'GET',
  path: '/api/v1/requests',
  access: 'apiKey',
  summary: "The business's requests, newest first, with their status.",
  query: listRequestsQuerySchema,
  response: { 200: requestPageSchema },
});
