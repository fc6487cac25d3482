// Paid access with the built-in test checkout (the embedded default): the
// access status, the gate of the five paid pages' API, checkout, the
// subscription and its invoices, cancel at period end and resume, the
// money-back refund, and a clock moved past the period end or the refund window.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PLAN } from '../../../shared/constants.js';
import {
  createSignedInUser,
  createTestimonial,
  login,
  readOutbox,
  withSession,
} from '../../testing/factories.js';
import { decodeQuotedPrintable } from '../../testing/quoted-printable.js';
import { createTestApp } from '../../testing/test-app.js';

type App = FastifyInstance;

/** A clock the test moves; starts at the real time. */
function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceDays: (days: number) => {
      offsetMs += days * 24 * 60 * 60 * 1000;
    },
  };
}

const call = (app: App, cookie: string, request: InjectOptions) =>
  app.inject({ ...request, ...withSession(cookie) });

async function accessOf(app: App, cookie: string) {
  const response = await call(app, cookie, { method: 'GET', url: '/api/user/access-status' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hasAccess: boolean; requiresRedirect: boolean; reason: string }>();
}

/** Starts a test checkout: answers its session id (the last part of the checkout URL). */
async function startCheckout(app: App, cookie: string): Promise<string> {
  const response = await call(app, cookie, { method: 'POST', url: '/api/create-checkout-session' });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ isAlreadySubscribed: boolean; checkoutUrl: string }>();
  expect(body.isAlreadySubscribed).toBe(false);
  const url = new URL(body.checkoutUrl);
  expect(url.origin).toBe(app.config.baseUrl);
  expect(url.pathname).toMatch(/^\/checkout\/test\/cs_local_[0-9a-f]+$/);
  return decodeURIComponent(url.pathname.split('/').pop() ?? '');
}

