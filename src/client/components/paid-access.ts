// The two ways to paid access (docs/product/billing.md#checkout, docs/product/messages.md#billing), with their toasts:
// start a checkout (the subscribe panel) and redeem an access code (the
// access-code box). Shared by the upgrade screens and the sign-up wizard.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessCodeInput } from '../../shared/schemas/billing';
import { INVALID_ACCESS_CODE_CODE } from '../../shared/schemas/billing';
import { accessRequests, refreshAccessStatus } from '../lib/access';
import { ApiError, getErrorMessage } from '../lib/api';
import { sessionQueries } from '../lib/session';
import { clearSignupProgress } from '../lib/signup-storage';
import { toast } from './ui/toast';

const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

/** Leaves the app for the payment provider's checkout page. */
function goToCheckout(url: string): void {
  window.location.assign(url);
}

/**
 * POST /api/create-checkout-session, then: already subscribed → a notice and
 * a fresh access check, no redirect; a checkout URL → the wizard's progress
 * is dropped (docs/product/billing.md#checkout) and the browser leaves for it; anything else → the
 * failure toast. `isSuccess` with a URL means the page is on its way out.
 */
export function useStartCheckout({ onCheckoutStart }: { onCheckoutStart?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await accessRequests.startCheckout();
      if (!result.isAlreadySubscribed && !result.checkoutUrl) {
        throw new Error('The server answered no checkout URL');
      }
      return result;
    },
    onSuccess: (result) => {
      if (result.isAlreadySubscribed) {
        toast({
          title: 'Already Subscribed',
          description: 'You already have an active subscription!',
        });
        void refreshAccessStatus(queryClient);
        return;
      }
      clearSignupProgress();
      onCheckoutStart?.();
      if (result.checkoutUrl) goToCheckout(result.checkoutUrl);
    },
    onError: () => {
      toast({ title: 'Error', description: CHECKOUT_FAILED, variant: 'destructive' });
    },
  });
}

/**
 * POST /api/validate-access-code. On success the answered user becomes the
 * current user, access is checked again and `onActivated` runs.
 */
export function useActivateAccessCode({ onActivated }: { onActivated: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessCodeInput) => accessRequests.validateAccessCode(input),
    onSuccess: async (result) => {
      queryClient.setQueryData(sessionQueries.currentUser().queryKey, result.user);
      toast({
        title: 'Access granted!',
        description: 'Your account has been activated.',
        variant: 'success',
      });
      await refreshAccessStatus(queryClient);
      onActivated();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === INVALID_ACCESS_CODE_CODE) {
        toast({
          title: 'Invalid code',
          description: 'The access code you entered is not valid. Please check and try again.',
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });
}
