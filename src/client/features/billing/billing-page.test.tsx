// The billing screen as an owner meets it (docs/product/billing.md#billing-screen,
// docs/product/billing.md#subscription, docs/product/messages.md#billing): when the subscription renews or ends, Cancel only
// while active and not canceling, the cancel confirmation and its outcome,
// Resume while canceling, the money-back refund (docs/product/billing.md#refund) and its
// window, the invoices with their amounts, receipts, links and refunds, and an expired session.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getCurrentUser } from '../../../shared/contracts/auth';
import {
  cancelSubscription,
  getRefundStatus,
  getSubscription,
  listInvoices,
  requestRefund,
  resumeSubscription,
} from '../../../shared/contracts/billing';
import type { Invoice, RefundStatus, Subscription } from '../../../shared/schemas/billing';
import { accessQueries } from '../../lib/access';
import {
  createAccessStatus,
  createInvoice,
  createRefundStatus,
  createSubscription,
} from '../../testing/billing-factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server, type ContractAnswer } from '../../testing/server';
import { createCurrentUser } from '../../testing/session-factories';
import { BillingPage } from './billing-page';

const END_DATE = 'November 5, 2027';

/**
 * The owner's stored subscription (a test may change it) and invoices;
 * POST /api/cancel-subscription answers `cancel()` (default: sets cancel at
 * period end). Answers how often each was called.
 */
function serveBilling({
  subscription = createSubscription(),
  invoices = [createInvoice()],
  user = createCurrentUser(),
  cancel,
  refund = createRefundStatus(),
  requestRefund: refundAnswer,
  resume,
}: {
  subscription?: Subscription | null | (() => ContractAnswer<typeof getSubscription>);
  invoices?: Invoice[] | (() => ContractAnswer<typeof listInvoices>);
  user?: ReturnType<typeof createCurrentUser>;
  cancel?: () => ContractAnswer<typeof cancelSubscription>;
  refund?: RefundStatus;
  requestRefund?: () => ContractAnswer<typeof requestRefund>;
  resume?: () => ContractAnswer<typeof resumeSubscription>;
} = {}) {
  let stored = typeof subscription === 'function' ? null : subscription;
  let storedRefund = refund;
  let storedInvoices = invoices;
  const calls = { cancel: 0, invoices: 0, refund: 0, resume: 0 };
  server.use(
    mock(getRefundStatus, () => storedRefund),
    mock(requestRefund, () => {
      calls.refund += 1;
      if (refundAnswer) return refundAnswer();
      if (stored) stored = { ...stored, status: 'canceled' };
      storedRefund = { ...storedRefund, eligible: false, reason: 'already_refunded' };
      if (Array.isArray(storedInvoices))
        storedInvoices = storedInvoices.map((invoice) => ({
          ...invoice,
          amount_refunded: invoice.amount_paid,
        }));
      return {
        success: true,
        message: 'Your payment of $49.00 has been refunded. Your subscription has ended.',
      };
    }),
    mock(resumeSubscription, () => {
      calls.resume += 1;
      if (resume) return resume();
      if (stored) stored = { ...stored, cancel_at_period_end: false };
      return { success: true, message: 'Your subscription will renew on November 5, 2027.' };
    }),
    mock(getCurrentUser, () => user),
    mock(getSubscription, () => (typeof subscription === 'function' ? subscription() : stored)),
    mock(listInvoices, () => {
      calls.invoices += 1;
      return typeof storedInvoices === 'function' ? storedInvoices() : storedInvoices;
    }),
    mock(cancelSubscription, () => {
      calls.cancel += 1;
      if (cancel) return cancel();
      if (stored) stored = { ...stored, cancel_at_period_end: true };
      return { success: true, message: 'Subscription will cancel at period end' };
    }),
  );
  return calls;
}

function renderBilling() {
  return renderScreen(<BillingPage />, {
    path: '/billing',
    routes: [
      { path: '/auth', element: <h1>Sign in</h1> },
      { path: '/subscribe', element: <h1>Subscribe</h1> },
    ],
  });
}

const subscriptionSection = () => screen.getByRole('region', { name: 'Current subscription' });
const invoiceSection = () => screen.getByRole('region', { name: 'Invoice history' });
const cancelButton = () => screen.queryByRole('button', { name: 'Cancel Subscription' });

