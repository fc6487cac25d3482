// Every table of docs/product/README.md#the-documents. Settings defaults come from src/shared, the one
// place the client, the widget and the database read them from. Column names are written in camelCase here and stored
// in snake_case (the `casing` option of the client and of drizzle-kit).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_COLLECTION_FLAGS as C,
  DEFAULT_WELCOME_MESSAGE,
} from '../../shared/collection-settings.js';
import { testCheckoutStatuses } from '../../shared/schemas/billing.js';
import {
  REQUEST_SETTINGS_DEFAULTS as R,
  requestStatuses,
  suppressionReasons,
} from '../../shared/schemas/requests.js';
import { apiKeyStatuses } from '../../shared/schemas/integrations.js';
import { newTestimonialEmailModes } from '../../shared/schemas/notifications.js';
import { reviewSourceKinds, reviewSourceStatuses } from '../../shared/schemas/review-sources.js';
import { testimonialStatuses } from '../../shared/schemas/testimonials.js';
import { uploadPurposes } from '../../shared/schemas/uploads.js';
import {
  type WebhookEventType,
  webhookDeliveryStatuses,
  webhookEndpointStatuses,
  webhookFormats,
} from '../../shared/schemas/webhooks.js';
import { widgetLayouts } from '../../shared/schemas/widget.js';
import { SNIPPET_KINDS } from '../../shared/schemas/widget-snippets.js';
import {
  WIDGET_HEADER_ALIGNMENTS,
  WIDGET_SETTINGS_DEFAULTS as W,
} from '../../shared/widget-data.js';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  password: text().notNull(),
  firstName: text(),
  lastName: text(),
  profileImageUrl: text(),
  isFreeAccount: boolean().notNull().default(false),
  stripeCustomerId: text(),
  stripeSubscriptionId: text(),
  subscriptionStatus: text(),
  subscriptionStartDate: timestamp({ withTimezone: true }),
  subscriptionEndDate: timestamp({ withTimezone: true }),
  // The mirror of the provider's subscription (modules/billing, docs/product/billing.md#subscription): the
  // stripe* and subscription* columns hold the built-in test checkout's ids
  // too. cancelAtPeriodEnd and the time of the newest applied provider event
  // complete it, so an older event never overwrites newer state.
  subscriptionCancelAtPeriodEnd: boolean().notNull().default(false),
  subscriptionEventAt: timestamp({ withTimezone: true }),
  // docs/security.md rule 6: the key's SHA-256 (hex) and its last 4 characters for the
  // masked display; the key itself is never stored (modules/integrations).
  apiKeyHash: text().unique(),
  apiKeyLastFour: text(),
  apiKeyCreatedAt: timestamp({ withTimezone: true }),
  apiKeyStatus: text({ enum: apiKeyStatuses }).notNull().default('active'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Reset links sent and not yet used (modules/auth, docs/security.md rules 4, 29): what
// a users.resetToken and resetTokenExpiry once held, as a table so that a new link
// never replaces one already sent (decision 0015). Only the token's SHA-256 is
// stored. Every link of a user goes when one is used and on a password or
// email change; an expired one is deleted when the user next asks for a link.
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar({ length: 255 }).primaryKey(),
    sess: json().notNull(),
    expire: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_expire_idx').on(table.expire)],
);

