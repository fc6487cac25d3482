// A small in-memory Stripe API on a free loopback port, for tests that run the
// real `stripe` SDK (docs/security.md rule 13): point the provider's apiUrl at `url`.
// It speaks what the SDK sends (form-encoded bodies with bracketed keys, the
// Bearer key, Stripe-Version) and answers Stripe-shaped JSON for the few
// endpoints Vouchly uses, with Stripe's error JSON for unknown ids. Helpers
// change its state the way Stripe would (a paid checkout, a subscription
// update) and build webhook events to sign with signWebhookPayload. A paid
// invoice has an InvoicePayment naming its PaymentIntent; a refund of that
// PaymentIntent is kept with its Idempotency-Key, as Stripe replays a request
// sent again with the same key.
// No vitest import, so e2e and dev scripts can run it too: callers close it.
import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A parsed form or query: nested objects and arrays of strings, as the SDK encoded them. */
export type FormFields = { [key: string]: FormValue };
export type FormValue = string | FormValue[] | FormFields;

export type RecordedRequest = {
  method: string;
  path: string;
  query: FormFields;
  body: FormFields;
  /** Lower-cased, as node:http gives them: `stripe-version`, `authorization`, `idempotency-key`… */
  headers: IncomingHttpHeaders;
};

export type FakePrice = {
  id: string;
  unit_amount: number;
  currency: string;
  interval: 'month' | 'year';
};

export type FakeCustomer = {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
};

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  ui_mode: 'hosted';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  created: number;
  expires_at: number;
  livemode: false;
};

export type FakeSubscriptionItem = {
  id: string;
  object: 'subscription_item';
  subscription: string;
  price: {
    id: string;
    object: 'price';
    unit_amount: number;
    currency: string;
    recurring: { interval: string; interval_count: 1 };
  };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  created: number;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  currency: string;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
  start_date: number;
  created: number;
  livemode: false;
};

export type FakeInvoice = {
  id: string;
  object: 'invoice';
  customer: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  status: string | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  } | null;
  period_start: number;
  period_end: number;
  created: number;
  livemode: false;
  // What a receipt reads (modules/billing/receipt.ts).
  number: string | null;
  subtotal: number;
  total: number;
  total_taxes: FakeTax[] | null;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  lines: {
    object: 'list';
    data: {
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      description: string;
      period: { start: number; end: number };
    }[];
    has_more: false;
    url: string;
  };
};

/** One of an invoice's `total_taxes`. */
export type FakeTax = {
  amount: number;
  tax_behavior: 'exclusive' | 'inclusive';
  tax_rate_details: { tax_rate: string } | null;
  taxability_reason: string;
  taxable_amount: number | null;
  type: 'tax_rate_details';
};

/** The payment of a paid invoice (invoice.payments, expanded on request) and its charge. */
export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  latest_charge: string | null;
  created: number;
};

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string | null;
  payment_method_details: {
    type: string;
    card?: { brand: string; last4: string; exp_month: number; exp_year: number };
  } | null;
  created: number;
};

export type FakeInvoicePayment = {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number;
  amount_requested: number;
  currency: string;
  is_default: true;
  status: 'paid';
  payment: { type: 'payment_intent'; payment_intent: string };
  created: number;
  livemode: false;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
};

export type FakeStripeState = {
  customers: Map<string, FakeCustomer>;
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  /** By invoice id: the payment of each paid invoice. */
  invoicePayments: Map<string, FakeInvoicePayment>;
  refunds: Map<string, FakeRefund>;
};

export type FakeStripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: unknown };
};

/** What the fake answers: a status and a JSON body. */
export type FakeAnswer = { status: number; body: unknown };

export type SubscriptionPatch = Partial<
  Pick<
    FakeSubscription,
    'status' | 'cancel_at_period_end' | 'cancel_at' | 'canceled_at' | 'ended_at' | 'metadata'
  >
> & {
  /** Unix seconds; stored on the subscription's item, where the API keeps the period. */
  current_period_start?: number;
  current_period_end?: number;
};