async function pay(app: App, cookie: string, sessionId: string) {
  const response = await call(app, cookie, {
    method: 'POST',
    url: `/api/test-checkout/${sessionId}/pay`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ redirectUrl: string }>();
}

async function subscribedOwner(app: App) {
  const owner = await createSignedInUser(app, { access: false });
  const sessionId = await startCheckout(app, owner.cookie);
  await pay(app, owner.cookie, sessionId);
  return { ...owner, sessionId };
}

/** The owner API behind the five gated pages, one call per page area. */
const gatedCalls: (InjectOptions & { url: string })[] = [
  { method: 'GET', url: '/api/testimonials' },
  { method: 'GET', url: '/api/testimonials/stats' },
  { method: 'GET', url: '/api/widget-settings' },
  { method: 'GET', url: '/api/collection-page-settings' },
  { method: 'GET', url: '/api/collection/qr.png' },
  { method: 'POST', url: '/api/objects/upload/product-image' },
];

describe('access status and the paid-page gate', () => {
  it('a new owner has no access: the gated API answers 403 ACCESS_REQUIRED, the rest works', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    expect(await accessOf(app, owner.cookie)).toEqual({
      hasAccess: false,
      requiresRedirect: true,
      reason: 'no_subscription',
    });
    for (const request of gatedCalls) {
      const response = await call(app, owner.cookie, request);
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(403);
      expect(response.json().error.code).toBe('ACCESS_REQUIRED');
    }
    // Account settings, billing and the logo upload stay open.
    for (const request of [
      { method: 'GET', url: '/api/business' },
      { method: 'GET', url: '/api/auth/user' },
      { method: 'GET', url: '/api/billing/subscription' },
      { method: 'GET', url: '/api/billing/invoices' },
      { method: 'POST', url: '/api/objects/upload' },
    ] as const) {
      const response = await call(app, owner.cookie, request);
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(200);
    }
  });

  it("the public form and the public widget keep working whatever the owner's access", async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const slug = owner.business?.collectionSlug ?? '';
    await createTestimonial(app.database.db, owner.business?.id ?? '', {
      status: 'approved',
      approvedAt: new Date(),
    });
    const widget = await app.inject({ method: 'GET', url: `/api/widget/${slug}` });
    expect(widget.statusCode).toBe(200);
    expect(widget.json().testimonials).toHaveLength(1);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/submit/${slug}`,
      payload: { authorName: 'Ada', content: 'Lovely bread, every single morning.', rating: 5 },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
  });

  it('answers 401 signed out', async () => {
    const app = await createTestApp();
    expect((await app.inject({ method: 'GET', url: '/api/user/access-status' })).statusCode).toBe(
      401,
    );
  });
});

describe('the built-in test checkout', () => {
  it('the plan names the provider', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/billing/plan' });
    expect(response.json()).toMatchObject({
      amountInCents: 4900,
      currency: 'USD',
      interval: 'year',
      displayPrice: '$49/year',
      provider: { id: 'local', name: 'Test checkout' },
    });
  });

  it('pays, verifies on the server, grants access for one year, with one paid invoice', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const sessionId = await startCheckout(app, owner.cookie);

    // The checkout URL is the app's page, for its owner; a signed-out visitor is sent to log in.
    const checkoutPage = await call(app, owner.cookie, {
      method: 'GET',
      url: `/checkout/test/${sessionId}`,
    });
    expect(checkoutPage.statusCode).toBe(200);
    expect(checkoutPage.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(checkoutPage.headers['cache-control']).toBe('no-store');
    const signedOut = await app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe('/auth?tab=login');
    const page = await call(app, owner.cookie, {
      method: 'GET',
      url: `/api/test-checkout/${sessionId}`,
    });
    expect(page.json()).toMatchObject({
      id: sessionId,
      status: 'open',
      email: owner.email,
      amountInCents: 4900,
    });
    const unpaid = await call(app, owner.cookie, {
      method: 'GET',
      url: `/api/checkout-success?session_id=${sessionId}`,
    });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().error.code).toBe('CHECKOUT_NOT_PAID');
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(false);

    const { redirectUrl } = await pay(app, owner.cookie, sessionId);
    expect(redirectUrl).toBe(`${app.config.baseUrl}/subscribe/success?session_id=${sessionId}`);
    const verified = await call(app, owner.cookie, {
      method: 'GET',
      url: `/api/checkout-success?session_id=${sessionId}`,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: 'Subscription activated!' });
    expect(await accessOf(app, owner.cookie)).toEqual({
      hasAccess: true,
      requiresRedirect: false,
      reason: 'active_subscription',
    });
    expect((await call(app, owner.cookie, gatedCalls[0] ?? {})).statusCode).toBe(200);

    const subscription = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/subscription' })
    ).json();
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
    const yearSeconds = subscription.current_period_end - subscription.current_period_start;
    expect(yearSeconds / 86_400).toBeGreaterThanOrEqual(365);
    expect(yearSeconds / 86_400).toBeLessThanOrEqual(366);

    const invoices = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/invoices' })
    ).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      amount_paid: PLAN.amountInCents,
      currency: 'usd',
      amount_refunded: 0,
      status: 'paid',
      // No pages of its own: Vouchly's receipts serve it (receipts.integration.test.ts).
      hosted_invoice_url: null,
      invoice_pdf: null,
    });
    const receipt = await call(app, owner.cookie, {
      method: 'GET',
      url: `/billing/receipts/${invoices[0].id}`,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Test checkout · No card charged');
    expect(receipt.body).toContain('$49.00');
  });

  it('a second Pay and a second checkout sell nothing twice', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwner(app);
    await pay(app, owner.cookie, owner.sessionId);
    const again = await call(app, owner.cookie, {
      method: 'POST',
      url: '/api/create-checkout-session',
    });
    expect(again.json()).toEqual({ isAlreadySubscribed: true, checkoutUrl: null });
    expect(
      (await call(app, owner.cookie, { method: 'GET', url: '/api/billing/invoices' })).json(),
    ).toHaveLength(1);
  });

  it("another owner's checkout session is not found, and paying it changes nothing", async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const sessionId = await startCheckout(app, owner.cookie);
    const stranger = await createSignedInUser(app, { access: false });
    for (const request of [
      { method: 'GET', url: `/checkout/test/${sessionId}` },
      { method: 'GET', url: `/api/test-checkout/${sessionId}` },
      { method: 'POST', url: `/api/test-checkout/${sessionId}/pay` },
      { method: 'GET', url: `/api/checkout-success?session_id=${sessionId}` },
    ] as const) {
      expect((await call(app, stranger.cookie, request)).statusCode, request.url).toBe(404);
    }
    expect((await accessOf(app, stranger.cookie)).hasAccess).toBe(false);
    const page = await call(app, owner.cookie, {
      method: 'GET',
      url: `/api/test-checkout/${sessionId}`,
    });
    expect(page.json().status).toBe('open');
  });

  it('checkout-success without a session id is a clear 400', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const response = await call(app, owner.cookie, { method: 'GET', url: '/api/checkout-success' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('the Stripe webhook does not exist without Stripe', async () => {
    const app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: { id: 'evt_1' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('cancel at period end, and the clock', () => {
  it('cancel keeps access until the period ends, then access ends', async () => {
    const clock = movableClock();
    const app = await createTestApp({}, { clock: clock.now });
    const owner = await createSignedInUser(app, { access: false });
    await pay(app, owner.cookie, await startCheckout(app, owner.cookie));

    const canceled = await call(app, owner.cookie, {
      method: 'POST',
      url: '/api/cancel-subscription',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().message).toMatch(
      /^Your subscription is canceled\. You keep access until \d{4}-\d{2}-\d{2}\.$/,
    );
    const subscription = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/subscription' })
    ).json();
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: true,
      reason: 'subscription_canceling',
    });

    clock.advanceDays(364);
    // Sessions time out on the same clock (30 days at most): a year on, the owner signs in again.
    owner.cookie = await login(app, owner.email);
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(true);
    clock.advanceDays(2);
    expect(await accessOf(app, owner.cookie)).toEqual({
      hasAccess: false,
      requiresRedirect: true,
      reason: 'subscription_ended',
    });
    expect((await call(app, owner.cookie, gatedCalls[0] ?? {})).statusCode).toBe(403);
    const ended = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/subscription' })
    ).json();
    expect(ended.status).toBe('canceled');
    // Nothing left to cancel; subscribing again is possible.
    expect(
      (await call(app, owner.cookie, { method: 'POST', url: '/api/cancel-subscription' }))
        .statusCode,
    ).toBe(400);
    expect(await startCheckout(app, owner.cookie)).toMatch(/^cs_local_/);
  });

  it('a subscription that is not canceled renews at the period end with a new paid invoice', async () => {
    const clock = movableClock();
    const app = await createTestApp({}, { clock: clock.now });
    const owner = await subscribedOwner(app);
    clock.advanceDays(366);
    owner.cookie = await login(app, owner.email);
    expect(await accessOf(app, owner.cookie)).toMatchObject({
      hasAccess: true,
      reason: 'active_subscription',
    });
    const invoices = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/invoices' })
    ).json();
    expect(invoices).toHaveLength(2);
  });

  it('cancel without a subscription is refused', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    const response = await call(app, owner.cookie, {
      method: 'POST',
      url: '/api/cancel-subscription',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('There is no active subscription to cancel.');
  });

  it('sync-subscription answers for an owner without and with a subscription', async () => {
    const app = await createTestApp();
    const none = await createSignedInUser(app, { access: false });
    const first = await call(app, none.cookie, { method: 'POST', url: '/api/sync-subscription' });
    expect(first.json()).toEqual({ success: true, message: 'No subscription to sync.' });
    const owner = await subscribedOwner(app);
    const synced = await call(app, owner.cookie, { method: 'POST', url: '/api/sync-subscription' });
    expect(synced.json()).toEqual({ success: true, message: 'Subscription synced: active.' });
  });
});

const refundStatusOf = async (app: App, cookie: string) => {
  const response = await call(app, cookie, { method: 'GET', url: '/api/billing/refund' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    eligible: boolean;
    reason: string;
    firstPaymentAt: number | null;
    deadline: number | null;
  }>();
};

const requestRefund = (app: App, cookie: string) =>
  call(app, cookie, { method: 'POST', url: '/api/billing/refund' });

describe('the money-back refund (test checkout)', () => {
  it('within the window: refunds the payment once, ends access at once, marks the invoice and emails a receipt', async () => {
    const clock = movableClock();
    const app = await createTestApp({}, { clock: clock.now });
    const owner = await subscribedOwner(app);
    clock.advanceDays(29);
    owner.cookie = await login(app, owner.email);
    const status = await refundStatusOf(app, owner.cookie);
    expect(status).toMatchObject({ eligible: true, reason: 'eligible' });
    expect((status.deadline ?? 0) - (status.firstPaymentAt ?? 0)).toBe(30 * 24 * 3600);

    const refunded = await requestRefund(app, owner.cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({
      success: true,
      message: 'Your payment of $49.00 has been refunded. Your subscription has ended.',
    });
    expect(await accessOf(app, owner.cookie)).toEqual({
      hasAccess: false,
      requiresRedirect: true,
      reason: 'subscription_ended',
    });
    expect((await call(app, owner.cookie, gatedCalls[0] ?? {})).statusCode).toBe(403);
    const subscription = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/subscription' })
    ).json();
    expect(subscription).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    const invoices = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/invoices' })
    ).json<{ amount_paid: number; amount_refunded: number }[]>();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      amount_paid: PLAN.amountInCents,
      amount_refunded: PLAN.amountInCents,
    });

    const receipts = (await readOutbox(app)).filter((raw) => raw.includes('refund receipt'));
    expect(receipts).toHaveLength(1);
    const receipt = decodeQuotedPrintable(receipts[0] ?? '');
    expect(receipt).toContain(`To: ${owner.email}`);
    expect(receipt).toContain('We have refunded your Vouchly payment of $49.00');
    expect(receipt).toContain('<strong>$49.00</strong>');

    // A second request (a replay) gives nothing more back and sends no second receipt.
    const again = await requestRefund(app, owner.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'REFUND_NOT_AVAILABLE',
      message: 'This account has had its refund already.',
    });
    expect(await refundStatusOf(app, owner.cookie)).toMatchObject({
      eligible: false,
      reason: 'already_refunded',
    });
    expect((await readOutbox(app)).filter((raw) => raw.includes('refund receipt'))).toHaveLength(1);
  });

  it('two requests at once refund once and send one receipt', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwner(app);
    const answers = await Promise.all([
      requestRefund(app, owner.cookie),
      requestRefund(app, owner.cookie),
    ]);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const invoices = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/invoices' })
    ).json<{ amount_refunded: number }[]>();
    expect(invoices.map((invoice) => invoice.amount_refunded)).toEqual([PLAN.amountInCents]);
    expect((await readOutbox(app)).filter((raw) => raw.includes('refund receipt'))).toHaveLength(1);
  });

  it('after the window: no refund, and the status says when the first payment was', async () => {
    const clock = movableClock();
    const app = await createTestApp({}, { clock: clock.now });
    const owner = await subscribedOwner(app);
    clock.advanceDays(29);
    owner.cookie = await login(app, owner.email);
    clock.advanceDays(1.01);
    const status = await refundStatusOf(app, owner.cookie);
    expect(status).toMatchObject({ eligible: false, reason: 'window_passed' });
    expect(status.firstPaymentAt).toEqual(expect.any(Number));
    const response = await requestRefund(app, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Refunds are available within 30 days of your first payment.',
    );
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(true);
  });

  it('once per account: a refunded owner who subscribes again gets no second refund', async () => {
    const app = await createTestApp();
    const owner = await subscribedOwner(app);
    expect((await requestRefund(app, owner.cookie)).statusCode).toBe(200);
    await pay(app, owner.cookie, await startCheckout(app, owner.cookie));
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(true);
    expect(await refundStatusOf(app, owner.cookie)).toMatchObject({
      eligible: false,
      reason: 'already_refunded',
    });
    expect((await requestRefund(app, owner.cookie)).statusCode).toBe(400);
  });

  it('without a payment there is nothing to refund', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app, { access: false });
    expect(await refundStatusOf(app, owner.cookie)).toEqual({
      eligible: false,
      reason: 'no_payment',
      firstPaymentAt: null,
      deadline: null,
    });
    const response = await requestRefund(app, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('There is no payment to refund.');
  });
});

describe('resume a subscription canceled at period end (test checkout)', () => {
  it('resume clears cancel at period end; the subscription renews again', async () => {
    const clock = movableClock();
    const app = await createTestApp({}, { clock: clock.now });
    const owner = await subscribedOwner(app);
    await call(app, owner.cookie, { method: 'POST', url: '/api/cancel-subscription' });
    const resumed = await call(app, owner.cookie, {
      method: 'POST',
      url: '/api/billing/resume-subscription',
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().message).toMatch(
      /^Your subscription will renew on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
    );
    const subscription = (
      await call(app, owner.cookie, { method: 'GET', url: '/api/billing/subscription' })
    ).json();
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect((await accessOf(app, owner.cookie)).reason).toBe('active_subscription');
    clock.advanceDays(366);
    owner.cookie = await login(app, owner.email);
    expect((await accessOf(app, owner.cookie)).reason).toBe('active_subscription');
  });

  it('resume after the period ended is refused', async () => {
    const clock = movableClock();
    const app = await createTestApp({}, { clock: clock.now });
    const owner = await subscribedOwner(app);
    await call(app, owner.cookie, { method: 'POST', url: '/api/cancel-subscription' });
    clock.advanceDays(366);
    owner.cookie = await login(app, owner.email);
    const response = await call(app, owner.cookie, {
      method: 'POST',
      url: '/api/billing/resume-subscription',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'There is no subscription to resume: it has ended. Please subscribe again.',
    );
    expect((await accessOf(app, owner.cookie)).hasAccess).toBe(false);
  });
});