describe('BillingPage: current subscription', () => {
  it('shows an active subscription, when it renews, and the cancel button', async () => {
    serveBilling();
    renderBilling();

    expect(await screen.findByText(`Renews on ${END_DATE}.`)).toBeDefined();
    expect(within(subscriptionSection()).getByText('Active')).toBeDefined();
    expect(within(subscriptionSection()).getByText('Annual Plan')).toBeDefined();
    expect(cancelButton()).not.toBeNull();
  });

  it.each([
    ['set to cancel', { cancel_at_period_end: true }, `Access ends on ${END_DATE}.`],
    ['past due', { status: 'past_due' }, /latest payment didn't go through/],
    [
      'canceled',
      { status: 'canceled' },
      `This subscription ended on ${END_DATE}. Subscribe again to unlock every feature.`,
    ],
  ])(
    'offers no cancel button when the subscription is %s, and explains',
    async (_, overrides, text) => {
      serveBilling({ subscription: createSubscription(overrides) });
      renderBilling();

      expect(await screen.findByText(text)).toBeDefined();
      expect(cancelButton()).toBeNull();
    },
  );

  it('says when the payment provider did not answer and this is the last status heard of, and checks again on request', async () => {
    let lastKnown = true;
    serveBilling({ subscription: () => createSubscription(lastKnown ? { last_known: true } : {}) });
    const { user } = renderBilling();

    expect(await screen.findByText(`Renews on ${END_DATE}.`)).toBeDefined();
    const note = within(subscriptionSection()).getByText(
      /The payment provider isn't answering right now/,
    );
    expect(note.textContent).toContain('this is the last status we received');
    lastKnown = false;
    await user.click(within(subscriptionSection()).getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() =>
      expect(within(subscriptionSection()).queryByText(/isn't answering/)).toBeNull(),
    );
    expect(screen.getByText(`Renews on ${END_DATE}.`)).toBeDefined();
  });

  it('cancels at the period end after confirming, and says access goes on until then', async () => {
    const calls = serveBilling();
    const { user, queryClient } = renderBilling();
    queryClient.setQueryData(accessQueries.status().queryKey, createAccessStatus(true));
    await screen.findByText(`Renews on ${END_DATE}.`);

    await user.click(cancelButton()!);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(
      within(dialog).getByText(new RegExp(`You keep full access until ${END_DATE}`)),
    ).toBeDefined();
    expect(calls.cancel).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByText(`Access ends on ${END_DATE}.`)).toBeDefined();
    expect(calls.cancel).toBe(1);
    expect(screen.getByText('Subscription canceled')).toBeDefined();
    expect(screen.getByText(`You keep access until ${END_DATE}.`)).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancelButton()).toBeNull();
    expect(queryClient.getQueryState(accessQueries.status().queryKey)?.isInvalidated).toBe(true);
  });

  it.each([
    [
      "the server's message",
      () => apiErrorResponse(400, 'BAD_REQUEST', 'No active subscription to cancel'),
      'No active subscription to cancel',
    ],
    [
      'the fallback',
      () => ({ success: false, message: '' }),
      'Failed to cancel subscription. Please try again.',
    ],
  ])(
    'says why cancelling failed with %s, and keeps the subscription as it was',
    async (_, cancel, message) => {
      serveBilling({ cancel });
      const { user } = renderBilling();
      await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));

      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', {
          name: 'Cancel Subscription',
        }),
      );

      expect(await screen.findByText(message)).toBeDefined();
      expect(screen.getByText('Error')).toBeDefined();
      expect(screen.getByText(`Renews on ${END_DATE}.`)).toBeDefined();
      expect(cancelButton()).not.toBeNull();
    },
  );

  it('without a subscription, offers to subscribe', async () => {
    serveBilling({ subscription: null, invoices: [] });
    const { user } = renderBilling();

    await user.click(await screen.findByRole('link', { name: 'Subscribe' }));

    expect(await screen.findByRole('heading', { name: 'Subscribe' })).toBeDefined();
  });

  it('says access comes from an access code when the account is free', async () => {
    serveBilling({
      subscription: null,
      invoices: [],
      user: createCurrentUser({ isFreeAccount: true }),
    });
    renderBilling();

    expect(await screen.findByText(/full access through an access code/)).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
  });
});

const refundSection = () => screen.getByRole('region', { name: 'Money-back guarantee' });
const refundButton = () => screen.queryByRole('button', { name: 'Request a refund' });
const FIRST_PAYMENT = 'November 5, 2026';