export type FakeStripe = {
  /** The origin to give the SDK (the provider's apiUrl). */
  url: string;
  /** The one price the fake knows (checkout with another price gets Stripe's 400). */
  price: FakePrice;
  state: FakeStripeState;
  /** Every request the SDK made, in order. */
  requests: RecordedRequest[];
  /**
   * Pays an open checkout session as the hosted page would: the session becomes
   * complete and paid, its customer gets an active subscription for one period
   * from now, and a paid invoice of the price. Returns the URL Stripe would
   * redirect to (`{CHECKOUT_SESSION_ID}` replaced).
   */
  completeCheckout(sessionId: string): {
    session: FakeCheckoutSession;
    subscription: FakeSubscription;
    invoice: FakeInvoice;
    /** The card charge that paid the invoice (Visa ending in 4242). */
    charge: FakeCharge;
    redirectUrl: string;
  };
  setSubscription(subscriptionId: string, patch: SubscriptionPatch): FakeSubscription;
  /** A webhook event (Stripe's JSON) wrapping a snapshot of `object`. */
  event(
    type: string,
    object: unknown,
    options?: { id?: string; created?: number },
  ): FakeStripeEvent;
  /** Moves the fake's clock forward: later objects and events are created that much later. */
  advance(seconds: number): void;
  /** The fake's clock, unix seconds. */
  now(): number;
  /**
   * Rewrites the answer of the next `times` requests to `method path` (an exact
   * pathname): a failure, or a field Stripe could leave out. The normal answer
   * (and its effect on the state) is computed first and passed in.
   */
  intercept(
    method: string,
    path: string,
    rewrite: (answer: FakeAnswer) => FakeAnswer,
    times?: number,
  ): void;
  /** Holds every answer until the returned release is called: a provider that stopped answering. */
  hold(): () => void;
  close(): Promise<void>;
};

/** The Stripe-Signature header Stripe would send with `payload` for the endpoint `secret`. */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Stripe's error body. */
export function stripeError(
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
): FakeAnswer {
  return { status, body: { error: { type, message, ...extra } } };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `line_items[0][price]=x&metadata[userId]=u` → `{ line_items: [{ price: 'x' }], metadata: { userId: 'u' } }`. */
function parseForm(encoded: string): FormFields {
  const root: FormFields = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments: string[] = key.match(/[^[\]]+/g) ?? [];
    if (segments.length === 0 || segments.includes('__proto__')) continue;
    let container: FormFields | FormValue[] = root;
    segments.forEach((segment, index) => {
      const slot = container as Record<string, FormValue>;
      if (index === segments.length - 1) {
        slot[segment] = value;
        return;
      }
      // An index next (`[0]`) makes an array, as the SDK encodes arrays. Own
      // properties only: `constructor[prototype]` must not reach Object.prototype.
      if (!Object.hasOwn(slot, segment))
        slot[segment] = /^\d+$/.test(segments[index + 1]!) ? [] : {};
      container = slot[segment] as FormFields | FormValue[];
    });
  }
  return root;
}

const text = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;
const record = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};

