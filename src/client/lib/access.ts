// Paid access (docs/product/billing.md#paid-access, docs/product/README.md#who-may-do-what): whether the signed-in owner may use the
// five gated pages, and the plan the subscribe panel offers. Read by the route
// gate (app/), the upgrade and billing screens (features/billing) and the
// sign-up wizard's upgrade step (features/auth), so it lives below features/.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ACCESS_STATUS_POLL_MS } from '../../shared/constants';
import {
  createCheckoutSession,
  getAccessStatus,
  getPlan,
  redeemAccessCode,
} from '../../shared/contracts/billing';
import { ACCESS_REQUIRED_CODE, type AccessCodeInput } from '../../shared/schemas/billing';
import { ApiError, call, contractQuery, isUnauthorizedError, keyOf } from './api';
import { sessionQueries, useCurrentUser } from './session';

export const accessQueries = {
  /** GET /api/user/access-status: one retry, re-checked every 5 minutes (docs/product/billing.md#calls, docs/product/limits.md). */
  status: () =>
    queryOptions({
      queryKey: keyOf(getAccessStatus, {}),
      queryFn: async ({ signal, client }) => {
        try {
          return await call(getAccessStatus, {}, { signal });
        } catch (error) {
          // The session ended elsewhere: we are signed out now, and the guards send us on.
          if (isUnauthorizedError(error))
            client.setQueryData(sessionQueries.currentUser().queryKey, null);
          throw error;
        }
      },
      retry: (failureCount, error) => !isUnauthorizedError(error) && failureCount < 1,
      refetchInterval: ACCESS_STATUS_POLL_MS,
    }),
  /** GET /api/billing/plan: the plan and who takes the payment; it never changes while the app runs. */
  plan: () => queryOptions({ ...contractQuery(getPlan, {}), staleTime: Infinity }),
};

/** The signed-in owner's access; only asked while signed in (docs/product/billing.md#paid-access). */
export function useAccessStatus() {
  const { data: user } = useCurrentUser();
  return useQuery({ ...accessQueries.status(), enabled: Boolean(user) });
}

export function useBillingPlan() {
  return useQuery(accessQueries.plan());
}

/** Access may have changed (a payment, a code, a cancel, a refused call): ask again. */
export function refreshAccessStatus(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accessQueries.status().queryKey });
}

/** True for the 403 an owner call behind a gated page answers without paid access. */
export function isAccessRequiredError(error: unknown): boolean {
  return error instanceof ApiError && error.code === ACCESS_REQUIRED_CODE;
}

/** The two calls that grant access, shared by the upgrade screen and the sign-up wizard. */
export const accessRequests = {
  /** POST /api/create-checkout-session. */
  startCheckout: () => call(createCheckoutSession, {}),
  /** POST /api/validate-access-code. */
  validateAccessCode: (input: AccessCodeInput) => call(redeemAccessCode, { body: input }),
};
