// The Integrations calls (docs/product/integrations.md#calls; server contract of issue 11): the owner's
// API key (read, create or replace, revoke), the connected Wix sites (list,
// disconnect) and Wix connect, with the toasts of docs/product/messages.md#integrations. A 401 from a change ends
// the session like any admin action; ACCESS_REQUIRED re-checks access in
// lib/query-client.ts, so the gate shows the upgrade screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectWixSite,
  createApiKey,
  disconnectWixSite,
  getApiKey,
  listWixSites,
  revokeApiKey,
} from '../../../shared/contracts/integrations';
import type { WixConnectInput } from '../../../shared/schemas/integrations';
import { useAdminActionError } from '../../components/moderation';
import { toast } from '../../components/ui/toast';
import { ApiError, call, contractQuery } from '../../lib/api';

const integrationsQueries = {
  /** The key's masked form, status and dates; `hasApiKey: false` without one. */
  apiKey: () => contractQuery(getApiKey, {}),
  /** Newest first. */
  wixSites: () => contractQuery(listWixSites, {}),
};

export function useApiKey() {
  return useQuery(integrationsQueries.apiKey());
}

export function useWixSites() {
  return useQuery(integrationsQueries.wixSites());
}

/**
 * POST: creates a key, or replaces the current one (which stops working at
 * once). The answer is the only time the key itself is sent: the caller shows
 * it; the masked info is read again.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: () => call(createApiKey, {}),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: integrationsQueries.apiKey().queryKey }),
    onError: (error) => reportError(error, 'Failed to create API key'),
  });
}

/** DELETE: the key is revoked (status 'blocked') and the answer is the new info. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  return useMutation({
    mutationFn: () => call(revokeApiKey, {}),
    onSuccess: (info) => {
      queryClient.setQueryData(integrationsQueries.apiKey().queryKey, info);
      toast({
        title: 'API key revoked',
        description: 'Requests with this key are refused from now on.',
        variant: 'success',
      });
    },
    onError: (error) => {
      // 404: there was no key (revoked or replaced elsewhere): show what there is now.
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: integrationsQueries.apiKey().queryKey });
      }
      reportError(error, 'Failed to revoke API key');
    },
  });
}

/** DELETE one site; it leaves the list at once. */
export function useDisconnectWixSite() {
  const queryClient = useQueryClient();
  const reportError = useAdminActionError();
  const sitesKey = integrationsQueries.wixSites().queryKey;
  return useMutation({
    mutationFn: (wixSiteId: string) => call(disconnectWixSite, { params: { wixSiteId } }),
    onSuccess: (_nothing, wixSiteId) => {
      queryClient.setQueryData(sitesKey, (sites) =>
        sites?.filter((site) => site.wixSiteId !== wixSiteId),
      );
      toast({ title: 'Wix site disconnected', variant: 'success' });
    },
    onError: (error) => {
      // 404: not (or no longer) this owner's site: show the list as it is now.
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: sitesKey });
      }
      reportError(error, 'Failed to disconnect Wix site');
    },
  });
}

/**
 * POST /api/wix/connect from /wix/auth: links the site the signed `instance`
 * names to the signed-in owner. The page shows the outcome itself (no toast);
 * the Integrations list is read again.
 */
export function useConnectWixSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WixConnectInput) => call(connectWixSite, { body: input }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: integrationsQueries.wixSites().queryKey }),
  });
}
