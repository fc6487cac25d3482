// Calls of the collection area (SPEC §7): the owner's form settings, the
// public business read by slug, and the public submission.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicBusiness } from '../../../shared/schemas/business';
import type {
  CollectionSettings,
  UpdateCollectionSettingsInput,
} from '../../../shared/schemas/collection';
import type { SubmissionResult } from '../../../shared/schemas/submission';
import { toast } from '../../components/ui/toast';
import { apiGet, apiRequest, throwIfResponseNotOk } from '../../lib/api';
import { useBusiness } from '../../lib/session';

export const collectionSettingsQueryKey = ['/api/collection-page-settings'] as const;

/** The owner's collection form settings; only fetched once they have a business. */
export function useCollectionSettings() {
  const business = useBusiness();
  // The app's default fetcher GETs the key's path and throws on any non-ok answer.
  return useQuery<CollectionSettings>({
    queryKey: collectionSettingsQueryKey,
    enabled: Boolean(business.data),
  });
}

export function useUpdateCollectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateCollectionSettingsInput) => {
      const response = await apiRequest('PUT', collectionSettingsQueryKey[0], input);
      return (await response.json()) as CollectionSettings;
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(collectionSettingsQueryKey, settings);
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

/** Thrown by the public read when no business has this slug. */
export class BusinessNotFoundError extends Error {
  constructor() {
    super('Business not found');
    this.name = 'BusinessNotFoundError';
  }
}

export const publicBusinessQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['/api/business', encodeURIComponent(slug)],
    queryFn: async ({ queryKey, signal }): Promise<PublicBusiness> => {
      const response = await apiGet(queryKey.join('/'), signal);
      if (response.status === 404) throw new BusinessNotFoundError();
      await throwIfResponseNotOk(response);
      return (await response.json()) as PublicBusiness;
    },
  });

/** Sends a testimonial; the body is the validated form plus the (empty) honeypot. */
export async function submitTestimonial(
  slug: string,
  body: Record<string, unknown>,
): Promise<SubmissionResult> {
  const response = await apiRequest('POST', `/api/submit/${encodeURIComponent(slug)}`, body);
  return (await response.json()) as SubmissionResult;
}
