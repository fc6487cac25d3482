// The billing screens' calls (docs/product/billing.md#calls): the subscription and its invoices, the
// cancel and resume, the money-back refund, the checkout verification, the dashboard's sync and the built-in
// test checkout. Access status, the plan, starting a checkout and access codes
// are shared with other features: lib/access.ts and components/paid-access.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SUBSCRIPTION_SYNC_DELAY_MS } from '../../../shared/constants';
import {
  cancelSubscription,
  getRefundStatus,
  getSubscription,
  getTestCheckout,
  listInvoices,
  payTestCheckout,
  requestRefund,
  resumeSubscription,
  syncSubscription,
  verifyCheckout,
} from '../../../shared/contracts/billing';
import { useAdminActionError } from '../../components/moderation';
import { toast } from '../../components/ui/toast';
import { refreshAccessStatus } from '../../lib/access';
import { call, contractQuery, getErrorMessage, isUnauthorizedError } from '../../lib/api';
import { sessionQueries } from '../../lib/session';
import { formatUnixDate } from '../../../shared/billing-format';
import type { BillingResult } from '../../../shared/schemas/billing';

/** docs/product/messages.md#billing: billing reads are tried up to 3 times, but a 401 (session gone) at once. */
const retryBillingRead = (failureCount: number, error: Error) =>
  !isUnauthorizedError(error) && failureCount < 2;

const billingQueries = {
  /** The owner's latest subscription, null when there is none. */
  subscription: () =>
    queryOptions({ ...contractQuery(getSubscription, {}), retry: retryBillingRead }),
  /** Whether the money-back guarantee can still be used. */
  refund: () => queryOptions({ ...contractQuery(getRefundStatus, {}), retry: retryBillingRead }),
  /** Newest first. */
  invoices: () => queryOptions({ ...contractQuery(listInvoices, {}), retry: retryBillingRead }),
  /**
   * Verifies a finished checkout. Not kept once the screen is left, so coming
   * back verifies again instead of replaying an old answer.
   */
  checkoutSuccess: (sessionId: string) =>
    queryOptions({
      ...contractQuery(verifyCheckout, { query: { session_id: sessionId } }),
      gcTime: 0,
    }),
  testCheckout: (sessionId: string) => contractQuery(getTestCheckout, { params: { sessionId } }),
};

export function useSubscription() {
  return useQuery(billingQueries.subscription());
}

export function useInvoices() {
  return useQuery(billingQueries.invoices());
}

export function useRefundStatus() {
  return useQuery(billingQueries.refund());
}

export function useCheckoutSuccess(sessionId: string | null) {
  return useQuery({
    ...billingQueries.checkoutSuccess(sessionId ?? ''),
    enabled: Boolean(sessionId),
  });
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
 * A change to the subscription (cancel, resume, refund): the call, its success
 * toast (written from the answer and the period end shown before the change),
 * then the subscription and the access status read again. A 401 is "Session
 * expired", then /auth (docs/product/messages.md#billing); anything else a toast.
 */
function useSubscriptionChange(options: {
  change: typeof cancelSubscription | typeof resumeSubscription | typeof requestRefund;
  success: (
    periodEnd: number | null,
    result: BillingResult,
  ) => { title: string; description: string };
  failure: string;
  /**
   * The change may refund: the refund status and the invoices are read again
   * too, and the refund status after a failure as well (whatever the failure,
   * it shows what is true now).
   */
  refunds?: boolean;
}) {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError('billing');
  const refundKey = billingQueries.refund().queryKey;
  return useMutation({
    mutationFn: async () => {
      const result = await call(options.change, {});
      if (!result.success) throw new Error(result.message);
      return result;
    },
    onSuccess: async (result) => {
      const before = queryClient.getQueryData(billingQueries.subscription().queryKey);
      toast({ ...options.success(before?.current_period_end ?? null, result), variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingQueries.subscription().queryKey }),
        ...(options.refunds
          ? [
              queryClient.invalidateQueries({ queryKey: refundKey }),
              queryClient.invalidateQueries({ queryKey: billingQueries.invoices().queryKey }),
            ]
          : []),
        refreshAccessStatus(queryClient),
      ]);
    },
    onError: async (error) => {
      reportError(error, getErrorMessage(error, options.failure));
      if (options.refunds) await queryClient.invalidateQueries({ queryKey: refundKey });
    },
  });
}

/**
 * POST /api/cancel-subscription: cancels at the period end, so access goes on
 * until then (docs/product/billing.md#paid-access).
 */
export function useCancelSubscription() {
  return useSubscriptionChange({
    change: cancelSubscription,
    success: (periodEnd) => ({
      title: 'Subscription canceled',
      description: periodEnd
        ? `You keep access until ${formatUnixDate(periodEnd)}.`
        : 'You keep access until the end of the billing period.',
    }),
    failure: 'Failed to cancel subscription. Please try again.',
  });
}

/** POST /api/billing/resume-subscription: the subscription renews again (docs/product/billing.md#subscription). */
export function useResumeSubscription() {
  return useSubscriptionChange({
    change: resumeSubscription,
    success: (periodEnd) => ({
      title: 'Subscription resumed',
      description: periodEnd
        ? `Your subscription will renew on ${formatUnixDate(periodEnd)}.`
        : 'Your subscription will renew at the end of the billing period.',
    }),
    failure: 'Failed to resume subscription. Please try again.',
  });
}

/**
 * POST /api/billing/refund: the money-back guarantee (docs/product/billing.md#refund). The
 * payment is refunded and the subscription ends now: every billing read and
 * the access status are read again, so the gated pages lock at once.
 */
export function useRequestRefund() {
  return useSubscriptionChange({
    change: requestRefund,
    success: (_periodEnd, result) => ({ title: 'Payment refunded', description: result.message }),
    failure: 'Failed to refund the payment. Please try again.',
    refunds: true,
  });
}

/** Pays a test checkout session, then leaves for where the server says (the success page). */
export function usePayTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: () => call(payTestCheckout, { params: { sessionId } }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: (error) => {
      toast({
        title: 'Payment failed',
        description: getErrorMessage(
          error,
          'The test payment could not be completed. Please try again.',
        ),
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
    mutationFn: () => call(syncSubscription, {}),
    onSuccess: () => refreshAccessStatus(queryClient),
    onError: (error) => console.warn('Subscription sync failed:', error),
  });
  useEffect(() => {
    const timer = window.setTimeout(() => mutate(), SUBSCRIPTION_SYNC_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mutate]);
}
