// Requests to customers (docs/product/requests.md): an email that asks a
// customer for a testimonial, with five star links into the collection form,
// and one reminder. The owner's screen, the API v1 and the send jobs share
// these shapes.
import { z } from 'zod';
import { emptyAsUnset } from './testimonials.js';

/** A request's life: queued until sent; then clicked, submitted, or a dead end. */
export const requestStatuses = [
  'queued',
  'sent',
  'clicked',
  'submitted',
  'unsubscribed',
  'bounced',
  'failed',
] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** Why a business never emails an address again. */
export const suppressionReasons = ['unsubscribed', 'bounced'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** Why an address was not asked (each has its text in REQUEST_SKIP_REASON_TEXT). */
export const requestSkipReasons = [
  'duplicate',
  'recently_asked',
  'unsubscribed',
  'bounced',
  'invalid_email',
  'daily_cap',
] as const;
export type RequestSkipReason = (typeof requestSkipReasons)[number];

export const REQUEST_SKIP_REASON_TEXT: Record<RequestSkipReason, string> = {
  duplicate: 'This address is listed twice; it is asked once.',
  recently_asked: 'This address was asked in the last 30 days.',
  unsubscribed: 'This customer unsubscribed from your requests.',
  bounced: 'Email to this address bounced.',
  invalid_email: 'This is not a valid email address.',
  daily_cap: "Today's limit of requests is reached.",
};

export const REQUEST_LIMITS = {
  /** Customers in one call (the screen and the API). */
  customersPerCall: 1000,
  /** No address is asked twice by one business within this many days. */
  repeatDays: 30,
  /** The default daily cap per business, and the most it may be set to. */
  dailyCapDefault: 200,
  dailyCapMax: 1000,
  /** The default reminder delay in days; null turns the reminder off. */
  reminderDaysDefault: 3,
  reminderDaysMax: 14,
  subjectMax: 150,
  bodyMax: 2000,
  nameMax: 100,
} as const;

/** The placeholders a message may use; each is replaced when the email is written. */
export const REQUEST_PLACEHOLDERS = {
  firstName: '{first name}',
  businessName: '{business name}',
} as const;

/** What a new business's request email says until the owner changes it (docs/product/requests.md#the-email). */
export const REQUEST_SETTINGS_DEFAULTS = {
  subject: `How was your experience with ${REQUEST_PLACEHOLDERS.businessName}?`,
  body: [
    `Hi ${REQUEST_PLACEHOLDERS.firstName},`,
    `Thank you for choosing ${REQUEST_PLACEHOLDERS.businessName}. Would you take a minute to tell us how it went? Tap a star below to start; a few words are plenty.`,
    `Your words help other people find us, and help us do better.`,
    `Thank you,\n${REQUEST_PLACEHOLDERS.businessName}`,
  ].join('\n\n'),
  reminderDays: REQUEST_LIMITS.reminderDaysDefault,
  dailyCap: REQUEST_LIMITS.dailyCapDefault,
} as const;

/** What `{first name}` becomes when the customer's name is not known. */
export const REQUEST_FIRST_NAME_FALLBACK = 'there';

/** A customer to ask. The email is checked by the server, so a bad one is skipped with a reason, not refused. */
export const requestCustomerSchema = z.object({
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .max(REQUEST_LIMITS.nameMax, `Name must be at most ${REQUEST_LIMITS.nameMax} characters`)
    .default(''),
  email: z.string({ error: 'Email is required' }).trim().max(320, 'Email is too long'),
});
export type RequestCustomer = z.input<typeof requestCustomerSchema>;

const customersField = z
  .array(requestCustomerSchema, { error: 'Add at least one customer' })
  .min(1, 'Add at least one customer')
  .max(
    REQUEST_LIMITS.customersPerCall,
    `At most ${REQUEST_LIMITS.customersPerCall} customers at a time`,
  );

/** When to send; default now. At most 30 days ahead, and not in the past. */
const sendAtField = z.iso.datetime({ offset: true, error: 'Invalid date and time' }).optional();

/** How far ahead a request may be scheduled, and the messages of a send time out of range. */
export const REQUEST_SEND_AT = {
  maxDaysAhead: 30,
  tooLate: 'Choose a time within the next 30 days',
  inThePast: 'Choose a time that is not in the past',
} as const;

/** The owner's screen: who to ask, now or at a chosen time (the message is the saved settings'). */
export const createRequestsInputSchema = z.object({
  customers: customersField,
  sendAt: sendAtField,
});
export type CreateRequestsInput = z.input<typeof createRequestsInputSchema>;

/** API v1: who to ask, now. */
export const apiCreateRequestsInputSchema = z.object({ customers: customersField });

/** The check before sending: the same list and send time (the daily limit is per day), nothing stored. */
export const checkRequestsInputSchema = z.object({
  customers: customersField,
  sendAt: sendAtField,
});

/** What became of one customer of the list, in the list's order. */
export const requestOutcomeSchema = z.object({
  email: z.string(),
  status: z.enum(['queued', 'skipped']),
  /** The request's id, when queued. */
  id: z.uuid().optional(),
  reason: z.enum(requestSkipReasons).optional(),
});
export type RequestOutcome = z.infer<typeof requestOutcomeSchema>;

export const requestOutcomesSchema = z.object({ customers: z.array(requestOutcomeSchema) });
export type RequestOutcomes = z.infer<typeof requestOutcomesSchema>;

export const reviewRequestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  status: z.enum(requestStatuses),
  /** When it is (or was) due to be sent. */
  sendAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** The one reminder, once sent. */
  remindedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The testimonial that answered it. */
  testimonialId: z.uuid().nullable(),
  /** Why it failed or bounced, in words. */
  failure: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

const PAGE_SIZE_DEFAULT = 50;
const PAGE_SIZE_MAX = 100;

export const listRequestsQuerySchema = z.object({
  status: z.preprocess(
    emptyAsUnset,
    z.enum(requestStatuses, { error: 'Invalid status' }).optional(),
  ),
  /** Part of a name or an email. */
  q: z.preprocess(emptyAsUnset, z.string().trim().max(320).optional()),
  limit: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(PAGE_SIZE_MAX, `Limit must be at most ${PAGE_SIZE_MAX}`)
      .default(PAGE_SIZE_DEFAULT),
  ),
  /** The `nextCursor` of the previous page. */
  cursor: z.preprocess(emptyAsUnset, z.string().max(200, 'Invalid cursor').optional()),
});