describe('BillingPage: resume a canceling subscription', () => {
  it('offers Resume while canceling; resuming says when it renews', async () => {
    const calls = serveBilling({
      subscription: createSubscription({ cancel_at_period_end: true }),
    });
    const { user, queryClient } = renderBilling();
    queryClient.setQueryData(accessQueries.status().queryKey, createAccessStatus(true));
    await screen.findByText(`Access ends on ${END_DATE}.`);

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));

    expect(await screen.findByText(`Renews on ${END_DATE}.`)).toBeDefined();
    expect(calls.resume).toBe(1);
    expect(screen.getByText('Subscription resumed')).toBeDefined();
    expect(screen.getByText(`Your subscription will renew on ${END_DATE}.`)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
    expect(cancelButton()).not.toBeNull();
  });

  it('says why resuming failed and keeps the subscription canceling', async () => {
    serveBilling({
      subscription: createSubscription({ cancel_at_period_end: true }),
      resume: () =>
        apiErrorResponse(
          400,
          'BAD_REQUEST',
          'There is no subscription to resume: it has ended. Please subscribe again.',
        ),
    });
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }));

    expect(
      await screen.findByText(
        'There is no subscription to resume: it has ended. Please subscribe again.',
      ),
    ).toBeDefined();
    expect(screen.getByText('Error')).toBeDefined();
    expect(screen.getByText(`Access ends on ${END_DATE}.`)).toBeDefined();
  });

  it('offers no Resume for an active subscription that is not canceling', async () => {
    serveBilling();
    renderBilling();
    await screen.findByText(`Renews on ${END_DATE}.`);
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
  });
});

describe('BillingPage: money-back refund', () => {
  it('within the window: confirms, refunds, ends the subscription and marks the invoice refunded', async () => {
    const calls = serveBilling();
    const { user, queryClient } = renderBilling();
    queryClient.setQueryData(accessQueries.status().queryKey, createAccessStatus(true));
    expect(
      await within(refundSection()).findByText(
        new RegExp(
          `Your first payment was on ${FIRST_PAYMENT}\\. You can ask for a full refund until`,
        ),
      ),
    ).toBeDefined();
    expect(within(refundSection()).getByText('December 5, 2026')).toBeDefined();

    await user.click(refundButton()!);
    const dialog = screen.getByRole('alertdialog', { name: 'Request a refund?' });
    expect(within(dialog).getByText(/We refund your payment of \$49\.00 in full/)).toBeDefined();
    expect(calls.refund).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Refund and end subscription' }));

    expect(
      await screen.findByText(
        'Your first payment was refunded. The money-back guarantee applies once per account.',
      ),
    ).toBeDefined();
    expect(calls.refund).toBe(1);
    expect(screen.getByText('Payment refunded')).toBeDefined();
    expect(
      screen.getByText('Your payment of $49.00 has been refunded. Your subscription has ended.'),
    ).toBeDefined();
    expect(refundButton()).toBeNull();
    expect(await within(subscriptionSection()).findByText('Canceled')).toBeDefined();
    expect(await within(invoiceSection()).findByText('Refunded')).toBeDefined();
    expect(queryClient.getQueryState(accessQueries.status().queryKey)?.isInvalidated).toBe(true);
  });

  it('keeps the offer and says why when the refund failed', async () => {
    serveBilling({
      requestRefund: () =>
        apiErrorResponse(
          502,
          'PAYMENT_PROVIDER_ERROR',
          'The payment provider could not be reached. Please try again.',
        ),
    });
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Request a refund' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Refund and end subscription',
      }),
    );

    expect(
      await screen.findByText('The payment provider could not be reached. Please try again.'),
    ).toBeDefined();
    expect(screen.getByText('Error')).toBeDefined();
    expect(refundButton()).not.toBeNull();
    expect(screen.getByText(`Renews on ${END_DATE}.`)).toBeDefined();
  });

  it('after 30 days: no button, and the page says why', async () => {
    serveBilling({ refund: createRefundStatus({ eligible: false, reason: 'window_passed' }) });
    renderBilling();

    expect(
      await within(refundSection()).findByText(
        `Refunds are available within 30 days of your first payment. Your first payment was on ${FIRST_PAYMENT}.`,
      ),
    ).toBeDefined();
    expect(refundButton()).toBeNull();
  });

  it('shows no guarantee section for an account that never paid', async () => {
    serveBilling({
      subscription: null,
      invoices: [],
      refund: createRefundStatus({
        eligible: false,
        reason: 'no_payment',
        firstPaymentAt: null,
        deadline: null,
      }),
    });
    renderBilling();
    await screen.findByRole('link', { name: 'Subscribe' });
    expect(screen.queryByRole('region', { name: 'Money-back guarantee' })).toBeNull();
  });
});