export const businesses = pgTable('businesses', {
  id: uuid().primaryKey().defaultRandom(),
  ownerId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text(),
  website: text(),
  logoUrl: text(),
  collectionSlug: text().notNull().unique(),
  // The first-week checklist (docs/product/business.md#first-week-checklist): when the owner first
  // shared the collection link (copied it, downloaded or printed the QR code), when the widget was
  // first seen on another site and which origin, and when the owner dismissed the checklist.
  collectionSharedAt: timestamp({ withTimezone: true }),
  widgetSeenAt: timestamp({ withTimezone: true }),
  widgetSeenOrigin: text(),
  checklistDismissedAt: timestamp({ withTimezone: true }),
  // New-testimonial emails to the owner (modules/notifications): each, a daily digest or off, and when the last
  // one went, so several arrivals within the fold window make one email.
  newTestimonialEmails: text({ enum: newTestimonialEmailModes }).notNull().default('each'),
  ownerEmailedAt: timestamp({ withTimezone: true }),
  // The request email to customers (modules/requests): its subject and body with placeholders, the days
  // before the one reminder (null: none) and how many requests may go out on one UTC day.
  requestSubject: text().notNull().default(R.subject),
  requestBody: text().notNull().default(R.body),
  requestReminderDays: integer().default(R.reminderDays),
  requestDailyCap: integer().notNull().default(R.dailyCap),
  // The IANA time zone its figures are counted in (analytics' days): the browser's at sign-up, a setting after.
  timeZone: text().notNull().default('UTC'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    authorName: text().notNull(),
    authorEmail: text(),
    authorBusinessName: text(),
    authorLocation: text(),
    content: text().notNull(),
    rating: integer().notNull(),
    status: text({ enum: testimonialStatuses }).notNull().default('pending'),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorImageUrl: text(),
    productImageUrls: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    beforeImageUrl: text(),
    afterImageUrl: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
    // Where an imported testimonial came from (API v1 `source`, an import's format); null for the public form.
    source: text(),
    // The original's address at its source (a Trustpilot review, a Senja testimonial), where the import gave one.
    sourceUrl: text(),
    // What makes an imported row the same row again (modules/imports): the source's own id, or a hash of the row.
    sourceKey: text(),
    // Arrived through the form and not yet in a new-testimonial email to the owner (modules/notifications).
    awaitsOwnerEmail: boolean().notNull().default(false),
    // The burst it arrived in (modules/submissions/bursts.ts); cleared when the owner edits it.
    burstId: uuid().references((): AnyPgColumn => submissionBursts.id, { onDelete: 'set null' }),
    // The connected review source that keeps this row in step (modules/review-sources); null once it is disconnected.
    reviewSourceId: uuid().references((): AnyPgColumn => reviewSources.id, {
      onDelete: 'set null',
    }),
    // A hash of the name, text and rating the source last gave: while the row still matches it, the owner has not
    // edited it and a change at the source may replace it (docs/decisions/0036).
    sourceDigest: text(),
    // The review was no longer at its source at the last sync: the widget leaves it out until it comes back.
    goneFromSourceAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('testimonials_awaiting_owner_email_idx')
      .on(table.businessId)
      .where(sql`${table.awaitsOwnerEmail}`),
    index('testimonials_burst_idx')
      .on(table.burstId)
      .where(sql`${table.burstId} is not null`),
    index('testimonials_business_submitted_idx').on(table.businessId, table.submittedAt.desc()),
    index('testimonials_business_status_submitted_idx').on(
      table.businessId,
      table.status,
      table.submittedAt.desc(),
    ),
    // A re-import of the same rows adds nothing; rows without a key (the form's) never collide, as NULLs differ.
    uniqueIndex('testimonials_business_source_key_idx').on(
      table.businessId,
      table.source,
      table.sourceKey,
    ),
  ],
);

// One import of a file (modules/imports): what it brought in, and the report of its photo URLs, which are fetched in
// the background after the import answered.
export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    format: text().notNull(),
    imported: integer().notNull(),
    duplicates: integer().notNull(),
    failed: integer().notNull(),
    photosQueued: integer().notNull().default(0),
    photosDone: integer().notNull().default(0),
    /** Photos that could not be fetched: the testimonial's author, the address and why. */
    photoFailures: jsonb()
      .$type<{ authorName: string; url: string; reason: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('import_runs_business_created_idx').on(table.businessId, table.createdAt.desc()),
  ],
);
export type ImportRunRow = typeof importRuns.$inferSelect;

// Bursts of public submissions to one form (modules/submissions/bursts.ts,
// decision 0022): from when the form passed its threshold to its latest
// submission. While one lasts, the form asks for a browser check; its rows
// carry its id, so the owner can delete those still pending at once.
export const submissionBursts = pgTable(
  'submission_bursts',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('submission_bursts_business_idx').on(table.businessId, table.lastAt.desc())],
);

// Browser-check challenges already used (decision 0022): each is taken once,
// in the transaction that stores its testimonial; kept until it expires.
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    nonce: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('spent_challenges_expires_idx').on(table.expiresAt)],
);

export const accessCodes = pgTable('access_codes', {
  id: uuid().primaryKey().defaultRandom(),
  code: text().notNull().unique(),
  createdAt: createdAt(),
  // A code works once: set together, atomically, when it is redeemed.
  redeemedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  redeemedAt: timestamp({ withTimezone: true }),
});

// Every payment provider event applied, by the provider's event id: inserted in
// the same transaction as its effect, so a replayed event has one effect
// (docs/security.md rule 13).
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: createdAt(),
});

