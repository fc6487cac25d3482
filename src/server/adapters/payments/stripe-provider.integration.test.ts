// Contract tests of the Stripe provider: the real `stripe` SDK over HTTP
// against the local fake (testing/fake-stripe.ts), webhooks signed the way
// Stripe signs them (docs/security.md rule 13). No database involved.
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeStripe,
  signWebhookPayload,
  startFakeStripe,
  stripeError,
} from '../../testing/fake-stripe.js';
import { type CheckoutRequest, type PaymentProvider, WebhookSignatureError } from './provider.js';
import {
  createStripeProvider,
  isStripeOutage,
  STRIPE_API_VERSION,
  STRIPE_TIMEOUT_MS,
} from './stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_test_vouchly';
let fake: FakeStripe;
let stripe: PaymentProvider;

beforeEach(async () => {
  fake = await startFakeStripe();
  stripe = createStripeProvider({
    secretKey: 'sk_test_vouchly',
    webhookSecret: WEBHOOK_SECRET,
    priceId: fake.price.id,
    apiUrl: fake.url,
  });
});

afterEach(async () => {
  await fake.close();
});

const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  userId: 'user-1',
  email: 'owner@example.com',
  customerId: null,
  successUrl: 'http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://app.test/upgrade',
  ...overrides,
});

/** A checkout paid on the fake: the user's customer, session, subscription and invoice. */
async function paidCheckout(userId = 'user-1') {
  const checkout = await stripe.createCheckout(checkoutRequest({ userId }));
  return { checkout, ...fake.completeCheckout(checkout.id) };
}

const requestsTo = (method: string, path: string) =>
  fake.requests.filter((request) => request.method === method && request.path === path);

