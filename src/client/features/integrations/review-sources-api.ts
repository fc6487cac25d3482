// The Review sources card's calls (docs/product/integrations.md#review-sources): the sources, Google's sign-in (its
// address, then the code Google's redirect brings back to this page), a Google account's locations, Trustpilot's
// connect, trust, Sync now and disconnect. Errors toast as every admin action does, except the Trustpilot form's,
// which show in the form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  chooseGoogleLocation,
  connectTrustpilot,
  deleteReviewSource,
  finishGoogleAuth,
  listGoogleLocations,
  listReviewSources,
  startGoogleAuth,
  syncReviewSource,
  updateReviewSource,
} from '../../../shared/contracts/review-sources';
import type {
  ConnectTrustpilotInput,
  GoogleAuthCallbackInput,
} from '../../../shared/schemas/review-sources';
import { useAdminActionError } from '../../components/moderation';
import { toast } from '../../components/ui/toast';
import { call, contractQuery, getErrorMessage } from '../../lib/api';

const reviewSourceQueries = {
  sources: () => contractQuery(listReviewSources, {}),
  locations: (id: string) => contractQuery(listGoogleLocations, { params: { id } }),
};

export function useReviewSources() {
  return useQuery(reviewSourceQueries.sources());
}

export function useGoogleLocations(id: string) {
  return useQuery({ ...reviewSourceQueries.locations(id), retry: false });
}

function useRefreshSources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reviewSourceQueries.sources().queryKey });
}

/** Asks for Google's sign-in address and goes there; Google sends the owner back to /integrations. */
export function useStartGoogleAuth(go: (url: string) => void) {
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: () => call(startGoogleAuth, {}),
    onSuccess: ({ url }) => go(url),
    onError: (error) => reportError(error, getErrorMessage(error, 'Could not open Google')),
  });
}

export function useFinishGoogleAuth() {
  const refresh = useRefreshSources();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (input: GoogleAuthCallbackInput) => call(finishGoogleAuth, { body: input }),
    onSuccess: (source) => {
      void refresh();
      toast({
        title: 'Google connected',
        description: source.needsLocation
          ? 'Choose the location whose reviews should arrive.'
          : 'Its reviews are syncing.',
        variant: 'success',
      });
    },
    onError: (error) => reportError(error, getErrorMessage(error, 'Google was not connected')),
  });
}

export function useChooseGoogleLocation(id: string) {
  const refresh = useRefreshSources();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (name: string) => call(chooseGoogleLocation, { params: { id }, body: { name } }),
    onSuccess: (source) => {
      void refresh();
      toast({
        title: 'Location saved',
        description: `Reviews of ${source.label ?? 'this location'} are syncing.`,
        variant: 'success',
      });
    },
    onError: (error) => reportError(error, getErrorMessage(error, 'Failed to save the location')),
  });
}

/** Errors are the form's: a refused key is said under the field. */
export function useConnectTrustpilot() {
  const refresh = useRefreshSources();
  return useMutation({
    mutationFn: (input: ConnectTrustpilotInput) => call(connectTrustpilot, { body: input }),
    onSuccess: () => {
      void refresh();
      toast({
        title: 'Trustpilot connected',
        description: 'Its reviews are syncing.',
        variant: 'success',
      });
    },
  });
}

export function useSetTrusted() {
  const refresh = useRefreshSources();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: ({ id, trusted }: { id: string; trusted: boolean }) =>
      call(updateReviewSource, { params: { id }, body: { trusted } }),
    onSuccess: (source) => {
      void refresh();
      toast({
        title: source.trusted ? 'New reviews are published at once' : 'New reviews wait for you',
        variant: 'success',
      });
    },
    onError: (error) => reportError(error, 'Failed to change the source'),
  });
}

export function useSyncNow() {
  const refresh = useRefreshSources();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (id: string) => call(syncReviewSource, { params: { id } }),
    onSuccess: () => {
      toast({
        title: 'Sync started',
        description: 'New reviews appear in Testimonials within a minute.',
        variant: 'success',
      });
      void refresh();
    },
    onError: (error) => reportError(error, getErrorMessage(error, 'Failed to start the sync')),
  });
}

export function useDisconnectSource() {
  const refresh = useRefreshSources();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: (id: string) => call(deleteReviewSource, { params: { id } }),
    onSuccess: () => {
      void refresh();
      toast({ title: 'Source disconnected', variant: 'success' });
    },
    onError: (error) => reportError(error, 'Failed to disconnect the source'),
  });
}