// The built-in test checkout (adapters/payments/local-provider.ts): what a
// payment provider would keep, kept here so billing works with no account anywhere.
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text().notNull(),
  status: text({ enum: testCheckoutStatuses }).notNull().default('open'),
  subscriptionId: text(),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  createdAt: createdAt(),
  completedAt: timestamp({ withTimezone: true }),
});

export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    status: text().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('local_subscriptions_customer_idx').on(table.customerId, table.createdAt.desc()),
  ],
);

export const localInvoices = pgTable(
  'local_invoices',
  {
    id: text().primaryKey(),
    customerId: text().notNull(),
    subscriptionId: text().notNull(),
    amountPaid: integer().notNull(),
    /** Minor units given back (the money-back guarantee): 0, or the whole amount paid. */
    amountRefunded: integer().notNull().default(0),
    currency: text().notNull(),
    status: text().notNull(),
    /** The receipt's number, given at payment (VCH-2026-0001); null on invoices paid before numbers existed. */
    number: text().unique(),
    createdAt: createdAt(),
  },
  (table) => [index('local_invoices_customer_idx').on(table.customerId, table.createdAt.desc())],
);

// The last receipt number given in each calendar year (UTC) of the test checkout:
// one row per year, raised in the paying transaction, so numbers are sequential and never shared.
export const localInvoiceNumbers = pgTable('local_invoice_numbers', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});
/**
 * The money-back guarantee's refunds (docs/product/billing.md#refund): one per
 * account at most (the unique user), whichever provider made it.
 */
export const billingRefunds = pgTable('billing_refunds', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  invoiceId: text().notNull(),
  /** The subscription the refund ended. */
  subscriptionId: text().notNull(),
  /** The provider's id of the refund. */
  refundId: text().notNull(),
  amount: integer().notNull(),
  currency: text().notNull(),
  createdAt: createdAt(),
});
export type BillingRefundRow = typeof billingRefunds.$inferSelect;

export const widgetSettings = pgTable('widget_settings', {
  id: uuid().primaryKey().defaultRandom(),
  businessId: uuid()
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  layout: text({ enum: widgetLayouts }).notNull().default(W.layout),
  backgroundColor: text().notNull().default(W.backgroundColor),
  innerContainerColor: text().notNull().default(W.innerContainerColor),
  textColor: text().notNull().default(W.textColor),
  fontFamily: text().notNull().default(W.fontFamily),
  fontSize: text().notNull().default(W.fontSize),
  // Nullable on purpose: an unset show flag reads as true (docs/product/widget.md#widget-settings).
  showRatings: boolean().default(W.showRatings),
  showDates: boolean().default(W.showDates),
  showLocation: boolean().default(W.showLocation),
  showBranding: boolean().default(W.showBranding),
  autoRotate: boolean().default(W.autoRotate),
  showPersonalPhotos: boolean().default(W.showPersonalPhotos),
  showBeforeAfterPhotos: boolean().default(W.showBeforeAfterPhotos),
  showProductImages: boolean().default(W.showProductImages),
  showBusinessName: boolean().default(W.showBusinessName),
  showInvite: boolean().default(W.showInvite),
  showSources: boolean().default(W.showSources),
  headerText: text().notNull().default(W.headerText),
  headerAlignment: text({ enum: WIDGET_HEADER_ALIGNMENTS }).notNull().default(W.headerAlignment),
  updatedAt: updatedAt(),
});

/** The last embed code of each kind the owner copied from /widget, and the box height it reserves (docs/decisions/0024). */
export const copiedSnippets = pgTable(
  'copied_snippets',
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text({ enum: SNIPPET_KINDS }).notNull(),
    height: integer().notNull(),
    copiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.kind] })],
);

export const wixSites = pgTable(
  'wix_sites',
  {
    wixSiteId: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteName: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('wix_sites_user_idx').on(table.userId, table.createdAt.desc())],
);

