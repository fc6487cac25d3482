// The subscribe panel as an owner meets it (docs/product/billing.md#subscribe-panel,
// docs/product/billing.md#checkout, docs/product/messages.md#billing): the plan, the note naming who takes the payment, and
// Subscribe Now: a notice without a redirect when already subscribed, the
// checkout page otherwise (dropping the wizard's progress), a toast on failure.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN } from '../../shared/constants';
import { createCheckoutSession } from '../../shared/contracts/billing';
import type { PaymentProviderId } from '../../shared/schemas/billing';
import { accessQueries } from '../lib/access';
import { SIGNUP_STORAGE_KEY } from '../lib/signup-storage';
import { createAccessStatus, servePlan } from '../testing/billing-factories';
import { renderScreen } from '../testing/render';
import { apiErrorResponse, mock, server, type ContractAnswer } from '../testing/server';
import { SubscribePanel, type SubscribePanelVariant } from './subscribe-panel';

const CHECKOUT_URL = 'https://checkout.stripe.example/c/pay/cs_test_1';

function renderPanel({
  provider = 'stripe',
  variant = 'full',
}: { provider?: PaymentProviderId; variant?: SubscribePanelVariant } = {}) {
  server.use(servePlan(provider));
  return renderScreen(<SubscribePanel variant={variant} />);
}

/** POST /api/create-checkout-session answering `answer()`; counts the calls. */
function serveCheckout(answer: () => ContractAnswer<typeof createCheckoutSession>) {
  const calls = { count: 0 };
  server.use(
    mock(createCheckoutSession, () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

const subscribeButton = () => screen.getByRole('button', { name: 'Subscribe Now' });

describe('SubscribePanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the plan, its price and features, and names Stripe as who takes the payment', async () => {
    renderPanel({ provider: 'stripe' });

    const panel = screen.getByRole('region', { name: PLAN.label });
    expect(panel.textContent).toContain(PLAN.displayPrice);
    expect(within(panel).getByText('Billed annually')).toBeDefined();
    const features = within(panel).getByRole('list', { name: 'Included features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(PLAN.features);
    expect(await screen.findByText('Secure payment powered by Stripe')).toBeDefined();
    expect(screen.queryByText('Test checkout: no card is charged')).toBeNull();
  });

  it('says no card is charged with the built-in test checkout, and minimal leaves the features out', async () => {
    renderPanel({ provider: 'local', variant: 'minimal' });

    expect(await screen.findByText('Test checkout: no card is charged')).toBeDefined();
    expect(screen.queryByText(/Secure payment powered by/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Included features' })).toBeNull();
    expect(subscribeButton()).toBeDefined();
  });

  it('goes to the checkout page, dropping the sign-up progress, and says where it is going', async () => {
    window.sessionStorage.setItem(
      SIGNUP_STORAGE_KEY,
      JSON.stringify({ step: 4, userCreated: true }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const calls = serveCheckout(() => ({ isAlreadySubscribed: false, checkoutUrl: CHECKOUT_URL }));
    const { user } = renderPanel({ provider: 'stripe' });
    await screen.findByText('Secure payment powered by Stripe');

    await user.click(subscribeButton());

    expect(await screen.findByRole('button', { name: 'Redirecting to Stripe...' })).toBeDefined();
    expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    expect(calls.count).toBe(1);
    expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
  });

  it('already subscribed: says so, checks access again and stays', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serveCheckout(() => ({ isAlreadySubscribed: true, checkoutUrl: null }));
    const { user, queryClient } = renderPanel();
    const accessKey = accessQueries.status().queryKey;
    queryClient.setQueryData(accessKey, createAccessStatus(false));

    await user.click(subscribeButton());

    expect(await screen.findByText('Already Subscribed')).toBeDefined();
    expect(screen.getByText('You already have an active subscription!')).toBeDefined();
    expect(assign).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(accessKey)?.isInvalidated).toBe(true);
    expect(subscribeButton()).toBeDefined();
  });

  it.each([
    ['the server fails', () => apiErrorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error')],
    ['no checkout URL comes back', () => ({ isAlreadySubscribed: false, checkoutUrl: null })],
  ])('shows the failure toast when %s', async (_, answer) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serveCheckout(answer);
    const { user } = renderPanel();

    await user.click(subscribeButton());

    expect(
      await screen.findByText('Failed to create checkout session. Please try again.'),
    ).toBeDefined();
    expect(screen.getByText('Error')).toBeDefined();
    expect(assign).not.toHaveBeenCalled();
    expect(subscribeButton()).toBeDefined();
  });
});
