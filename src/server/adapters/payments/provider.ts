// The payment provider: one interface, two implementations (docs/product/billing.md#calls, docs/security.md rule 13).
// - Stripe (stripe-provider.ts) when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
//   STRIPE_PRICE_ID are set: hosted Checkout in subscription mode, webhooks.
// - The built-in test checkout (local-provider.ts) otherwise: a page served by
//   Vouchly itself, subscriptions and invoices kept in our own tables, no card.
// The billing module (modules/billing) only speaks this interface; the provider
// is the source of truth and the user's subscription columns are its mirror.
import type { Invoice, PaymentProviderId } from '../../../shared/schemas/billing.js';

/** A subscription as the provider reports it. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** The provider's word: active, trialing, past_due, canceled, unpaid, incomplete… */
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

/** A checkout session as the provider reports it. */
export type ProviderCheckoutSession = {
  id: string;
  /** Our user id (Stripe: client_reference_id), null if the session carries none. */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** True once the payment went through (Stripe: status complete and payment_status paid). */
  paid: boolean;
};

/**
 * A provider event turned into what it means for one subscription. `subscription`
 * is the subscription's state at the time of the event; `userId` is set when the
 * event names our user (a finished checkout).
 */
export type PaymentEvent = {
  /** The provider's event id: stored once, so a replayed event has one effect. */
  id: string;
  type: string;
  /** When the provider created the event: older events never overwrite newer state. */
  createdAt: Date;
  /** The subscription as the event shows it, when the event carries it (ordered by `createdAt`). */
  subscription: ProviderSubscription | null;
  /**
   * The subscription the event is about when it carries only the id (a
   * checkout, an invoice): the billing service reads its current state from
   * the provider, once it knows the event is new.
   */
  subscriptionId: string | null;
  customerId: string | null;
  userId: string | null;
};

export type CheckoutRequest = {
  userId: string;
  email: string;
  /** The user's existing customer id at this provider, or null to create one. */
  customerId: string | null;
  /** Absolute; for Stripe it carries the literal `{CHECKOUT_SESSION_ID}` placeholder. */
  successUrl: string;
  cancelUrl: string;
};

/** A refund as the provider made it. */
export type ProviderRefund = { id: string; amount: number; currency: string };

export type CreatedCheckout = { id: string; url: string; customerId: string };

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** What the subscribe panel names: "Stripe", or "Test checkout". */
  readonly name: string;
  /** Creates the customer when customerId is null (one per user), then a subscription checkout for the one plan. */
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Null when the provider does not know the id. */
  getCheckoutSession(sessionId: string): Promise<ProviderCheckoutSession | null>;
  /** Null when the provider does not know the id. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** The customer's newest subscription of any status, or null. */
  latestSubscription(customerId: string): Promise<ProviderSubscription | null>;
  /** Newest first. */
  listInvoices(customerId: string): Promise<Invoice[]>;
  /** Sets cancel at period end; the subscription stays active until then. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** Clears cancel at period end: the subscription renews again. */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Gives back the whole payment of a paid invoice. Idempotent per invoice: a
   * second call (a double click, a replay) answers the first refund and gives
   * nothing more back.
   */
  refundInvoice(invoiceId: string): Promise<ProviderRefund>;
  /** Ends the subscription now, not at period end (after a refund); ending an ended one changes nothing. */
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Verifies a webhook body (the raw bytes) and its signature header and turns
   * it into a PaymentEvent, without calling the provider; null for event types
   * that change no subscription.
   * Throws WebhookSignatureError when the signature does not verify.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | null>;
  /** One of the customer's invoices with what its receipt shows; null when unknown or another customer's. */
  getInvoice(customerId: string, invoiceId: string): Promise<InvoiceDetails | null>;
}

/**
 * An invoice with what its receipt shows (docs/product/billing.md#receipts).
 * Amounts are in minor units, in `invoice.currency`.
 */
export type InvoiceDetails = {
  invoice: Invoice;
  /** The number the customer sees: Stripe's `number`, VCH-2026-0001 for the test checkout; null when it has none. */
  number: string | null;
  /** When the payment went through; null when the invoice is not paid. */
  paidAt: Date | null;
  /** The paid period of the plan. */
  periodStart: Date;
  periodEnd: Date;
  subtotal: number;
  /** The invoice's taxes added up; null when it has none. `inclusive`: already part of the subtotal. */
  tax: { amount: number; inclusive: boolean } | null;
  total: number;
  /** How it was paid, as a person reads it ("Visa ending in 4242"); null when the provider does not say. */
  paymentMethod: string | null;
};
