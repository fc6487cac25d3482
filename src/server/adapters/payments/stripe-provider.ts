// Stripe: hosted Checkout in subscription mode for the one plan, webhooks
// verified on the raw body (docs/security.md rule 13). Stripe is the source of truth;
// this file only translates between its objects and the PaymentProvider types.
// Tests run this file, unchanged, against the local fake in testing/fake-stripe.ts
// through `apiUrl`.
import Stripe from 'stripe';
import type { Invoice } from '../../../shared/schemas/billing.js';
import {
  WebhookSignatureError,
  type InvoiceDetails,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
} from './provider.js';

/**
 * The API version every request is pinned to (the Stripe-Version header), so a
 * change of the account's default version in the dashboard changes nothing here.
 * It must be the installed SDK's own version (its types describe only that one):
 * an SDK upgrade that moves it fails the typecheck here, which makes moving the
 * pin a deliberate change.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Another Stripe API origin (http or https), e.g. a local fake in tests. Default: api.stripe.com. */
  apiUrl?: string;
  /** How long a call may go unanswered. Default: STRIPE_TIMEOUT_MS; tests against a frozen fake shorten it. */
  timeoutMs?: number;
};

/**
 * How long a call to Stripe may go without an answer, connecting included (the
 * SDK's `timeout`). Stripe answers in well under a second; a user's request
 * should not wait much longer than this for it.
 */
export const STRIPE_TIMEOUT_MS = 4000;

/**
 * A failure that says Stripe is away rather than an answer: no answer in time
 * or no connection, a 5xx or a body that is not Stripe's JSON (a proxy's error
 * page), or 429 (asked to slow down). These open the pause of every call
 * (adapters/circuit-breaker.ts); a 4xx such as an unknown id does not.
 */
export function isStripeOutage(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  );
}

/** Answers of the invoice list: two years of monthly invoices, more than the one yearly plan ever makes. */
const INVOICE_PAGE_SIZE = 24;

/**
 * The SDK's host/port/protocol options for an API origin such as
 * http://127.0.0.1:12111 (config.ts has checked it is an http(s) origin).
 */
export function stripeConnectionOptions(apiUrl: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    // node:http wants an IPv6 address without the URL's brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

const toDate = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** Stripe fields that hold an id, or the object when expanded. */
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Since the 2025-03-31 API versions the billing period lives on each item; our
  // subscriptions have exactly one (the plan's price).
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    currentPeriodStart: toDate(item.current_period_start),
    // Ended early (canceled now, after a refund): its period ended when it did.
    currentPeriodEnd: toDate(
      subscription.ended_at
        ? Math.min(subscription.ended_at, item.current_period_end)
        : item.current_period_end,
    ),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function toProviderCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    userId: session.client_reference_id,
    customerId: session.customer ? idOf(session.customer) : null,
    subscriptionId: session.subscription ? idOf(session.subscription) : null,
    // A subscription with a free first period completes with no_payment_required.
    paid:
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
  };
}

function toInvoice(invoice: Stripe.Invoice, amountRefunded = 0): Invoice {
  return {
    id: invoice.id,
    amount_paid: invoice.amount_paid,
    // A list of invoices does not carry their charges: the list says 0, a receipt reads its charge.
    amount_refunded: amountRefunded,
    currency: invoice.currency,
    created: invoice.created,
    status: invoice.status ?? null,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  };
}

