// The billing screens' calls (docs/product/billing.md#calls): the subscription and its invoices, the
// cancel, the checkout verification, the dashboard's sync and the built-in
// test checkout. Access status, the plan, starting a checkout and access codes
// are shared with other features: lib/access.ts and components/paid-access.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SUBSCRIPTION_SYNC_DELAY_MS } from '../../../shared/constants';
import type {
  BillingResult,
  Invoice,
  Subscription,
  TestCheckoutPayResult,
  TestCheckoutSession,
} from '../../../shared/schemas/billing';
import { useAdminActionError } from '../../components/moderation';
import { toast } from '../../components/ui/toast';
import { refreshAccessStatus } from '../../lib/access';
import { api, getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { sessionQueries } from '../../lib/session';
import { formatUnixDate } from '../../../shared/billing-format';

const subscriptionUrl = '/api/billing/subscription';
const invoicesUrl = '/api/billing/invoices';
const checkoutSuccessUrl = '/api/checkout-success';
const testCheckoutUrl = '/api/test-checkout';

/** docs/product/messages.md#billing: billing reads are tried up to 3 times, but a 401 (session gone) at once. */
const retryBillingRead = (failureCount: number, error: Error) =>
  !isUnauthorizedError(error) && failureCount < 2;

export const billingQueries = {
  /** The owner's latest subscription, null when there is none. */
  subscription: () =>
    queryOptions({
      queryKey: [subscriptionUrl] as const,
      queryFn: ({ signal }) => api.get<Subscription | null>(subscriptionUrl, { signal }),
      retry: retryBillingRead,
    }),
  /** Newest first. */
  invoices: () =>
    queryOptions({
      queryKey: [invoicesUrl] as const,
      queryFn: ({ signal }) => api.get<Invoice[]>(invoicesUrl, { signal }),
      retry: retryBillingRead,
    }),
  /**
   * Verifies a finished checkout. Not kept once the screen is left, so coming
   * back verifies again instead of replaying an old answer.
   */
  checkoutSuccess: (sessionId: string) =>
    queryOptions({
      queryKey: [checkoutSuccessUrl, sessionId] as const,
      queryFn: ({ signal }) =>
        api.get<BillingResult>(
          `${checkoutSuccessUrl}?${new URLSearchParams({ session_id: sessionId }).toString()}`,
          { signal },
        ),
      gcTime: 0,
    }),
  testCheckout: (sessionId: string) =>
    queryOptions({
      queryKey: [testCheckoutUrl, sessionId] as const,
      queryFn: ({ signal }) =>
        api.get<TestCheckoutSession>(`${testCheckoutUrl}/${encodeURIComponent(sessionId)}`, {
          signal,
        }),
    }),
};

export function useSubscription() {
  return useQuery(billingQueries.subscription());
}

export function useInvoices() {
  return useQuery(billingQueries.invoices());
}

export function useCheckoutSuccess(sessionId: string | null) {
  return useQuery({ ...billingQueries.checkoutSuccess(sessionId ?? ''), enabled: Boolean(sessionId) });
}

export function useTestCheckout(sessionId: string) {
  return useQuery(billingQueries.testCheckout(sessionId));
}

/** After a verified checkout: the new access and the user's subscription fields. */
export function useRefreshAfterSubscribing() {
  const queryClient = useQueryClient();
  return () => {
    void refreshAccessStatus(queryClient);
    void queryClient.invalidateQueries({ queryKey: sessionQueries.currentUser().queryKey });
  };
}

/**
 * POST /api/cancel-subscription: cancels at the period end, so access goes on
 * until then (docs/product/billing.md#paid-access). Refreshes the subscription and the access status.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  // A 401 is "Session expired", then /auth (docs/product/messages.md#billing); anything else a toast.
  const reportError = useAdminActionError('billing');
  return useMutation({
    mutationFn: async () => {
      const result = await api.post<BillingResult>('/api/cancel-subscription');
      if (!result.success) throw new Error(result.message);
      return result;
    },
    onSuccess: async () => {
      const before = queryClient.getQueryData(billingQueries.subscription().queryKey);
      toast({
        title: 'Subscription canceled',
        description: before
          ? `You keep access until ${formatUnixDate(before.current_period_end)}.`
          : 'You keep access until the end of the billing period.',
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingQueries.subscription().queryKey }),
        refreshAccessStatus(queryClient),
      ]);
    },
    onError: (error) =>
      reportError(
        error,
        getErrorMessage(error, 'Failed to cancel subscription. Please try again.'),
      ),
  });
}

/** Pays a test checkout session, then leaves for where the server says (the success page). */
export function usePayTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<TestCheckoutPayResult>(`${testCheckoutUrl}/${encodeURIComponent(sessionId)}/pay`),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) => {
      toast({
        title: 'Payment failed',
        description: getErrorMessage(error, 'The test payment could not be completed. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * docs/product/billing.md#paid-access: the dashboard asks the server to sync the subscription with the
 * payment provider once, 2 s after it loads (a payment whose webhook has not
 * arrived yet still unlocks the app). Non-critical: a failure is only logged.
 */
export function useSubscriptionSyncOnLoad() {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => api.post<BillingResult>('/api/sync-subscription'),
    onSuccess: () => refreshAccessStatus(queryClient),
    onError: (error) => console.warn('Subscription sync failed:', error),
  });
  useEffect(() => {
    const timer = window.setTimeout(() => mutate(), SUBSCRIPTION_SYNC_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mutate]);
}
