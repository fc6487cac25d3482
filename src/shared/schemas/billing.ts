// Paid access (docs/product/billing.md#paid-access, docs/product/billing.md#subscription, docs/product/billing.md#invoices,
// docs/product/billing.md#plan; docs/product/billing.md#checkout; docs/product/billing.md#calls and docs/product/messages.md#billing).
// Subscription and Invoice keep the provider's snake_case field names, as docs/product/billing.md writes them.
import { z } from 'zod';
import { currentUserSchema } from './auth.js';

/** GET /api/user/access-status. `reason` is one of ACCESS_REASONS. */
export const accessStatusSchema = z.object({
  hasAccess: z.boolean(),
  /** True when the gated pages must show the upgrade screen. */
  requiresRedirect: z.boolean(),
  reason: z.string(),
});
export type AccessStatus = z.infer<typeof accessStatusSchema>;

/** Why access is granted or refused: the `reason` of AccessStatus. */
export const ACCESS_REASONS = {
  activeSubscription: 'active_subscription',
  cancelingSubscription: 'subscription_canceling',
  accessCode: 'access_code',
  noSubscription: 'no_subscription',
  subscriptionEnded: 'subscription_ended',
  paymentPastDue: 'payment_past_due',
} as const;

/** The 403 code of an owner call behind one of the five gated pages without access. */
export const ACCESS_REQUIRED_CODE = 'ACCESS_REQUIRED';

/** The 502/503 code of a billing call the payment provider did not answer (or that waits out its pause). */
export const PAYMENT_PROVIDER_ERROR_CODE = 'PAYMENT_PROVIDER_ERROR';

const ACCESS_CODE_MAX_LENGTH = 64;

/** POST /api/validate-access-code. */
export const accessCodeInputSchema = z.object({
  code: z
    .string({ error: 'Access code is required' })
    .trim()
    .min(1, 'Access code is required')
    .max(ACCESS_CODE_MAX_LENGTH, 'Invalid code'),
});
export type AccessCodeInput = z.infer<typeof accessCodeInputSchema>;

export const accessCodeResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: currentUserSchema,
});
export type AccessCodeResult = z.infer<typeof accessCodeResultSchema>;

/** The error code of a wrong or used access code (400). */
export const INVALID_ACCESS_CODE_CODE = 'INVALID_ACCESS_CODE';

/** Which payment provider this server uses; the client names it in the subscribe panel. */
export const paymentProviderIds = ['stripe', 'local'] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];

/** GET /api/billing/plan: the one plan and who takes the payment. */
export const billingPlanSchema = z.object({
  amount: z.number(),
  amountInCents: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  displayPrice: z.string(),
  features: z.array(z.string()),
  provider: z.object({
    id: z.enum(paymentProviderIds),
    /** "Stripe", or "Test checkout" for the built-in one. */
    name: z.string(),
  }),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

/** POST /api/create-checkout-session. checkoutUrl is null when already subscribed. */
export const checkoutSessionResultSchema = z.object({
  isAlreadySubscribed: z.boolean(),
  checkoutUrl: z.string().nullable(),
});
export type CheckoutSessionResult = z.infer<typeof checkoutSessionResultSchema>;

/** GET /api/checkout-success?session_id= */
export const checkoutSuccessQuerySchema = z.object({
  session_id: z
    .string()
    .trim()
    .min(1, 'No session ID found. Please try subscribing again.')
    .max(255),
});

/** The answer of checkout-success, sync-subscription and cancel-subscription. */
export const billingResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type BillingResult = z.infer<typeof billingResultSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  /** active, canceled, past_due, trialing, incomplete, unpaid… (the provider's word). */
  status: z.string(),
  /** Unix seconds. */
  current_period_start: z.number().int(),
  current_period_end: z.number().int(),
  cancel_at_period_end: z.boolean(),
  /**
   * Present when the payment provider did not answer: this is the last state
   * Vouchly heard of (from checkouts, webhooks, syncs and cancels), not a fresh read.
   */
  last_known: z.literal(true).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/billing/subscription: the owner's latest subscription, or null when there is none. */
export const billingSubscriptionSchema = subscriptionSchema.nullable();

export const invoiceSchema = z.object({
  id: z.string(),
  /** Minor units: shown as amount_paid / 100. */
  amount_paid: z.number().int(),
  amount_refunded: z.number().int().nonnegative(),
  currency: z.string(),
  /** Unix seconds. */
  created: z.number().int(),
  status: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Why a refund is or is not offered: the `reason` of RefundStatus. */
const refundReasons = [
  'eligible',
  'no_payment',
  'no_subscription',
  'window_passed',
  'already_refunded',
] as const;

/**
 * GET /api/billing/refund: the money-back guarantee (docs/product/billing.md#refund).
 * Times in unix seconds; null when there was no payment.
 */
export const refundStatusSchema = z.object({
  eligible: z.boolean(),
  reason: z.enum(refundReasons),
  firstPaymentAt: z.number().int().nullable(),
  /** The end of the window: first payment + MONEY_BACK_GUARANTEE_DAYS. */
  deadline: z.number().int().nullable(),
});
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** GET /api/billing/invoices: newest first. */
export const invoiceListSchema = z.array(invoiceSchema);

/** A test checkout session: open until paid. */
export const testCheckoutStatuses = ['open', 'complete'] as const;

/**
 * Where a checkout's Cancel lands: /subscribe with this query, which says the
 * checkout was cancelled and nothing was charged (docs/product/billing.md#checkout).
 */
export const CHECKOUT_CANCELLED_QUERY = { name: 'checkout', value: 'cancelled' } as const;

/** The built-in test checkout's page data: GET /api/test-checkout/:sessionId. */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(testCheckoutStatuses),
  email: z.string(),
  amountInCents: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  /** Where Pay (and a finished session) go: the success URL with the session id. */
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

/** POST /api/test-checkout/:sessionId/pay → where to go next. */
export const testCheckoutPayResultSchema = z.object({ redirectUrl: z.string() });

export const testCheckoutParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** One of the owner's invoices: its receipt page and PDF (docs/product/billing.md#receipts). */
export const invoiceParamsSchema = z.object({ invoiceId: z.string().min(1).max(255) });

/** POST /api/stripe/webhook: heard (`duplicate` when the event was handled before). */
export const webhookResultSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
});
