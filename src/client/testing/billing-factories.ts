// Factories of the paid-access answers (plan, access status, subscription,
// invoices, test checkout) and the handlers that serve the common ones.
import { PLAN } from '../../shared/constants';
import { getAccessStatus, getPlan } from '../../shared/contracts/billing';
import {
  ACCESS_REASONS,
  type AccessStatus,
  type BillingPlan,
  type Invoice,
  type PaymentProviderId,
  type RefundStatus,
  type Subscription,
  type TestCheckoutSession,
} from '../../shared/schemas/billing';
import { mock, type ContractAnswer } from './server';

/** Noon UTC, so the date reads the same in every time zone: Nov 5, 2026 and a year later. */
const PERIOD_START = Date.UTC(2026, 10, 5, 12) / 1000;
const PERIOD_END = Date.UTC(2027, 10, 5, 12) / 1000;

const providerNames: Record<PaymentProviderId, string> = {
  stripe: 'Stripe',
  local: 'Test checkout',
};

function createBillingPlan(provider: PaymentProviderId = 'stripe'): BillingPlan {
  return {
    amount: PLAN.amount,
    amountInCents: PLAN.amountInCents,
    currency: PLAN.currency,
    interval: PLAN.interval,
    displayPrice: PLAN.displayPrice,
    features: [...PLAN.features],
    provider: { id: provider, name: providerNames[provider] },
  };
}

export function createAccessStatus(
  hasAccess: boolean,
  overrides: Partial<AccessStatus> = {},
): AccessStatus {
  return {
    hasAccess,
    requiresRedirect: !hasAccess,
    reason: hasAccess ? ACCESS_REASONS.activeSubscription : ACCESS_REASONS.noSubscription,
    ...overrides,
  };
}

export function createSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    current_period_start: PERIOD_START,
    current_period_end: PERIOD_END,
    cancel_at_period_end: false,
    ...overrides,
  };
}

/** The money-back guarantee's status: by default within the window of a first payment on PERIOD_START. */
export function createRefundStatus(overrides: Partial<RefundStatus> = {}): RefundStatus {
  return {
    eligible: true,
    reason: 'eligible',
    firstPaymentAt: PERIOD_START,
    deadline: PERIOD_START + 30 * 24 * 3600,
    ...overrides,
  };
}

let invoiceSequence = 0;

export function createInvoice(overrides: Partial<Invoice> = {}): Invoice {
  invoiceSequence += 1;
  return {
    id: `in_${invoiceSequence}`,
    amount_paid: PLAN.amountInCents,
    amount_refunded: 0,
    currency: 'usd',
    created: PERIOD_START,
    status: 'paid',
    hosted_invoice_url: `https://pay.example/invoices/in_${invoiceSequence}`,
    invoice_pdf: `https://pay.example/invoices/in_${invoiceSequence}.pdf`,
    ...overrides,
  };
}

export function createTestCheckoutSession(
  overrides: Partial<TestCheckoutSession> = {},
): TestCheckoutSession {
  return {
    id: 'cs_local_1',
    status: 'open',
    email: 'owner@sunrise.example',
    amountInCents: PLAN.amountInCents,
    currency: 'usd',
    interval: PLAN.interval,
    successUrl: 'http://localhost:3000/subscribe/success?session_id=cs_local_1',
    cancelUrl: 'http://localhost:3000/subscribe?checkout=cancelled',
    ...overrides,
  };
}

/** GET /api/billing/plan with `provider` taking the payment. */
export function servePlan(provider: PaymentProviderId = 'stripe') {
  return mock(getPlan, () => createBillingPlan(provider));
}

/**
 * GET /api/user/access-status answering `answer()` (a function, so a test can
 * change it); `checks.count` counts the calls.
 */
export function serveAccessStatus(answer: () => ContractAnswer<typeof getAccessStatus>) {
  const checks = { count: 0 };
  const handler = mock(getAccessStatus, () => {
    checks.count += 1;
    return answer();
  });
  return { handler, checks };
}
