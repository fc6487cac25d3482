// /subscribe/success as an owner back from the checkout meets it (docs/product/billing.md#subscribe-success-screen,
// docs/product/billing.md#checkout, docs/product/messages.md#billing): verifying, then activated (toast, fresh access and
// user), or an issue: no session id, or a session that does not verify.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { verifyCheckout } from '../../../shared/contracts/billing';
import { accessQueries } from '../../lib/access';
import { sessionQueries } from '../../lib/session';
import { createAccessStatus } from '../../testing/billing-factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server, type ContractAnswer } from '../../testing/server';
import { createCurrentUser } from '../../testing/session-factories';
import { SubscribeSuccessPage } from './subscribe-success-page';

/** GET /api/checkout-success answering `answer()` once `release` is called; answers the session ids asked. */
function serveVerification(answer: () => ContractAnswer<typeof verifyCheckout>) {
  const asked: (string | null)[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    mock(verifyCheckout, async ({ url }) => {
      asked.push(url.searchParams.get('session_id'));
      await released;
      return answer();
    }),
  );
  return { asked, release };
}

function renderSuccess(path: string) {
  const view = renderScreen(<SubscribeSuccessPage />, {
    path,
    routePath: '/subscribe/success',
    routes: [{ path: '/', element: <h1>Home</h1> }],
  });
  view.queryClient.setQueryData(sessionQueries.currentUser().queryKey, createCurrentUser());
  view.queryClient.setQueryData(accessQueries.status().queryKey, createAccessStatus(false));
  return view;
}

const continueLink = () => screen.getByRole('link', { name: 'Continue to Dashboard' });

describe('SubscribeSuccessPage', () => {
  it('verifies the session, then says the subscription is active and checks access again', async () => {
    const verification = serveVerification(() => ({
      success: true,
      message: 'Subscription activated',
    }));
    const { user, queryClient } = renderSuccess('/subscribe/success?session_id=cs_test_42');

    expect(await screen.findByText('Verifying your subscription...')).toBeDefined();
    verification.release();

    expect(await screen.findByRole('heading', { name: 'Subscription activated!' })).toBeDefined();
    expect(verification.asked).toEqual(['cs_test_42']);
    expect(screen.getAllByText('Subscription activated!')).toHaveLength(2); // the card and the toast
    expect(queryClient.getQueryState(accessQueries.status().queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(sessionQueries.currentUser().queryKey)?.isInvalidated).toBe(
      true,
    );

    await user.click(continueLink());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeDefined();
  });

  it('says there is nothing to verify without a session id, and asks nothing', async () => {
    renderSuccess('/subscribe/success');

    expect(
      await screen.findByText('No session ID found. Please try subscribing again.'),
    ).toBeDefined();
    expect(screen.queryByText('Verifying your subscription...')).toBeNull();
    expect(continueLink().getAttribute('href')).toBe('/');
  });

  it.each([
    ['fails', () => apiErrorResponse(400, 'BAD_REQUEST', 'Payment not completed')],
    ['answers no success', () => ({ success: false, message: 'Payment not completed' })],
  ])('asks the owner to contact support when the verification %s', async (_, answer) => {
    const verification = serveVerification(answer);
    const { queryClient } = renderSuccess('/subscribe/success?session_id=cs_test_43');
    verification.release();

    expect(
      await screen.findByText(
        'There was an issue verifying your subscription. Please contact support.',
      ),
    ).toBeDefined();
    expect(screen.queryByText('Subscription activated!')).toBeNull();
    expect(continueLink().getAttribute('href')).toBe('/');
    expect(queryClient.getQueryState(accessQueries.status().queryKey)?.isInvalidated).toBe(false);
  });
});