function oneYearLater(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** Stripe's lists: newest first (later insertions win ties), cut at `limit`. */
function list(
  url: string,
  items: { created: number }[],
  limitParam: FormValue | undefined,
): FakeAnswer {
  const limit = Math.min(Math.max(Number(text(limitParam) ?? 10) || 10, 1), 100);
  const sorted = items.reverse().sort((a, b) => b.created - a.created);
  return {
    status: 200,
    body: { object: 'list', url, has_more: sorted.length > limit, data: sorted.slice(0, limit) },
  };
}

export async function startFakeStripe(options: { price?: FakePrice } = {}): Promise<FakeStripe> {
  const price: FakePrice = options.price ?? {
    id: 'price_vouchly_annual',
    unit_amount: 4900,
    currency: 'usd',
    interval: 'year',
  };
  const state: FakeStripeState = {
    customers: new Map(),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
  };
  /** POST answers by Idempotency-Key, replayed when the key comes again. */
  const idempotentAnswers = new Map<string, FakeAnswer>();
  // What a session was created with but Stripe only shows when expanded.
  const sessionExtras = new Map<
    string,
    { quantity: number; subscriptionMetadata: Record<string, string> }
  >();
  const requests: RecordedRequest[] = [];
  const intercepts: {
    method: string;
    path: string;
    rewrite: (answer: FakeAnswer) => FakeAnswer;
    times: number;
  }[] = [];
  let clockOffset = 0;
  let origin = '';
  /** While set, answers wait for it (hold()). */
  let held: Promise<void> | undefined;

  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  const missing = (kind: string, id: string, param?: string) =>
    stripeError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
      code: 'resource_missing',
      ...(param ? { param } : {}),
    });

  function createCustomer(body: FormFields): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      email: text(body.email) ?? null,
      metadata: record(body.metadata),
      created: now(),
    };
    state.customers.set(customer.id, customer);
    return customer;
  }

  function createCheckoutSession(body: FormFields): FakeAnswer {
    const mode = text(body.mode);
    if (!mode || !['payment', 'setup', 'subscription'].includes(mode)) {
      return stripeError(400, 'invalid_request_error', 'Missing required param: mode.', {
        code: 'parameter_missing',
        param: 'mode',
      });
    }
    const lineItems = Array.isArray(body.line_items) ? body.line_items : [];
    const line = lineItems[0] as FormFields | undefined;
    const priceId = text(line?.price);
    if (!priceId) {
      return stripeError(
        400,
        'invalid_request_error',
        'Missing required param: line_items[0][price].',
        {
          code: 'parameter_missing',
          param: 'line_items[0][price]',
        },
      );
    }
    if (priceId !== price.id) return missing('price', priceId, 'line_items[0][price]');
    const customerId = text(body.customer) ?? null;
    if (customerId && !state.customers.has(customerId))
      return missing('customer', customerId, 'customer');
    const quantity = Number(text(line?.quantity) ?? 1);
    const id = newId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      ui_mode: 'hosted',
      status: 'open',
      payment_status: 'unpaid',
      customer: customerId,
      client_reference_id: text(body.client_reference_id) ?? null,
      success_url: text(body.success_url) ?? null,
      cancel_url: text(body.cancel_url) ?? null,
      url: `${origin}/c/pay/${id}`,
      subscription: null,
      metadata: record(body.metadata),
      amount_total: price.unit_amount * quantity,
      currency: price.currency,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    state.checkoutSessions.set(id, session);
    const subscriptionData = body.subscription_data;
    sessionExtras.set(id, {
      quantity,
      subscriptionMetadata: record(
        subscriptionData && !Array.isArray(subscriptionData) && typeof subscriptionData === 'object'
          ? subscriptionData.metadata
          : undefined,
      ),
    });
    return { status: 200, body: session };
  }

  function updateSubscription(subscription: FakeSubscription, body: FormFields): FakeAnswer {
    if (subscription.status === 'canceled') {
      return stripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const cancel = text(body.cancel_at_period_end);
    if (cancel !== undefined) {
      subscription.cancel_at_period_end = cancel === 'true';
      // Recent API versions also show the scheduled end as cancel_at.
      subscription.cancel_at =
        cancel === 'true' ? (subscription.items.data[0]?.current_period_end ?? null) : null;
    }
    Object.assign(subscription.metadata, record(body.metadata));
    return { status: 200, body: subscription };
  }

  /** An invoice with its `payments` included, as `expand[]=payments` asks. */
  function withPayments(invoice: FakeInvoice) {
    const payment = state.invoicePayments.get(invoice.id);
    const data = payment
      ? [
          {
            ...payment,
            status_transitions: { canceled_at: null, paid_at: invoice.status_transitions.paid_at },
          },
        ]
      : [];
    return {
      ...invoice,
      payments: {
        object: 'list',
        data,
        has_more: false,
        url: `/v1/invoices/${invoice.id}/payments`,
      },
    };
  }

  function createRefund(body: FormFields): FakeAnswer {
    const paymentIntent = text(body.payment_intent);
    const payment = [...state.invoicePayments.values()].find(
      (entry) => entry.payment.payment_intent === paymentIntent,
    );
    if (!paymentIntent || !payment) {
      return stripeError(400, 'invalid_request_error', 'Missing required param: payment_intent.', {
        code: 'parameter_missing',
        param: 'payment_intent',
      });
    }
    const chargeId = state.paymentIntents.get(paymentIntent)?.latest_charge ?? null;
    const charge = chargeId ? state.charges.get(chargeId) : undefined;
    if (!charge) return missing('charge', `of ${paymentIntent}`);
    const amount = Number(text(body.amount) ?? charge.amount - charge.amount_refunded);
    if (charge.amount_refunded >= charge.amount) {
      return stripeError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        { code: 'charge_already_refunded' },
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: payment.currency,
      payment_intent: paymentIntent,
      charge: charge.id,
      status: 'succeeded',
      metadata: record(body.metadata),
      created: now(),
    };
    state.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function cancelSubscription(subscription: FakeSubscription): FakeAnswer {
    if (subscription.status === 'canceled') {
      return stripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now(),
      ended_at: now(),
      cancel_at_period_end: false,
      cancel_at: null,
    });
    return { status: 200, body: subscription };
  }

  function route(
    method: string,
    segments: string[],
    query: FormFields,
    body: FormFields,
  ): FakeAnswer {
    const [version, resource, id, extra] = segments;
    if (version === 'v1') {
      if (resource === 'customers' && method === 'POST' && !id)
        return { status: 200, body: createCustomer(body) };
      if (resource === 'checkout' && id === 'sessions') {
        if (method === 'POST' && !extra) return createCheckoutSession(body);
        if (method === 'GET' && extra && segments.length === 4) {
          const session = state.checkoutSessions.get(extra);
          return session ? { status: 200, body: session } : missing('checkout.session', extra);
        }
      }
      if (resource === 'subscriptions' && segments.length <= 3) {
        if (method === 'GET' && !id) {
          const customer = text(query.customer);
          const status = text(query.status);
          const found = [...state.subscriptions.values()].filter(
            (subscription) =>
              (!customer || subscription.customer === customer) &&
              // Without a status Stripe leaves canceled subscriptions out.
              (status === 'all' ||
                (status ? subscription.status === status : subscription.status !== 'canceled')),
          );
          return list('/v1/subscriptions', found, query.limit);
        }
        const subscription = id ? state.subscriptions.get(id) : undefined;
        if (id && !subscription) return missing('subscription', id);
        if (subscription && method === 'GET') return { status: 200, body: subscription };
        if (subscription && method === 'POST') return updateSubscription(subscription, body);
        if (subscription && method === 'DELETE') return cancelSubscription(subscription);
      }
      if (resource === 'invoices' && method === 'GET' && id && segments.length === 3) {
        const invoice = state.invoices.get(id);
        if (!invoice) return missing('invoice', id);
        const expand = Array.isArray(query.expand) ? query.expand : [];
        return { status: 200, body: expand.includes('payments') ? withPayments(invoice) : invoice };
      }
      if (resource === 'payment_intents' && method === 'GET' && id && segments.length === 3) {
        const intent = state.paymentIntents.get(id);
        if (!intent) return missing('payment_intent', id);
        const expand = Array.isArray(query.expand) ? query.expand : [];
        const charge = intent.latest_charge ? state.charges.get(intent.latest_charge) : undefined;
        return {
          status: 200,
          body:
            expand.includes('latest_charge') && charge
              ? { ...intent, latest_charge: charge }
              : intent,
        };
      }
      if (resource === 'invoice_payments' && method === 'GET' && !id) {
        const invoice = text(query.invoice);
        const found = [...state.invoicePayments.values()].filter(
          (payment) => !invoice || payment.invoice === invoice,
        );
        return list('/v1/invoice_payments', found, query.limit);
      }
      if (resource === 'refunds' && method === 'POST' && !id) return createRefund(body);
      if (resource === 'invoices' && method === 'GET' && !id) {
        const customer = text(query.customer);
        const subscription = text(query.subscription);
        const found = [...state.invoices.values()].filter(
          (invoice) =>
            (!customer || invoice.customer === customer) &&
            (!subscription || invoice.parent?.subscription_details.subscription === subscription),
        );
        return list('/v1/invoices', found, query.limit);
      }
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: /${segments.join('/')}).`,
    );
  }

  function answer(
    method: string,
    pathname: string,
    query: FormFields,
    body: FormFields,
    authorization: string | undefined,
    idempotencyKey: string | undefined,
  ): FakeAnswer {
    if (!authorization?.startsWith('Bearer sk_')) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const replayed = idempotencyKey ? idempotentAnswers.get(idempotencyKey) : undefined;
    const normal = replayed ?? route(method, segments, query, body);
    if (idempotencyKey && method === 'POST' && !replayed)
      idempotentAnswers.set(idempotencyKey, normal);
    const intercept = intercepts.find(
      (entry) => entry.method === method && entry.path === pathname && entry.times > 0,
    );
    if (!intercept) return normal;
    intercept.times -= 1;
    return intercept.rewrite(normal);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-stripe');
      const method = request.method ?? 'GET';
      const query = parseForm(url.search);
      const body = parseForm(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method, path: url.pathname, query, body, headers: request.headers });
      void (held ?? Promise.resolve()).then(() => {
        const { status, body: json } = answer(
          method,
          url.pathname,
          query,
          body,
          request.headers.authorization,
          typeof request.headers['idempotency-key'] === 'string'
            ? request.headers['idempotency-key']
            : undefined,
        );
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
        });
        response.end(JSON.stringify(json));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function requireSubscription(id: string): FakeSubscription {
    const subscription = state.subscriptions.get(id);
    if (!subscription) throw new Error(`Fake Stripe: no subscription ${id}`);
    return subscription;
  }

  return {
    url: origin,
    price,
    state,
    requests,
    now,
    advance(seconds) {
      clockOffset += seconds;
    },

    completeCheckout(sessionId) {
      const session = state.checkoutSessions.get(sessionId);
      const extras = sessionExtras.get(sessionId);
      if (!session || !extras) throw new Error(`Fake Stripe: no checkout session ${sessionId}`);
      if (session.status !== 'open')
        throw new Error(`Fake Stripe: checkout session ${sessionId} is ${session.status}`);
      // Checkout creates a customer when the session was made without one.
      const customerId = session.customer ?? createCustomer({}).id;
      const start = now();
      const end = price.interval === 'year' ? oneYearLater(start) : start + 30 * 24 * 3600;
      const subscriptionId = newId('sub');
      const invoiceId = newId('in');
      const invoice: FakeInvoice = {
        id: invoiceId,
        object: 'invoice',
        customer: customerId,
        amount_due: session.amount_total,
        amount_paid: session.amount_total,
        currency: price.currency,
        status: 'paid',
        hosted_invoice_url: `${origin}/i/${invoiceId}`,
        invoice_pdf: `${origin}/i/${invoiceId}/pdf`,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            subscription: subscriptionId,
            metadata: extras.subscriptionMetadata,
          },
        },
        period_start: start,
        period_end: end,
        created: start,
        livemode: false,
        number: `${customerId.slice(4, 12).toUpperCase()}-${String(state.invoices.size + 1).padStart(4, '0')}`,
        subtotal: session.amount_total,
        total: session.amount_total,
        total_taxes: [],
        status_transitions: {
          finalized_at: start,
          marked_uncollectible_at: null,
          paid_at: start,
          voided_at: null,
        },
        lines: {
          object: 'list',
          has_more: false,
          url: `/v1/invoices/${invoiceId}/lines`,
          data: [
            {
              id: newId('il'),
              object: 'line_item',
              amount: session.amount_total,
              currency: price.currency,
              description: `${extras.quantity} × Vouchly (at $${(price.unit_amount / 100).toFixed(2)} / ${price.interval})`,
              period: { start, end },
            },
          ],
        },
      };
      const intentId = newId('pi');
      const charge: FakeCharge = {
        id: newId('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: price.currency,
        payment_intent: intentId,
        payment_method_details: {
          type: 'card',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
        },
        created: start,
      };
      state.charges.set(charge.id, charge);
      state.paymentIntents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: price.currency,
        status: 'succeeded',
        latest_charge: charge.id,
        created: start,
      });
      const subscription: FakeSubscription = {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        currency: price.currency,
        metadata: { ...extras.subscriptionMetadata },
        latest_invoice: invoice.id,
        items: {
          object: 'list',
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              subscription: subscriptionId,
              price: {
                id: price.id,
                object: 'price',
                unit_amount: price.unit_amount,
                currency: price.currency,
                recurring: { interval: price.interval, interval_count: 1 },
              },
              quantity: extras.quantity,
              current_period_start: start,
              current_period_end: end,
              metadata: {},
              created: start,
            },
          ],
        },
        start_date: start,
        created: start,
        livemode: false,
      };
      state.invoices.set(invoice.id, invoice);
      state.invoicePayments.set(invoice.id, {
        id: newId('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        amount_paid: invoice.amount_paid,
        amount_requested: invoice.amount_due,
        currency: invoice.currency,
        is_default: true,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: intentId },
        created: start,
        livemode: false,
      });
      state.subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customerId,
        subscription: subscription.id,
      });
      const redirectUrl = (session.success_url ?? '').replaceAll(
        '{CHECKOUT_SESSION_ID}',
        session.id,
      );
      return { session, subscription, invoice, charge, redirectUrl };
    },

    setSubscription(subscriptionId, patch) {
      const subscription = requireSubscription(subscriptionId);
      const { current_period_start: periodStart, current_period_end: periodEnd, ...fields } = patch;
      Object.assign(subscription, fields);
      for (const item of subscription.items.data) {
        if (periodStart !== undefined) item.current_period_start = periodStart;
        if (periodEnd !== undefined) item.current_period_end = periodEnd;
      }
      return subscription;
    },

    event(type, object, eventOptions = {}) {
      return {
        id: eventOptions.id ?? newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: eventOptions.created ?? now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        // A snapshot: later changes to the fake's state do not rewrite a sent event.
        data: { object: structuredClone(object) },
      };
    },

    intercept(method, path, rewrite, times = 1) {
      intercepts.push({ method, path, rewrite, times });
    },

    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return release;
    },

    close: () =>
      new Promise<void>((resolve) => {
        // The SDK keeps connections alive: drop them so close() does not wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
