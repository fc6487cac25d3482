// The built-in test checkout as an owner meets it: what is bought, for how
// much, that no card is charged; Pay completes it and follows the server;
// Cancel goes back; a finished or unknown session says so.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTestCheckout, payTestCheckout } from '../../../shared/contracts/billing';
import type { TestCheckoutSession } from '../../../shared/schemas/billing';
import { productName } from '../../lib/product';
import { createTestCheckoutSession } from '../../testing/billing-factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server, type ContractAnswer } from '../../testing/server';
import { TestCheckoutPage } from './test-checkout-page';

const SUCCESS_URL = 'http://localhost:3000/subscribe/success?session_id=cs_local_1';

/** The session (GET) and Pay (POST answering `pay()`); answers how often Pay was called. */
function serveCheckout(
  session: TestCheckoutSession | (() => ContractAnswer<typeof getTestCheckout>),
  pay: () => ContractAnswer<typeof payTestCheckout> = () => ({ redirectUrl: SUCCESS_URL }),
) {
  const calls = { pay: 0 };
  server.use(
    mock(getTestCheckout, () => (typeof session === 'function' ? session() : session)),
    mock(payTestCheckout, async () => {
      calls.pay += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return pay();
    }),
  );
  return calls;
}

function renderCheckout() {
  return renderScreen(<TestCheckoutPage />, {
    path: '/checkout/test/cs_local_1',
    routePath: '/checkout/test/:sessionId',
    routes: [
      { path: '/subscribe', element: <h1>Subscribe</h1> },
      { path: '/subscribe/success', element: <h1>Verifying</h1> },
    ],
  });
}

describe('TestCheckoutPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows what is bought, for how much and by whom, and that no card is charged', async () => {
    serveCheckout(createTestCheckoutSession({ email: 'owner@sunrise.example' }));
    renderCheckout();

    expect(await screen.findByText('Test checkout: no card is charged')).toBeDefined();
    expect(screen.getByRole('heading', { name: productName })).toBeDefined();
    expect(screen.getByText('$49.00')).toBeDefined();
    expect(screen.getByText('/ year')).toBeDefined();
    expect(screen.getByText('Annual Plan · Billed annually')).toBeDefined();
    expect(screen.getByText('owner@sunrise.example')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Pay $49.00' })).toBeDefined();
  });

  it('Pay completes the session and follows the server to the success page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = serveCheckout(createTestCheckoutSession());
    const { user } = renderCheckout();

    await user.click(await screen.findByRole('button', { name: 'Pay $49.00' }));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDefined();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SUCCESS_URL));
    expect(calls.pay).toBe(1);
  });

  it('says when the payment fails, and lets the owner try again', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serveCheckout(createTestCheckoutSession(), () =>
      apiErrorResponse(409, 'CONFLICT', 'This checkout has expired'),
    );
    const { user } = renderCheckout();

    await user.click(await screen.findByRole('button', { name: 'Pay $49.00' }));

    expect(await screen.findByText('This checkout has expired')).toBeDefined();
    expect(screen.getByText('Payment failed')).toBeDefined();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay $49.00' })).toBeDefined();
  });

  it('Cancel goes back to where the checkout started, which says it was cancelled', async () => {
    serveCheckout(
      createTestCheckoutSession({
        cancelUrl: 'http://localhost:3000/subscribe?checkout=cancelled',
      }),
    );
    const { user } = renderCheckout();

    const cancel = await screen.findByRole('link', { name: 'Cancel' });
    expect(cancel.getAttribute('href')).toBe('/subscribe?checkout=cancelled');
    await user.click(cancel);

    expect(await screen.findByRole('heading', { name: 'Subscribe' })).toBeDefined();
  });

  it('a finished session points to its success page instead of taking another payment', async () => {
    serveCheckout(createTestCheckoutSession({ status: 'complete', successUrl: SUCCESS_URL }));
    renderCheckout();

    expect(
      await screen.findByRole('heading', { name: 'This checkout is already complete' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/subscribe/success?session_id=cs_local_1',
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('says so when the session does not exist', async () => {
    serveCheckout(() => apiErrorResponse(404, 'NOT_FOUND', 'Checkout session not found'));
    renderCheckout();

    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});