describe('BillingPage: invoices', () => {
  it("links a paid invoice to its receipt and the receipt's PDF, and to the provider's page in a new tab", async () => {
    serveBilling({
      invoices: [
        createInvoice({
          id: 'in_stripe',
          amount_paid: 4900,
          currency: 'usd',
          hosted_invoice_url: 'https://pay.example/i/new',
          invoice_pdf: 'https://pay.example/i/new.pdf',
        }),
        createInvoice({
          id: 'in_local_1',
          hosted_invoice_url: null,
          invoice_pdf: null,
        }),
        createInvoice({
          id: 'in_open',
          amount_paid: 1250,
          currency: 'eur',
          status: 'open',
          hosted_invoice_url: 'https://pay.example/i/old',
          invoice_pdf: null,
        }),
      ],
    });
    renderBilling();

    const list = await screen.findByRole('list', { name: 'Invoices' });
    const [stripe, local, open] = within(list).getAllByRole('listitem');
    expect(within(stripe!).getByText('$49.00')).toBeDefined();
    expect(within(stripe!).getByText('Paid')).toBeDefined();
    const receipt = within(stripe!).getByRole('link', { name: /^Receipt of / });
    expect(receipt.getAttribute('href')).toBe('/billing/receipts/in_stripe');
    expect(receipt.getAttribute('target')).toBeNull();
    const pdf = within(stripe!).getByRole('link', { name: /^Download PDF of the receipt/ });
    expect(pdf.getAttribute('href')).toBe('/api/billing/invoices/in_stripe/receipt.pdf');
    expect(pdf.hasAttribute('download')).toBe(true);
    const view = within(stripe!).getByRole('link', { name: /View invoice .*new tab/ });
    expect(view.getAttribute('href')).toBe('https://pay.example/i/new');
    expect(view.getAttribute('target')).toBe('_blank');
    // Stripe's own PDF is one click away on its page: one "Download PDF", ours.
    expect(within(stripe!).getAllByRole('link', { name: /Download PDF/ })).toHaveLength(1);

    // The test checkout has no pages of its own: our receipt only.
    expect(
      within(local!)
        .getByRole('link', { name: /^Receipt of / })
        .getAttribute('href'),
    ).toBe('/billing/receipts/in_local_1');
    expect(within(local!).getByRole('link', { name: /Download PDF/ })).toBeDefined();
    expect(within(local!).queryByRole('link', { name: /View invoice/ })).toBeNull();

    // Not paid: no receipt, the provider's page only.
    expect(within(open!).getByText('€12.50')).toBeDefined();
    expect(within(open!).getByText('Open')).toBeDefined();
    expect(within(open!).queryByRole('link', { name: /Receipt|Download PDF/ })).toBeNull();
    expect(
      within(open!)
        .getByRole('link', { name: /View invoice/ })
        .getAttribute('href'),
    ).toBe('https://pay.example/i/old');
  });

  it('says when there are no invoices yet', async () => {
    serveBilling({ invoices: [] });
    renderBilling();

    expect(await within(invoiceSection()).findByText('No invoices yet')).toBeDefined();
  });

  it('tries a failing read 3 times, then offers Try again', async () => {
    let fail = true;
    const calls = serveBilling({
      invoices: () =>
        fail ? apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error') : [],
    });
    const { user } = renderBilling();

    expect(
      await screen.findByText("We couldn't load your invoices.", {}, { timeout: 5000 }),
    ).toBeDefined();
    expect(calls.invoices).toBe(3);
    fail = false;
    await user.click(within(invoiceSection()).getByRole('button', { name: 'Try again' }));

    expect(await within(invoiceSection()).findByText('No invoices yet')).toBeDefined();
  }, 10_000);

  it('says when the payment provider is not answering', async () => {
    serveBilling({
      invoices: () =>
        apiErrorResponse(
          503,
          'PAYMENT_PROVIDER_ERROR',
          'The payment provider is not answering right now. Please try again in 30 seconds.',
        ),
    });
    renderBilling();

    expect(
      await within(invoiceSection()).findByText(
        "We couldn't load your invoices. The payment provider isn't answering right now; try again in a minute.",
        {},
        { timeout: 5000 },
      ),
    ).toBeDefined();
  }, 10_000);
});

describe('BillingPage: expired session', () => {
  it('says the session expired, once, and goes to /auth without retrying', async () => {
    const calls = serveBilling({
      subscription: () => apiErrorResponse(401, 'UNAUTHORIZED', 'Unauthorized'),
      invoices: () => apiErrorResponse(401, 'UNAUTHORIZED', 'Unauthorized'),
    });
    renderBilling();

    expect(await screen.findByText('Session expired')).toBeDefined();
    expect(screen.getByText('Please log in again.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();

    expect(
      await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 2000 }),
    ).toBeDefined();
    expect(screen.getAllByText('Session expired')).toHaveLength(1);
    expect(calls.invoices).toBe(1);
  });
});
