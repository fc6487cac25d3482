// Paid access with Stripe (docs/security.md rule 13): the whole app with STRIPE_* set,
// the real `stripe` SDK talking to the local fake (testing/fake-stripe.ts),
// webhook bodies signed with the SDK's test header helper.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signWebhookPayload, startFakeStripe, type FakeStripe } from '../../testing/fake-stripe.js';
import { createSignedInUser, login, readOutbox, withSession } from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { createTestApp } from '../../testing/test-app.js';

type App = FastifyInstance;
const WEBHOOK_SECRET = 'whsec_vouchly_test';

let fake: FakeStripe;
beforeEach(async () => {
  fake = await startFakeStripe();
});
afterEach(async () => {
  await fake.close();
});

const stripeApp = (clock?: () => Date) =>
  createTestApp(
    {
      stripe: {
        secretKey: 'sk_test_vouchly',
        webhookSecret: WEBHOOK_SECRET,
        priceId: fake.price.id,
        apiUrl: fake.url,
      },
    },
    clock ? { clock } : {},
  );

async function accessOf(app: App, cookie: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/user/access-status',
    ...withSession(cookie),
  });
  return response.json<{ hasAccess: boolean; reason: string }>();
}

/** Posts a webhook body as Stripe would, signed unless a signature is given. */
function deliver(app: App, event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signWebhookPayload(payload, WEBHOOK_SECRET),
    },
    payload,
  });
}

/** An owner who went through Stripe Checkout and paid (no webhook delivered yet). */
async function paidOwner(app: App) {
  const owner = await createSignedInUser(app, { access: false });
  const response = await app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    ...withSession(owner.cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { checkoutUrl } = response.json<{ checkoutUrl: string }>();
  const session = [...fake.state.checkoutSessions.values()].find(
    (candidate) => candidate.url === checkoutUrl,
  );
  if (!session) throw new Error('no checkout session behind the checkout URL');
  const paid = fake.completeCheckout(session.id);
  return { ...owner, ...paid };
}

describe('Stripe checkout', () => {
  it('creates one customer per user and a subscription checkout that carries the user and our URLs', async () => {
    const app = await stripeApp();
    const owner = await createSignedInUser(app, { access: false });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/create-checkout-session',
        ...withSession(owner.cookie),
      });
      expect(response.json().isAlreadySubscribed).toBe(false);
    }
    expect(fake.state.customers.size).toBe(1);
    const sessions = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(sessions).toHaveLength(2);
    expect(sessions[1]?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.user.id,
      line_items: [{ price: fake.price.id }],
      success_url: 'http://localhost:3000/subscribe/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscribe?checkout=cancelled',
    });
  });

  it('the built-in test checkout page does not exist with Stripe', async () => {
    const app = await stripeApp();
    const { session, cookie } = await paidOwner(app);
    const response = await app.inject({
      method: 'GET',
      url: `/checkout/test/${session.id}`,
      ...withSession(cookie),
    });
    expect(response.statusCode).toBe(404);
  });

  it('checkout-success verifies the paid session on the server before any webhook, for its owner only', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    const stranger = await createSignedInUser(app, { access: false });
    const url = `/api/checkout-success?session_id=${owner.session.id}`;
    expect(
      (await app.inject({ method: 'GET', url, ...withSession(stranger.cookie) })).statusCode,
    ).toBe(404);
    expect((await accessOf(app, stranger.cookie)).hasAccess).toBe(false);

    const verified = await app.inject({ method: 'GET', url, ...withSession(owner.cookie) });
    expect(verified.json()).toEqual({ success: true, message: 'Subscription activated!' });
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: true,
      reason: 'active_subscription',
    });
    const invoices = await app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      ...withSession(owner.cookie),
    });
    expect(invoices.json()).toEqual([
      expect.objectContaining({ id: owner.invoice.id, amount_paid: 4900, status: 'paid' }),
    ]);
    const again = await app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      ...withSession(owner.cookie),
    });
    expect(again.json()).toEqual({ isAlreadySubscribed: true, checkoutUrl: null });
  });

  it('cancel sets cancel_at_period_end at Stripe and access continues', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    await app.inject({
      method: 'GET',
      url: `/api/checkout-success?session_id=${owner.session.id}`,
      ...withSession(owner.cookie),
    });
    const canceled = await app.inject({
      method: 'POST',
      url: '/api/cancel-subscription',
      ...withSession(owner.cookie),
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(fake.state.subscriptions.get(owner.subscription.id)?.cancel_at_period_end).toBe(true);
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: true,
      reason: 'subscription_canceling',
    });
  });
});