describe('createCheckout', () => {
  it('creates the customer, then a subscription checkout for the plan carrying our user id', async () => {
    const created = await stripe.createCheckout(checkoutRequest());

    const [customerCall] = requestsTo('POST', '/v1/customers');
    expect(customerCall?.body).toEqual({
      email: 'owner@example.com',
      metadata: { userId: 'user-1' },
    });
    expect(created.customerId).toBe([...fake.state.customers.keys()][0]);

    const [sessionCall] = requestsTo('POST', '/v1/checkout/sessions');
    expect(sessionCall?.body).toEqual({
      mode: 'subscription',
      customer: created.customerId,
      client_reference_id: 'user-1',
      line_items: [{ price: fake.price.id, quantity: '1' }],
      success_url: 'http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/upgrade',
      subscription_data: { metadata: { userId: 'user-1' } },
      metadata: { userId: 'user-1' },
    });
    const session = fake.state.checkoutSessions.get(created.id);
    expect(created.url).toBe(session?.url);
    expect(created.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
  });

  it('sends the pinned API version and the secret key on every request', async () => {
    await paidCheckout();
    await stripe.listInvoices([...fake.state.customers.keys()][0]!);

    expect(STRIPE_API_VERSION).toBe('2026-10-28.endive');
    expect(fake.requests.length).toBeGreaterThanOrEqual(3);
    for (const request of fake.requests) {
      expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(request.headers.authorization).toBe('Bearer sk_test_vouchly');
    }
  });

  it('reuses the given customer: one customer per user across checkouts', async () => {
    const first = await stripe.createCheckout(checkoutRequest());
    const second = await stripe.createCheckout(checkoutRequest({ customerId: first.customerId }));

    expect(second.customerId).toBe(first.customerId);
    expect(second.id).not.toBe(first.id);
    expect(requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect(fake.state.customers.size).toBe(1);
    expect(fake.state.checkoutSessions.get(second.id)?.customer).toBe(first.customerId);
  });

  it('fails when Stripe answers a session without a URL', async () => {
    fake.intercept('POST', '/v1/checkout/sessions', (answer) => ({
      ...answer,
      body: { ...(answer.body as object), url: null },
    }));
    await expect(stripe.createCheckout(checkoutRequest())).rejects.toThrow(/has no URL/);
  });

  it('surfaces Stripe refusing the price (a misconfigured STRIPE_PRICE_ID)', async () => {
    const misconfigured = createStripeProvider({
      secretKey: 'sk_test_vouchly',
      webhookSecret: WEBHOOK_SECRET,
      priceId: 'price_unknown',
      apiUrl: fake.url,
    });
    await expect(misconfigured.createCheckout(checkoutRequest())).rejects.toThrow(/No such price/);
  });
});

describe('getCheckoutSession', () => {
  it('is unpaid while open and paid once the checkout completes', async () => {
    const checkout = await stripe.createCheckout(checkoutRequest());
    expect(await stripe.getCheckoutSession(checkout.id)).toEqual({
      id: checkout.id,
      userId: 'user-1',
      customerId: checkout.customerId,
      subscriptionId: null,
      paid: false,
    });

    const { subscription } = fake.completeCheckout(checkout.id);
    expect(await stripe.getCheckoutSession(checkout.id)).toEqual({
      id: checkout.id,
      userId: 'user-1',
      customerId: checkout.customerId,
      subscriptionId: subscription.id,
      paid: true,
    });
  });

  it('counts a complete session that needed no payment (a free first period) as paid, an unpaid one as not', async () => {
    const { checkout } = await paidCheckout();
    const session = fake.state.checkoutSessions.get(checkout.id)!;

    session.payment_status = 'no_payment_required';
    expect((await stripe.getCheckoutSession(checkout.id))?.paid).toBe(true);
    session.payment_status = 'unpaid';
    expect((await stripe.getCheckoutSession(checkout.id))?.paid).toBe(false);
  });

  it('is null for an id Stripe does not know', async () => {
    expect(await stripe.getCheckoutSession('cs_test_unknown')).toBeNull();
    expect(requestsTo('GET', '/v1/checkout/sessions/cs_test_unknown')).toHaveLength(1);
  });

  it('throws at once, without a retry (the pause of every call takes over), when Stripe fails rather than pretending the session is unknown', async () => {
    const { checkout } = await paidCheckout();
    fake.intercept(
      'GET',
      `/v1/checkout/sessions/${checkout.id}`,
      () => stripeError(503, 'api_error', 'Stripe is down'),
      2,
    );

    const failure = await stripe.getCheckoutSession(checkout.id).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'Stripe is down' });
    expect(isStripeOutage(failure)).toBe(true);
    expect(requestsTo('GET', `/v1/checkout/sessions/${checkout.id}`)).toHaveLength(1);
  });

  it('gives up on a Stripe that accepts the connection and never answers after STRIPE_TIMEOUT_MS, as an outage', async () => {
    const { checkout } = await paidCheckout();
    const release = fake.hold();
    try {
      const started = performance.now();
      const failure = await stripe.getCheckoutSession(checkout.id).catch((error: unknown) => error);
      const waited = performance.now() - started;
      expect(failure).toBeInstanceOf(Stripe.errors.StripeConnectionError);
      expect(isStripeOutage(failure)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(STRIPE_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(STRIPE_TIMEOUT_MS + 1000);
      expect(requestsTo('GET', `/v1/checkout/sessions/${checkout.id}`)).toHaveLength(1);
    } finally {
      release();
    }
  });

  it('an unknown id or a refused request is an answer, not an outage', async () => {
    const refused = await stripe.cancelAtPeriodEnd('sub_unknown').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(isStripeOutage(refused)).toBe(false);
  });
});

describe('subscriptions', () => {
  it('maps a subscription, its period read from its item', async () => {
    const { checkout, subscription } = await paidCheckout();
    fake.setSubscription(subscription.id, {
      current_period_start: 1_700_000_000,
      current_period_end: 1_731_622_400,
    });

    expect(await stripe.getSubscription(subscription.id)).toEqual({
      id: subscription.id,
      customerId: checkout.customerId,
      status: 'active',
      currentPeriodStart: new Date(1_700_000_000_000),
      currentPeriodEnd: new Date(1_731_622_400_000),
      cancelAtPeriodEnd: false,
    });
  });

  it('starts a one-year period at checkout', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { subscription } = await paidCheckout();
    const mapped = await stripe.getSubscription(subscription.id);

    expect(mapped!.currentPeriodStart.getTime()).toBeGreaterThanOrEqual(before * 1000);
    const oneYearOn = new Date(mapped!.currentPeriodStart);
    oneYearOn.setUTCFullYear(oneYearOn.getUTCFullYear() + 1);
    expect(mapped!.currentPeriodEnd).toEqual(oneYearOn);
  });

  it('is null for an unknown subscription id', async () => {
    expect(await stripe.getSubscription('sub_unknown')).toBeNull();
  });

  it("latestSubscription is the customer's newest, canceled ones included, or null", async () => {
    const { checkout, subscription: first } = await paidCheckout();
    expect(await stripe.latestSubscription(checkout.customerId)).toMatchObject({ id: first.id });

    fake.setSubscription(first.id, { status: 'canceled' });
    fake.advance(60);
    const again = await stripe.createCheckout(checkoutRequest({ customerId: checkout.customerId }));
    const { subscription: second } = fake.completeCheckout(again.id);
    fake.setSubscription(second.id, { status: 'canceled' });

    expect(await stripe.latestSubscription(checkout.customerId)).toMatchObject({
      id: second.id,
      status: 'canceled',
    });
    const [listCall] = requestsTo('GET', '/v1/subscriptions');
    expect(listCall?.query).toEqual({ customer: checkout.customerId, status: 'all', limit: '1' });

    const other = await stripe.createCheckout(checkoutRequest({ userId: 'user-2' }));
    expect(await stripe.latestSubscription(other.customerId)).toBeNull();
  });

  it('cancelAtPeriodEnd keeps the subscription active until the period ends', async () => {
    const { subscription } = await paidCheckout();

    const canceled = await stripe.cancelAtPeriodEnd(subscription.id);

    expect(canceled).toMatchObject({
      id: subscription.id,
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(requestsTo('POST', `/v1/subscriptions/${subscription.id}`)[0]?.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(fake.state.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
  });

  it('cancelAtPeriodEnd throws for an unknown subscription', async () => {
    await expect(stripe.cancelAtPeriodEnd('sub_unknown')).rejects.toThrow(/No such subscription/);
  });
});

describe('getInvoice', () => {
  it("maps an invoice with its receipt's details: number, period, amounts, the card and its refunds", async () => {
    const { checkout, invoice, charge } = await paidCheckout();
    charge.amount_refunded = 1500;

    const details = await stripe.getInvoice(checkout.customerId, invoice.id);
    expect(details).toEqual({
      invoice: {
        id: invoice.id,
        amount_paid: 4900,
        amount_refunded: 1500,
        currency: 'usd',
        created: invoice.created,
        status: 'paid',
        hosted_invoice_url: invoice.hosted_invoice_url,
        invoice_pdf: invoice.invoice_pdf,
      },
      number: invoice.number,
      paidAt: new Date(invoice.created * 1000),
      periodStart: new Date(invoice.period_start * 1000),
      periodEnd: new Date(invoice.period_end * 1000),
      subtotal: 4900,
      tax: null,
      total: 4900,
      paymentMethod: 'Visa ending in 4242',
    });
    expect(requestsTo('GET', `/v1/invoices/${invoice.id}`)[0]?.query).toEqual({
      expand: ['payments'],
    });
  });

  it("adds up the invoice's taxes, inclusive when all of them are", async () => {
    const { checkout, invoice } = await paidCheckout();
    const tax = {
      tax_behavior: 'inclusive' as const,
      tax_rate_details: { tax_rate: 'txr_1' },
      taxability_reason: 'standard_rated',
      taxable_amount: 4000,
      type: 'tax_rate_details' as const,
    };
    invoice.total_taxes = [
      { ...tax, amount: 600 },
      { ...tax, amount: 300 },
    ];
    expect((await stripe.getInvoice(checkout.customerId, invoice.id))?.tax).toEqual({
      amount: 900,
      inclusive: true,
    });
  });

  it("is null for another customer's invoice and for an id Stripe does not know", async () => {
    const { invoice } = await paidCheckout();
    const other = await paidCheckout('user-2');
    expect(await stripe.getInvoice(other.checkout.customerId, invoice.id)).toBeNull();
    expect(await stripe.getInvoice(other.checkout.customerId, 'in_unknown')).toBeNull();
  });

  it('names no card and no refund for an invoice without payments (paid off Stripe)', async () => {
    const { checkout, invoice } = await paidCheckout();
    fake.state.invoicePayments.delete(invoice.id);
    const details = await stripe.getInvoice(checkout.customerId, invoice.id);
    expect(details).toMatchObject({ paymentMethod: null, invoice: { amount_refunded: 0 } });
  });
});

describe('resume, refund and cancel now', () => {
  it('resumeSubscription clears cancel_at_period_end', async () => {
    const { subscription } = await paidCheckout();
    await stripe.cancelAtPeriodEnd(subscription.id);

    const resumed = await stripe.resumeSubscription(subscription.id);

    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(requestsTo('POST', `/v1/subscriptions/${subscription.id}`)[1]?.body).toEqual({
      cancel_at_period_end: 'false',
    });
  });

  it("refundInvoice refunds the invoice's PaymentIntent in full, once per invoice", async () => {
    const { invoice } = await paidCheckout();
    const paymentIntent = fake.state.invoicePayments.get(invoice.id)?.payment.payment_intent;

    const first = await stripe.refundInvoice(invoice.id);
    const second = await stripe.refundInvoice(invoice.id);

    expect(first).toEqual({ id: expect.stringMatching(/^re_/), amount: 4900, currency: 'usd' });
    expect(second).toEqual(first);
    expect(fake.state.refunds.size).toBe(1);
    expect(requestsTo('GET', '/v1/invoice_payments')[0]?.query).toMatchObject({
      invoice: invoice.id,
      status: 'paid',
    });
    const refunds = requestsTo('POST', '/v1/refunds');
    expect(refunds[0]?.body).toEqual({
      payment_intent: paymentIntent,
      metadata: { invoiceId: invoice.id },
    });
    expect(refunds.map((request) => request.headers['idempotency-key'])).toEqual([
      `vouchly-refund-${invoice.id}`,
      `vouchly-refund-${invoice.id}`,
    ]);
  });

  it('refundInvoice throws for an invoice without a paid payment', async () => {
    await expect(stripe.refundInvoice('in_unknown')).rejects.toThrow(/no paid payment/);
    expect(fake.state.refunds.size).toBe(0);
  });

  it('cancelNow ends the subscription now, and a second call changes nothing', async () => {
    const { subscription } = await paidCheckout();
    fake.advance(60);

    const ended = await stripe.cancelNow(subscription.id);
    const again = await stripe.cancelNow(subscription.id);

    expect(ended).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect(ended.currentPeriodEnd.getTime()).toBe(fake.now() * 1000);
    expect(again).toEqual(ended);
    expect(requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
  });
});

describe('listInvoices', () => {
  it("maps the customer's invoices, newest first, and no one else's", async () => {
    const { checkout, invoice } = await paidCheckout();
    await paidCheckout('user-2');

    expect(await stripe.listInvoices(checkout.customerId)).toEqual([
      {
        id: invoice.id,
        amount_paid: 4900,
        amount_refunded: 0,
        currency: 'usd',
        created: invoice.created,
        status: 'paid',
        hosted_invoice_url: invoice.hosted_invoice_url,
        invoice_pdf: invoice.invoice_pdf,
      },
    ]);
    expect(requestsTo('GET', '/v1/invoices')[0]?.query).toEqual({
      customer: checkout.customerId,
      limit: '24',
    });
  });

  it('gives null links when Stripe has none (a draft invoice)', async () => {
    const { checkout, invoice } = await paidCheckout();
    fake.advance(60);
    const newer = {
      ...invoice,
      id: 'in_draft',
      status: 'draft',
      amount_paid: 0,
      created: fake.now(),
    };
    delete (newer as Partial<typeof newer>).hosted_invoice_url;
    newer.invoice_pdf = null;
    fake.state.invoices.set(newer.id, newer);

    const invoices = await stripe.listInvoices(checkout.customerId);
    expect(invoices.map((entry) => entry.id)).toEqual(['in_draft', invoice.id]);
    expect(invoices[0]).toMatchObject({
      status: 'draft',
      hosted_invoice_url: null,
      invoice_pdf: null,
    });
  });

  it('is empty for a customer without invoices', async () => {
    const checkout = await stripe.createCheckout(checkoutRequest());
    expect(await stripe.listInvoices(checkout.customerId)).toEqual([]);
  });
});

describe('parseWebhook', () => {
  /** The body and header Stripe would POST for `event`. */
  function delivery(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return { body: Buffer.from(payload), signature: signWebhookPayload(payload, secret) };
  }

  async function parse(event: object) {
    const { body, signature } = delivery(event);
    return stripe.parseWebhook(body, signature);
  }

  it('checkout.session.completed: our user, the customer and the subscription id, with no call to Stripe', async () => {
    const { checkout, session, subscription } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session, {
      id: 'evt_checkout',
      created: 1_750_000_000,
    });
    const requestsBefore = fake.requests.length;

    expect(await parse(event)).toEqual({
      id: 'evt_checkout',
      type: 'checkout.session.completed',
      createdAt: new Date(1_750_000_000_000),
      userId: 'user-1',
      customerId: checkout.customerId,
      subscription: null,
      subscriptionId: subscription.id,
    });
    // The billing service reads the subscription, once it knows the event is new.
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('checkout.session.completed without a subscription carries none', async () => {
    const checkout = await stripe.createCheckout(checkoutRequest());
    const event = fake.event(
      'checkout.session.completed',
      fake.state.checkoutSessions.get(checkout.id),
    );

    expect(await parse(event)).toMatchObject({
      userId: 'user-1',
      customerId: checkout.customerId,
      subscription: null,
      subscriptionId: null,
    });
  });

  it.each([
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
  ])('%s: the subscription as the event shows it', async (type) => {
    const { checkout, subscription } = await paidCheckout();
    const snapshot = fake.event(
      type,
      { ...subscription, status: 'canceled', cancel_at_period_end: true },
      { created: 1_760_000_000 },
    );
    const requestsBefore = fake.requests.length;

    expect(await parse(snapshot)).toEqual({
      id: snapshot.id,
      type,
      createdAt: new Date(1_760_000_000_000),
      userId: null,
      customerId: checkout.customerId,
      subscription: {
        id: subscription.id,
        customerId: checkout.customerId,
        status: 'canceled',
        currentPeriodStart: new Date(subscription.items.data[0]!.current_period_start * 1000),
        currentPeriodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
        cancelAtPeriodEnd: true,
      },
      subscriptionId: subscription.id,
    });
    // The event's own snapshot, ordered by its `created`: no call to Stripe.
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it.each(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed'])(
    "%s: the invoice's customer and its subscription's id",
    async (type) => {
      const { checkout, subscription, invoice } = await paidCheckout();
      const event = fake.event(type, invoice);
      const requestsBefore = fake.requests.length;

      expect(await parse(event)).toEqual({
        id: event.id,
        type,
        createdAt: new Date(event.created * 1000),
        userId: null,
        customerId: checkout.customerId,
        subscription: null,
        subscriptionId: subscription.id,
      });
      expect(fake.requests.length).toBe(requestsBefore);
    },
  );

  it('an invoice outside any subscription carries its customer and no subscription', async () => {
    const { checkout, invoice } = await paidCheckout();
    const event = fake.event('invoice.paid', { ...invoice, parent: null });

    expect(await parse(event)).toMatchObject({
      customerId: checkout.customerId,
      subscription: null,
      subscriptionId: null,
    });
  });

  it('ignores event types that change no subscription', async () => {
    const { checkout } = await paidCheckout();
    expect(
      await parse(fake.event('customer.created', fake.state.customers.get(checkout.customerId))),
    ).toBeNull();
  });

  it('refuses a body signed with another secret, a tampered body, a stale or missing signature', async () => {
    const { session } = await paidCheckout();
    const event = fake.event('checkout.session.completed', session);
    const payload = JSON.stringify(event);
    const valid = signWebhookPayload(payload, WEBHOOK_SECRET);
    const tampered = payload.replace('user-1', 'user-2');
    expect(tampered).not.toBe(payload);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;

    const attempts: [Buffer, string | undefined][] = [
      [Buffer.from(payload), signWebhookPayload(payload, 'whsec_someone_else')],
      [Buffer.from(tampered), valid],
      [Buffer.from(payload), signWebhookPayload(payload, WEBHOOK_SECRET, tenMinutesAgo)],
      [Buffer.from(payload), undefined],
      [Buffer.from(payload), ''],
      [Buffer.from(payload), 'garbage'],
    ];
    for (const [body, signature] of attempts) {
      await expect(stripe.parseWebhook(body, signature)).rejects.toBeInstanceOf(
        WebhookSignatureError,
      );
    }
    // The same delivery, correctly signed, goes through.
    await expect(stripe.parseWebhook(Buffer.from(payload), valid)).resolves.toMatchObject({
      userId: 'user-1',
    });
  });
});
