// The owner's home at / (docs/product/README.md#screens-and-routes, docs/product/billing.md#paid-access): the dashboard sits behind the access
// gate, and 2 s after it loads the subscription is synced once (a late
// payment unlocks the gate; a failed sync is only logged).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncSubscription } from '../../shared/contracts/billing';
import { createAccessStatus, serveAccessStatus, servePlan } from '../testing/billing-factories';
import { renderScreen } from '../testing/render';
import { apiErrorResponse, mock, server, type ContractAnswer } from '../testing/server';
import { signedInOwner } from '../testing/session-factories';
import { HomeRoute } from './session-guards';

/** An owner without access; POST /api/sync-subscription answers `sync()`. Counts both calls. */
function serveHome(sync: () => ContractAnswer<typeof syncSubscription>) {
  const access = serveAccessStatus(() => createAccessStatus(false));
  const calls = { sync: 0 };
  server.use(
    ...signedInOwner(),
    servePlan('stripe'),
    access.handler,
    mock(syncSubscription, () => {
      calls.sync += 1;
      return sync();
    }),
  );
  return { calls, checks: access.checks };
}

describe('HomeRoute for a signed-in owner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the upgrade screen instead of the dashboard without access, and syncs the subscription once after 2 s', async () => {
    const { calls, checks } = serveHome(() => ({ success: true, message: 'Synced' }));
    renderScreen(<HomeRoute />);

    expect(
      await screen.findByRole('heading', { name: 'Upgrade to unlock Dashboard' }),
    ).toBeDefined();
    expect(checks.count).toBe(1);
    expect(calls.sync).toBe(0);

    // The sync answered: access is asked again, in case the payment went through.
    await waitFor(() => expect(checks.count).toBe(2), { timeout: 3000 });
    expect(calls.sync).toBe(1);
  });

  it('only logs a failed sync', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls, checks } = serveHome(() =>
      apiErrorResponse(502, 'BAD_GATEWAY', 'Provider down'),
    );
    renderScreen(<HomeRoute />);
    await screen.findByRole('heading', { name: 'Upgrade to unlock Dashboard' });

    await waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 3000 });
    expect(warn.mock.calls[0]?.[0]).toBe('Subscription sync failed:');
    expect(calls.sync).toBe(1);
    expect(checks.count).toBe(1);
    expect(screen.queryByText('Error')).toBeNull();
  });
});