/** An owner who paid and whose checkout was verified (the mirror holds the subscription). */
async function verifiedOwner(app: App) {
  const owner = await paidOwner(app);
  const verified = await app.inject({
    method: 'GET',
    url: `/api/checkout-success?session_id=${owner.session.id}`,
    ...withSession(owner.cookie),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return owner;
}

const post = (app: App, cookie: string, url: string) =>
  app.inject({ method: 'POST', url, ...withSession(cookie) });

describe('Stripe resume and refund', () => {
  it('resume clears cancel_at_period_end at Stripe', async () => {
    const app = await stripeApp();
    const owner = await verifiedOwner(app);
    await post(app, owner.cookie, '/api/cancel-subscription');
    const resumed = await post(app, owner.cookie, '/api/billing/resume-subscription');
    expect(resumed.statusCode, resumed.body).toBe(200);
    const subscription = fake.state.subscriptions.get(owner.subscription.id);
    expect(subscription).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const update = fake.requests.at(-1);
    expect(update).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${owner.subscription.id}`,
      body: { cancel_at_period_end: 'false' },
    });
    expect(await accessOf(app, owner.cookie)).toMatchObject({ reason: 'active_subscription' });
  });

  it("a refund within the window refunds the invoice's PaymentIntent once, cancels at once and emails a receipt", async () => {
    const app = await stripeApp();
    const owner = await verifiedOwner(app);
    const refunded = await post(app, owner.cookie, '/api/billing/refund');
    expect(refunded.statusCode, refunded.body).toBe(200);

    const payment = fake.state.invoicePayments.get(owner.invoice.id);
    const refunds = [...fake.state.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: owner.invoice.amount_paid,
      payment_intent: payment?.payment.payment_intent,
    });
    const refundRequest = fake.requests.find((request) => request.path === '/v1/refunds');
    expect(refundRequest?.headers['idempotency-key']).toBe(`vouchly-refund-${owner.invoice.id}`);
    expect(fake.state.subscriptions.get(owner.subscription.id)?.status).toBe('canceled');
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: false,
      reason: 'subscription_ended',
    });
    const invoices = (
      await app.inject({
        method: 'GET',
        url: '/api/billing/invoices',
        ...withSession(owner.cookie),
      })
    ).json<{ id: string; amount_refunded: number }[]>();
    expect(invoices).toEqual([
      expect.objectContaining({ id: owner.invoice.id, amount_refunded: owner.invoice.amount_paid }),
    ]);
    const receipts = (await readOutbox(app)).filter((raw) => raw.includes('refund receipt'));
    expect(receipts).toHaveLength(1);
    expect(decodeQuotedPrintable(receipts[0] ?? '')).toContain(refunds[0]?.id ?? 'no refund');

    // Again: refused, and Stripe is not asked for a second refund.
    const again = await post(app, owner.cookie, '/api/billing/refund');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('REFUND_NOT_AVAILABLE');
    expect(fake.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(1);

    // Stripe's charge.refunded event is acknowledged and changes nothing.
    const event = fake.event('charge.refunded', {
      id: 'ch_x',
      object: 'charge',
      amount_refunded: owner.invoice.amount_paid,
      customer: owner.subscription.customer,
    });
    const delivered = await deliver(app, event);
    expect(delivered.statusCode).toBe(200);
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(false);
  });

  it('a replayed refund request (same idempotency key) gives money back once', async () => {
    const app = await stripeApp();
    const owner = await verifiedOwner(app);
    const answers = await Promise.all([
      post(app, owner.cookie, '/api/billing/refund'),
      post(app, owner.cookie, '/api/billing/refund'),
    ]);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(fake.state.refunds.size).toBe(1);
    expect(fake.state.subscriptions.get(owner.subscription.id)?.status).toBe('canceled');
  });

  it('a failure at Stripe changes nothing and says so', async () => {
    const app = await stripeApp();
    const owner = await verifiedOwner(app);
    fake.intercept('POST', '/v1/refunds', () => ({
      status: 402,
      body: { error: { type: 'card_error', message: 'The refund failed.' } },
    }));
    const failed = await post(app, owner.cookie, '/api/billing/refund');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'The payment provider could not be reached. Please try again.',
    });
    expect(fake.state.subscriptions.get(owner.subscription.id)?.status).toBe('active');
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(true);
    const status = await app.inject({
      method: 'GET',
      url: '/api/billing/refund',
      ...withSession(owner.cookie),
    });
    expect(status.json()).toMatchObject({ eligible: true });
    expect((await readOutbox(app)).filter((raw) => raw.includes('refund receipt'))).toHaveLength(0);
  });

  it('after 30 days there is no refund', async () => {
    let offsetMs = 0;
    const app = await stripeApp(() => new Date(Date.now() + offsetMs));
    const owner = await verifiedOwner(app);
    offsetMs = 29 * 24 * 3600 * 1000;
    owner.cookie = await login(app, owner.email);
    offsetMs = 31 * 24 * 3600 * 1000;
    const status = await app.inject({
      method: 'GET',
      url: '/api/billing/refund',
      ...withSession(owner.cookie),
    });
    expect(status.json()).toMatchObject({
      eligible: false,
      reason: 'window_passed',
      firstPaymentAt: owner.invoice.created,
    });
    expect((await post(app, owner.cookie, '/api/billing/refund')).statusCode).toBe(400);
    expect(fake.state.refunds.size).toBe(0);
  });
});

describe('the billing page', () => {
  it('one load (its invoices and its refund status at once) reads the invoices from Stripe once', async () => {
    const app = await stripeApp();
    const owner = await verifiedOwner(app);
    const invoiceReads = () =>
      fake.requests.filter((request) => request.method === 'GET' && request.path === '/v1/invoices')
        .length;
    const before = invoiceReads();

    const [invoices, refund] = await Promise.all(
      ['/api/billing/invoices', '/api/billing/refund'].map((url) =>
        app.inject({ method: 'GET', url, ...withSession(owner.cookie) }),
      ),
    );

    expect(invoices?.statusCode, invoices?.body).toBe(200);
    expect(refund?.statusCode, refund?.body).toBe(200);
    expect(invoices?.json()).toHaveLength(1);
    expect(refund?.json()).toMatchObject({ eligible: true });
    expect(invoiceReads() - before).toBe(1);
  });
});

describe('Stripe webhooks', () => {
  it('checkout.session.completed grants access; a replay of the same event has one effect', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    const event = fake.event('checkout.session.completed', owner.session);
    const first = await deliver(app, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await accessOf(app, owner.cookie)).toMatchObject({ hasAccess: true });

    // Between the two deliveries Stripe says the subscription ended; the replay must not undo that.
    fake.advance(10);
    await deliver(
      app,
      fake.event(
        'customer.subscription.deleted',
        fake.setSubscription(owner.subscription.id, { status: 'canceled' }),
      ),
    );
    const replay = await deliver(app, event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: false,
      reason: 'subscription_ended',
    });
  });

  it('reads the subscription named by a checkout or invoice event as Stripe has it now, and a replay calls Stripe not at all', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    // Changed after the event was sent: the service must read it back, not trust a stale copy.
    fake.setSubscription(owner.subscription.id, { cancel_at_period_end: true });
    const event = fake.event('checkout.session.completed', owner.session);
    const subscriptionReads = () =>
      fake.requests.filter(
        (request) =>
          request.method === 'GET' && request.path === `/v1/subscriptions/${owner.subscription.id}`,
      ).length;

    const readsBefore = subscriptionReads();
    expect((await deliver(app, event)).statusCode).toBe(200);
    expect(subscriptionReads()).toBe(readsBefore + 1);
    const subscription = await app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      ...withSession(owner.cookie),
    });
    expect(subscription.json()).toMatchObject({ cancel_at_period_end: true });

    const requestsBefore = fake.requests.length;
    const replay = await deliver(app, event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('a failed read of the subscription answers 502, records nothing, and the retry after the pause applies the event', async () => {
    let offsetMs = 0;
    const app = await createTestApp(
      {
        stripe: {
          secretKey: 'sk_test_vouchly',
          webhookSecret: WEBHOOK_SECRET,
          priceId: fake.price.id,
          apiUrl: fake.url,
        },
      },
      { clock: () => new Date(Date.now() + offsetMs) },
    );
    const owner = await paidOwner(app);
    const event = fake.event('invoice.paid', owner.invoice);
    let stripeDown = true;
    fake.intercept(
      'GET',
      `/v1/subscriptions/${owner.subscription.id}`,
      (answer) =>
        stripeDown
          ? { status: 500, body: { error: { type: 'api_error', message: 'boom' } } }
          : answer,
      10,
    );
    const failed = await deliver(app, event);
    expect(failed.statusCode).toBe(502);
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(false);
    stripeDown = false;
    // Stripe sends it again later; during the pause after the failure, nobody asks Stripe.
    const seen = fake.requests.length;
    expect((await deliver(app, event)).statusCode).toBe(503);
    expect(fake.requests.length).toBe(seen);
    offsetMs += 30_000;

    const retried = await deliver(app, event);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ received: true });
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(true);
  });

  it('a bad signature gets 400 and changes nothing', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    const event = fake.event('checkout.session.completed', owner.session);
    const payload = JSON.stringify(event);
    for (const signature of [signWebhookPayload(payload, 'whsec_someone_else'), 't=1,v1=00', '']) {
      const response = await deliver(app, event, signature);
      expect(response.statusCode, signature).toBe(400);
      expect(response.json().error.code).toBe('INVALID_SIGNATURE');
    }
    // A body changed after signing.
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhookPayload(payload, WEBHOOK_SECRET),
      },
      payload: payload.replace(owner.user.id, 'someone-else'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: false,
      reason: 'no_subscription',
    });
  });

  it('a late "updated" cannot revive a deleted subscription', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    const activeSnapshot = fake.event(
      'customer.subscription.updated',
      fake.state.subscriptions.get(owner.subscription.id),
    );
    fake.advance(60);
    const deleted = fake.event(
      'customer.subscription.deleted',
      fake.setSubscription(owner.subscription.id, { status: 'canceled' }),
    );
    await deliver(app, fake.event('checkout.session.completed', owner.session));
    expect((await deliver(app, deleted)).statusCode).toBe(200);
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(false);

    // The older event arrives last, and even a newer-looking one saying "active" for the same subscription.
    expect((await deliver(app, activeSnapshot)).statusCode).toBe(200);
    fake.advance(60);
    const revived = fake.event('customer.subscription.updated', {
      ...fake.state.subscriptions.get(owner.subscription.id),
      status: 'active',
    });
    expect((await deliver(app, revived)).statusCode).toBe(200);
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: false,
      reason: 'subscription_ended',
    });
  });

  it('a failed renewal payment (past_due) ends access until invoice.paid', async () => {
    const app = await stripeApp();
    const owner = await paidOwner(app);
    await deliver(app, fake.event('checkout.session.completed', owner.session));
    fake.advance(60);
    fake.setSubscription(owner.subscription.id, { status: 'past_due' });
    await deliver(app, fake.event('invoice.payment_failed', owner.invoice));
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: false,
      reason: 'payment_past_due',
    });
    fake.advance(60);
    fake.setSubscription(owner.subscription.id, { status: 'active' });
    await deliver(app, fake.event('invoice.paid', owner.invoice));
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: true,
      reason: 'active_subscription',
    });
  });

  it('an event type we do not use is acknowledged and ignored', async () => {
    const app = await stripeApp();
    const response = await deliver(
      app,
      fake.event('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });
});

describe('a stale mirror (period ended, no renewal news yet) and a provider that is away', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  /** A paid, verified owner whose mirrored period the app's clock has moved past. */
  async function staleOwner() {
    let offsetMs = 0;
    const app = await createTestApp(
      {
        stripe: {
          secretKey: 'sk_test_vouchly',
          webhookSecret: WEBHOOK_SECRET,
          priceId: fake.price.id,
          apiUrl: fake.url,
        },
      },
      { clock: () => new Date(Date.now() + offsetMs) },
    );
    const owner = await paidOwner(app);
    const verified = await app.inject({
      method: 'GET',
      url: `/api/checkout-success?session_id=${owner.session.id}`,
      ...withSession(owner.cookie),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    offsetMs = 366 * DAY_MS;
    // Sessions time out on the same clock (30 days at most): a year on, the owner signs in again.
    owner.cookie = await login(app, owner.email);
    return { app, owner };
  }

  const subscriptionReads = () =>
    fake.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v1/subscriptions',
    ).length;

  it('concurrent access checks of one owner make one provider read', async () => {
    const { app, owner } = await staleOwner();
    const before = subscriptionReads();
    // Held, the first read is still running when the others arrive, however the requests are scheduled.
    const release = fake.hold();
    try {
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () => accessOf(app, owner.cookie)),
      );
      expect(statuses.map((status) => status.reason)).toEqual(Array(5).fill(statuses[0]?.reason));
    } finally {
      release();
    }
    expect(subscriptionReads() - before).toBe(1);
  });

  it('after a failed read, the next checks decide on the mirror without calling the provider', async () => {
    const { app, owner } = await staleOwner();
    fake.intercept(
      'GET',
      '/v1/subscriptions',
      () => ({ status: 500, body: { error: { type: 'api_error', message: 'boom' } } }),
      10,
    );
    const before = subscriptionReads();
    const first = await app.inject({
      method: 'GET',
      url: '/api/user/access-status',
      ...withSession(owner.cookie),
    });
    expect(first.statusCode, first.body).toBe(200);
    const readsOfFirst = subscriptionReads() - before;
    expect(readsOfFirst).toBeGreaterThan(0);
    for (let check = 0; check < 3; check++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/access-status',
        ...withSession(owner.cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(subscriptionReads() - before).toBe(readsOfFirst);
  });

  it('a provider that stops answering does not hold the access check', async () => {
    const { app, owner } = await staleOwner();
    const release = fake.hold();
    // Well under the SDK's own 10 s timeout: an answer before this came from the mirror, not from Stripe.
    let released = false;
    const releaseLater = setTimeout(() => {
      released = true;
      release();
    }, 8000);
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/access-status',
        ...withSession(owner.cookie),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(released).toBe(false);
    } finally {
      clearTimeout(releaseLater);
      release();
    }
    expect(subscriptionReads()).toBeGreaterThan(0);
  });
});

describe('a frozen provider: short timeouts and one shared pause', () => {
  const PAUSE_MS = 30_000;
  /**
   * The provider timeout of these apps: shorter than STRIPE_TIMEOUT_MS so that
   * each frozen call costs the suite half a second, not four (the production
   * number is proven in stripe-provider.integration.test.ts).
   */
  const TIMEOUT_MS = 500;
  /** How long a call may take against a provider that never answers: the timeout and some slack. */
  const WITHIN_TIMEOUT = TIMEOUT_MS + 1500;
  /** A call answered from the pause, without the provider. */
  const AT_ONCE = 1000;

  /** A paid, verified owner of an app whose clock the test moves (the pause runs on it). */
  async function frozenProviderOwner() {
    let offsetMs = 0;
    const app = await createTestApp(
      {
        stripe: {
          secretKey: 'sk_test_vouchly',
          webhookSecret: WEBHOOK_SECRET,
          priceId: fake.price.id,
          apiUrl: fake.url,
          timeoutMs: TIMEOUT_MS,
        },
      },
      { clock: () => new Date(Date.now() + offsetMs) },
    );
    const owner = await verifiedOwner(app);
    return { app, owner, advance: (ms: number) => (offsetMs += ms) };
  }

  /** Each billing call that reaches the provider, as the billing screens make it. */
  const billingCalls = (sessionId: string): (InjectOptions & { url: string })[] => [
    { method: 'GET', url: '/api/billing/invoices' },
    { method: 'POST', url: '/api/sync-subscription' },
    { method: 'POST', url: '/api/cancel-subscription' },
    { method: 'POST', url: '/api/create-checkout-session' },
    { method: 'GET', url: `/api/checkout-success?session_id=${sessionId}` },
  ];

  async function timed(app: App, cookie: string, request: InjectOptions) {
    const started = performance.now();
    const response = await app.inject({ ...request, ...withSession(cookie) });
    return { response, ms: performance.now() - started };
  }

  function expectProviderError(response: LightMyRequestResponse, status: 502 | 503) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe('PAYMENT_PROVIDER_ERROR');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PAUSE_MS / 1000);
  }

  it.each([
    'GET /api/billing/invoices',
    'POST /api/sync-subscription',
    'POST /api/cancel-subscription',
    'POST /api/create-checkout-session',
    'GET /api/checkout-success',
  ])('%s answers within the timeout, 502 with Retry-After', async (call) => {
    const { app, owner } = await frozenProviderOwner();
    const request = billingCalls(owner.session.id).find(
      (candidate) => call === `${candidate.method} ${candidate.url.split('?')[0]}`,
    );
    const release = fake.hold();
    try {
      const { response, ms } = await timed(app, owner.cookie, request!);
      expect(ms).toBeLessThan(WITHIN_TIMEOUT);
      expectProviderError(response, 502);
    } finally {
      release();
    }
  });

  it('the subscription read answers from the last state Vouchly heard of, and says so', async () => {
    const { app, owner } = await frozenProviderOwner();
    const release = fake.hold();
    try {
      const { response, ms } = await timed(app, owner.cookie, {
        method: 'GET',
        url: '/api/billing/subscription',
      });
      expect(ms).toBeLessThan(WITHIN_TIMEOUT);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        id: owner.subscription.id,
        status: 'active',
        current_period_start: owner.subscription.items.data[0]?.current_period_start,
        current_period_end: owner.subscription.items.data[0]?.current_period_end,
        cancel_at_period_end: false,
        last_known: true,
      });
    } finally {
      release();
    }
  });

  it('during the pause every call answers at once without reaching the provider; after it, one call goes through again', async () => {
    const { app, owner, advance } = await frozenProviderOwner();
    const release = fake.hold();
    try {
      expectProviderError(
        (await timed(app, owner.cookie, { method: 'GET', url: '/api/billing/invoices' })).response,
        502,
      );
    } finally {
      release();
    }
    // The provider answers again, but the pause is on: nobody asks it.
    const seen = fake.requests.length;
    for (const request of billingCalls(owner.session.id)) {
      const { response, ms } = await timed(app, owner.cookie, request);
      expect(ms, `${request.method} ${request.url}`).toBeLessThan(AT_ONCE);
      expectProviderError(response, 503);
    }
    const subscription = await timed(app, owner.cookie, {
      method: 'GET',
      url: '/api/billing/subscription',
    });
    expect(subscription.ms).toBeLessThan(AT_ONCE);
    expect(subscription.response.json()).toMatchObject({ status: 'active', last_known: true });
    expect(fake.requests.length).toBe(seen);

    advance(PAUSE_MS);
    const invoices = await timed(app, owner.cookie, {
      method: 'GET',
      url: '/api/billing/invoices',
    });
    expect(invoices.response.statusCode, invoices.response.body).toBe(200);
    expect(fake.requests.length).toBe(seen + 1);
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      ...withSession(owner.cookie),
    });
    expect(fresh.json()).not.toHaveProperty('last_known');
  });

  it('the access gate and the billing routes share the one pause', async () => {
    // A year on, the mirror is stale: each access check would ask the provider.
    const { app, owner, advance } = await frozenProviderOwner();
    advance(366 * 24 * 60 * 60 * 1000);
    const cookie = await login(app, owner.email);

    // A billing call opens the pause: the access check then asks nobody and decides on the mirror.
    fake.intercept('GET', '/v1/invoices', () => ({
      status: 500,
      body: { error: { type: 'api_error', message: 'boom' } },
    }));
    expectProviderError(
      (await timed(app, cookie, { method: 'GET', url: '/api/billing/invoices' })).response,
      502,
    );
    const seen = fake.requests.length;
    const access = await timed(app, cookie, { method: 'GET', url: '/api/user/access-status' });
    expect(access.response.statusCode, access.response.body).toBe(200);
    expect(access.ms).toBeLessThan(AT_ONCE);
    expect(fake.requests.length).toBe(seen);

    // The access gate's failed read opens it: billing calls then answer at once.
    advance(PAUSE_MS);
    fake.intercept('GET', '/v1/subscriptions', () => ({
      status: 500,
      body: { error: { type: 'api_error', message: 'boom' } },
    }));
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/access-status', ...withSession(cookie) }))
        .statusCode,
    ).toBe(200);
    const afterGate = fake.requests.length;
    const invoices = await timed(app, cookie, { method: 'GET', url: '/api/billing/invoices' });
    expect(invoices.ms).toBeLessThan(AT_ONCE);
    expectProviderError(invoices.response, 503);
    expect(fake.requests.length).toBe(afterGate);
  });

  it('an answer that is not an outage (an unknown id) opens no pause', async () => {
    const { app, owner } = await frozenProviderOwner();
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/checkout-success?session_id=cs_test_unknown',
      ...withSession(owner.cookie),
    });
    expect(unknown.statusCode).toBe(404);
    const invoices = await app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      ...withSession(owner.cookie),
    });
    expect(invoices.statusCode, invoices.body).toBe(200);
  });
});
