// Calls of the collection area (docs/product/collection.md#calls): the owner's form settings, the
// public business read by slug, and the public submission.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPublicBusiness } from '../../../shared/contracts/business';
import { getRequestPrefill } from '../../../shared/contracts/requests';
import {
  getCollectionSettings,
  updateCollectionSettings,
} from '../../../shared/contracts/collection';
import { submitTestimonial as submitTestimonialContract } from '../../../shared/contracts/submissions';
import type { UpdateCollectionSettingsInput } from '../../../shared/schemas/collection';
import type { SubmissionResult } from '../../../shared/schemas/submission';
import { toast } from '../../components/ui/toast';
import { ApiError, call, contractQuery } from '../../lib/api';
import { useBusiness } from '../../lib/session';

export const collectionQueries = {
  /** The owner's collection form settings. */
  settings: () => contractQuery(getCollectionSettings, {}),
  /**
   * The public business behind /submit/{slug} (GET /api/business/{slug}).
   * One of `businessQueries.all()`, so a change to the owner's business
   * (logo, name) refreshes it too.
   */
  publicBusiness: (slug: string) => contractQuery(getPublicBusiness, { params: { slug } }),
};

/**
 * The customer of a request email's star link (the `request` token), to fill
 * in the form; the server marks the request clicked. Read once, never retried:
 * a forged or unknown token (404) just leaves the form empty.
 */
export function useRequestPrefill(token: string | null) {
  return useQuery({
    ...contractQuery(getRequestPrefill, { params: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
  });
}

/** True when the star link's token is forged or unknown (404): it is not sent with the testimonial. */
export function isRequestLinkUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** True when the public read failed because no business has this slug. */
export function isBusinessNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The owner's collection form settings; only fetched once they have a business. */
export function useCollectionSettings() {
  const business = useBusiness();
  return useQuery({ ...collectionQueries.settings(), enabled: Boolean(business.data) });
}

export function useUpdateCollectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCollectionSettingsInput) =>
      call(updateCollectionSettings, { body: input }),
    onSuccess: (settings) => {
      queryClient.setQueryData(collectionQueries.settings().queryKey, settings);
      toast({
        title: 'Settings saved',
        description: 'Your collection form has been updated.',
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to update settings. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

/** Sends a testimonial; the body is the validated form plus the (empty) honeypot. */
export function submitTestimonial(
  slug: string,
  body: Record<string, unknown>,
): Promise<SubmissionResult> {
  return call(submitTestimonialContract, { params: { slug }, body });
}
