// The status change every moderation screen offers (docs/product/testimonials.md#testimonials-screen: Approve, Reject,
// Hide): shown at once (optimistic), rolled back if the server says no, then
// lists, counts and stats refetched. Failures toast "Error" with the words of docs/product/messages.md#testimonials; a 401 ends the session (docs/product/messages.md#session).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TestimonialStatus } from '../../shared/schemas/testimonials';
import {
  editCachedLists,
  refreshTestimonials,
  restoreLists,
  setTestimonialStatus,
  withStatus,
} from '../lib/testimonials';
import { isSessionEndedError, useSessionEnded, type SessionEndedKind } from './session-expired';
import { toast } from './ui/toast';

/**
 * Reports a failed owner action: for a 401 the session-ended flow of `kind`
 * (an admin action's by default, the billing screen's for its cancel), else
 * "Error" with `description`.
 */
export function useAdminActionError(kind: SessionEndedKind = 'admin-action') {
  const endSession = useSessionEnded();
  return useCallback(
    (error: unknown, description: string) => {
      if (isSessionEndedError(error)) {
        endSession(kind);
        return;
      }
      toast({ title: 'Error', description, variant: 'destructive' });
    },
    [endSession, kind],
  );
}

export function moderationSuccess(description: string): void {
  toast({ title: 'Success', description, variant: 'success' });
}

const statusWords: Record<
  Exclude<TestimonialStatus, 'pending'>,
  { success: string; failure: string }
> = {
  approved: {
    success: 'Testimonial approved successfully',
    failure: 'Failed to approve testimonial',
  },
  rejected: {
    success: 'Testimonial rejected successfully',
    failure: 'Failed to reject testimonial',
  },
};

export type StatusChange = { id: string; status: Exclude<TestimonialStatus, 'pending'> };

/** Approve or reject (Hide is reject) one testimonial. */
export function useSetTestimonialStatus() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: ({ id, status }: StatusChange) => setTestimonialStatus(id, status),
    onMutate: async ({ id, status }) => ({
      snapshot: await editCachedLists(queryClient, (list, filter) =>
        withStatus(list, filter, new Set([id]), status),
      ),
    }),
    onError: (error, { status }, context) => {
      restoreLists(queryClient, context?.snapshot);
      reportError(error, statusWords[status].failure);
    },
    onSuccess: (_testimonial, { status }) => moderationSuccess(statusWords[status].success),
    onSettled: () => refreshTestimonials(queryClient),
  });
}