export const requestPageSchema = z.object({
  /** Newest first (by createdAt, then id). */
  data: z.array(reviewRequestSchema),
  nextCursor: z.string().nullable(),
  /** Every request of the business by status, whatever the filter. */
  totals: z.record(z.enum(requestStatuses), z.number().int()),
});
export type RequestPage = z.infer<typeof requestPageSchema>;

export const requestSettingsSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(
      REQUEST_LIMITS.subjectMax,
      `Subject must be at most ${REQUEST_LIMITS.subjectMax} characters`,
    ),
  body: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(REQUEST_LIMITS.bodyMax, `Message must be at most ${REQUEST_LIMITS.bodyMax} characters`),
  /** Days after the request before the one reminder; null: no reminder. */
  reminderDays: z
    .number({ error: 'Choose when to remind' })
    .int('Choose when to remind')
    .min(1, 'Remind after 1 to 14 days')
    .max(REQUEST_LIMITS.reminderDaysMax, 'Remind after 1 to 14 days')
    .nullable(),
  dailyCap: z
    .number({ error: 'Daily limit must be a number' })
    .int('Daily limit must be a whole number')
    .min(1, 'Daily limit must be at least 1')
    .max(REQUEST_LIMITS.dailyCapMax, `Daily limit must be at most ${REQUEST_LIMITS.dailyCapMax}`),
});
export type RequestSettings = z.infer<typeof requestSettingsSchema>;

/** The live preview of the message: as the first customer of the list would get it. */
export const requestPreviewInputSchema = z.object({
  subject: requestSettingsSchema.shape.subject,
  body: requestSettingsSchema.shape.body,
  name: z.string().trim().max(REQUEST_LIMITS.nameMax).default(''),
});
export const requestPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type RequestPreview = z.infer<typeof requestPreviewSchema>;

/** The star links' token: says which request, signed by the server. */
export const requestTokenSchema = z.string().min(1).max(200);

/** What the form fills in from a star link. */
export const requestPrefillSchema = z.object({ name: z.string(), email: z.string() });
export type RequestPrefill = z.infer<typeof requestPrefillSchema>;
