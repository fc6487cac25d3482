// Outgoing webhooks (docs/product/webhooks.md): the owner's endpoints on the Integrations screen, and the same
// endpoints through the API v1 (REST hooks for Zapier-style tools).
import { defineContract } from '../contract.js';
import {
  apiCreatedWebhookSchema,
  apiWebhookListSchema,
  createWebhookInputSchema,
  createdWebhookSchema,
  listWebhookDeliveriesQuerySchema,
  updateWebhookInputSchema,
  webhookDeletedSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookParamsSchema,
  webhookQueuedSchema,
} from '../schemas/webhooks.js';

export const listWebhooks = defineContract({
  method: 'GET',
  path: '/api/webhooks',
  access: 'paid',
  summary: "The business's webhook endpoints, oldest first, each with its last delivery.",
  response: { 200: webhookEndpointListSchema },
});

export const createWebhook = defineContract({
  method: 'POST',
  path: '/api/webhooks',
  access: 'paid',
  summary: 'Adds a webhook endpoint; the only answer that holds its signing secret.',
  body: createWebhookInputSchema,
  response: { 201: createdWebhookSchema },
});

export const updateWebhook = defineContract({
  method: 'PATCH',
  path: '/api/webhooks/:id',
  access: 'paid',
  summary: "Changes an endpoint's events, or enables it again.",
  params: webhookParamsSchema,
  body: updateWebhookInputSchema,
  response: { 200: webhookEndpointSchema },
});

export const deleteWebhook = defineContract({
  method: 'DELETE',
  path: '/api/webhooks/:id',
  access: 'paid',
  summary: 'Deletes an endpoint and its delivery log.',
  params: webhookParamsSchema,
  response: { 200: webhookDeletedSchema },
});

export const sendWebhookTest = defineContract({
  method: 'POST',
  path: '/api/webhooks/:id/test',
  access: 'paid',
  summary: 'Sends a sample testimonial.submitted event, marked as a test, to the endpoint.',
  params: webhookParamsSchema,
  response: { 202: webhookQueuedSchema },
});

export const listWebhookDeliveries = defineContract({
  method: 'GET',
  path: '/api/webhooks/:id/deliveries',
  access: 'paid',
  summary: "An endpoint's delivery log, newest first, a page at a time (kept 30 days).",
  params: webhookParamsSchema,
  query: listWebhookDeliveriesQuerySchema,
  response: { 200: webhookDeliveryPageSchema },
});

export const resendWebhookDelivery = defineContract({
  method: 'POST',
  path: '/api/webhooks/:id/deliveries/:deliveryId/resend',
  access: 'paid',
  summary: 'Sends a delivery again, with the same webhook-id.',
  params: webhookDeliveryParamsSchema,
  response: { 202: webhookQueuedSchema },
});

// The public API v1: an API key, scoped to its owner's business.

export const createApiWebhook = defineContract({
  method: 'POST',
  path: '/api/v1/webhooks',
  access: 'apiKey',
  summary: 'Subscribes a URL to events; answers its id and signing secret, once.',
  body: createWebhookInputSchema,
  response: { 201: apiCreatedWebhookSchema },
});

export const listApiWebhooks = defineContract({
  method: 'GET',
  path: '/api/v1/webhooks',
  access: 'apiKey',
  summary: "The business's webhook endpoints.",
  response: { 200: apiWebhookListSchema },
});

export const deleteApiWebhook = defineContract({
  method: 'DELETE',
  path: '/api/v1/webhooks/:id',
  access: 'apiKey',
  summary: 'Unsubscribes: deletes the endpoint and its delivery log.',
  params: webhookParamsSchema,
  response: { 200: webhookDeletedSchema },
});