export const collectionPageSettings = pgTable('collection_page_settings', {
  id: uuid().primaryKey().defaultRandom(),
  businessId: uuid()
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  welcomeMessage: text().notNull().default(DEFAULT_WELCOME_MESSAGE),
  collectName: boolean().notNull().default(C.collectName),
  nameRequired: boolean().notNull().default(C.nameRequired),
  collectEmail: boolean().notNull().default(C.collectEmail),
  emailRequired: boolean().notNull().default(C.emailRequired),
  collectBusinessName: boolean().notNull().default(C.collectBusinessName),
  businessNameRequired: boolean().notNull().default(C.businessNameRequired),
  collectLocation: boolean().notNull().default(C.collectLocation),
  locationRequired: boolean().notNull().default(C.locationRequired),
  collectStarRatings: boolean().notNull().default(C.collectStarRatings),
  starRatingsRequired: boolean().notNull().default(C.starRatingsRequired),
  collectSelfie: boolean().notNull().default(C.collectSelfie),
  selfieRequired: boolean().notNull().default(C.selfieRequired),
  collectBeforeAfterPhotos: boolean().notNull().default(C.collectBeforeAfterPhotos),
  beforeAfterPhotosRequired: boolean().notNull().default(C.beforeAfterPhotosRequired),
  collectProductPhotos: boolean().notNull().default(C.collectProductPhotos),
  productPhotosRequired: boolean().notNull().default(C.productPhotosRequired),
  redirectAfterSubmission: text(),
  updatedAt: updatedAt(),
});

