// Paid access (docs/product/billing.md#paid-access, docs/product/billing.md#checkout, docs/product/billing.md#subscription; docs/security.md rule 13).
// The payment provider (app.payments) is the source of truth; the user's
// subscription columns mirror it and are what access is decided on
// (access.ts). The mirror moves on four roads, all through `mirror()`:
// a verified checkout, a webhook event, a sync, a cancel. Each carries the
// time of its news, and the repository never lets older news overwrite newer.
import type { FastifyBaseLogger } from 'fastify';
import { formatMinorUnits, formatUnixDate } from '../../../shared/billing-format.js';
import { MONEY_BACK_GUARANTEE_DAYS, PLAN } from '../../../shared/constants.js';
import { DAY_MS } from '../../../shared/time.js';
import {
  CHECKOUT_CANCELLED_QUERY,
  INVALID_ACCESS_CODE_CODE,
  PAYMENT_PROVIDER_ERROR_CODE,
  type AccessCodeResult,
  type AccessStatus,
  type BillingPlan,
  type BillingResult,
  type CheckoutSessionResult,
  type Invoice,
  type RefundStatus,
  type Subscription,
  type TestCheckoutSession,
} from '../../../shared/schemas/billing.js';
import { ServiceAwayError } from '../../adapters/circuit-breaker.js';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  type LocalPaymentProvider,
} from '../../adapters/payments/local-provider.js';
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscription,
} from '../../adapters/payments/provider.js';
import type { Executor } from '../../db/executor.js';
import type { BillingRefundRow, UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import {
  AppError,
  badRequest,
  isDatabaseUnavailable,
  notFound,
  serviceUnavailable,
} from '../../errors.js';
import { findUserById, toCurrentUser } from '../auth/service.js';
import { findOwnBusiness } from '../business/service.js';
import { refundReceiptEmail } from './emails.js';
import { accessStatusOf, hasCurrentSubscription, mirrorIsStale } from './access.js';
import { InvoiceMemo } from './invoice-memo.js';
import { ProviderSyncGate } from './provider-sync.js';
import { buildReceipt, type Receipt } from './receipt.js';
import * as repository from './repository.js';

/** One gate per app (its provider object is made once per app), shared by every request. */
const syncGates = new WeakMap<PaymentProvider, ProviderSyncGate>();

function syncGateOf(payments: PaymentProvider): ProviderSyncGate {
  let gate = syncGates.get(payments);
  if (!gate) syncGates.set(payments, (gate = new ProviderSyncGate()));
  return gate;
}

/** One memo of invoices per app, like its sync gate. */
const invoiceMemos = new WeakMap<PaymentProvider, InvoiceMemo>();

function invoiceMemoOf(payments: PaymentProvider): InvoiceMemo {
  let memo = invoiceMemos.get(payments);
  if (!memo) invoiceMemos.set(payments, (memo = new InvoiceMemo()));
  return memo;
}

/** The customer's invoices from the provider, one call serving a whole page load (invoice-memo.ts). */
function invoicesOf(
  deps: Pick<Deps, 'payments' | 'log'>,
  customerId: string | null,
): Promise<Invoice[]> {
  if (!customerId) return Promise.resolve([]);
  return invoiceMemoOf(deps.payments).read(customerId, () =>
    callProvider(deps, () => deps.payments.listInvoices(customerId)),
  );
}

const RECEIPT_NOT_FOUND_MESSAGE = 'Receipt not found';

export const INVALID_ACCESS_CODE_MESSAGE =
  'The access code you entered is not valid. Please check and try again.';

/** Codes are compared without surrounding spaces and case, however they were typed or configured. */
const normalizeAccessCode = (code: string): string => code.trim().toUpperCase();

const toUnixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * What a failed provider call answers: not our fault and not the user's. The
 * provider away: 502 when this call found out (the pause starts now), 503 at
 * once during the pause (plugins/payments.ts), both with Retry-After for the
 * rest of the pause. Any other failure of the provider: 502. Our own database
 * away (the built-in provider's state): the 503 of any database outage.
 */
function providerFailure(log: FastifyBaseLogger, error: unknown): AppError {
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  if (!(error instanceof ServiceAwayError)) {
    log.warn({ err: error }, 'payment provider call failed');
    return new AppError(
      502,
      PAYMENT_PROVIDER_ERROR_CODE,
      'The payment provider could not be reached. Please try again.',
    );
  }
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  if (!error.reachedService) {
    const message = `The payment provider is not answering right now. Please try again in ${seconds} seconds.`;
    return new AppError(503, PAYMENT_PROVIDER_ERROR_CODE, message, undefined, seconds);
  }
  log.warn(
    { err: error.cause },
    `payment provider did not answer: calls to it pause for ${seconds} s`,
  );
  const message = `The payment provider could not be reached. Please try again in ${seconds} seconds.`;
  return new AppError(502, PAYMENT_PROVIDER_ERROR_CODE, message, undefined, seconds);
}

async function callProvider<T>({ log }: Pick<Deps, 'log'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(log, error);
  }
}

/** Mirrors the provider's subscription onto the user; answers the user as it now is. */
async function mirror(
  db: Executor,
  user: UserRow,
  subscription: ProviderSubscription,
  newsAt: Date,
): Promise<UserRow> {
  const updated = await repository.applySubscription(db, user.id, {
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    eventAt: newsAt,
  });
  return updated ?? (await findUserById({ db }, user.id)) ?? user;
}

/** Asks the provider for the user's newest subscription and mirrors it. */
async function syncFromProvider(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<UserRow> {
  if (!user.stripeCustomerId) return user;
  const customerId = user.stripeCustomerId;
  const latest = await callProvider(deps, () => deps.payments.latestSubscription(customerId));
  return latest ? mirror(deps.db, user, latest, deps.clock()) : user;
}

export function getPlan(deps: Pick<Deps, 'payments'>): BillingPlan {
  const { amount, amountInCents, currency, interval, displayPrice, features } = PLAN;
  return {
    amount,
    amountInCents,
    currency,
    interval,
    displayPrice,
    features: [...features],
    provider: { id: deps.payments.id, name: deps.payments.name },
  };
}

/** GET /api/user/access-status; also the gate of the five paid pages (plugins/access-guard.ts). */
export async function getAccessStatus(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<AccessStatus> {
  const now = deps.clock();
  // An access code's access does not depend on the provider: nothing to ask it.
  if (user.isFreeAccount || !mirrorIsStale(user, now)) return accessStatusOf(user, now);
  // Null when the provider is away or slow (provider-sync.ts): decide on what we know.
  const synced = await syncGateOf(deps.payments).read(user.id, () => syncFromProvider(deps, user));
  return accessStatusOf(synced ?? user, now);
}

export async function redeemAccessCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: UserRow,
  code: string,
): Promise<AccessCodeResult> {
  const updated = await deps.db.transaction(async (tx) => {
    const redeemed = await repository.redeemAccessCode(
      tx,
      normalizeAccessCode(code),
      user.id,
      deps.clock(),
    );
    if (!redeemed) throw new AppError(400, INVALID_ACCESS_CODE_CODE, INVALID_ACCESS_CODE_MESSAGE);
    return repository.setFreeAccount(tx, user.id);
  });
  if (!updated) throw notFound('User not found');
  return {
    success: true,
    message: 'Your account has been activated.',
    user: toCurrentUser(updated),
  };
}

/** ACCESS_CODES at start-up, and `npm run access-codes`: inserts the new ones. */
export function addAccessCodes(
  { db }: Pick<Deps, 'db'>,
  codes: readonly string[],
): Promise<number> {
  return repository.insertAccessCodes(db, [
    ...new Set(codes.map(normalizeAccessCode).filter(Boolean)),
  ]);
}

export async function createCheckout(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log' | 'config'>,
  user: UserRow,
): Promise<CheckoutSessionResult> {
  // The mirror may be behind a late webhook: ask the provider before selling a second subscription.
  const current = await syncFromProvider(deps, user);
  if (hasCurrentSubscription(current, deps.clock()))
    return { isAlreadySubscribed: true, checkoutUrl: null };
  const checkout = await callProvider(deps, () =>
    deps.payments.createCheckout({
      userId: user.id,
      email: user.email,
      customerId: current.stripeCustomerId,
      successUrl: `${deps.config.baseUrl}/subscribe/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${deps.config.baseUrl}/subscribe?${CHECKOUT_CANCELLED_QUERY.name}=${CHECKOUT_CANCELLED_QUERY.value}`,
    }),
  );
  if (checkout.customerId !== current.stripeCustomerId) {
    await repository.setCustomerId(deps.db, user.id, checkout.customerId);
  }
  return { isAlreadySubscribed: false, checkoutUrl: checkout.url };
}

/**
 * GET /api/checkout-success: the session must exist, be the caller's and be
 * paid. Mirrors its subscription at once, so access does not wait for the webhook.
 */
export async function verifyCheckout(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
  sessionId: string,
): Promise<BillingResult> {
  const session = await callProvider(deps, () => deps.payments.getCheckoutSession(sessionId));
  if (!session || session.userId !== user.id) throw notFound('Checkout session not found');
  if (!session.paid || !session.subscriptionId) {
    throw new AppError(400, 'CHECKOUT_NOT_PAID', 'The payment for this checkout is not complete.');
  }
  const subscriptionId = session.subscriptionId;
  const subscription = await callProvider(deps, () =>
    deps.payments.getSubscription(subscriptionId),
  );
  if (!subscription) throw notFound('Subscription not found');
  invoiceMemoOf(deps.payments).forget(subscription.customerId);
  await mirror(deps.db, user, subscription, deps.clock());
  return { success: true, message: 'Subscription activated!' };
}

export async function syncSubscription(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<BillingResult> {
  if (!user.stripeCustomerId) return { success: true, message: 'No subscription to sync.' };
  const synced = await syncFromProvider(deps, user);
  return { success: true, message: `Subscription synced: ${synced.subscriptionStatus ?? 'none'}.` };
}

function toSubscription(subscription: ProviderSubscription): Subscription {
  return {
    id: subscription.id,
    status: subscription.status,
    current_period_start: toUnixSeconds(subscription.currentPeriodStart),
    current_period_end: toUnixSeconds(subscription.currentPeriodEnd),
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
  };
}

/** The subscription as the mirror last heard of it, marked so; null when the mirror holds none. */
function lastKnownSubscription(user: UserRow): Subscription | null {
  const {
    stripeSubscriptionId: id,
    subscriptionStatus: status,
    subscriptionStartDate: start,
    subscriptionEndDate: end,
  } = user;
  if (!id || !status || !start || !end) return null;
  return {
    id,
    status,
    current_period_start: toUnixSeconds(start),
    current_period_end: toUnixSeconds(end),
    cancel_at_period_end: user.subscriptionCancelAtPeriodEnd,
    last_known: true,
  };
}

/**
 * The user's current (or latest) subscription as the provider reports it; null
 * when they never subscribed. While the provider is away, the mirror's copy
 * (every verified checkout, webhook, sync and cancel updates it), marked
 * `last_known`; without one, the provider's error.
 */
export async function getSubscription(
  deps: Pick<Deps, 'payments' | 'log'>,
  user: UserRow,
): Promise<Subscription | null> {
  const { stripeSubscriptionId: subscriptionId, stripeCustomerId: customerId } = user;
  if (!subscriptionId && !customerId) return null;
  try {
    const subscription = await (subscriptionId
      ? deps.payments.getSubscription(subscriptionId)
      : deps.payments.latestSubscription(customerId ?? ''));
    return subscription ? toSubscription(subscription) : null;
  } catch (error) {
    const lastKnown = error instanceof ServiceAwayError ? lastKnownSubscription(user) : null;
    if (lastKnown) return lastKnown;
    throw providerFailure(deps.log, error);
  }
}

export async function listInvoices(
  deps: Pick<Deps, 'db' | 'payments' | 'log'>,
  user: UserRow,
): Promise<Invoice[]> {
  if (!user.stripeCustomerId) return [];
  // Stripe's invoices do not say what was refunded: the refund Vouchly made does.
  const [invoices, refund] = await Promise.all([
    invoicesOf(deps, user.stripeCustomerId),
    repository.findRefund(deps.db, user.id),
  ]);
  return invoices.map((invoice) =>
    refund?.invoiceId === invoice.id
      ? { ...invoice, amount_refunded: Math.max(invoice.amount_refunded, refund.amount) }
      : invoice,
  );
}

/** Cancel at period end: access continues until the period ends (docs/product/billing.md#paid-access). */
export async function cancelSubscription(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<BillingResult> {
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId || !hasCurrentSubscription(user, deps.clock())) {
    throw badRequest('There is no active subscription to cancel.');
  }
  const subscription = await callProvider(deps, () =>
    deps.payments.cancelAtPeriodEnd(subscriptionId),
  );
  const updated = await mirror(deps.db, user, subscription, deps.clock());
  const end = updated.subscriptionEndDate ?? subscription.currentPeriodEnd;
  return {
    success: true,
    message: `Your subscription is canceled. You keep access until ${end.toISOString().slice(0, 10)}.`,
  };
}

/** Resume: clears cancel at period end while the period runs (docs/product/billing.md#subscription). */
export async function resumeSubscription(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<BillingResult> {
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId || !hasCurrentSubscription(user, deps.clock())) {
    throw badRequest('There is no subscription to resume: it has ended. Please subscribe again.');
  }
  const subscription = await callProvider(deps, () =>
    deps.payments.resumeSubscription(subscriptionId),
  );
  await mirror(deps.db, user, subscription, deps.clock());
  return {
    success: true,
    message: `Your subscription will renew on ${formatUnixDate(toUnixSeconds(subscription.currentPeriodEnd), 'UTC')}.`,
  };
}

/** The code of a refund the account may not have (400). */
const REFUND_NOT_AVAILABLE_CODE = 'REFUND_NOT_AVAILABLE';

const GUARANTEE_SECONDS = (MONEY_BACK_GUARANTEE_DAYS * DAY_MS) / 1000;

/**
 * The money-back guarantee (docs/product/billing.md#refund, docs/decisions/0027): the
 * account's first payment ever, refunded once, within MONEY_BACK_GUARANTEE_DAYS of it,
 * while its subscription runs. A refunded account that subscribes again has no second one.
 */
async function refundStatusOf(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<{
  status: RefundStatus;
  firstInvoice: Invoice | null;
  refund: BillingRefundRow | null;
}> {
  const [invoices, refund] = await Promise.all([
    invoicesOf(deps, user.stripeCustomerId),
    repository.findRefund(deps.db, user.id),
  ]);
  const firstInvoice =
    invoices
      .filter((invoice) => invoice.amount_paid > 0)
      .sort((a, b) => a.created - b.created)[0] ?? null;
  const firstPaymentAt = firstInvoice?.created ?? null;
  const deadline = firstPaymentAt === null ? null : firstPaymentAt + GUARANTEE_SECONDS;
  const answer = (reason: RefundStatus['reason']) => ({
    status: { eligible: reason === 'eligible', reason, firstPaymentAt, deadline },
    firstInvoice,
    refund,
  });
  if (refund) return answer('already_refunded');
  if (deadline === null) return answer('no_payment');
  const now = deps.clock();
  if (toUnixSeconds(now) >= deadline) return answer('window_passed');
  if (!hasCurrentSubscription(user, now)) return answer('no_subscription');
  return answer('eligible');
}

/** GET /api/billing/refund: whether the page offers "Request a refund", and why not. */
export async function getRefundStatus(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>,
  user: UserRow,
): Promise<RefundStatus> {
  return (await refundStatusOf(deps, user)).status;
}

const REFUND_REFUSALS: Record<Exclude<RefundStatus['reason'], 'eligible'>, string> = {
  already_refunded: 'This account has had its refund already.',
  no_payment: 'There is no payment to refund.',
  no_subscription: 'There is no active subscription to refund.',
  window_passed: `Refunds are available within ${MONEY_BACK_GUARANTEE_DAYS} days of your first payment.`,
};

/**
 * POST /api/billing/refund: gives the first payment back, ends the subscription
 * now (access ends at once) and emails a receipt. A provider failure before the
 * refund changes nothing. The provider refunds an invoice once however often it
 * is asked, and the account records one refund, so a double click refunds once
 * and sends one receipt; a retry after the refund went through but the cancel
 * failed finishes the cancel.
 */
export async function requestRefund(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log' | 'mailer' | 'config'>,
  user: UserRow,
): Promise<BillingResult> {
  const subscriptionId = user.stripeSubscriptionId;
  const { status, firstInvoice, refund: earlier } = await refundStatusOf(deps, user);
  // The refund went through but ending its subscription failed: finish that.
  const unfinished =
    earlier?.subscriptionId === subscriptionId && hasCurrentSubscription(user, deps.clock());
  if (!subscriptionId || !firstInvoice || (!status.eligible && !unfinished)) {
    const reason = status.reason === 'eligible' ? 'no_subscription' : status.reason;
    throw new AppError(400, REFUND_NOT_AVAILABLE_CODE, REFUND_REFUSALS[reason]);
  }
  const invoiceId = firstInvoice.id;
  const refund = await callProvider(deps, () => deps.payments.refundInvoice(invoiceId));
  invoiceMemoOf(deps.payments).forget(user.stripeCustomerId);
  const recorded = await repository.recordRefund(deps.db, {
    userId: user.id,
    invoiceId,
    subscriptionId,
    refundId: refund.id,
    amount: refund.amount,
    currency: refund.currency,
    createdAt: deps.clock(),
  });
  const subscription = await callProvider(deps, () => deps.payments.cancelNow(subscriptionId));
  await mirror(deps.db, user, subscription, deps.clock());
  const amount = formatMinorUnits(refund.amount, refund.currency);
  if (recorded) {
    try {
      await deps.mailer.send(
        refundReceiptEmail({
          to: user.email,
          productName: deps.config.productName,
          amount,
          date: formatUnixDate(toUnixSeconds(deps.clock()), 'UTC'),
          invoiceId,
          refundId: refund.id,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, userId: user.id }, 'could not send the refund receipt');
    }
  }
  return {
    success: true,
    message: `Your payment of ${amount} has been refunded. Your subscription has ended.`,
  };
}

/**
 * POST /api/stripe/webhook: the event id is recorded in the same transaction
 * as its effect, so a replay has none. An event that names its subscription
 * only by id has it read from the provider, after the replay check; if that
 * read fails the answer is 5xx, so the provider sends the event again later.
 * An event about a customer we do not know is recorded and otherwise ignored.
 */
export async function handleWebhook(
  deps: Pick<Deps, 'db' | 'payments' | 'log'>,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  let event: PaymentEvent | null;
  try {
    event = await deps.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid webhook signature');
    throw error;
  }
  if (!event) return { received: true };
  // A replay (Stripe retries until it hears 2xx) costs one read and no provider call.
  if (await repository.hasEvent(deps.db, event.id)) return { received: true, duplicate: true };
  const { subscriptionId } = event;
  const subscription =
    event.subscription ??
    (subscriptionId
      ? await callProvider(deps, () => deps.payments.getSubscription(subscriptionId))
      : null);
  const customerId = subscription?.customerId ?? event.customerId;
  invoiceMemoOf(deps.payments).forget(customerId);
  const user =
    (event.userId ? await findUserById(deps, event.userId) : null) ??
    (customerId ? await repository.findUserByCustomerId(deps.db, customerId) : null);
  const applied = await deps.db.transaction(async (tx) => {
    if (!(await repository.recordEvent(tx, event.id, event.type))) return false;
    if (user && subscription) await mirror(tx, user, subscription, event.createdAt);
    return true;
  });
  if (!user)
    deps.log.warn({ eventId: event.id, type: event.type }, 'payment event for an unknown customer');
  return applied ? { received: true } : { received: true, duplicate: true };
}

// The built-in test checkout (docs/product/billing.md#test-checkout, an embedded default): only with the local provider.

function localProvider(deps: Pick<Deps, 'payments'>): LocalPaymentProvider {
  if (deps.payments.id !== 'local') throw notFound('Test checkout is not enabled');
  return deps.payments as LocalPaymentProvider;
}

async function requireOwnTestCheckout(
  deps: Pick<Deps, 'payments'>,
  user: UserRow,
  sessionId: string,
) {
  const session = await localProvider(deps).getTestCheckout(sessionId);
  if (!session || session.userId !== user.id) throw notFound('Checkout session not found');
  return session;
}

/** Whether the test checkout's page of this session is the user's to open (never with Stripe). */
export async function isOwnTestCheckout(
  deps: Pick<Deps, 'payments'>,
  user: UserRow,
  sessionId: string,
): Promise<boolean> {
  if (deps.payments.id !== 'local') return false;
  const session = await localProvider(deps).getTestCheckout(sessionId);
  return session?.userId === user.id;
}

export async function getTestCheckout(
  deps: Pick<Deps, 'payments'>,
  user: UserRow,
  sessionId: string,
): Promise<TestCheckoutSession> {
  const session = await requireOwnTestCheckout(deps, user, sessionId);
  return {
    id: session.id,
    status: session.status,
    email: user.email,
    amountInCents: PLAN.amountInCents,
    currency: PLAN.currency,
    interval: PLAN.interval,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
  };
}

/** Pay: completes the session, mirrors the new subscription, answers where to go. */
export async function payTestCheckout(
  deps: Pick<Deps, 'db' | 'payments' | 'clock'>,
  user: UserRow,
  sessionId: string,
): Promise<{ redirectUrl: string }> {
  await requireOwnTestCheckout(deps, user, sessionId);
  const { session, subscription } = await localProvider(deps).completeTestCheckout(sessionId);
  invoiceMemoOf(deps.payments).forget(subscription.customerId);
  await mirror(deps.db, user, subscription, deps.clock());
  return { redirectUrl: session.successUrl };
}

/**
 * The receipt of one of the user's paid invoices, whichever the provider
 * (docs/product/billing.md#receipts). 404 when the invoice is unknown, another
 * customer's, or not paid: only the user's own customer id is asked about.
 */
export async function getReceipt(
  deps: Pick<Deps, 'db' | 'payments' | 'log' | 'config'>,
  user: UserRow,
  invoiceId: string,
): Promise<Receipt> {
  const customerId = user.stripeCustomerId;
  const details = customerId
    ? await callProvider(deps, () => deps.payments.getInvoice(customerId, invoiceId))
    : null;
  if (details?.invoice.status !== 'paid') throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
  const business = await findOwnBusiness(deps, user.id);
  return buildReceipt({
    details,
    seller: deps.config.seller,
    buyer: { businessName: business?.name ?? null, email: user.email },
    providerName: deps.payments.name,
  });
}
