// Who is signed in, and their business (SPEC §4 "Session"). Shared by the
// route guards, the layouts and every feature, so it lives below features/.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { USER_QUERY_STALE_TIME_MS } from '../../shared/constants';
import type { CurrentUser } from '../../shared/schemas/auth';
import type { Business } from '../../shared/schemas/business';
import { apiGet, throwIfResponseNotOk } from './api';
import { getQueryFn } from './query-client';

export const currentUserQueryKey = ['/api/auth/user'] as const;
export const businessQueryKey = ['/api/business'] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  // A signed-out visitor is not an error: GET /api/auth/user answers 401 and we read null.
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  staleTime: USER_QUERY_STALE_TIME_MS,
  retry: false,
  refetchOnWindowFocus: false,
});

/** The signed-in user: `data` is null when signed out, undefined while loading. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

export const businessQueryOptions = queryOptions({
  queryKey: businessQueryKey,
  queryFn: async ({ queryKey, signal, client }): Promise<Business | null> => {
    const response = await apiGet(queryKey.join('/'), signal);
    // No business yet: the owner is sent to /setup.
    if (response.status === 404) return null;
    // The session ended elsewhere (expired, password reset): we are signed out now.
    if (response.status === 401) client.setQueryData(currentUserQueryKey, null);
    await throwIfResponseNotOk(response);
    return (await response.json()) as Business;
  },
});

/** The signed-in owner's business: null when they have none; only fetched while signed in. */
export function useBusiness() {
  const { data: user } = useCurrentUser();
  return useQuery({ ...businessQueryOptions, enabled: Boolean(user) });
}

// While a logout finishes, the app moves to / before the cache is cleared; in
// that short window "/" must not show the signed-in home of the old session.
let signingOut = false;
const signingOutListeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  signingOut = value;
  for (const listener of signingOutListeners) listener();
}

export function useIsSigningOut(): boolean {
  return useSyncExternalStore(
    (listener) => {
      signingOutListeners.add(listener);
      return () => signingOutListeners.delete(listener);
    },
    () => signingOut,
  );
}