/** The subscription an invoice bills, if any (since 2025-03-31 under parent.subscription_details). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return subscription ? idOf(subscription) : null;
}

/** "Visa ending in 4242" for a card, the method's type otherwise ("Us bank account"); null when the charge does not say. */
function paymentMethodOf(charge: Stripe.Charge | null): string | null {
  const details = charge?.payment_method_details;
  if (!details) return null;
  const card = details.card;
  if (details.type === 'card' && card?.brand && card.last4) {
    const brand = card.brand === 'unknown' ? 'Card' : capitalize(card.brand);
    return `${brand} ending in ${card.last4}`;
  }
  return capitalize(details.type.replaceAll('_', ' '));
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The invoice's taxes added up; null when it has none. */
function taxOf(invoice: Stripe.Invoice): InvoiceDetails['tax'] {
  const taxes = invoice.total_taxes ?? [];
  if (taxes.length === 0) return null;
  return {
    amount: taxes.reduce((sum, tax) => sum + tax.amount, 0),
    inclusive: taxes.every((tax) => tax.tax_behavior === 'inclusive'),
  };
}

function isResourceMissing(error: unknown): boolean {
  // Only an unknown id: a 404 for an unknown URL means a misconfigured apiUrl and must surface.
  return (
    error instanceof Stripe.errors.StripeError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  );
}

/** Null for an id Stripe does not know; every other failure (network, auth, 5xx) still throws. */
/**
 * The payment that paid an invoice, of the payments it names: the paid one
 * naming its PaymentIntent (or, for old charges, the charge); else the first
 * one. Null when it names none.
 */
function paidPaymentOf(
  payments: readonly Stripe.InvoicePayment[],
): Stripe.InvoicePayment.Payment | null {
  const paid = payments.filter(
    (entry) => entry.status === 'paid' && (entry.payment.payment_intent || entry.payment.charge),
  );
  return (paid[0] ?? payments[0])?.payment ?? null;
}

async function nullIfMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isResourceMissing(error)) return null;
    throw error;
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // No retries: a call waits at most STRIPE_TIMEOUT_MS, and a failure pauses
    // the calls that follow instead (plugins/payments.ts). The SDK still
    // retries once a connection Stripe had closed, which fails at once.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    ...(options.apiUrl ? stripeConnectionOptions(options.apiUrl) : {}),
  });

  /**
   * The charge that paid an invoice: its refunds and card. Since the 2025-03-31
   * API versions an invoice names its payments (expanded on request), each a
   * PaymentIntent or a charge. Null when it has none (not paid, or paid off Stripe).
   */
  async function chargeOf(invoice: Stripe.Invoice): Promise<Stripe.Charge | null> {
    const payment = paidPaymentOf(invoice.payments?.data ?? []);
    if (payment?.payment_intent) {
      const intent = await stripe.paymentIntents.retrieve(idOf(payment.payment_intent), {
        expand: ['latest_charge'],
      });
      const charge = intent.latest_charge;
      return charge && typeof charge === 'object' ? charge : null;
    }
    if (payment?.charge) return stripe.charges.retrieve(idOf(payment.charge));
    return null;
  }

  async function retrieveSubscription(
    subscriptionId: string,
  ): Promise<ProviderSubscription | null> {
    const subscription = await nullIfMissing(stripe.subscriptions.retrieve(subscriptionId));
    return subscription ? toProviderSubscription(subscription) : null;
  }

  /** What the event means for one subscription; null for types that change none. No call to Stripe. */
  function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
    const base = { id: event.id, type: event.type, createdAt: toDate(event.created) };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        return {
          ...base,
          userId: session.client_reference_id,
          customerId: session.customer ? idOf(session.customer) : null,
          // The event carries only the id: the service reads the subscription's current state.
          subscription: null,
          subscriptionId: session.subscription ? idOf(session.subscription) : null,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        // The event's own snapshot: its `created` orders it against other events.
        const subscription = toProviderSubscription(event.data.object);
        return {
          ...base,
          userId: null,
          customerId: subscription.customerId,
          subscription,
          subscriptionId: subscription.id,
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        // A payment changes the subscription's status and period: the service reads them from Stripe.
        return {
          ...base,
          userId: null,
          customerId: invoice.customer ? idOf(invoice.customer) : null,
          subscription: null,
          subscriptionId: invoiceSubscriptionId(invoice),
        };
      }
      default:
        return null;
    }
  }

  return {
    id: 'stripe',
    name: 'Stripe',

    async createCheckout(request) {
      // One customer per user: created once, then reused for every checkout.
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create({
            email: request.email,
            metadata: { userId: request.userId },
          })
        ).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        // Read back on the success page and in the webhook to tie the payment to our user.
        client_reference_id: request.userId,
        line_items: [{ price: options.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        subscription_data: { metadata: { userId: request.userId } },
        metadata: { userId: request.userId },
      });
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
      return { id: session.id, url: session.url, customerId };
    },

    async getCheckoutSession(sessionId) {
      const session = await nullIfMissing(stripe.checkout.sessions.retrieve(sessionId));
      return session ? toProviderCheckoutSession(session) : null;
    },

    getSubscription: retrieveSubscription,

    async latestSubscription(customerId) {
      // Stripe lists newest first; status 'all' includes canceled ones.
      const list = await stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 1,
      });
      const newest = list.data[0];
      return newest ? toProviderSubscription(newest) : null;
    },

    async listInvoices(customerId) {
      const list = await stripe.invoices.list({ customer: customerId, limit: INVOICE_PAGE_SIZE });
      return list.data.map((invoice) => toInvoice(invoice));
    },

    async getInvoice(customerId, invoiceId) {
      const invoice = await nullIfMissing(
        stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }),
      );
      if (!invoice?.customer || idOf(invoice.customer) !== customerId) return null;
      const charge = await chargeOf(invoice);
      const period = invoice.lines.data[0]?.period;
      return {
        invoice: toInvoice(invoice, charge?.amount_refunded ?? 0),
        number: invoice.number,
        paidAt: invoice.status_transitions.paid_at
          ? toDate(invoice.status_transitions.paid_at)
          : null,
        periodStart: toDate(period?.start ?? invoice.period_start),
        periodEnd: toDate(period?.end ?? invoice.period_end),
        subtotal: invoice.subtotal,
        tax: taxOf(invoice),
        total: invoice.total,
        paymentMethod: paymentMethodOf(charge),
      };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const subscription = await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: true,
      });
      return toProviderSubscription(subscription);
    },

    async resumeSubscription(subscriptionId) {
      const subscription = await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: false,
      });
      return toProviderSubscription(subscription);
    },

    async refundInvoice(invoiceId) {
      // Since the 2025-03-31 API versions an invoice's payment is an InvoicePayment
      // naming its PaymentIntent (or, for old charges, the charge).
      const payments = await stripe.invoicePayments.list({
        invoice: invoiceId,
        status: 'paid',
        limit: 10,
      });
      const payment = paidPaymentOf(payments.data);
      if (!payment?.payment_intent && !payment?.charge)
        throw new Error(`Stripe invoice ${invoiceId} has no paid payment`);
      const refund = await stripe.refunds.create(
        payment.payment_intent
          ? { payment_intent: idOf(payment.payment_intent), metadata: { invoiceId } }
          : { charge: idOf(payment.charge ?? ''), metadata: { invoiceId } },
        // One refund per invoice however often it is asked for (a double click, a retry).
        { idempotencyKey: `vouchly-refund-${invoiceId}` },
      );
      return { id: refund.id, amount: refund.amount, currency: refund.currency };
    },

    async cancelNow(subscriptionId) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      // Stripe refuses to cancel a canceled subscription: it has ended already.
      if (current.status === 'canceled') return toProviderSubscription(current);
      return toProviderSubscription(await stripe.subscriptions.cancel(subscriptionId));
    },

    async parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        // Verified on the exact bytes Stripe signed (a re-serialised body would not
        // match), with the SDK's default tolerance of 5 minutes against replays.
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        // Whatever fails here (signature, timestamp, unparsable body), the body is not a Stripe event we trust.
        throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
      }
      return toPaymentEvent(event);
    },
  };
}