// Every image goes through an upload URL issued for one business and one
// purpose (modules/uploads). objectPath is set once the file has been received
// and checked; claimedAt once a testimonial or the business logo takes it.
// `anonymous` and `size` feed the byte budgets of visitors' uploads (docs/security.md rule 23).
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    purpose: text({ enum: uploadPurposes }).notNull(),
    objectPath: text().unique(),
    createdAt: createdAt(),
    /** When the one-time upload URL was used; the URL is spent from then on. */
    uploadedAt: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    /** Asked for by a visitor of a collection page (no session), not by the owner. */
    anonymous: boolean().notNull().default(false),
    /** Bytes held against the budgets: the declared length while the file arrives, then the bytes stored. */
    size: integer(),
    /** Whose the visitor's upload is, for their own budgets: a keyed hash of their address, never the address. */
    visitor: text(),
    /** The visitor's browser passed the check of a form under a burst for this upload (decision 0022). */
    checked: boolean().notNull().default(false),
  },
  (table) => [
    index('uploads_created_at_idx').on(table.createdAt),
    // The uploads still waiting for a claim: what the waiting budgets sum (modules/uploads/budgets.ts).
    index('uploads_waiting_idx')
      .on(table.businessId)
      .where(sql`${table.claimedAt} is null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;
export type TestimonialRow = typeof testimonials.$inferSelect;
export type WidgetSettingsRow = typeof widgetSettings.$inferSelect;
export type CopiedSnippetRow = typeof copiedSnippets.$inferSelect;
export type CollectionPageSettingsRow = typeof collectionPageSettings.$inferSelect;
export type WixSiteRow = typeof wixSites.$inferSelect;
export type AccessCodeRow = typeof accessCodes.$inferSelect;
export type LocalCheckoutSessionRow = typeof localCheckoutSessions.$inferSelect;
export type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;
export type LocalInvoiceRow = typeof localInvoices.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type SubmissionBurstRow = typeof submissionBursts.$inferSelect;

/**
 * The durable job queue (src/server/jobs, docs/decisions/0030): emails and webhook deliveries that must survive a
 * restart. A worker claims due jobs with `FOR UPDATE SKIP LOCKED` and holds each for `lockedUntil`; a job whose
 * worker died is claimed again once that passes.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    status: text({ enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Enqueueing twice with the same key makes one job. */
    dedupeKey: text().unique(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('jobs_due_idx').on(table.status, table.runAt)],
);
export type JobRow = typeof jobs.$inferSelect;

/**
 * The Approve links of new-testimonial emails (modules/notifications/approval-links.ts): the SHA-256 of a random
 * token, good for one testimonial for 7 days and used once; Undo puts a used link back.
 */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    testimonialId: uuid()
      .notNull()
      .references(() => testimonials.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('approval_links_testimonial_idx').on(table.testimonialId)],
);

/**
 * Outgoing webhooks (modules/webhooks, docs/product/webhooks.md). The secret is kept as given out: signing needs
 * it, and it opens nothing of ours (docs/decisions/0032). `consecutiveFailures` counts failed attempts since the
 * last success.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: jsonb().$type<WebhookEventType[]>().notNull(),
    format: text({ enum: webhookFormats }).notNull(),
    secret: text().notNull(),
    status: text({ enum: webhookEndpointStatuses }).notNull().default('active'),
    disabledReason: text(),
    consecutiveFailures: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_endpoints_business_idx').on(table.businessId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One event for one endpoint: its body is fixed when queued, so every attempt and resend sends the same bytes. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The endpoint's business, so the log is scoped and pruned without a join. */
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    eventType: text().notNull(),
    /** The `webhook-id` header. */
    webhookId: text().notNull(),
    payload: jsonb().notNull(),
    status: text({ enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    durationMs: integer(),
    responseExcerpt: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_created_idx').on(table.createdAt),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Requests to customers (modules/requests, docs/product/requests.md): one email asking one address for a
 * testimonial, sent by a job at `sendAt`, with one reminder. Its links carry a signed token naming the row
 * (request-token.ts), so nothing secret is stored.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Lowercased. */
    email: text().notNull(),
    status: text({ enum: requestStatuses }).notNull().default('queued'),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    remindedAt: timestamp({ withTimezone: true }),
    clickedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    testimonialId: uuid().references(() => testimonials.id, { onDelete: 'set null' }),
    /** Why it bounced or failed, in words. */
    failure: text(),
    createdAt: createdAt(),
  },
  (table) => [
    index('review_requests_business_created_idx').on(
      table.businessId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('review_requests_business_email_idx').on(
      table.businessId,
      table.email,
      table.createdAt.desc(),
    ),
    index('review_requests_business_send_at_idx').on(table.businessId, table.sendAt),
  ],
);
export type ReviewRequestRow = typeof reviewRequests.$inferSelect;

/** Addresses a business never emails again: the customer unsubscribed, or the mail server refused the address. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text().notNull(),
    reason: text({ enum: suppressionReasons }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_suppressions_business_email_idx').on(table.businessId, table.email),
  ],
);

/**
 * A review source a business connected (modules/review-sources, docs/product/integrations.md#review-sources): one of
 * each kind per business. `credentials` holds the refresh token or API key, encrypted (docs/decisions/0036).
 */
export const reviewSources = pgTable(
  'review_sources',
  {
    id: uuid().primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text({ enum: reviewSourceKinds }).notNull(),
    /** AES-256-GCM of the JSON credentials, under a key derived from the session secret, bound to this row's id. */
    credentials: text().notNull(),
    /** Google: the chosen location (accounts/{a}/locations/{l}) and its title; null until the owner chooses. */
    googleLocationName: text(),
    googleLocationTitle: text(),
    /** Trustpilot: the business unit whose reviews arrive. */
    trustpilotBusinessUnitId: text(),
    trusted: boolean().notNull().default(false),
    status: text({ enum: reviewSourceStatuses }).notNull().default('connected'),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** When the planned sync job is due; its payload names this time, so a superseded job stands down. */
    nextSyncAt: timestamp({ withTimezone: true }),
    consecutiveFailures: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('review_sources_business_kind_idx').on(table.businessId, table.kind)],
);
export type ReviewSourceRow = typeof reviewSources.$inferSelect;

/** How a batch's JSON is stored: gzipped, or as it is (analytics_beacon_batches). */
export const beaconBatchEncodings = ['gzip', 'identity'] as const;

/** Bytes, as a Uint8Array (a Buffer on node-postgres); drizzle-orm has no bytea column of its own. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Analytics raw beacons (modules/analytics/beacon-batches.ts, docs/decisions/0037): each flush writes one row per
 * business, holding that business's beacons of the flush as a JSON array (their page, day, visitor and counted
 * events); kept for 30 days. `gzip` is how the server writes them; `identity` is the plain JSON of the rows moved
 * here from the table of one row per beacon (migration 0023). Every screen and the API read `analytics_daily`,
 * which the same write folds into.
 */
export const analyticsBeaconBatches = pgTable(
  'analytics_beacon_batches',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** When the batch's last beacon arrived: the retention sweep deletes the batch 30 days after it. */
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    beacons: integer().notNull(),
    events: integer().notNull(),
    encoding: text({ enum: beaconBatchEncodings }).notNull(),
    data: bytea().notNull(),
  },
  (table) => [
    index('analytics_beacon_batches_received_idx').on(table.receivedAt),
    index('analytics_beacon_batches_business_idx').on(table.businessId),
  ],
);

/** Daily figures: one row per business, local day, metric and dimension ('' for the day's total). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    metric: text().notNull(),
    dimension: text().notNull().default(''),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.day, table.metric, table.dimension] }),
    // The reports ask for a few metrics over a range of days: one range of this index per metric.
    index('analytics_daily_business_metric_day_idx').on(table.businessId, table.metric, table.day),
  ],
);

/** The visitors of a day, by hash, so each counts once that day; rows of past days are removed. */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    businessId: uuid()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.day, table.visitor] })],
);

/** The day's random salt of the visitor hash (UTC days), shared by every server; yesterday's is deleted. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: text().notNull(),
});
