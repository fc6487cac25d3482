// Outgoing webhooks (docs/product/webhooks.md): the endpoints an owner adds on the Integrations screen or
// through the API v1, and the log of what was delivered to them. Shared by the screen and the server routes.
import { z } from 'zod';
import { apiTestimonialSchema } from './integrations.js';
import { reviewRequestSchema } from './requests.js';

/** The events an endpoint may ask for (docs/product/webhooks.md#events). */
export const webhookEventTypes = [
  'testimonial.submitted',
  'testimonial.approved',
  'testimonial.updated',
  'testimonial.deleted',
  'request.submitted',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** How a delivery's body is written: the Standard Webhooks event, or a chat message (detected from the URL). */
export const webhookFormats = ['standard', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

export const webhookEndpointStatuses = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Every secret starts with this, as the Standard Webhooks libraries expect. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const WEBHOOK_URL_MAX = 2000;
/** How many endpoints one business may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2048;

export const webhookMessages = {
  urlRequired: 'Enter the URL to send events to',
  urlInvalid: 'Enter a full URL starting with https:// or http://',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX} characters`,
  eventsRequired: 'Choose at least one event',
  eventInvalid: 'Unknown event type',
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  disabledResend: 'This endpoint is disabled. Enable it before resending.',
  disabledTest: 'This endpoint is disabled. Enable it before sending a test event.',
  urlPrivate:
    'This URL leads to a private, local or link-local network address, which webhooks cannot reach.',
  urlPort: 'Webhooks are sent only to the standard ports: 443 for https, 80 for http.',
  urlCredentials: 'Leave the user name and password out of the URL.',
  urlUnresolved: 'The host name of this URL could not be found.',
} as const;

/** What the screen writes for each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'testimonial.submitted': 'A testimonial is submitted',
  'testimonial.approved': 'A testimonial is approved',
  'testimonial.updated': 'A testimonial is edited, rejected or set back to pending',
  'testimonial.deleted': 'A testimonial is deleted',
  'request.submitted': 'A customer answers a testimonial request',
};

/** Which chat service a URL belongs to, by its host and path; anything else gets the standard event. */
export function webhookFormatOf(url: string): WebhookFormat {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'standard';
  }
  const host = parsed.hostname.toLowerCase();
  if (host === 'hooks.slack.com' && parsed.pathname.startsWith('/')) return 'slack';
  if (
    (host === 'discord.com' || host === 'discordapp.com' || host.endsWith('.discord.com')) &&
    parsed.pathname.startsWith('/api/webhooks/')
  )
    return 'discord';
  return 'standard';
}

const webhookUrlSchema = z
  .string({ error: webhookMessages.urlRequired })
  .trim()
  .min(1, webhookMessages.urlRequired)
  .max(WEBHOOK_URL_MAX, webhookMessages.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid }));

const webhookEventsSchema = z
  .array(z.enum(webhookEventTypes, { error: webhookMessages.eventInvalid }), {
    error: webhookMessages.eventsRequired,
  })
  .min(1, webhookMessages.eventsRequired)
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

/** POST /api/webhooks and POST /api/v1/webhooks. */
export const createWebhookInputSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});
export type CreateWebhookInput = z.input<typeof createWebhookInputSchema>;

/** PATCH /api/webhooks/:id: the events, or `active` to enable a disabled endpoint again (or pause one). */
export const updateWebhookInputSchema = z
  .object({
    events: webhookEventsSchema.optional(),
    status: z
      .enum(webhookEndpointStatuses, { error: 'Status must be active or disabled' })
      .optional(),
  })
  .refine((input) => input.events !== undefined || input.status !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateWebhookInput = z.input<typeof updateWebhookInputSchema>;

export const webhookParamsSchema = z.object({ id: z.uuid('Invalid id') });
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid('Invalid id'),
  deliveryId: z.uuid('Invalid id'),
});

/** The newest delivery of an endpoint, as the list shows it. */
const webhookDeliverySummarySchema = z.object({
  status: z.enum(webhookDeliveryStatuses),
  eventType: z.string(),
  statusCode: z.number().int().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  format: z.enum(webhookFormats),
  status: z.enum(webhookEndpointStatuses),
  /** Why it was disabled, in words; null while active. */
  disabledReason: z.string().nullable(),
  /** Failed attempts since the last success. */
  consecutiveFailures: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastDelivery: webhookDeliverySummarySchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** POST /api/webhooks: the only answer that holds the secret. */
export const createdWebhookSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and resend. */
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when none answered. */
  statusCode: z.number().int().nullable(),
  /** Why the last attempt failed without an answer (a refused address, a timeout, a network error). */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The JSON body sent. */
  requestBody: z.string(),
  /** The first 2 KB of the last answer's body. */
  responseExcerpt: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: when the last attempt ended; null before any. */
  lastAttemptAt: z.string().nullable(),
  /** ISO 8601: when it succeeded or failed for good. */
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;
export const listWebhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be at least 1').max(1000).default(1),
});

export const webhookDeliveryPageSchema = z.object({
  /** Newest first. */
  items: z.array(webhookDeliverySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeletedSchema = z.object({ deleted: z.literal(1) });
export const webhookQueuedSchema = z.object({ deliveryId: z.string() });

// ---------------------------------------------------------------------------
// What a delivery carries (docs/product/webhooks.md#payload).

/** A testimonial event's `data`: the testimonial as the API v1 reads it; `test: true` on a test event. */
export const webhookTestimonialDataSchema = apiTestimonialSchema.extend({
  test: z.literal(true).optional(),
});
export type WebhookTestimonialData = z.infer<typeof webhookTestimonialDataSchema>;

/** request.submitted's `data`: the request a customer answered, and the testimonial that answered it. */
export const webhookRequestSubmittedDataSchema = z.object({
  request: reviewRequestSchema,
  testimonial: apiTestimonialSchema,
});
export type WebhookRequestSubmittedData = z.infer<typeof webhookRequestSubmittedDataSchema>;

/** What `data` holds for each event type. */
export type WebhookEventData = {
  'testimonial.submitted': WebhookTestimonialData;
  'testimonial.approved': WebhookTestimonialData;
  'testimonial.updated': WebhookTestimonialData;
  'testimonial.deleted': WebhookTestimonialData;
  'request.submitted': WebhookRequestSubmittedData;
};

// ---------------------------------------------------------------------------
// The public API v1 (REST hooks for Zapier-style tools).

export const apiCreatedWebhookSchema = z.object({ id: z.string(), secret: z.string() });
export const apiWebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  format: z.enum(webhookFormats),
  status: z.enum(webhookEndpointStatuses),
  /** ISO 8601. */
  createdAt: z.string(),
});
export const apiWebhookListSchema = z.object({ data: z.array(apiWebhookSchema) });
export type ApiWebhook = z.infer<typeof apiWebhookSchema>;
